"""Thinking ahead into the server's free slots: while the town's thinking leaves room, the
decisions due next (earliest first, within the idle window) start ahead; when the room is
full only those within the near window do. What is thought ahead and thrown away is counted,
calls included, and a lockstep run with it stays the same for a seed."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from game.bridge.lockstep import LockstepRunner
from game.bridge.residents import MindSlot
from game.bridge.thinking_ahead import CallTally, ThinkingAhead, count_call, counted
from game.bridge.town_minds import LivingTown
from tests.bridge.test_talk_lines import Jittery

MakeTown = Callable[..., LivingTown]
NOW = datetime(2023, 2, 13, 8, 0)
FREE: Callable[[str], bool] = lambda _: True  # noqa: E731


def minutes(n: float) -> datetime:
    return NOW + timedelta(minutes=n)


def town_of(dues: dict[str, float | None]) -> dict[str, MindSlot]:
    """Residents whose next decision is due that many game minutes from now."""
    return {name: MindSlot(due=None if due is None else minutes(due)) for name, due in dues.items()}


DUES: dict[str, float | None] = {"Ada": 40, "Ben": 5, "Cy": 25, "Di": 90, "Eve": 12, "Flo": None}


def test_with_free_slots_the_decisions_due_next_start_ahead_earliest_first() -> None:
    ahead = ThinkingAhead(near_minutes=3, idle_minutes=60, room=3)
    chosen = ahead.choose(town_of(DUES), NOW, FREE, talks=0)
    assert chosen == {"Ben", "Eve", "Cy"}  # due in 5, 12, 25: the three earliest
    assert ahead.starts("Cy", minutes(25), NOW)
    assert not ahead.starts("Ada", minutes(40), NOW)  # no room left for it
    assert not ahead.starts("Di", minutes(90), NOW)  # beyond the idle window


def test_when_the_room_is_full_only_the_near_window_starts() -> None:
    slots = town_of(DUES)
    slots["Ada"].deciding_for = NOW  # a decision due now, being thought
    ahead = ThinkingAhead(near_minutes=3, idle_minutes=60, room=3)
    ahead.started(1, CallTally(), minutes(-0.5))  # thought ahead lately: at the server still
    assert ahead.at_server(slots, NOW) == 2
    assert ahead.choose(slots, NOW, FREE, talks=1) == frozenset()  # 2 + 1 talk: full
    assert not ahead.starts("Ben", minutes(5), NOW)
    assert ahead.starts("Ben", minutes(2), NOW)  # within the near window, always
    assert not ahead.starts("Ben", NOW, NOW)  # due now: not ahead


def test_room_left_by_the_town_s_thinking_goes_to_the_free_residents() -> None:
    slots = town_of(DUES)
    slots["Cy"].deciding_for = slots["Cy"].due  # thought ahead long ago: done, waiting
    ahead = ThinkingAhead(near_minutes=0, idle_minutes=60, room=3)
    ahead.started(1, CallTally(), minutes(-30))
    ahead.started(2, CallTally(), minutes(-0.5))  # asked lately: at the server
    busy = {"Ben"}  # thinking or talking
    chosen = ahead.choose(slots, NOW, lambda name: name not in busy, talks=0)
    assert chosen == {"Eve", "Ada"}  # room 3 − 1 at the server; Ben busy, Cy asked already
    assert ThinkingAhead(idle_minutes=0, room=9).choose(slots, NOW, FREE, 0) == frozenset()


def test_a_decision_thought_ahead_and_thrown_away_is_counted_with_its_calls() -> None:
    ahead = ThinkingAhead(near_minutes=3, idle_minutes=60, room=4)
    slots = town_of({"Ada": 30, "Ben": 20})

    def three_calls() -> str:
        for _ in range(3):
            count_call()
        return "decided"

    def one_call() -> str:
        count_call()
        return "decided"

    kept_work, kept = ahead.track(three_calls)
    thrown_work, thrown = ahead.track(one_call)
    assert kept_work() == "decided" and thrown_work() == "decided"
    count_call()  # a call outside any job thought ahead: nobody's
    assert (kept.calls, thrown.calls) == (3, 1)
    ahead.started(7, kept, NOW)
    ahead.started(8, thrown, NOW)
    slots["Ben"].ahead_job = 8
    slots["Ben"].drop_ahead(job_in_flight=None)  # a talk came first: thrown away
    ahead.choose(slots, NOW, FREE, talks=0)
    ahead.applied(7)
    figures = ahead.figures()
    assert figures["decisions"] == 2 and figures["decisions_dropped"] == 1
    assert figures["calls"] == 4 and figures["calls_dropped"] == 1
    assert figures["dropped_share_of_calls"] == 0.25


def test_a_tally_counts_only_the_calls_of_its_own_job() -> None:
    tally, other = CallTally(), CallTally()
    done = threading.Event()

    def elsewhere() -> None:
        counted(other, count_call)()
        done.set()

    threading.Thread(target=elsewhere).start()

    def twice() -> None:
        count_call()
        count_call()

    counted(tally, twice)()
    assert done.wait(10)
    assert (tally.calls, other.calls) == (2, 1)


def run_of(make_town: MakeTown, jitter_seed: int | None, idle: float) -> dict[str, Any]:
    living = make_town(think_ahead_minutes=3.0, think_ahead_idle_minutes=idle)
    if jitter_seed is not None:
        for offset, mind in enumerate(living.minds.values()):
            mind.model = Jittery(mind.model, jitter_seed + offset)
    LockstepRunner(living).run_until(living.clock.now + timedelta(hours=3))
    return {
        "lines": [(x.time, x.speaker, x.text) for x in living.director.dialogue.lines()],
        "tiles": {r.name: r.tile for r in living.population},
        "memories": {
            name: [(r.created, r.text) for r in mind.memory.all()]
            for name, mind in living.minds.items()
        },
        "waits": living.director.stats.decision_waits,
        "ahead": living.director.ahead.figures(),
    }


def test_idle_thinking_ahead_starts_more_and_the_same_seed_gives_the_same_run(
    make_town: MakeTown,
) -> None:
    near_only = run_of(make_town, None, idle=0.0)
    steady = run_of(make_town, None, idle=60.0)
    # the idle window starts decisions before the near window; the near window alone never
    assert near_only["ahead"]["decisions_beyond_near"] == 0
    assert steady["ahead"]["decisions_beyond_near"] > 0
    assert all(max(waits) == 0.0 for waits in steady["waits"].values())  # each at its moment
    assert run_of(make_town, 1, idle=60.0) == steady


def test_a_step_thought_ahead_that_something_overtakes_is_counted_as_dropped(
    make_town: MakeTown,
) -> None:
    living = make_town(think_ahead_minutes=3.0, think_ahead_idle_minutes=60.0)
    runner, director = LockstepRunner(living), living.director
    end = living.clock.now + timedelta(hours=3)
    while living.clock.now < end:
        runner.step()
        thinking_ahead = [n for n, slot in director.slots.items() if slot.ahead_job is not None]
        if thinking_ahead:
            break
    assert thinking_ahead, "nothing was thought ahead"
    before = director.ahead.figures()["decisions_dropped"]
    director.wake(thinking_ahead[0], living.clock.now)  # the player changed its object
    runner.step()
    director.wait_for_all()
    figures = director.ahead.figures()
    assert figures["decisions_dropped"] == before + 1
    assert 0 <= figures["calls_dropped"] <= figures["calls"]

"""The MindDirector: jobs off the main thread, outcomes applied in order, failures contained."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest

from cognition import ChromaChildGone
from cognition.contract import Decision, Perception, StartConversation
from cognition.llm.task import BudgetReached
from game.bridge.lockstep import LockstepRunner
from game.bridge.town_minds import LivingTown

MakeTown = Callable[..., LivingTown]
Think = Callable[[Perception], Decision]
HANG_GUARD_S = 60.0  # never reached unless a frame waits on a mind (not a speed limit)


def run_for(living: LivingTown, minutes: int, observe: Any = None) -> None:
    LockstepRunner(living).run_until(living.clock.now + timedelta(minutes=minutes), observe)


def test_residents_act_on_their_decisions(make_town: MakeTown) -> None:
    living = make_town()
    run_for(living, 30)
    assert living.director.stats.go_tos >= 3
    for resident in living.population:
        assert resident.activity is not None
        assert resident.activity.key.startswith("mind:")  # the minds decided, not the schedule


def test_a_failing_mind_is_counted_and_its_resident_carries_on(make_town: MakeTown) -> None:
    living = make_town()
    klaus = living.minds["Klaus Mueller"]

    def broken(perception: Perception) -> Decision:
        raise RuntimeError("the model fell over")

    klaus.decide = broken  # type: ignore[method-assign]
    run_for(living, 30)
    stats = living.director.stats
    assert stats.errors >= 2 and "the model fell over" in stats.last_error
    resident = living.population.get("Klaus Mueller")
    assert resident is not None and resident.activity is not None  # the schedule took over
    others = [r for r in living.population if r.name != "Klaus Mueller"]
    assert all(r.activity is not None and r.activity.key.startswith("mind:") for r in others)


def test_budget_reached_pauses_the_town_with_a_message(make_town: MakeTown) -> None:
    living = make_town()

    def spent(perception: Perception) -> Decision:
        raise BudgetReached("10000 tokens spent")

    living.minds["Maria Lopez"].decide = spent  # type: ignore[method-assign]
    run_for(living, 30)
    assert living.clock.paused
    assert "Budget" in living.director.message


def test_lost_memories_pause_the_town_and_stop_its_thinking_said_once(
    make_town: MakeTown, caplog: pytest.LogCaptureFixture
) -> None:
    living = make_town()
    gone = "the memory database's process ended (killed by signal 9)"

    def forgetful(perception: Perception) -> Decision:
        raise ChromaChildGone(gone)

    for mind in living.minds.values():
        mind.decide = forgetful  # type: ignore[method-assign]
    run_for(living, 30)
    director = living.director
    assert living.clock.paused and director.thinking_paused
    assert director.message.startswith(f"The town is paused: {gone}. Its minds still hold")
    assert director.memory_lost == gone
    assert [r.message for r in caplog.records if r.levelname == "ERROR"] == [
        f"the town is paused: {gone}"
    ]  # once, though every resident's job failed with it
    assert director.get_state().message == ""  # a town loaded later has its memories


def test_at_most_one_job_per_resident_and_the_frame_never_waits(make_town: MakeTown) -> None:
    """Every model call blocks on a gate the test holds closed: frames still run, residents
    show as thinking, and the decisions arrive once the gate opens. No clock is read: a frame
    that waited on a mind would deadlock here (the hang guard turns that into a failure)."""
    living = make_town(workers=8)
    gate = threading.Event()
    running: Counter[str] = Counter()
    most: Counter[str] = Counter()
    on_main_thread: list[str] = []
    gave_up: list[str] = []
    lock = threading.Lock()
    for mind in living.minds.values():
        think = mind.decide

        def held(perception: Perception, think: Think = think) -> Decision:
            name = perception.agent
            with lock:
                running[name] += 1
                most[name] = max(most[name], running[name])
                if threading.current_thread() is threading.main_thread():
                    on_main_thread.append(name)
            try:
                if not gate.wait(timeout=HANG_GUARD_S):
                    gave_up.append(name)
                    raise RuntimeError("the gate never opened: a frame waited on a mind")
                return think(perception)
            finally:
                with lock:
                    running[name] -= 1

        mind.decide = held  # type: ignore[method-assign]
    names = set(living.minds)
    try:
        for _ in range(30):  # play mode: 30 frames of two game minutes, every model call stuck
            living.clock.advance(2.0)
            living.population.update(living.clock.now, 2.0)
        assert not gave_up
        assert living.director.in_flight == len(names)  # one job per resident, none finished
        assert {r.name for r in living.population if r.thinking} == names
        assert living.director.stats.decisions == 0
        assert not any(r.activity and r.activity.key.startswith("mind:") for r in living.population)
    finally:
        gate.set()
    living.director.wait_for_all()  # the jobs finish once the gate is open ...
    living.population.update(living.clock.now, 0.0)  # ... and the next frame applies them
    assert living.director.stats.decisions == len(names)
    for resident in living.population:
        assert not resident.thinking
        assert resident.activity is not None and resident.activity.key.startswith("mind:")
    run_for(living, 30)  # and the minds carry on
    assert living.director.stats.decisions > len(names)
    assert max(most.values()) == 1 and not on_main_thread and not gave_up


def test_objects_in_use_show_their_state_and_go_back_after(make_town: MakeTown) -> None:
    living = make_town()
    seen: list[tuple[str, str]] = []

    def watch(town: LivingTown) -> None:
        for address, state in town.objects.changed().items():
            if state.changed_by is not None:
                seen.append((state.changed_by, address.describe()))
                slot = town.director.slots[state.changed_by]
                assert slot.in_use == address  # only the object in use is changed

    run_for(living, 120, watch)
    assert len(set(seen)) >= 3


def test_conversations_are_played_back_into_the_dialogue_log(make_town: MakeTown) -> None:
    living = make_town()
    run_for(living, 180)
    stats = living.director.stats
    assert stats.conversations >= 1
    lines = living.director.dialogue.lines()
    assert lines and {line.speaker for line in lines} <= set(living.minds)
    for name, partners in stats.talked_with.items():
        assert name not in partners and partners <= set(living.minds)


def test_two_who_want_to_talk_to_each_other_at_once_hold_one_conversation(
    make_town: MakeTown,
) -> None:
    """Both decide to talk at the same moment: one talk, not a second one five minutes later
    (the second wish is met by the first talk, and the pair cools down after it)."""
    living = make_town()
    run_for(living, 60)
    pair = ("Klaus Mueller", "Maria Lopez")
    held: list[tuple[str, ...]] = []
    living.director.talks.add_listener(lambda talk, *_: held.append(talk.participants))
    wished: set[str] = set()
    for name, other in (pair, pair[::-1]):
        mind = living.minds[name]

        def wish(
            perception: Perception, name: str = name, other: str = other, think: Think = mind.decide
        ) -> Decision:
            if name in wished:
                return think(perception)
            wished.add(name)
            action = StartConversation(partner=other)
            return Decision(agent=name, time=perception.time, actions=(action,))

        mind.decide = wish  # type: ignore[method-assign]
        living.director.wake(name, living.clock.now)
    run_for(living, 30)
    assert wished == set(pair)
    assert [set(participants) for participants in held] == [set(pair)]


def test_waiting_gives_up_only_when_nothing_moves(make_town: MakeTown) -> None:
    """A slow server's long queue is waited out as long as calls keep ending (each pokes
    the board); a wait in which nothing moves for the timeout is a stall and raises."""
    director = make_town().director
    stop = threading.Event()
    done = threading.Event()

    def calls_ending() -> None:  # a model call ends every 20 ms, for 1 s
        for _ in range(50):
            if stop.wait(0.02):
                return
            director.progressed()
        done.set()

    mover = threading.Thread(target=calls_ending)
    mover.start()
    try:  # 1 s of waiting with a 0.5 s stall limit (a loaded machine may pause a thread
        # for a tenth of a second): no error while calls end
        assert director._wait(lambda: not done.is_set(), timeout=0.5)
    finally:
        stop.set()
        mover.join()
    with pytest.raises(TimeoutError, match="nothing moved"):
        director._wait(lambda: True, timeout=0.1)

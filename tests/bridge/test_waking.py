"""Waking up: play holds the clock at a town's first moment until the residents deciding for
it have planned (at most `max_seconds`), and says how far the waking has come."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime, timedelta

from cognition.contract import Decision, Perception
from game.bridge.residents import MindSlot
from game.bridge.town_minds import LivingTown
from game.bridge.waking import (
    PLAN_AHEAD_MINUTES,
    TownWaking,
    WakingUp,
    plans_soon,
    still_waking,
)

MakeTown = Callable[..., LivingTown]
Think = Callable[[Perception], Decision]
SEVEN = datetime(2023, 2, 13, 7, 0)
HANG_GUARD_S = 60.0  # never reached unless the test's gate is never opened


class Timer:
    """Real seconds, as the test says."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_clock_is_held_until_every_resident_deciding_at_the_first_moment_has_decided() -> None:
    timer = Timer()
    waking = TownWaking(max_seconds=120.0, timer=timer)
    assert waking.check(SEVEN, []) == WakingUp(0, 0, 0.0)  # the minds not asked yet
    timer.now = 1.0
    assert waking.check(SEVEN, []) == WakingUp(0, 0, 1.0)
    waking.asked = True
    timer.now = 2.0
    held = waking.check(SEVEN, ["Ann", "Bob", "Cy"])
    assert held == WakingUp(0, 3, 2.0)
    timer.now = 30.0
    held = waking.check(SEVEN, ["Cy"])  # Ann's and Bob's decisions came and applied
    assert held == WakingUp(2, 3, 30.0)
    assert held.describe() == "The town is waking up: 2 of 3 residents have planned their day"
    timer.now = 41.0
    assert waking.check(SEVEN, []) is None  # the last one applied: the clock runs
    assert waking.over and waking.held_s == 41.0 and waking.total == 3
    assert waking.check(SEVEN, ["Ann"]) is None  # and is never held again


def test_a_server_too_slow_holds_the_clock_only_max_seconds() -> None:
    timer = Timer()
    waking = TownWaking(max_seconds=120.0, timer=timer)
    waking.check(SEVEN, [])
    waking.asked = True
    timer.now = 119.0
    assert waking.check(SEVEN, ["Ann"]) == WakingUp(0, 1, 119.0)
    timer.now = 120.0
    assert waking.check(SEVEN, ["Ann"]) is None  # Ann follows her routine meanwhile
    assert waking.held_s == 120.0


def test_the_player_starts_the_clock_and_the_town_wakes_until_the_late_plans_have_come() -> None:
    timer = Timer()
    waking = TownWaking(max_seconds=120.0, timer=timer)
    slots = {name: MindSlot() for name in ("Ann", "Bob")}
    assert not still_waking(waking, slots)  # never held (a headless run does not ask)
    waking.check(SEVEN, [])
    waking.asked = True
    for slot in slots.values():
        slot.deciding_for = SEVEN  # both plan their day
    assert waking.check(SEVEN, ["Ann", "Bob"]) == WakingUp(0, 2, 0.0)
    assert still_waking(waking, slots)  # held
    timer.now = 9.0
    assert waking.release()  # the player's Space key
    assert waking.over and waking.released and waking.held_s == 9.0
    assert waking.check(SEVEN, ["Ann", "Bob"]) is None  # the clock runs
    assert not waking.release()  # nothing more to start
    slots["Ann"].deciding_for = None  # Ann's plan came
    assert still_waking(waking, slots)  # Bob's not yet: no autosave
    slots["Bob"].deciding_for = SEVEN + timedelta(minutes=30)  # his plan came; thinks ahead
    assert not still_waking(waking, slots)


def test_no_hold_when_switched_off_or_once_the_clock_has_moved() -> None:
    assert TownWaking(max_seconds=0).check(SEVEN, ["Ann"]) is None
    waking = TownWaking(timer=Timer())
    waking.check(SEVEN, [])
    waking.asked = True
    later = SEVEN.replace(minute=1)
    assert waking.check(later, ["Ann"]) is None


def test_play_holds_the_first_moment_until_the_first_decisions_have_come(
    make_town: MakeTown,
) -> None:
    """Every first decision waits on a gate: frames go on, the director says the town is
    waking (none of 3 planned) and a frame that holds moves no game time; once the gate
    opens and the decisions come, they apply at the first moment with no wait, and the
    clock runs."""
    living = make_town(workers=8)
    gate = threading.Event()
    for mind in living.minds.values():
        think = mind.decide

        def held(perception: Perception, think: Think = think) -> Decision:
            if not gate.wait(timeout=HANG_GUARD_S):
                raise RuntimeError("the gate never opened")
            return think(perception)

        mind.decide = held  # type: ignore[method-assign]
    director, clock, population = living.director, living.clock, living.population
    start = clock.now

    def frame(minutes: float) -> WakingUp | None:  # as the window's frame does it
        waking = director.waking_up(clock.now)
        if waking is None:
            clock.advance(minutes)
        population.update(clock.now, 0.0 if waking is not None else minutes)
        return waking

    try:
        first = frame(1.0)  # the minds are asked in this frame's update
        assert first is not None and (first.planned, first.total) == (0, 0)
        for _ in range(5):
            waking = frame(1.0)
            assert waking is not None and (waking.planned, waking.total) == (0, 3)
        assert clock.now == start
    finally:
        gate.set()
    director.wait_for_all()  # the decisions came; they apply at the next update
    waking = director.waking_up(clock.now)
    assert waking is not None and (waking.planned, waking.total) == (0, 3)
    assert frame(1.0) is not None  # this frame's update applies them at the first moment
    assert director.stats.decisions == 3 and clock.now == start
    assert frame(1.0) is None and clock.now > start
    assert director.stats.wait_quantiles()["max"] == 0.0  # each applied at its moment
    assert all(r.activity is not None for r in population)


def test_a_decision_that_plans_a_new_day_is_thought_ahead_of_the_wake_up_hour(
    make_town: MakeTown,
) -> None:
    living = make_town()
    mind = living.minds["Maria Lopez"]
    maria = living.population.get("Maria Lopez")
    assert maria is not None
    mind.decide(living.director.perceptions.build(maria, SEVEN, [], []))  # plans the 13th
    wake = datetime(2023, 2, 14, mind.persona.routine.wake_hour)
    early = wake - timedelta(minutes=PLAN_AHEAD_MINUTES)
    assert plans_soon(mind, wake, early)  # her plan is of the day before
    assert not plans_soon(mind, wake, early - timedelta(minutes=1))  # not yet
    assert not plans_soon(mind, wake, wake) and not plans_soon(mind, None, early)  # due now
    today = SEVEN + timedelta(hours=2)
    assert not plans_soon(mind, today, today - timedelta(minutes=10))  # planned already

"""Lockstep time: the clock moves on only when every due decision has come in.

Each step, the population is updated at the current time (finished outcomes are applied in
resident order and due residents get jobs), the runner waits for every job that holds this
moment — decisions due now, a talk whose next line is due now, not a talk whose next line is
due later (it goes on across steps, while the rest of the town steps) — applies the results
(a conversation may start more jobs, so it repeats), then advances the clock by
`step_minutes` and walks. What was thought ahead for a moment (a talk's line, a decision) is
waited for before the moment's first update, so it always applies there, however fast it
came. Nothing depends on which thread finished first, so the
same seed gives the same run.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime

from game.bridge.town_minds import LivingTown

StepObserver = Callable[[LivingTown], None]

MAX_SETTLE_ROUNDS = 20
# The interpreter's thread switch interval while `run_until` runs (CPython's default: 5 ms).
# A lockstep town is many threads taking turns at the GIL — the main loop, the minds' jobs,
# the embedding passes — and forced switches every 5 ms cost more than they gain: the offline
# day (benchmarks/calls.py) at 20 ms was faster in 7 of 9 paired runs, 41.1 → 38.2 s on
# average, mostly on a busy shared machine (at low load 2 of 3, within noise; measured
# 2026-11-28). Only the pace of the threads changes, never what they decide (lockstep: the
# same record digest).
SWITCH_INTERVAL_S = 0.02


@contextmanager
def switch_interval(seconds: float) -> Iterator[None]:
    """`sys.setswitchinterval(seconds)` while the block runs, the former interval after."""
    former = sys.getswitchinterval()
    sys.setswitchinterval(seconds)
    try:
        yield
    finally:
        sys.setswitchinterval(former)


class LockstepRunner:
    """Runs a `LivingTown` step by step in game time, as fast as the minds allow."""

    def __init__(
        self, living: LivingTown, step_minutes: float = 1.0, pending_walk_minutes: float = 0.0
    ) -> None:
        if step_minutes <= 0:
            raise ValueError("a step must last some game time")
        self.living = living
        self.step_minutes = step_minutes
        self.steps = 0
        self._walk_minutes = pending_walk_minutes

    @property
    def pending_walk_minutes(self) -> float:
        """Game minutes the residents walk at the next step (the last step's); a save keeps
        it so that a loaded town continues exactly."""
        return self._walk_minutes

    def step(self) -> None:
        """One step: decide everything due now, apply it, then move time and feet on."""
        population, director = self.living.population, self.living.director
        now = self.living.clock.now
        director.wait_for_due(now)  # lines and decisions thought ahead that are due now
        population.update(now, self._walk_minutes)
        for _ in range(MAX_SETTLE_ROUNDS):
            waited = director.wait_for_due(now)
            if not waited and not director.has_ready(now):
                break
            population.update(now, 0.0)
        self.living.clock.advance(self.step_minutes)
        self._walk_minutes = self.step_minutes
        self.steps += 1

    def run_until(self, end: datetime, observe: StepObserver | None = None) -> None:
        """Step until game time reaches `end` (or the budget pauses the town), then let the
        thinking for later moments finish (its outcomes wait for their moments), so what
        the minds hold at `end` is the same however fast they think."""
        clock = self.living.clock
        with switch_interval(SWITCH_INTERVAL_S):
            while clock.now < end and not clock.paused:
                self.step()
                if observe is not None:
                    observe(self.living)
            self.living.director.wait_for_all()

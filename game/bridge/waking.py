"""Waking up: a town's first moment is held until the decisions due then have come.

When a town opens (fresh: 7 am, every resident without a plan; or a save) the residents whose
decision is due at once all think together — on a fresh town each plans its day (day plan →
hourly schedule → the first hour), the longest calls of the day. On a small server that
burst takes minutes (25 residents on `local-gpu`: ~96 s of 4 slots), and a clock that ran
meanwhile left every resident minutes behind its plan (play at ×1 measured a decision wait
of 77 game minutes at the 95th percentile, most of it this burst). So play holds the clock
at the first moment, as lockstep does, while the window shows the town and the banner says
how far the waking has come ("The town is waking up: 12 of 25 residents have planned their
day"), and starts it when the last of those decisions has come — or, on a server too slow
for that, after `max_seconds` of real time — or when the player asks to start now
(`release`, the window's Space key): those still thinking then follow their routine until
their plan comes (`MindDirector.while_late`). Until the last of those plans has come the town
is still waking (`still_waking`): no autosave is taken then, as it would save residents
without a plan.

What the residents decide is unchanged: the decisions are the ones the first update asks
for, from the same perceptions; only the clock waits for them.

On later days a resident asleep at midnight plans its day at its wake-up hour
(`cognition.wake_time`); `plans_soon` says when to think that decision ahead of its moment —
`PLAN_AHEAD_MINUTES` before it, rather than the few minutes any next step is thought ahead —
so the plan is there when the resident gets up.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from cognition import Agent
from game.bridge.residents import MindSlot

WAKE_UP_MAX_S = 120.0  # real seconds the clock is held at most at a town's first moment
# a decision that plans a new day is thought this many game minutes ahead of its moment
PLAN_AHEAD_MINUTES = 45.0


@dataclass(frozen=True)
class WakingUp:
    """How far the town's waking has come: of `total` residents deciding at the first
    moment, `planned` have decided; `seconds` of real time held so far."""

    planned: int
    total: int
    seconds: float

    def describe(self) -> str:
        """The banner's line."""
        return (
            f"The town is waking up: {self.planned} of {self.total} residents "
            "have planned their day"
        )


class TownWaking:
    """Whether the clock is still held at the town's first moment (main thread).

    `check(now, deciding)` each frame before the clock moves: `deciding` are the residents
    whose decision for the first moment has not applied yet (`deciding_for`: thinking, or
    come and applied at the next update). Until the director's first update has asked the
    minds (`asked`) the clock is held and the moment noted; then the hold ends for good once
    the clock has moved, every decision for the moment has applied, or `max_seconds` of real
    time have passed (0: never held)."""

    def __init__(
        self, max_seconds: float = WAKE_UP_MAX_S, timer: Callable[[], float] = time.monotonic
    ) -> None:
        self.max_seconds = max_seconds
        self.timer = timer
        self.moment: datetime | None = None
        self.started: float | None = None
        self.over = max_seconds <= 0
        self.asked = False  # set by the director's first update
        self.held_s = 0.0  # real seconds the clock was held, once over
        self.total = 0
        self.released = False  # the player started the clock before the waking was over

    def check(self, now: datetime, deciding: Collection[str]) -> WakingUp | None:
        """The waking so far while the clock is held at `now`, else None (for good)."""
        if self.over:
            return None
        if self.moment is None or self.started is None:
            self.moment, self.started = now, self.timer()
        held = self.timer() - self.started
        if not self.asked and now == self.moment and held < self.max_seconds:
            return WakingUp(0, 0, held)  # the first update has not asked the minds yet
        self.total = max(self.total, len(deciding))
        if now != self.moment or not deciding or held >= self.max_seconds:
            self.over, self.held_s = True, held
            return None
        return WakingUp(self.total - len(deciding), self.total, held)

    def release(self) -> bool:
        """The player starts the clock now (the window's Space key): the hold ends for good,
        and residents still thinking follow their routine until their plan comes. False when
        the clock was not held (nothing changes)."""
        if self.over:
            return False
        held = 0.0 if self.started is None else self.timer() - self.started
        self.over, self.held_s, self.released = True, held, True
        return True


def still_waking(waking: TownWaking, slots: Mapping[str, MindSlot]) -> bool:
    """Whether the town's first moment is still being decided: the clock held, or started
    (by the player, or after `max_seconds`) while some residents' decisions for that moment
    have not applied yet — their first plans are still to come. Never, for a town whose
    clock was never held (headless runs do not ask)."""
    if waking.moment is None:
        return False
    return not waking.over or bool(deciding_for(waking.moment, slots))


def deciding_for(now: datetime, slots: Mapping[str, MindSlot]) -> list[str]:
    """The residents whose decision for `now` has not applied yet (thinking, or come)."""
    return [name for name, slot in slots.items() if slot.deciding_for == now]


def plans_soon(mind: Agent, due: datetime | None, now: datetime) -> bool:
    """Whether `mind`'s next decision, due at `due`, will plan a new day (its plan is of an
    earlier day: it slept until its wake-up hour) and is within `PLAN_AHEAD_MINUTES`: then
    it is thought ahead now (main thread, while no job of the mind runs)."""
    plan = mind.state.plan
    if due is None or due <= now or due - now > timedelta(minutes=PLAN_AHEAD_MINUTES):
        return False
    return mind.settings.planning and plan is not None and plan.day < due.date()

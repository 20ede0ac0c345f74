"""Thinking ahead into the server's free slots: whose next decision starts early, and what
the decisions thought ahead cost.

Two windows, in game minutes before a resident's next decision is due:

- near (`near_minutes`, `simulate --think-ahead`): a decision due within it is always
  thought ahead (from what the resident perceives then; it applies at its moment);
- idle (`idle_minutes`, `simulate --think-ahead-idle`, at most 60): while the town's
  thinking leaves room — fewer jobs likely at the server than `room`: decisions whose moment
  has come and not yet applied, talks going on, and decisions thought ahead asked within the
  last `FRESH_MINUTES` (most go on with the plan in none or one call; counted longer, on the
  25-resident town the room was always full) — the decisions due next, earliest first,
  start ahead too, so the server works through a quiet stretch on what the town will need
  soon instead of meeting it all at once. When the town's own work fills the room, nothing
  starts beyond the near window. (Measured on local-gpu, 25 residents, 7 am–1 pm, it gains
  nothing yet: the plan's steps last 5–15 minutes, so a near window of 15 already has every
  resident one decision ahead — see game/bridge/README.md.)

Their calls go at BACKGROUND priority (`MindDirector.submit_decision`): a decision due now or
a line of talk is served first. The room is counted from game state only — which decisions
are asked and not applied, who talks — never from which call happens to be in flight at
that instant, so a lockstep run stays the same for a seed however fast the server answers.

A step thought ahead is thrown away when a talk or something that wakes the mind comes
first (`MindSlot.drop_ahead`): `figures()` counts the jobs and model calls thought ahead,
applied and thrown away (`count_call` hears every model call; the job's tally is a context
variable, so a call is counted for the job on whose thread it is made).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TypeVar

from game.bridge.residents import MindSlot

T = TypeVar("T")

ROOM_PER_CALL = 2  # jobs at the server, per call it takes at once (the rest queue by priority)
FRESH_MINUTES = 1.0  # a decision thought ahead is counted at the server this long after asked


@dataclass
class CallTally:
    """The model calls one job made (written on its worker thread, read once it is over)."""

    calls: int = 0


_tally: ContextVar[CallTally | None] = ContextVar("ahead_tally", default=None)


def counted(tally: CallTally, work: Callable[[], T]) -> Callable[[], T]:
    """`work`, each model call it makes counted in `tally`."""

    def run() -> T:
        token = _tally.set(tally)
        try:
            return work()
        finally:
            _tally.reset(token)

    return run


def count_call(*_: object) -> None:
    """A model call ended (a tracer listener, on the calling thread): count it for the job
    thought ahead that made it, if any."""
    tally = _tally.get()
    if tally is not None:
        tally.calls += 1


class ThinkingAhead:
    """Which residents start their next decision ahead of its moment (main thread), and the
    bookkeeping of what was thought ahead."""

    def __init__(self, near_minutes: float = 0.0, idle_minutes: float = 0.0, room: int = 0):
        self.near = timedelta(minutes=max(0.0, near_minutes))
        self.idle = timedelta(minutes=max(0.0, idle_minutes))
        self.room = max(0, room)
        self.chosen: frozenset[str] = frozenset()  # may start beyond the near window now
        self._tallies: dict[int, CallTally] = {}  # jobs thought ahead, not applied or dropped
        self._asked: dict[int, datetime] = {}  # … and when they were asked
        self.beyond_near = 0  # decisions started before the near window (the idle window's)
        self._applied: list[CallTally] = []
        self._dropped: list[CallTally] = []

    def choose(
        self,
        slots: Mapping[str, MindSlot],
        now: datetime,
        free: Callable[[str], bool],
        talks: int,
    ) -> frozenset[str]:
        """Once an update: the residents whose next decision may start ahead beyond the near
        window — while the jobs likely at the server (`at_server`, `talks` among them) leave
        room, those `free` (not thinking, not talking) whose decision is due next within the
        idle window, earliest first (then by name)."""
        self.sweep(slots)
        left = self.room - self.at_server(slots, now) - talks
        if left <= 0 or self.idle <= self.near:
            self.chosen = frozenset()
            return self.chosen
        coming = sorted(
            (slot.due, name)
            for name, slot in slots.items()
            if slot.deciding_for is None
            and slot.due is not None
            and now < slot.due <= now + self.idle
            and free(name)
        )
        self.chosen = frozenset(name for _, name in coming[:left])
        return self.chosen

    def at_server(self, slots: Mapping[str, MindSlot], now: datetime) -> int:
        """Decisions likely being thought now (from game state only): those whose moment
        has come and that are not applied yet, and those thought ahead asked lately."""
        due = sum(1 for s in slots.values() if s.deciding_for is not None and s.deciding_for <= now)
        fresh = now - timedelta(minutes=FRESH_MINUTES)
        return due + sum(1 for at in self._asked.values() if at > fresh)

    def starts(self, name: str, due: datetime | None, now: datetime) -> bool:
        """Whether resident `name`'s next decision, due at `due`, is thought now, ahead."""
        if due is None or due <= now:
            return False
        return due - now <= self.near or (name in self.chosen and due - now <= self.idle)

    # --- what was thought ahead -------------------------------------------------------------

    def track(self, work: Callable[[], T]) -> tuple[Callable[[], T], CallTally]:
        """`work` (a decision thought ahead) with its calls counted, and their tally."""
        tally = CallTally()
        return counted(tally, work), tally

    def started(
        self, job: int, tally: CallTally, now: datetime, due: datetime | None = None
    ) -> None:
        """Job `job` thought ahead, asked at `now` for its moment `due` (when known)."""
        self._tallies[job] = tally
        self._asked[job] = now
        self.beyond_near += due is not None and due - now > self.near

    def applied(self, job: int) -> None:
        """Job `job`'s outcome applied (a job not thought ahead is ignored)."""
        tally = self._tallies.pop(job, None)
        self._asked.pop(job, None)
        if tally is not None:
            self._applied.append(tally)

    def sweep(self, slots: Mapping[str, MindSlot]) -> None:
        """Take the jobs thought ahead that the slots threw away (`MindSlot.thrown`)."""
        for slot in slots.values():
            for job in slot.thrown:
                tally = self._tallies.pop(job, None)
                self._asked.pop(job, None)
                if tally is not None:
                    self._dropped.append(tally)
            slot.thrown.clear()

    def figures(self) -> dict[str, float]:
        """Decisions thought ahead (and how many of them before the near window) and their
        calls: applied, thrown away, still waiting for their moment; the share thrown away."""
        applied = sum(t.calls for t in self._applied)
        dropped = sum(t.calls for t in self._dropped)
        waiting = sum(t.calls for t in self._tallies.values())
        calls = applied + dropped + waiting
        return {
            "near_minutes": self.near.total_seconds() / 60,
            "idle_minutes": self.idle.total_seconds() / 60,
            "decisions": len(self._applied) + len(self._dropped) + len(self._tallies),
            "decisions_dropped": len(self._dropped),
            "decisions_beyond_near": self.beyond_near,
            "calls": calls,
            "calls_dropped": dropped,
            "calls_waiting": waiting,
            "dropped_share_of_calls": round(dropped / calls, 3) if calls else 0.0,
        }

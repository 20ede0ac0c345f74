"""Where lockstep waits: the real seconds the town stood waiting, by what it waited for.

While lockstep waits for the jobs that hold the moment (`MindDirector.wait_for_due`),
`LockstepWaits.holds` is asked each time the waiting wakes up (a job ended, a line was
said, a model call ended): the seconds since it was last asked go to the kinds of the jobs
that held the moment then, shared evenly when several did. A job's kind is read from the
town's state, not from the job: a talk by how far it has gone (its first line — the two
minds making ready, then the first turn — a later line and its end, or, once the job has
said every line of a pair's talk, its end: the summary and the memories), a decision by
its resident's slot (thought ahead; due now — the day's first, after a talk, after a step
ended; or on someone just noticed, before its step ended).
Wall-clock figures: a run behind a server profile reports them
(`server_profile.lockstep_waits`), never a report that must be the same for a seed.

Where the server's slots sat idle (`watch_server`, given the server's busy slot-seconds so
far and its slots): each slice's idle slot-seconds (slots × seconds − the busy slot-seconds
in it) go to what held the moment then, as the seconds do, and those between waits — the
town stepping on the main thread — to `STEPPING` (`idle_figures()`): the share of the
profile's limit can only rise by giving the slots work in the kinds that leave most idle.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Protocol

from game.bridge import noticing
from game.bridge.conversations import ConversationDesk
from game.bridge.jobs import JobBoard
from game.bridge.residents import MindSlot

DECISION_NOW = "decision due now"
DECISION_NOTICED = "decision on someone noticed"
DECISION_AHEAD = "decision thought ahead"
TALK_FIRST_LINE = "talk's first line"
TALK_LATER = "talk's later lines and end"
TALK_END = "talk's end, its lines all said"  # the summary and the memories (a pair's talk)
OTHER = "other"
STEPPING = "stepping (no wait)"

Clock = Callable[[], float]
BusySlots = Callable[[], float]  # the server's busy slot-seconds so far


class HeldTown(Protocol):
    """What of the director tells which jobs hold a moment and what they are (`MindDirector`
    is one): its job board, its residents' slots, its talks."""

    @property
    def jobs(self) -> JobBoard: ...

    @property
    def slots(self) -> Mapping[str, MindSlot]: ...

    @property
    def talks(self) -> ConversationDesk: ...


def kind_of(director: HeldTown, job: int, names: tuple[str, ...], now: datetime) -> str:
    """What job `job` of `names` is, as the town's state tells (main thread)."""
    if len(names) > 1:  # a talk's job holds all its members
        playback = director.talks.playback_of(names[0])
        if playback is None:
            return OTHER
        if not playback.lines:
            return TALK_FIRST_LINE
        return TALK_END if playback.live is not None and playback.live.all_said else TALK_LATER
    slot = director.slots.get(names[0])
    if slot is None or slot.deciding_for is None:
        return OTHER  # an errand
    if slot.ahead_job == job and not noticing.noticed_for(slot, slot.deciding_for):
        return DECISION_AHEAD
    return DECISION_NOW if slot.is_due(slot.deciding_for) else DECISION_NOTICED


class LockstepWaits:
    """Seconds waited (and waits) by kind of job (main thread only)."""

    def __init__(self, clock: Clock = time.monotonic) -> None:
        self._clock = clock
        self.seconds: dict[str, float] = {}
        self.waits: dict[str, int] = {}
        self._holding: tuple[str, ...] = ()
        self._since: float | None = None
        self._busy: BusySlots | None = None
        self._slots = 0
        self._busy_at = 0.0  # the busy slot-seconds when the last slice began
        self._ended: float | None = None  # when the last wait ended
        self.idle_slot_seconds: dict[str, float] = {}

    def watch_server(self, busy: BusySlots, slots: int) -> None:
        """Count the idle slot-seconds too, from the server's busy slot-seconds so far."""
        self._busy, self._slots, self._busy_at = busy, slots, busy()

    def holds(self, director: HeldTown, now: datetime) -> bool:
        """Whether a job holds game time `now` (lockstep waits then); the wait so far is
        counted."""
        jobs = director.jobs.holding(now)
        self.tick(kind_of(director, job, names, now) for job, names in jobs.items())
        return bool(jobs)

    def tick(self, holding: Iterable[str]) -> None:
        """The waiting woke up (or began): the time since the last tick goes to what held
        the moment then; from now on `holding` (the kinds of the jobs holding it) does."""
        now, first = self._clock(), self._since is None
        if first:  # since the last wait ended, the town stepped (before the first: nobody)
            since = now if self._ended is None else self._ended
            self._count_idle((STEPPING,) if self._ended is not None else (), now - since)
        elif self._since is not None and self._holding:
            share = (now - self._since) / len(self._holding)
            for kind in self._holding:
                self.seconds[kind] = self.seconds.get(kind, 0.0) + share
            self._count_idle(self._holding, now - self._since)
        elif self._since is not None:
            self._count_idle((), now - self._since)
        self._holding, self._since = tuple(sorted(holding)), now
        if first:
            for kind in set(self._holding):
                self.waits[kind] = self.waits.get(kind, 0) + 1

    def done(self) -> None:
        """The waiting is over (the last share counted)."""
        self.tick(())
        self._since, self._ended = None, self._clock()

    def _count_idle(self, kinds: tuple[str, ...], seconds: float) -> None:
        """The slots' idle slot-seconds over the last `seconds`, shared among `kinds` (none:
        only the busy mark moves on)."""
        if self._busy is None:
            return
        busy = self._busy()
        idle = max(0.0, self._slots * seconds - (busy - self._busy_at))
        self._busy_at = busy
        for kind in kinds:
            self.idle_slot_seconds[kind] = self.idle_slot_seconds.get(kind, 0.0) + idle / len(kinds)

    def idle_figures(self) -> dict[str, float]:
        """Idle slot-seconds by what held the moment (`STEPPING`: between waits), the most
        first (empty unless `watch_server` was called)."""
        idle = self.idle_slot_seconds
        return {kind: round(idle[kind], 2) for kind in sorted(idle, key=lambda k: -idle[k])}

    def figures(self) -> dict[str, dict[str, float]]:
        """Per kind: the seconds waited and how many waits it held from their start, the
        most seconds first."""
        order = sorted(self.seconds, key=lambda kind: -self.seconds[kind])
        return {
            kind: {"seconds": round(self.seconds[kind], 2), "waits": self.waits.get(kind, 0)}
            for kind in order
        }

"""Where lockstep waits: the real seconds the town stood waiting, by what it waited for.

While lockstep waits for the jobs that hold the moment (`MindDirector.wait_for_due`),
`LockstepWaits.holds` is asked each time the waiting wakes up (a job ended, a line was
said, a model call ended): the seconds since it was last asked go to the kinds of the jobs
that held the moment then, shared evenly when several did. A job's kind is read from the
town's state, not from the job: a talk by how far it has gone (its first line — the two
minds making ready, then the first turn — or a later line and its end: the summary and the
memories), a decision by its resident's slot (thought ahead; due now — the day's first,
after a talk, after a step ended; or on someone just noticed, before its step ended).
Wall-clock figures: a run behind a server profile reports them
(`server_profile.lockstep_waits`), never a report that must be the same for a seed.
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
OTHER = "other"

Clock = Callable[[], float]


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
        return TALK_FIRST_LINE if not playback.lines else TALK_LATER
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
        if self._since is not None and self._holding:
            share = (now - self._since) / len(self._holding)
            for kind in self._holding:
                self.seconds[kind] = self.seconds.get(kind, 0.0) + share
        self._holding, self._since = tuple(sorted(holding)), now
        if first:
            for kind in set(self._holding):
                self.waits[kind] = self.waits.get(kind, 0) + 1

    def done(self) -> None:
        """The waiting is over (the last share counted)."""
        self.tick(())
        self._since = None

    def figures(self) -> dict[str, dict[str, float]]:
        """Per kind: the seconds waited and how many waits it held from their start, the
        most seconds first."""
        order = sorted(self.seconds, key=lambda kind: -self.seconds[kind])
        return {
            kind: {"seconds": round(self.seconds[kind], 2), "waits": self.waits.get(kind, 0)}
            for kind in order
        }

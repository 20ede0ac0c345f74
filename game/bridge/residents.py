"""The bridge's bookkeeping per resident (main thread only) and its counters."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from cognition import contract
from game.bridge.jobs import Outcome
from game.town.resident import Activity
from game.world.address import Address

WAITS_KEPT = 2000  # decision waits kept per resident (the latest)


@dataclass
class MindSlot:
    """What the director tracks for one resident between frames."""

    due: datetime | None = None  # the next decision is due then (None: at once)
    ready: list[Outcome] = field(default_factory=list)  # finished, not applied yet
    queued: Activity | None = None  # decided, handed to the population at the next update
    utterances: list[contract.Utterance] = field(default_factory=list)
    wants_to_talk: str | None = None
    talk_asked: datetime | None = None
    object_target: Address | None = None  # the object the decided activity will use
    object_state: str | None = None
    object_key: str = ""
    in_use: Address | None = None  # the object this resident is using now
    in_use_key: str = ""
    noticed: dict[str, datetime] = field(default_factory=dict)  # who woke this mind, when
    # the moment a decision being thought (or thought ahead, waiting) is for; None: none
    deciding_for: datetime | None = None
    ahead_job: int | None = None  # the job thinking the next step ahead of its moment
    dropped: set[int] = field(default_factory=set)  # jobs whose outcomes are thrown away
    afresh: bool = False  # the next decision resumes the plan first (one was dropped)
    thrown: list[int] = field(default_factory=list)  # steps thought ahead, dropped, not counted

    def drop_ahead(self, job_in_flight: int | None) -> None:
        """Throw away the next step thought ahead (a talk, or something that woke the mind,
        comes first): its job's outcome is dropped when it comes (the job still ends first:
        a mind does one thing at a time), and the next decision resumes the plan."""
        if self.ahead_job is None:
            return
        if job_in_flight == self.ahead_job:
            self.dropped.add(self.ahead_job)
        self.thrown.append(self.ahead_job)
        self.ready = [o for o in self.ready if o.job != self.ahead_job]
        self.ahead_job, self.deciding_for, self.afresh = None, None, True

    def wake(self, at: datetime, job_in_flight: int | None) -> None:
        """Decide again at `at` (a step thought ahead did not know what woke the mind)."""
        self.due = at
        self.drop_ahead(job_in_flight)

    def is_due(self, now: datetime) -> bool:
        return self.due is None or now >= self.due

    def take_ready(self, applies: Callable[[Outcome], bool] = lambda _: True) -> list[Outcome]:
        """The finished outcomes that `applies` says apply now (the rest wait)."""
        ready = [outcome for outcome in self.ready if applies(outcome)]
        self.ready = [outcome for outcome in self.ready if not applies(outcome)]
        return ready

    def plan_object(self, place: Address | None, state: str | None, key: str) -> None:
        """Remember which object the coming activity uses (set once the resident arrives)."""
        if place is not None and place.is_object:
            self.object_target, self.object_state, self.object_key = place, state, key
        else:
            self.object_target, self.object_state, self.object_key = None, None, ""


@dataclass
class MindStats:
    """What the minds did, counted on the main thread."""

    decisions: int = 0
    go_tos: int = 0
    conversations: int = 0
    groups: int = 0  # conversations of three or more
    group_members: int = 0  # members summed over the groups (mean: / groups)
    largest_group: int = 0
    group_lines: int = 0  # lines said in groups
    longest_group: int = 0  # the most lines one group said
    group_fallbacks: int = 0  # group lines or speaker choices that fell back
    errors: int = 0
    last_error: str = ""
    unapplied: int = 0  # actions of decisions that could not apply (logged)
    last_unapplied: str = ""
    talked_with: dict[str, set[str]] = field(default_factory=dict)
    # game minutes from a decision's moment to the moment it applied, per resident (the
    # latest WAITS_KEPT); 0 when it was there in time
    decision_waits: dict[str, list[float]] = field(default_factory=dict)

    def count_wait(self, name: str, minutes: float) -> None:
        waits = self.decision_waits.setdefault(name, [])
        waits.append(max(0.0, minutes))
        del waits[:-WAITS_KEPT]

    def wait_quantiles(self) -> dict[str, float]:
        """The decision wait over every resident: p50, p95 and max, in game minutes."""
        waits = sorted(w for each in self.decision_waits.values() for w in each)
        if not waits:
            return {"p50": 0.0, "p95": 0.0, "max": 0.0, "decisions": 0}

        def at(share: float) -> float:
            return round(waits[min(len(waits) - 1, int(share * len(waits)))], 2)

        return {
            "p50": at(0.5),
            "p95": at(0.95),
            "max": round(waits[-1], 2),
            "decisions": len(waits),
        }

    def count_unapplied(self, why: str) -> None:
        self.unapplied += 1
        self.last_unapplied = why

    def count_conversation(self, *members: str, lines: int = 0, fallbacks: int = 0) -> None:
        """One more conversation among `members` (a pair or a group) of `lines` lines."""
        self.conversations += 1
        if len(members) > 2:
            self.group_fallbacks += fallbacks
            self.group_lines += lines
            self.longest_group = max(self.longest_group, lines)
            self.groups += 1
            self.group_members += len(members)
            self.largest_group = max(self.largest_group, len(members))
        for member in members:
            self.talked_with.setdefault(member, set()).update(m for m in members if m != member)

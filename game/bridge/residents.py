"""The bridge's bookkeeping per resident (main thread only) and its counters."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from cognition import contract
from game.bridge.jobs import Outcome
from game.town.resident import Activity
from game.world.address import Address


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

    def is_due(self, now: datetime) -> bool:
        return self.due is None or now >= self.due

    def take_ready(self) -> list[Outcome]:
        ready, self.ready = self.ready, []
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

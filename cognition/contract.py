"""The contract between the world and the mind.

Everything the world tells a mind arrives as a frozen `Perception`; everything a mind asks
of the world leaves as a frozen `Decision`. Both are plain data: the world side
(`game.bridge`) builds perceptions from its own model and applies decisions to it; the mind
never sees the world's classes, and the world never sees the mind's.

A location is always a typed `Address`, never a joined string.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from cognition.memory.fields import News


class Frozen(BaseModel):
    """Base for immutable contract models."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Address(Frozen):
    """A place in the area tree: world → sector → arena → object (each level optional)."""

    world: str
    sector: str | None = None
    arena: str | None = None
    object: str | None = None

    def levels(self) -> tuple[str, ...]:
        """The named levels below the world, top-down."""
        return tuple(p for p in (self.sector, self.arena, self.object) if p is not None)

    def describe(self) -> str:
        """A human reading: "stove, kitchen, Lin family's house"."""
        parts = [p for p in (self.object, self.arena, self.sector) if p]
        return ", ".join(parts) if parts else self.world


class KnownArena(Frozen):
    """An arena the agent knows and the objects it knows in it."""

    name: str
    objects: tuple[str, ...] = ()


class KnownSector(Frozen):
    """A sector the agent knows, with its known arenas and norms (e.g. opening hours)."""

    name: str
    arenas: tuple[KnownArena, ...] = ()
    kind: str = ""
    open_hours: str | None = None
    description: str = ""


class KnownPlaces(Frozen):
    """The part of the area tree an agent knows (its spatial memory)."""

    world: str
    sectors: tuple[KnownSector, ...] = ()

    def sector(self, name: str) -> KnownSector | None:
        return next((s for s in self.sectors if s.name == name), None)

    def contains(self, address: Address) -> bool:
        """True when every named level of `address` is known."""
        if address.world != self.world:
            return False
        if address.sector is None:
            return address.arena is None and address.object is None
        sector = self.sector(address.sector)
        if sector is None:
            return False
        if address.arena is None:
            return address.object is None
        arena = next((a for a in sector.arenas if a.name == address.arena), None)
        if arena is None:
            return False
        return address.object is None or address.object in arena.objects


class SeenAgent(Frozen):
    """Another person in sight: a resident or the visitor."""

    name: str
    activity: str
    address: Address
    distance: int
    is_visitor: bool = False
    told: News | None = None  # the news the line they are saying tells (`activity` a quote)


class SeenObject(Frozen):
    """An object in sight and its current state ("idle", "is burning")."""

    address: Address
    state: str
    distance: int
    changed_by: str | None = None


class Utterance(Frozen):
    """Something said to the agent since its last perception."""

    speaker: str
    text: str
    time: datetime


class Perception(Frozen):
    """What one agent perceives at one moment. Built by the world, read by the mind."""

    time: datetime
    agent: str
    tile: tuple[int, int]
    address: Address
    current_activity: str = ""
    seen_agents: tuple[SeenAgent, ...] = ()
    seen_objects: tuple[SeenObject, ...] = ()
    utterances: tuple[Utterance, ...] = ()
    known_places: KnownPlaces
    in_conversation_with: str | None = None


class GoTo(Frozen):
    """Walk to an address and do an activity there for a number of minutes."""

    kind: Literal["go_to"] = "go_to"
    address: Address
    activity: str
    emoji: str
    duration_minutes: int = Field(ge=1, le=24 * 60)
    object_state: str | None = None


class ChangeObjectState(Frozen):
    """Set an object's state (e.g. the agent turns off the stove)."""

    kind: Literal["change_object_state"] = "change_object_state"
    address: Address
    state: str


class StartConversation(Frozen):
    """Walk up to another person and start talking."""

    kind: Literal["start_conversation"] = "start_conversation"
    partner: str
    reason: str = ""


class SayLine(Frozen):
    """One line in an ongoing conversation; `ends` closes it."""

    kind: Literal["say"] = "say"
    partner: str
    text: str
    ends: bool = False


class Wait(Frozen):
    """Stay where you are, doing the current activity, for a number of minutes."""

    kind: Literal["wait"] = "wait"
    minutes: int = Field(ge=1, le=24 * 60)
    activity: str = ""


Action = Annotated[
    GoTo | ChangeObjectState | StartConversation | SayLine | Wait, Field(discriminator="kind")
]


class Decision(Frozen):
    """What a mind asks of the world after one perception: zero or more actions, in order."""

    agent: str
    time: datetime
    actions: tuple[Action, ...] = ()
    thought: str = ""


class ConversationLine(Frozen):
    """One spoken line of a conversation. In a group, `to` names the member spoken to
    ("" for the whole group); `leaves` marks a member's last line (it walks off after it)."""

    speaker: str
    text: str
    to: str = ""
    leaves: bool = False
    told: News | None = None  # the news the line tells, as data (None: none, or unknown)
    # the news its words say back (an echo of news just heard): told to nobody, heard by
    # anyone near (None: none, or unknown)
    echoes: News | None = None
    view: str = ""  # the view a meeting line gives on its question: for / against / undecided
    # its answer to an invitation: "accept", "decline", "" (none); None: unknown (a player's
    # own words, a line recorded before answers were data)
    answer: str | None = None
    asks: bool | None = None  # it asks the listener about themselves (None: unknown)
    # it introduces its speaker by name ("Hi, I'm Ann Lee"), as data (None: unknown)
    introduces: bool | None = None


LineHeard = Callable[[ConversationLine], None]
"""Hears each line of a conversation the moment it is said (on the job's worker thread), so
the town can play a talk while it goes on: a conversation never holds the town."""


class Conversation(Frozen):
    """A whole conversation between two residents, or among a group of three or more, run
    by one job that owns every member. `strategy` names how a group chose its speakers
    ("" for a pair)."""

    participants: tuple[str, ...] = Field(min_length=2)
    started: datetime
    lines: tuple[ConversationLine, ...]
    summary: str
    strategy: str = ""
    fallbacks: int = 0  # a group's lines or speaker choices that fell back (counted)
    topic: str = ""  # a meeting's question ("" for a chance talk)
    talked_about: str = ""  # what it was about, as its summary's answer said ("" unsaid)
    stances: tuple[tuple[str, str], ...] = ()  # a meeting's (member, its stance in words)

    @property
    def is_group(self) -> bool:
        return len(self.participants) > 2

    def listener_of(self, line: ConversationLine) -> str:
        """Whom `line` is said to: its addressee, the other of a pair, else "the group"."""
        if line.to:
            return line.to
        if not self.is_group:
            first, second = self.participants
            return second if line.speaker == first else first
        return "the group"

    def as_actions(self) -> tuple[SayLine, ...]:
        """The lines as `SayLine` actions (each addressed to its listener)."""
        return tuple(
            SayLine(
                partner=self.listener_of(line),
                text=line.text,
                ends=index == len(self.lines) - 1,
            )
            for index, line in enumerate(self.lines)
        )


class VisitorAsker(Frozen):
    """The player, talking to a resident as a visitor to the town."""

    kind: Literal["visitor"] = "visitor"
    name: str = "a visitor"


class PersonaAsker(Frozen):
    """The player speaking as a stated persona ("a reporter from the local paper")."""

    kind: Literal["persona"] = "persona"
    name: str
    description: str = ""


class InnerVoice(Frozen):
    """A directive the agent hears as its own thought and adopts as an intention."""

    kind: Literal["inner_voice"] = "inner_voice"


Asker = Annotated[VisitorAsker | PersonaAsker | InnerVoice, Field(discriminator="kind")]

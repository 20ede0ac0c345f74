"""What the player sees of the minds and objects: plain data, filled by the bridge, drawn by
the UI (which never imports `cognition`). The panels ask for it through the ports
(`game.town.ports`: `PlayerPort`, `GroupPort`).

Everything here is pure Python (no pygame, no cognition) and immutable, so the bridge can
build it on the main thread and the UI can keep it between frames.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from game.town.resident import Tile

MemoryKindName = Literal["observation", "reflection", "plan", "dialogue"]
MEMORY_KINDS: tuple[MemoryKindName, ...] = ("observation", "reflection", "plan", "dialogue")
AskerKind = Literal["visitor", "persona", "inner_voice"]

OBJECT_STATE_MAX_CHARS = 80  # longer states typed by the player are refused with a message


@dataclass(frozen=True)
class PlanLine:
    """One step of today's plan: "7:00 am", 60 minutes, "wake up and make coffee"."""

    start: str
    minutes: int
    activity: str
    current: bool = False  # the step in progress now


@dataclass(frozen=True)
class ResidentCard:
    """The inspector's header: who the resident is and what they are doing."""

    name: str
    slug: str  # the portrait / sprite name
    age: int
    traits: str  # innate traits, comma-separated
    description: str  # the summary description (who they are, these days)
    action_emoji: str
    action: str  # a full sentence: "Isabella Rodriguez is brewing coffee"
    address: str  # "Hobbs Cafe: cafe: counter" — where the action happens
    plan: tuple[PlanLine, ...] = ()


@dataclass(frozen=True)
class MemoryLine:
    """One record of a memory stream as the inspector lists it."""

    id: str
    kind: MemoryKindName
    text: str
    created: datetime
    importance: int  # 1–10
    evidence: tuple[str, ...] = ()  # ids of the memories a reflection cites
    depth: int = 0  # 0: observation; reflections: 1 + deepest evidence


@dataclass(frozen=True)
class SearchHit:
    """A retrieval hit with the paper's three normalised components and the weighted score."""

    memory: MemoryLine
    recency: float
    importance: float
    relevance: float
    score: float


@dataclass(frozen=True)
class Relationship:
    """Someone the resident knows: what they think of them, when they last talked."""

    name: str
    summary: str  # from the persona's relationships, or "" when only met in town
    conversations: int = 0
    last_talked: datetime | None = None


@dataclass(frozen=True)
class TraceLine:
    """One model call a resident's mind made (the inspector's Trace tab): the thinking step,
    when, what was asked and answered, and what it cost."""

    time: datetime  # game time of the decision it was part of
    step: str  # the task: "react", "day_plan", …
    template: str  # the prompt template file
    model: str  # what answered: a model's name or "offline brain"
    source: str  # "model", "cache", "offline", "fallback", or "exception"
    prompt: str  # the rendered messages, "system: …\n\nuser: …"
    answer: str  # the raw answer text ("" when there was none)
    parsed: str  # the parsed result (or the fallback's) as JSON text
    fallback: bool = False  # the step used its typed fallback…
    why: str = ""  # …and why (or the exception)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: float = 0.0


@dataclass(frozen=True)
class Asking:
    """Who the player is to the resident: the visitor, a stated persona, or the resident's
    inner voice (a directive the resident adopts as its own intention)."""

    kind: AskerKind = "visitor"
    name: str = ""  # the visitor's or the persona's name ("a news reporter")
    description: str = ""  # the visitor's one line, or the persona's description


@dataclass(frozen=True)
class ChatLine:
    """One line of a chat between the player and a resident; `error` is set (and `text` is a
    message for the player) when the resident could not answer."""

    resident: str
    speaker: str  # the resident's name, or the asker's name ("inner voice" for directives)
    text: str
    at: datetime
    error: bool = False


@dataclass(frozen=True)
class ObjectInfo:
    """A game object the player can look at and edit."""

    key: str  # the address as "sector:arena:object" (stable id for set_object_state)
    name: str  # "stove"
    where: str  # "Lin family's house: kitchen"
    state: str
    default_state: str
    changed_by: str | None = None
    tile: Tile = (0, 0)  # a tile of the object (its top-left)


@dataclass(frozen=True)
class Greeting:
    """A resident who decided to talk to the visitor, and their opening line."""

    resident: str
    text: str
    at: datetime


@dataclass(frozen=True)
class TownEvent:
    """Something the player did that the town should know about (shown as a toast)."""

    text: str
    at: datetime


@dataclass
class ChatSession:
    """A chat panel's conversation with one resident (the UI keeps it)."""

    resident: str
    asking: Asking = field(default_factory=Asking)
    lines: list[ChatLine] = field(default_factory=list)


@dataclass(frozen=True)
class GroupView:
    """The player's group talk as the panel shows it: its state ("none", "waiting" to join,
    "talking", "over"), the residents in it, the lines so far (speaker, to, text), why the
    talk waits for the player's line (None: it does not), the input mode, a message, and
    whom the talk waits for the player to pick as its next speaker (manual selection)."""

    state: str
    members: tuple[str, ...] = ()
    lines: tuple[tuple[str, str, str], ...] = ()
    asked: str | None = None
    mode: str = "when addressed"
    message: str = ""
    choosing: tuple[str, ...] = ()

"""The ports the panels talk through: `PlayerPort` (what the player may ask of the minds and
objects) and `GroupPort` (the player's group talk). They answer with the plain records of
`game.town.views`; `game.bridge.desk.player_desk.PlayerDesk` implements both, a replay's
`RecordPort` the player port, and UI tests use small fakes.

Pure Python (no pygame, no cognition): the UI imports the ports, never the bridge.
"""

from __future__ import annotations

from datetime import datetime
from typing import Protocol, runtime_checkable

from game.town.resident import Tile
from game.town.views import (
    Asking,
    ChatLine,
    Greeting,
    GroupView,
    MemoryKindName,
    MemoryLine,
    ObjectInfo,
    Relationship,
    ResidentCard,
    SearchHit,
    TownEvent,
    TraceLine,
)


@runtime_checkable
class GroupPort(Protocol):
    """What the group panel may ask (main thread; nothing blocks). The live town's desk
    answers it; a replay's port does not (no talk to join)."""

    def join_group(self, near: str, mode: str, now: datetime) -> str | None:
        """Join `near`'s talk (or start one with it); a message when it cannot be."""
        ...

    def group_view(self) -> GroupView: ...

    def group_say(self, text: str) -> str | None:
        """The player's line at its turn; a message when it cannot be said now."""
        ...

    def group_mode(self, mode: str) -> None: ...

    def group_pick(self, name: str | None) -> str | None:
        """The player picks who speaks next (None: the manager does); a message when the
        talk is not waiting for a pick."""
        ...

    def leave_group(self) -> None: ...

    def in_talk(self, name: str) -> bool:
        """Whether resident `name` is in a conversation now (T joins it)."""
        ...

    def meeting_command(self, host: str, text: str, now: datetime) -> tuple[bool, str]:
        """The player's "/meeting PLACE at TIME about QUESTION" in `host`'s chat: whether
        the meeting was called, and what came of it in words."""
        ...


class PlayerPort(Protocol):
    """What the panels may ask of the minds and objects. Main thread only; nothing here
    blocks on a language model: `ask` returns at once and the answer arrives in `replies()`.
    Every method is safe to call with an unknown name (None / empty results)."""

    def card(self, name: str, now: datetime) -> ResidentCard | None: ...

    def memories(
        self, name: str, kinds: frozenset[MemoryKindName] | None = None, limit: int = 200
    ) -> list[MemoryLine]:
        """Newest first."""
        ...

    def memory(self, name: str, memory_id: str) -> MemoryLine | None:
        """One record by id (to expand a reflection's evidence)."""
        ...

    def search(self, name: str, query: str, now: datetime, k: int = 10) -> list[SearchHit]:
        """Retrieval as the mind runs it, best first (does not update access times)."""
        ...

    def relationships(self, name: str) -> list[Relationship]: ...

    def traces(self, name: str, limit: int = 50) -> list[TraceLine]:
        """The resident's latest model calls, newest first (the Trace tab)."""
        ...

    def ask(self, name: str, text: str, asking: Asking, now: datetime) -> str | None:
        """Send the player's line to resident `name`; the answer comes later through
        `replies()`. Returns a message for the player instead when it cannot be sent
        (unknown resident, empty text, already answering)."""
        ...

    def answering(self, name: str) -> bool:
        """True while resident `name` is composing an answer (the typing indicator)."""
        ...

    def replies(self) -> list[ChatLine]:
        """Answers finished since the last call, oldest first."""
        ...

    def greetings(self) -> list[Greeting]:
        """Residents who started talking to the visitor since the last call."""
        ...

    def objects_near(self, tile: Tile, radius: int = 8) -> list[ObjectInfo]:
        """Objects in the arena of `tile` (outdoors: within `radius`), nearest first."""
        ...

    def object_at(self, tile: Tile) -> ObjectInfo | None: ...

    def set_object_state(self, key: str, text: str, now: datetime) -> str | None:
        """Set an object's state as the player typed it (cleaned and length-capped). Returns
        None on success, else a message for the player; nothing changes on failure."""
        ...

    def events(self) -> list[TownEvent]:
        """Player-caused events since the last call (for toasts)."""
        ...

    def set_visitor(self, name: str, description: str, tile: Tile, activity: str = "") -> None:
        """Where the player is and what they do, as the residents see them (every frame)."""
        ...

    def clear_visitor(self) -> None:
        """The player left the town: residents no longer see them."""
        ...

    def joined(self, name: str, description: str, takes_over: str | None, now: datetime) -> None:
        """The player entered the town: a new visitor, or taking over resident `takes_over`
        (for the run record)."""
        ...

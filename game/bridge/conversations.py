"""Conversations in the world: reserved while thought about, then played back line by line.

A conversation job returns the whole conversation at once; the town then shows it a line per
`line_minutes` of game time in the speakers' bubbles and the dialogue log, while both stand
still talking.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from cognition import Conversation
from game.bridge.activities import ActivityPlanner
from game.bridge.dialogue import DialogueLog, SpokenLine
from game.town.resident import Activity, Pose, Resident

TALK_EMOJI = "💬"


@dataclass
class Playback:
    conversation: Conversation
    started: datetime
    line_minutes: float
    shown: int = 0  # lines written to the log
    seen_by: dict[str, int] = field(default_factory=dict)  # resident -> line in its bubble

    @property
    def ends(self) -> datetime:
        lines = max(1, len(self.conversation.lines))
        return self.started + timedelta(minutes=lines * self.line_minutes)

    def ends_for(self, name: str) -> datetime:
        """When `name` is done: after its leaving line (it walks off), else at the end."""
        for index, line in enumerate(self.conversation.lines):
            if line.speaker == name and line.leaves:
                return self.started + timedelta(minutes=(index + 1) * self.line_minutes)
        return self.ends

    def line_at(self, now: datetime) -> int:
        elapsed = (now - self.started).total_seconds() / 60
        index = int(elapsed // self.line_minutes) if self.line_minutes > 0 else 0
        return min(index, len(self.conversation.lines) - 1)


ConversationListener = Callable[[Conversation, datetime, float], None]


class ConversationDesk:
    """Who is talking with whom, and the playback of finished conversations."""

    def __init__(self, dialogue: DialogueLog, line_minutes: float = 1.0) -> None:
        self.dialogue = dialogue
        self.line_minutes = line_minutes
        self._reserved: set[str] = set()
        self._playing: dict[str, Playback] = {}
        self._ended: dict[str, Playback] = {}  # each member's last talk, once over
        self._listeners: list[ConversationListener] = []

    def add_listener(self, listener: ConversationListener) -> None:
        """`listener(conversation, started, line_minutes)` hears every conversation that
        starts playing (main thread), e.g. to record it."""
        self._listeners.append(listener)

    def talking(self, name: str) -> bool:
        return name in self._reserved or name in self._playing

    def conversation_of(self, name: str) -> Conversation | None:
        """The conversation `name` is in, while it plays (None while it is thought about)."""
        playback = self._playing.get(name)
        return playback.conversation if playback is not None else None

    def just_ended(self, name: str, now: datetime, within: float = 2.0) -> Conversation | None:
        """The talk `name` finished within the last `within` game minutes (someone walking up
        to it then joins what goes on), else None."""
        playback = self._ended.get(name)
        if playback is None or now - playback.ends_for(name) > timedelta(minutes=within):
            return None
        return playback.conversation

    def reserve(self, members: tuple[str, ...]) -> None:
        self._reserved.update(members)

    def release(self, name: str) -> None:
        self._reserved.discard(name)
        self._playing.pop(name, None)

    def start(self, conversation: Conversation, now: datetime) -> None:
        playback = Playback(conversation, now, self.line_minutes)
        for name in conversation.participants:
            self._reserved.discard(name)
            self._playing[name] = playback
        for listener in self._listeners:
            listener(conversation, now, self.line_minutes)

    def speaking(self, now: datetime) -> dict[str, str]:
        """Who says what right now: each speaker's latest line in a conversation playing."""
        said: dict[str, str] = {}
        for playback in self._playing.values():  # both speakers share one playback
            lines = playback.conversation.lines
            if not lines or now >= playback.ends:
                continue
            for line in lines[: playback.line_at(now) + 1]:
                if now < playback.ends_for(line.speaker):  # not once it has walked off
                    said[line.speaker] = line.text
        return said

    def play(self, resident: Resident, now: datetime, planner: ActivityPlanner) -> Activity | None:
        """The resident's next talking activity (a new line in its bubble), if any."""
        playback = self._playing.get(resident.name)
        if playback is None:
            return None
        conversation = playback.conversation
        lines = conversation.lines
        if not lines or now >= playback.ends_for(resident.name):
            self._ended[resident.name] = self._playing.pop(resident.name)
            return None
        index = playback.line_at(now)
        while playback.shown <= index:
            line = lines[playback.shown]
            listener = conversation.listener_of(line)
            self.dialogue.add(SpokenLine(now, line.speaker, listener, line.text))
            playback.shown += 1
        if playback.seen_by.get(resident.name) == index:
            return None
        playback.seen_by[resident.name] = index
        line = lines[index]
        text = f'"{line.text}"' if line.speaker == resident.name else f"listening to {line.speaker}"
        return planner.stay(resident, text, TALK_EMOJI, Pose.TALK, now)

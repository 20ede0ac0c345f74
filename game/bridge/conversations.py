"""Conversations in the world: played line by line while they are still being thought.

A talk's job says its lines a model call at a time — one line, or a turn of several
(`talk_lines_per_call`) — and hands each to a `LiveTalk` as soon as its call returns (worker
thread). The town plays them meanwhile: line k in the speakers'
bubbles and the dialogue log at `started + k × line_minutes` of game time, while the members
stand talking — so a talk takes game time, and the rest of the town goes on stepping. The
first line is shown `FIRST_LINE_AFTER` lines' time after the talk begins (the two walk up
and greet: the job has that long to make both minds ready and say it, and every later line
and the end keep that lead). The talk ends `PARTING_AFTER` line times after its last line's
time (the two say goodbye and part): once the job has said its last line (`LiveTalk.said_all`)
its summary and memories have that long before the town waits for them.

In lockstep the runner waits only for what is due: a talk whose next line should show now
and has not been said yet, or one whose lines are all shown and whose job (the summary, the
memories) has not ended (`Playback.needs`). So the same seed gives the same run, however fast
the model answers. The talk's outcome (counts, the record, meetings, the members freed) is
applied when its last line has been shown (`Playback.ends`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from cognition import Conversation, ConversationLine, News
from game.bridge.activities import ActivityPlanner
from game.bridge.dialogue import DialogueLog, SpokenLine
from game.town.resident import Activity, Pose, Resident

TALK_EMOJI = "💬"
NOT_YET = datetime.max  # when a talk still going on ends: not known yet
# line times from a talk's beginning to its first line: 3, so that on a server that writes a
# line a second or two (local-gpu) the first call (views, first line) is said in time and every
# later line keeps a line's slack — with 2 the town waited on talks' lines ~40 % more
# (benchmarks/results/issue30_session13.jsonl); in play (2 game minutes a line) 6 game minutes
FIRST_LINE_AFTER = 3
PARTING_AFTER = 2  # line times from the end of a talk's last line to the talk's end


class LiveTalk:
    """The lines of a talk as its job says them (thread-safe; `heard` on a worker thread).
    `poke` tells whoever waits on the job board that a line came."""

    def __init__(self, poke: Callable[[], None] = lambda: None) -> None:
        self._lines: list[ConversationLine] = []
        self._lock = threading.Lock()
        self._poke = poke
        self._all_said = False

    def heard(self, line: ConversationLine) -> None:
        with self._lock:
            self._lines.append(line)
        self._poke()

    def said_all(self) -> None:
        """The job has said the talk's last line (its summary and memories are to come)."""
        with self._lock:
            self._all_said = True
        self._poke()

    @property
    def all_said(self) -> bool:
        with self._lock:
            return self._all_said

    def lines(self) -> tuple[ConversationLine, ...]:
        with self._lock:
            return tuple(self._lines)


@dataclass
class Playback:
    """One talk being played: its members, when its first line shows, and its lines — the
    live ones while its job runs, the finished `conversation` once the job is over."""

    participants: tuple[str, ...]
    started: datetime
    line_minutes: float
    conversation: Conversation | None = None  # the whole talk, once its job is over
    live: LiveTalk | None = None
    shown: int = 0  # lines written to the log
    seen_by: dict[str, int] = field(default_factory=dict)  # resident -> line in its bubble
    parting: float = PARTING_AFTER  # line times from the last line's end to the talk's end

    @property
    def over(self) -> bool:
        """Whether the talk's job is over (every line is known)."""
        return self.conversation is not None

    @property
    def lines(self) -> tuple[ConversationLine, ...]:
        if self.conversation is not None:
            return self.conversation.lines
        return self.live.lines() if self.live is not None else ()

    @property
    def ends(self) -> datetime:
        """When the last line has been shown (`NOT_YET` while the talk goes on)."""
        if not self.over:
            return NOT_YET
        return self.end_after(len(self.lines))

    def end_after(self, lines: int) -> datetime:
        """When a talk of `lines` lines ends: its last line's time, then the parting."""
        return self.started + timedelta(minutes=(max(1, lines) + self.parting) * self.line_minutes)

    def shows(self, index: int) -> datetime:
        """When line `index` shows."""
        return self.started + timedelta(minutes=index * self.line_minutes)

    def ends_for(self, name: str) -> datetime:
        """When `name` stops speaking: after its leaving line, else at the end. (It stays
        with the talk, listening, until the talk ends.)"""
        for index, line in enumerate(self.lines):
            if line.speaker == name and line.leaves:
                return self.shows(index + 1)
        return self.ends

    def line_at(self, now: datetime) -> int:
        """The line showing at `now` (the latest said, if the talk runs late)."""
        elapsed = (now - self.started).total_seconds() / 60
        index = int(elapsed // self.line_minutes) if self.line_minutes > 0 else 0
        return min(index, len(self.lines) - 1)

    def needs(self, now: datetime) -> bool:
        """Whether the town must wait for this talk's job at `now` (lockstep): the line due
        now is not said yet, or the talk's end has come and the job is not over (once the
        job has said every line, only the end is waited for)."""
        if self.over:
            return False
        if self.live is not None and self.live.all_said:
            return now >= self.end_after(len(self.lines))
        return now >= self.shows(len(self.lines))

    def so_far(self) -> Conversation:
        """The talk as far as it has gone (the whole one once over)."""
        if self.conversation is not None:
            return self.conversation
        return Conversation(
            participants=self.participants, started=self.started, lines=self.lines, summary=""
        )


ConversationListener = Callable[[Conversation, datetime, float], None]


class ConversationDesk:
    """Who is talking with whom, and the playback of their talks."""

    def __init__(
        self,
        dialogue: DialogueLog,
        line_minutes: float = 1.0,
        first_line_after: float = FIRST_LINE_AFTER,
    ) -> None:
        self.dialogue = dialogue
        self.line_minutes = line_minutes
        self.first_line_after = first_line_after  # line times until a talk's first line
        self._reserved: set[str] = set()
        self._playing: dict[str, Playback] = {}
        self._ended: dict[str, Playback] = {}  # each member's last talk, once over
        self._telling: dict[str, News | None] = {}  # the news of each one's line in its bubble
        self._listeners: list[ConversationListener] = []

    def add_listener(self, listener: ConversationListener) -> None:
        """`listener(conversation, started, line_minutes)` hears every conversation once it
        is over (main thread), e.g. to record it: line k was shown at started + k × minutes."""
        self._listeners.append(listener)

    def talking(self, name: str) -> bool:
        return name in self._reserved or name in self._playing

    def playback_of(self, name: str) -> Playback | None:
        return self._playing.get(name)

    def conversation_of(self, name: str) -> Conversation | None:
        """The conversation `name` is in as far as it has gone (None when not talking)."""
        playback = self._playing.get(name)
        return playback.so_far() if playback is not None else None

    def last_talk(self, name: str) -> Conversation | None:
        """`name`'s latest talk that is over, else None."""
        playback = self._ended.get(name)
        return playback.so_far() if playback is not None else None

    def just_ended(self, name: str, now: datetime, within: float = 2.0) -> Conversation | None:
        """The talk `name` finished within the last `within` game minutes (someone walking up
        to it then joins what goes on), else None."""
        playback = self._ended.get(name)
        if playback is None or now - playback.ends_for(name) > timedelta(minutes=within):
            return None
        return playback.so_far()

    def reserve(self, members: tuple[str, ...]) -> None:
        self._reserved.update(members)

    def release(self, name: str) -> None:
        self._reserved.discard(name)
        self._playing.pop(name, None)

    def begin(self, members: tuple[str, ...], now: datetime, live: LiveTalk) -> Playback:
        """A talk among `members` is being thought from `now`: its lines show from
        `first_line_after` line times on, as they are said."""
        lead = timedelta(minutes=self.first_line_after * self.line_minutes)
        playback = Playback(members, now + lead, self.line_minutes)
        playback.live = live
        for name in members:
            self._reserved.discard(name)
            self._playing[name] = playback
        return playback

    def start(self, conversation: Conversation, now: datetime) -> Playback:
        """Play a talk that is over already (a greeting, a talk kept in a save) from `now`."""
        playback = Playback(conversation.participants, now, self.line_minutes, conversation)
        for name in conversation.participants:
            self._reserved.discard(name)
            self._playing[name] = playback
        return playback

    def finish(self, conversation: Conversation) -> Playback | None:
        """The job of the talk among `conversation`'s members is over: its playback knows
        every line now (None when no such talk is playing)."""
        playback = self._playing.get(conversation.participants[0])
        if playback is None or playback.over:
            return None
        playback.conversation, playback.live = conversation, None
        return playback

    def ended(self, conversation: Conversation, started: datetime) -> None:
        """Tell the listeners a talk is over (its last line shown)."""
        for listener in self._listeners:
            listener(conversation, started, self.line_minutes)

    def telling(self, name: str) -> News | None:
        """The news the line last put in `name`'s bubble told (None: none, or listening)."""
        return self._telling.get(name)

    def speaking(self, now: datetime) -> dict[str, str]:
        """Who says what right now: each speaker's latest line in a conversation playing."""
        said: dict[str, str] = {}
        for playback in self._playing.values():  # the members share one playback
            lines = playback.lines
            if not lines or now < playback.started or now >= playback.ends:
                continue
            for line in lines[: playback.line_at(now) + 1]:
                if now < playback.ends_for(line.speaker):  # not once it has said goodbye
                    said[line.speaker] = line.text
        return said

    def play(self, resident: Resident, now: datetime, planner: ActivityPlanner) -> Activity | None:
        """The resident's next talking activity (a new line in its bubble), if any; once the
        talk has ended it is over for the resident too."""
        playback = self._playing.get(resident.name)
        if playback is None:
            return None
        if now >= playback.ends:
            self._ended[resident.name] = self._playing.pop(resident.name)
            return None
        lines = playback.lines
        if not lines or now < playback.started:
            return None  # not begun, or nothing said yet
        index = playback.line_at(now)
        while playback.shown <= index:  # shown even once every resident said goodbye: the
            line = lines[playback.shown]  # player's last word to them
            listener = playback.so_far().listener_of(line)
            self.dialogue.add(SpokenLine(now, line.speaker, listener, line.text))
            playback.shown += 1
        if now >= playback.ends_for(resident.name):
            return None  # it said goodbye and listens on
        if playback.seen_by.get(resident.name) == index:
            return None
        playback.seen_by[resident.name] = index
        line = lines[index]
        # what its words carry to anyone near: the news it tells, else the news it says back
        spoken = line.told or line.echoes
        self._telling[resident.name] = spoken if line.speaker == resident.name else None
        text = f'"{line.text}"' if line.speaker == resident.name else f"listening to {line.speaker}"
        return planner.stay(resident, text, TALK_EMOJI, Pose.TALK, now)

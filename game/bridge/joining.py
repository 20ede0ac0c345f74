"""The player in a group conversation (after AutoGen's human in the loop).

Walking up to a resident and pressing T joins it: a free resident starts a group talk with
the player and the free residents it sees; a resident already talking is joined when that
talk is over — its members who are still there go on from its transcript with the player
among them. The player's seat (`GroupSeat`) is the talk's `Human` member: at the player's
turn (by its input mode: always, terminate, never, when addressed, watch) the talk's worker
waits for the player's line — up to `WAIT_SECONDS`, then the player is taken to be silent —
while the frame goes on; the panel reads the prompt and answers it. The mode can change
mid-talk. Under *never* (and *terminate* until the talk would end) the player's character
speaks for itself, as the visitor's description says. Under the `manual` group strategy
the seat is also asked who speaks next (`choosing`, answered by `choose`; no answer in
`WAIT_SECONDS`: the manager picks).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Protocol

from cognition import Agent, Conversation, ConversationLine, Human, InputMode
from cognition import group_line_text as said
from game.bridge.conversations import ConversationDesk
from game.bridge.jobs import JobBoard
from game.bridge.perception import PerceptionBuilder, Someone
from game.bridge.residents import MindSlot
from game.town.resident import Resident


class Room(Protocol):
    """What joining needs of the director (the `MindDirector` is one)."""

    slots: dict[str, MindSlot]
    talks: ConversationDesk
    jobs: JobBoard
    perceptions: PerceptionBuilder
    visitor_description: str

    @property
    def minds(self) -> Mapping[str, Agent]: ...

    @property
    def residents(self) -> dict[str, Resident]: ...

    def people(self) -> list[Someone]: ...

    def is_free(self, name: str) -> bool: ...

    def busy(self, name: str) -> bool: ...

    def start_group_with(
        self,
        members: list[str],
        now: datetime,
        human: Human,
        history: Sequence[ConversationLine],
    ) -> None: ...


WAIT_SECONDS = 120.0  # real seconds a talk waits for the player's line at its turn


class GroupSeat:
    """The player's place in one group talk: prompts from the talk's worker, lines from
    the panel (thread-safe)."""

    def __init__(self, name: str, mode: InputMode, description: str = "") -> None:
        self.name = name
        self.mode = mode
        self.description = description or "a visitor to the town"
        self.members: tuple[str, ...] = ()  # the residents in the talk
        self.state = "waiting"  # "waiting" (to join), "talking", "over"
        self.message = ""  # for the panel: why the player is not (yet) in the talk
        self.context: list[str] = []  # the talk as the player last saw it
        self._lock = threading.Lock()
        self._prompt: str | None = None  # why the player is asked now
        self.prompts = 0  # how many times the player has been asked (each prompt's number)
        self._answers: queue.Queue[str | None] = queue.Queue(maxsize=1)
        self._choosing: tuple[str, ...] = ()  # whom the player may pick to speak next
        self._picks: queue.Queue[str | None] = queue.Queue(maxsize=1)
        self.choices = 0  # how many times the player has been asked who speaks next

    def human(self) -> Human:
        return Human(self.name, lambda: self.mode, self.ask, self.description, self.pick)

    def pick(self, candidates: list[str], context: list[str]) -> str | None:
        """The talk's worker asks who speaks next (manual selection), and waits for it."""
        with self._lock:
            self._choosing, self.context = tuple(candidates), list(context)
            self.choices += 1
        try:
            return self._picks.get(timeout=WAIT_SECONDS)
        except queue.Empty:
            return None
        finally:
            with self._lock:
                self._choosing = ()

    def choosing(self) -> tuple[str, ...]:
        """Whom the talk waits for the player to pick as the next speaker (() : it does not)."""
        with self._lock:
            return self._choosing

    def choose(self, name: str | None) -> str | None:
        """The player picks the next speaker (None: the manager picks); a message when the
        talk is not waiting for a pick."""
        if not self.choosing():
            return "Nobody is waiting for you to choose who speaks next."
        try:
            self._picks.put_nowait(name)
        except queue.Full:
            return "Your choice is on its way."
        return None

    def ask(self, context: list[str], why: str) -> str | None:
        """The talk's worker asks for the player's line, and waits for it."""
        with self._lock:
            self._prompt, self.context = why, list(context)
            self.prompts += 1
        try:
            return self._answers.get(timeout=WAIT_SECONDS)
        except queue.Empty:
            return None
        finally:
            with self._lock:
                self._prompt = None

    def asked(self) -> str | None:
        """Why the talk waits for the player's line now, or None."""
        with self._lock:
            return self._prompt

    def prompt(self) -> tuple[int, str] | None:
        """(number, why) of the prompt waiting now, or None: a new prompt that follows an
        answered one at once is told apart by its number."""
        with self._lock:
            return None if self._prompt is None else (self.prompts, self._prompt)

    def say(self, text: str | None) -> str | None:
        """The player's line (None: stays silent); a message when it is not the player's turn."""
        if self.asked() is None:
            return "Wait for your turn: the others are talking."
        try:
            self._answers.put_nowait(text)
        except queue.Full:
            return "Your line is on its way."
        return None

    def leave(self) -> None:
        """The player walks off: silent from now on, and a goodbye if the talk waits."""
        self.mode = InputMode.WATCH
        if self.asked() is not None:
            self.say("Bye, everyone!")
        if self.choosing():
            self.choose(None)


class Joining:
    """The player's seats: joining a talk now, or when the resident's talk is over."""

    def __init__(self, director: Room) -> None:
        self.director = director
        self.seat: GroupSeat | None = None
        self._after: Conversation | None = None  # the talk the seat waits to join

    def join(self, player: str, near: str, mode: InputMode, now: datetime) -> GroupSeat | str:
        """The player joins `near`'s talk (or starts one with it): the seat, or why not."""
        d = self.director
        if near not in d.slots or near not in d.residents:
            return f"There is no resident called {near!r} here."
        if self.seat is not None and self.seat.state != "over":
            return "You are in a conversation already: leave it first (Esc)."
        seat = GroupSeat(player, mode, d.visitor_description)
        playing = d.talks.conversation_of(near)
        if playing is not None:
            seat.message = f"{near.split()[0]} is talking; you join when the talk is at a pause."
            self.seat, self._after = seat, playing
            return seat
        resident = d.residents[near]
        if not d.is_free(near) or resident.is_walking:
            return f"{near.split()[0]} is busy right now: try again in a moment."
        nearby = d.perceptions.in_view(resident, d.people())
        others = [p.name for p in nearby if p.name in d.slots and self.free(p.name)]
        self.seat = seat
        self.start(seat, [near, *others[: d.minds[near].settings.group_max_members - 2]], now)
        return seat

    def free(self, name: str) -> bool:
        d = self.director
        return d.is_free(name) and not d.residents[name].is_walking

    def start(
        self, seat: GroupSeat, members: list[str], now: datetime, after: Conversation | None = None
    ) -> None:
        history = after.lines if after is not None else ()
        seat.members, seat.state, seat.message = tuple(members), "talking", ""
        seat.context = [said(line) for line in history]
        self.director.start_group_with(members, now, seat.human(), history)

    def update(self, now: datetime) -> None:
        """Each update: a seat waiting for a talk to end joins what is left of it."""
        seat, after = self.seat, self._after
        if seat is None or after is None or seat.state != "waiting":
            return
        d = self.director
        residents = [m for m in after.participants if m in d.slots]
        if any(d.talks.talking(m) or d.busy(m) for m in residents):
            return
        after = d.talks.last_talk(residents[0]) or after if residents else after
        left = {line.speaker for line in after.lines if line.leaves}
        members = [m for m in residents if m not in left and self.free(m)]
        self._after = None
        if not members:
            seat.state, seat.message = "over", "Everyone had gone by the time you joined."
            return
        self.start(seat, members, now, after)

    def finished(self, conversation: Conversation) -> None:
        """A talk is over: the player's seat in it too."""
        seat = self.seat
        if seat is not None and seat.name in conversation.participants:
            seat.state = "over"
            seat.context = [said(line) for line in conversation.lines]

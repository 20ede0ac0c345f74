"""`PlayerDesk`: the player's controls on the minds and objects (`game.town.ports.PlayerPort`).

Main thread only, and nothing here waits for a language model: reading a mind (card, plan,
memories, retrieval, relationships) uses what the mind already holds — the retrieval's
query embedding is the one computation, a few milliseconds — and `ask` runs the answer as a
director errand whose result `replies()` hands out later. The app tells the desk where the
visitor is each frame (`set_visitor`); residents see the visitor, may greet them
(`greetings()`), and notice the objects the player rewrites (`set_object_state`, `events()`).
"""

from __future__ import annotations

import logging
import queue
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from cognition import Agent, CallTrace, InputMode, MemoryKind
from cognition import read_group_line as heard
from game.bridge.desk import objects as desk_objects
from game.bridge.desk.cards import memory_line, resident_card, trace_line
from game.bridge.desk.chat import (
    CHAT_MAX_CHARS,
    PLAYER_DESCRIPTION_MAX_CHARS,
    PLAYER_NAME_MAX_CHARS,
    Answered,
    asking_problem,
    capped,
    chat_job,
    mind_asker,
    one_line,
)
from game.bridge.jobs import job_moment
from game.bridge.joining import GroupSeat
from game.bridge.meetings import MeetingError, parse_command
from game.bridge.perception import Someone
from game.bridge.town_minds import LivingTown
from game.saves import quoted
from game.town.resident import Tile
from game.town.views import (
    AskerKind,
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

log = logging.getLogger(__name__)

DEFAULT_VISITOR_ACTIVITY = "visiting the town"
TRACES_KEPT = 100  # model calls kept per resident for the Trace tab
ASKING_ACTIONS: dict[AskerKind, str] = {
    "visitor": "chat",
    "persona": "persona",
    "inner_voice": "inner_voice",
}


@dataclass(frozen=True)
class PlayerAction:
    """Something the player did to the town, for the run record: `kind` is "chat",
    "persona", "inner_voice", "object_edit", "join" or "take_over"."""

    time: datetime
    kind: str
    resident: str
    text: str
    detail: dict[str, str] = field(default_factory=dict)


ActionListener = Callable[[PlayerAction], None]


class PlayerDesk:
    """What the panels may ask of a `LivingTown`'s minds and objects (see `PlayerPort`)."""

    def __init__(self, living: LivingTown) -> None:
        self.living = living
        self.director = living.director
        self.tree = living.town.tree
        self._answers: queue.Queue[Answered] = queue.Queue()
        self._asking: set[str] = set()  # residents composing an answer to the player
        self._events: list[TownEvent] = []
        self._listeners: list[ActionListener] = []
        self._traces: dict[str, deque[TraceLine]] = {}
        self._traces_lock = threading.Lock()
        living.stack.tracer.add_listener(self._on_trace)

    def _on_trace(self, trace: CallTrace) -> None:
        """A model call finished (on a worker thread): keep it for the Trace tab."""
        line = trace_line(trace, job_moment() or self.living.clock.now)
        with self._traces_lock:
            kept = self._traces.setdefault(trace.agent, deque(maxlen=TRACES_KEPT))
            kept.append(line)

    def traces(self, name: str, limit: int = 50) -> list[TraceLine]:
        """The resident's latest model calls, newest first (the last `TRACES_KEPT`)."""
        with self._traces_lock:
            kept = list(self._traces.get(name, ()))
        return kept[::-1][: max(0, limit)]

    def add_listener(self, listener: ActionListener) -> None:
        """`listener(action)` hears everything the player does through the desk."""
        self._listeners.append(listener)

    def _tell(self, action: PlayerAction) -> None:
        for listener in self._listeners:
            listener(action)

    def mind(self, name: str) -> Agent | None:
        return self.living.minds.get(name)

    # --- the visitor --------------------------------------------------------------------------

    def set_visitor(self, name: str, description: str, tile: Tile, activity: str = "") -> None:
        """Where the player is and what they do, as the residents see them (every frame).
        A resident's name means the player took that resident over: the director then
        treats them as the visitor (the app stops asking for their activities)."""
        self.director.visitor = Someone(
            capped(name, PLAYER_NAME_MAX_CHARS) or "a visitor",
            tile,
            capped(activity, PLAYER_DESCRIPTION_MAX_CHARS) or DEFAULT_VISITOR_ACTIVITY,
            is_visitor=True,
        )
        self.director.visitor_description = capped(description, PLAYER_DESCRIPTION_MAX_CHARS)

    def clear_visitor(self) -> None:
        self.director.visitor = None
        self.director.visitor_description = ""

    def joined(self, name: str, description: str, takes_over: str | None, now: datetime) -> None:
        """The player entered the town: a new visitor, or taking over resident `takes_over`."""
        if takes_over is None:
            said = capped(description, PLAYER_DESCRIPTION_MAX_CHARS)
            who = capped(name, PLAYER_NAME_MAX_CHARS)
            self._tell(PlayerAction(now, "join", "", said, {"as": who}))
        else:
            self._tell(PlayerAction(now, "take_over", takes_over, "", {"as": name}))

    # --- reading a mind -------------------------------------------------------------------------

    def card(self, name: str, now: datetime) -> ResidentCard | None:
        agent, resident = self.mind(name), self.living.population.get(name)
        if agent is None or resident is None:
            return None
        slot = self.director.slots.get(name)
        return resident_card(agent, resident, self.tree, slot, now)

    def memories(
        self, name: str, kinds: frozenset[MemoryKindName] | None = None, limit: int = 200
    ) -> list[MemoryLine]:
        """Newest first."""
        agent = self.mind(name)
        if agent is None or limit <= 0 or (kinds is not None and not kinds):
            return []
        wanted = None if kinds is None else {MemoryKind(kind) for kind in kinds}
        return [memory_line(record) for record in agent.memory.recent(limit, wanted)]

    def memory(self, name: str, memory_id: str) -> MemoryLine | None:
        agent = self.mind(name)
        if agent is None:
            return None
        try:
            return memory_line(agent.memory.get([memory_id])[0])
        except KeyError:
            return None

    def search(self, name: str, query: str, now: datetime, k: int = 10) -> list[SearchHit]:
        """Retrieval as the mind runs it, best first; the mind's access times stay as they
        were (the player looking is not the resident remembering)."""
        agent, text = self.mind(name), capped(query, CHAT_MAX_CHARS)
        if agent is None or not text or k <= 0:
            return []
        try:
            hits = agent.memory.retrieve(text, now, k=k, touch=False)
        except Exception:  # a broken embedder must not take the inspector down
            log.exception("searching %s's memories for %r failed", name, text)
            return []
        return [
            SearchHit(memory_line(h.record), h.recency, h.importance, h.relevance, h.score)
            for h in hits
        ]

    def relationships(self, name: str) -> list[Relationship]:
        """The persona's relationships first, then everyone else talked with, latest first."""
        agent = self.mind(name)
        if agent is None:
            return []
        talks = dict(agent.state.talks)  # a copy: a worker may add to it meanwhile
        known = []
        for other, summary in agent.persona.relationships.items():
            record = talks.pop(other, None)
            count, last = (record.count, record.last) if record else (0, None)
            known.append(Relationship(other, summary, count, last))
        met = sorted(talks.items(), key=lambda item: item[1].last or datetime.min, reverse=True)
        known += [Relationship(other, "", r.count, r.last) for other, r in met if other != name]
        return known

    # --- chatting -------------------------------------------------------------------------------

    def ask(self, name: str, text: str, asking: Asking, now: datetime) -> str | None:
        """Send the player's line; the answer arrives through `replies()`. A message for the
        player instead when it cannot be sent."""
        agent = self.mind(name)
        if agent is None:
            return f"There is no resident called {quoted(one_line(name[:200])) or '(nobody)'}."
        question = one_line(text[: CHAT_MAX_CHARS * 4])
        if not question:
            return "Type something to say first."
        if len(question) > CHAT_MAX_CHARS:
            return f"That is too long; say it in at most {CHAT_MAX_CHARS} characters."
        if (problem := asking_problem(asking)) is not None:
            return problem
        if name in self._asking:
            return f"{agent.persona.first_name} is still answering."
        visitor = self.director.visitor
        asker = mind_asker(asking, visitor.name if visitor else None)
        try:
            self.director.jobs.run_errand(
                name, chat_job(agent, question, asker, now, self._answers), now
            )
        except RuntimeError as error:  # the executor is shut down: the town is closing
            return f"{agent.persona.first_name} cannot answer now ({error})."
        self._asking.add(name)
        kind = ASKING_ACTIONS[asking.kind]
        self._tell(PlayerAction(now, kind, name, question, {"as": asking.name}))
        return None

    def join_group(self, near: str, mode: str, now: datetime) -> str | None:
        """The player joins `near`'s conversation, or starts a group talk with it and the
        residents it sees, in input `mode` (`InputMode`: "always", "terminate", "never",
        "when addressed", "watch"); None when joined (or waiting to join), else why not."""
        visitor = self.director.visitor
        if visitor is None:
            return "Walk into the town first: only the visitor can join a conversation."
        try:
            input_mode = InputMode(mode)
        except ValueError:
            ways = ", ".join(m.value for m in InputMode)
            return f"{quoted(mode)} is not a way to take part: one of {ways}."
        joined = self.director.joining.join(visitor.name, near, input_mode, now)
        if isinstance(joined, str):
            return joined
        self._tell(PlayerAction(now, "join_group", near, "", {"mode": input_mode.value}))
        return None

    def group_seat(self) -> GroupSeat | None:
        """The player's seat in a group talk (waiting, talking, or the last one, over)."""
        return self.director.joining.seat

    def group_say(self, text: str) -> str | None:
        """The player's line at its turn in the group; a message when it cannot be said."""
        seat = self.director.joining.seat
        if seat is None or seat.state != "talking":
            return "You are not in a conversation: walk up to someone and press T."
        line = one_line(text[: CHAT_MAX_CHARS * 4])
        if len(line) > CHAT_MAX_CHARS:
            return f"That is too long; say it in at most {CHAT_MAX_CHARS} characters."
        return seat.say(line or None)

    def group_view(self) -> GroupView:
        seat = self.director.joining.seat
        if seat is None:
            return GroupView("none")
        lines = tuple(
            (line.speaker, line.to, line.text)
            for text in seat.context
            if (line := heard(text)) is not None
        )
        return GroupView(
            seat.state,
            seat.members,
            lines,
            seat.asked(),
            seat.mode.value,
            seat.message,
            seat.choosing(),
        )

    def group_pick(self, name: str | None) -> str | None:
        seat = self.director.joining.seat
        if seat is None or seat.state != "talking":
            return "You are not in a conversation: walk up to someone and press T."
        return seat.choose(name)

    def group_mode(self, mode: str) -> None:
        seat = self.director.joining.seat
        if seat is not None and mode in {m.value for m in InputMode}:
            seat.mode = InputMode(mode)

    def leave_group(self) -> None:
        seat = self.director.joining.seat
        if seat is not None and seat.state != "over":
            seat.leave()

    def in_talk(self, name: str) -> bool:
        return self.director.talks.talking(name)

    def meeting_command(self, host: str, text: str, now: datetime) -> tuple[bool, str]:
        if len(text) > CHAT_MAX_CHARS:  # a topic the whole town would carry in its memories
            return False, f"That is too long; say it in at most {CHAT_MAX_CHARS} characters."
        parsed = parse_command(text, now)
        if isinstance(parsed, str):
            return False, parsed
        place, starts, minutes, topic = parsed
        refused = self.call_meeting(host, place, starts, minutes, topic, now)
        if refused is not None:
            return False, refused
        first = host.split()[0]
        said = f"{first} will hold a town meeting at {place} at {starts:%H:%M}, and tell people."
        return True, said

    def call_meeting(
        self, host: str, place: str, starts: datetime, minutes: int, topic: str, now: datetime
    ) -> str | None:
        """Call a town meeting hosted by resident `host`; None when called, else why not
        (a message for the player)."""
        try:
            meeting = self.director.meetings.call(host, place, starts, minutes, topic, now)
        except MeetingError as error:
            return f"No meeting: {error}."
        detail = {"place": meeting.place, "starts": f"{starts:%Y-%m-%d %H:%M}"}
        self._tell(PlayerAction(now, "call_meeting", host, meeting.topic, detail))
        return None

    def answering(self, name: str) -> bool:
        return name in self._asking

    def replies(self) -> list[ChatLine]:
        """Answers finished since the last call, oldest first."""
        self.director.jobs.start_errands()  # chats waiting for a resident's decision to finish
        lines = []
        while True:
            try:
                answered = self._answers.get_nowait()
            except queue.Empty:
                break
            name = answered.line.resident
            self._asking.discard(name)
            if answered.adopted:  # the intention re-plans the day at the next decision: now
                self.director.wake(name, self.living.clock.now)
            lines.append(answered.line)
        return lines

    def greetings(self) -> list[Greeting]:
        return self.director.take_greetings()

    # --- objects ------------------------------------------------------------------------------

    def objects_near(self, tile: Tile, radius: int = 8) -> list[ObjectInfo]:
        return desk_objects.objects_near(self.tree, self.living.objects, tile, radius)

    def object_at(self, tile: Tile) -> ObjectInfo | None:
        return desk_objects.object_at(self.tree, self.living.objects, tile)

    def set_object_state(self, key: str, text: str, now: datetime) -> str | None:
        """None on success, else a message for the player (and nothing changed)."""
        try:
            living = self.living
            outcome = desk_objects.set_object_state(
                self.tree, living.objects, self.director, living.population, key, text, now
            )
        except Exception as error:  # never let the player's typing crash the game
            log.exception("setting %s to %r failed", key, text)
            return f"Could not change that object ({type(error).__name__})."
        if isinstance(outcome, str):
            return outcome
        self._events.append(outcome)
        self._tell(PlayerAction(now, "object_edit", "", one_line(text), {"object": key}))
        return None

    def events(self) -> list[TownEvent]:
        events, self._events = self._events, []
        return events

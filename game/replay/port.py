"""`RecordPort`: the inspector's `PlayerPort`, answered from a run record as of the replay's
time — who a resident was, what they did and planned, remembered, thought (their model calls)
and who they talked with, up to that moment and never after it.

A replay cannot change anything: asking a resident and setting an object's state are
refused with a message. The record keeps no embeddings, so Search matches words (the share
of the query's words a memory holds) instead of meanings, and says so once as an event.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from datetime import datetime, timedelta

from game.records import MemoryRow, PositionRow, RunRecord, TraceRow
from game.replay.objects import RecordedObjects
from game.replay.plans import plan_lines
from game.town.resident import Tile, slug_of
from game.town.views import (
    MEMORY_KINDS,
    Asking,
    ChatLine,
    Greeting,
    MemoryKindName,
    MemoryLine,
    ObjectInfo,
    Relationship,
    ResidentCard,
    SearchHit,
    TownEvent,
    TraceLine,
)
from game.world.areas import AreaTree

__all__ = ["ASK_REFUSED", "OBJECT_REFUSED", "SEARCH_NOTE", "RecordPort"]

ASK_REFUSED = "This is a replay: nobody can answer."
OBJECT_REFUSED = "This is a replay: objects keep the states they had."
SEARCH_NOTE = "Search in a replay matches words: the run record keeps no embeddings."
SEARCHED_MEMORIES = 2000  # the newest memories a search looks through
RECENCY_DECAY = 0.995  # per game hour, as the minds' retrieval
WORD = re.compile(r"[a-z0-9']+")
STOP_WORDS = frozenset((
    "a", "an", "and", "are", "as", "at", "be", "by", "did", "do", "does", "for", "from", "had",
    "has", "have", "he", "her", "his", "i", "in", "is", "it", "its", "me", "my", "of", "on",
    "or", "she", "that", "the", "their", "them", "they", "this", "to", "was", "we", "were",
    "what", "when", "where", "who", "why", "with", "you", "your",
))  # fmt: skip


class RecordPort:
    """A `game.town.ports.PlayerPort` reading `record` at the moment `clock()` returns."""

    def __init__(self, record: RunRecord, tree: AreaTree, clock: Callable[[], datetime]) -> None:
        self.record = record
        self.clock = clock
        self.objects = RecordedObjects(record, tree)
        self._events: list[TownEvent] = []
        self._told_about_search = False

    # --- who they are and what they do -------------------------------------------------------

    def card(self, name: str, now: datetime) -> ResidentCard | None:
        person = self.record.person_at(name, now)
        row = self.record.positions_at(now).get(name)
        if person is None and row is None:
            return None
        plan = self.record.plan_at(name, now)
        return ResidentCard(
            name=name,
            slug=slug_of(person.look) if person is not None and person.look else slug_of(name),
            age=person.age if person is not None else 0,
            traits=person.traits if person is not None else "",
            description=person.description if person is not None else "",
            action_emoji=row.emoji if row is not None else "",
            action=action_text(name, row),
            address=row.place if row is not None and row.place else self.objects.outdoors,
            plan=plan_lines(plan.plan, now) if plan is not None else (),
        )

    def relationships(self, name: str) -> list[Relationship]:
        """Everyone `name` talked with up to now, the latest talk first, with what that last
        conversation was about."""
        now = self.clock()
        talks: dict[str, Relationship] = {}
        for talk in self.record.conversations_between(self.record.meta.start_time, now):
            if name not in talk.participants:
                continue
            for other in talk.participants:
                if other == name:
                    continue
                count = talks[other].conversations + 1 if other in talks else 1
                about = f"Last talked about: {talk.summary}" if talk.summary else ""
                talks[other] = Relationship(other, about, count, talk.started)
        return sorted(talks.values(), key=lambda r: r.last_talked or now, reverse=True)

    # --- memories and thoughts ---------------------------------------------------------------

    def memories(
        self, name: str, kinds: frozenset[MemoryKindName] | None = None, limit: int = 200
    ) -> list[MemoryLine]:
        wanted = None if kinds is None else frozenset(str(kind) for kind in kinds)
        rows = self.record.memories(name, self.clock(), kinds=wanted, limit=limit)
        return [line for line in map(memory_line, rows) if line is not None]

    def memory(self, name: str, memory_id: str) -> MemoryLine | None:
        row = self.record.memory(name, memory_id)
        if row is None or row.time > self.clock():
            return None  # not remembered yet at this moment
        return memory_line(row)

    def search(self, name: str, query: str, now: datetime, k: int = 10) -> list[SearchHit]:
        """The memories up to `now` sharing the most words with `query`, scored like the
        minds' retrieval (recency, importance, relevance: each 0–1, summed) with word overlap
        standing in for the embeddings' relevance."""
        if not self._told_about_search:
            self._told_about_search = True
            self._events.append(TownEvent(SEARCH_NOTE, now))
        words = words_of(query)
        if not words:
            return []
        scored = []
        for row in self.record.memories(name, now, limit=SEARCHED_MEMORIES):
            shared = len(words & words_of(row.text))
            line = memory_line(row)
            if shared and line is not None:
                hours = max(0.0, (now - row.time) / timedelta(hours=1))
                recency = math.pow(RECENCY_DECAY, hours)
                importance = max(0.0, min(1.0, row.importance / 10))
                relevance = shared / len(words)
                score = recency + importance + relevance
                scored.append(SearchHit(line, recency, importance, relevance, score))
        scored.sort(key=lambda hit: (-hit.score, hit.memory.id))
        return scored[:k]

    def traces(self, name: str, limit: int = 50) -> list[TraceLine]:
        return [trace_line(row) for row in self.record.traces(name, self.clock(), limit)]

    # --- what a replay refuses -------------------------------------------------------------------

    def ask(self, name: str, text: str, asking: Asking, now: datetime) -> str | None:
        return ASK_REFUSED

    def answering(self, name: str) -> bool:
        return False

    def replies(self) -> list[ChatLine]:
        return []

    def greetings(self) -> list[Greeting]:
        return []

    def set_object_state(self, key: str, text: str, now: datetime) -> str | None:
        return OBJECT_REFUSED

    def events(self) -> list[TownEvent]:
        events, self._events = self._events, []
        return events

    def set_visitor(self, name: str, description: str, tile: Tile, activity: str = "") -> None:
        """Nobody visits a replay."""

    def clear_visitor(self) -> None:
        """Nobody visits a replay."""

    def joined(self, name: str, description: str, takes_over: str | None, now: datetime) -> None:
        """Nobody joins a replay."""

    # --- objects ----------------------------------------------------------------------------------

    def objects_near(self, tile: Tile, radius: int = 8) -> list[ObjectInfo]:
        return self.objects.near(tile, radius, self.clock())

    def object_at(self, tile: Tile) -> ObjectInfo | None:
        return self.objects.at(tile, self.clock())


def action_text(name: str, row: PositionRow | None) -> str:
    """ "Isabella Rodriguez: brew coffee at the coffee machine (on the way)."."""
    if row is None or not row.activity.strip():
        return f"{name} is idle."
    doing = " ".join(row.activity.split())
    walking = " (on the way)" if row.walking else ""
    end = "" if doing.endswith((".", "!", "?", '"')) and not walking else "."
    return f"{name}: {doing}{walking}{end}"


def memory_line(row: MemoryRow) -> MemoryLine | None:
    """A memory row as the inspector lists it (None for a kind the inspector has no tab for)."""
    kind = next((known for known in MEMORY_KINDS if known == row.kind), None)
    if kind is None:
        return None
    return MemoryLine(row.id, kind, row.text, row.time, row.importance, row.evidence, row.depth)


def trace_line(row: TraceRow) -> TraceLine:
    """A model call as the Trace tab shows it: the prompt as "role: content" blocks."""
    return TraceLine(
        time=row.time,
        step=row.step,
        template=row.template,
        model=row.model,
        source=row.source,
        prompt=prompt_text(row.messages),
        answer=row.raw_answer,
        parsed=row.parsed,
        fallback=row.fallback,
        why=row.why,
        prompt_tokens=row.prompt_tokens,
        completion_tokens=row.completion_tokens,
        latency_ms=row.latency_ms,
    )


def prompt_text(messages: str) -> str:
    """A trace's messages (JSON: a list of {"role", "content"}) as "role: content" blocks;
    text that is not such a list is shown as it is."""
    try:
        value = json.loads(messages)
    except ValueError:
        return messages
    if not isinstance(value, list):
        return messages
    blocks = []
    for message in value:
        if isinstance(message, dict):
            blocks.append(f"{message.get('role', '?')}: {message.get('content', '')}")
        else:
            blocks.append(str(message))
    return "\n\n".join(blocks)


def words_of(text: str) -> frozenset[str]:
    """The words that say something (lower case, no stop words)."""
    return frozenset(WORD.findall(text.lower())) - STOP_WORDS

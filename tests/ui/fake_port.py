"""A `PlayerPort` with canned data for UI tests (no minds, no threads).

Two residents with minds: Isabella Rodriguez (a full card, a plan with the current step,
memories of every kind, reflections citing observations and a reflection citing a reflection,
relationships, model calls for the Trace tab: one by a model, one a fallback with a long
prompt, one by the offline brain) and Klaus Mueller (a few memories, no reflections, no model
calls). Objects at Hobbs Cafe.

It records what the panels asked (`asked`, `searches`, `object_changes`, `calls`) and answers
`ask` through `replies()` (at once, or after `release()` with `answer_at_once=False`).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import replace
from datetime import datetime, timedelta

from game.town.resident import Tile
from game.town.views import (
    OBJECT_STATE_MAX_CHARS,
    Asking,
    ChatLine,
    Greeting,
    MemoryKindName,
    MemoryLine,
    ObjectInfo,
    PlanLine,
    Relationship,
    ResidentCard,
    SearchHit,
    TownEvent,
    TraceLine,
)

NOW = datetime(2023, 2, 13, 9, 30)  # Monday
ISABELLA = "Isabella Rodriguez"
KLAUS = "Klaus Mueller"


def _at(hour: int, minute: int = 0, days: int = 0) -> datetime:
    return datetime(2023, 2, 13, hour, minute) - timedelta(days=days)


def isabella_memories() -> list[MemoryLine]:
    """Newest first, every kind; r2 cites r1 (a reflection tree two levels deep)."""
    lines = [
        MemoryLine("d1", "dialogue", "Klaus Mueller said the research paper on gentrification "
                   "is almost done and he would love to come to the party.", _at(9, 14), 5),
        MemoryLine("r2", "reflection", "Isabella is becoming the host the whole town counts "
                   "on for Valentine's Day.", _at(9, 5), 8, ("r1", "o3", "missing-id"), 2),
        MemoryLine("o4", "observation", "the coffee machine is brewing coffee", _at(8, 50), 2),
        MemoryLine("r1", "reflection", "Isabella cares about bringing people together at "
                   "Hobbs Cafe.", _at(8, 40), 7, ("o1", "o2"), 1),
        MemoryLine("o3", "observation", "Maria Lopez is studying for a chemistry test at the "
                   "cafe counter", _at(8, 20), 3),
        MemoryLine("p1", "plan", "plan for Monday February 13: open Hobbs Cafe at 8 am, "
                   "invite customers to the Valentine's Day party at 5 pm on February 14",
                   _at(7, 0), 6),
        MemoryLine("o2", "observation", "Klaus Mueller is drinking coffee and reading",
                   _at(8, 10), 3),
        MemoryLine("o1", "observation", "Isabella Rodriguez is opening Hobbs Cafe", _at(8, 0), 4),
        MemoryLine("o0", "observation", "Isabella Rodriguez is sleeping", _at(23, 0, days=1), 1),
    ]  # fmt: skip
    return sorted(lines, key=lambda m: m.created, reverse=True)


def isabella_card() -> ResidentCard:
    plan = (
        PlanLine("7:00 am", 60, "wake up and complete her morning routine"),
        PlanLine("8:00 am", 120, "open Hobbs Cafe and serve breakfast", current=True),
        PlanLine("10:00 am", 120, "invite customers to the Valentine's Day party"),
        PlanLine("12:00 pm", 60, "have lunch"),
        PlanLine("1:00 pm", 240, "decorate the cafe for the party with Maria"),
        PlanLine("5:00 pm", 180, "close the cafe and plan the party menu"),
        PlanLine("11:00 pm", 480, "go to bed"),
    )
    return ResidentCard(
        name=ISABELLA,
        slug="isabella_rodriguez",
        age=34,
        traits="friendly, outgoing, hospitable",
        description=(
            "Isabella Rodriguez is a cafe owner of Hobbs Cafe who loves to make people feel "
            "welcome. She is always looking for ways to make the cafe a place where people "
            "can come to relax and enjoy themselves. These days she is planning a "
            "Valentine's Day party at the cafe on February 14th, 2023, from 5 pm, and "
            "inviting everyone she meets; she hopes her regulars will bring their friends "
            "along and that the party becomes a yearly tradition in Smallville."
        ),
        action_emoji="☕",
        action="Isabella Rodriguez is brewing coffee for Klaus Mueller",
        address="Hobbs Cafe: cafe: behind the cafe counter",
        plan=plan,
    )


def klaus_card() -> ResidentCard:
    return ResidentCard(
        name=KLAUS,
        slug="klaus_mueller",
        age=20,
        traits="kind, inquisitive, passionate",
        description="Klaus Mueller is a student at Oak Hill College studying sociology.",
        action_emoji="📚",
        action="Klaus Mueller is reading about gentrification",
        address="Oak Hill College: library: library table",
        plan=(PlanLine("9:00 am", 180, "work on his research paper", current=True),),
    )


REACT_PROMPT = (
    "system: You decide how a person in a small town responds to what they notice. Answer "
    "as JSON.\n\nuser: Isabella Rodriguez is a cafe owner of Hobbs Cafe who loves to make "
    "people feel welcome.\nIt is Monday February 13, 2023, 9:14 am. Isabella Rodriguez is "
    "brewing coffee.\n\nIsabella Rodriguez notices: Klaus Mueller is drinking coffee and "
    "reading\n\nShould Isabella Rodriguez continue with the plan, react, or talk?"
)


def isabella_traces() -> list[TraceLine]:
    """Newest first: a model's answer, a fallback with a long prompt, the offline brain."""
    memories = "\n".join(
        f"{number}. Isabella Rodriguez noticed that customer {number} ordered a cappuccino "
        "and talked about the Valentine's Day party at the cafe"
        for number in range(1, 41)
    )
    return [
        TraceLine(
            _at(9, 14), "react", "react.txt", "gpt-4o-mini", "model", REACT_PROMPT,
            '{"decision": "talk", "activity": "", "minutes": 0}',
            '{"decision": "talk"}', prompt_tokens=310, completion_tokens=45, latency_ms=812.4,
        ),
        TraceLine(
            _at(9, 5), "rate_importance", "rate_importance.txt", "gpt-4o-mini", "fallback",
            "system: You rate how poignant memories are for a person in a small town. Answer "
            "as JSON.\n\nuser: Rate each of these 40 memories from 1 to 10:\n" + memories,
            "Sorry, I cannot rate these memories.", '{"ratings": [3, 3, 3]}', fallback=True,
            why="the answer was not valid JSON after 3 attempts (expected an object with "
            "'ratings')", prompt_tokens=2140, completion_tokens=9, latency_ms=2412.0,
        ),
        TraceLine(
            _at(7, 0), "day_plan", "day_plan.txt", "offline brain", "offline",
            "system: You plan a day.\n\nuser: Plan Isabella Rodriguez's Monday.", "",
            '{"items": ["wake up at 7 am", "open Hobbs Cafe at 8 am"]}', latency_ms=0.4,
        ),
    ]  # fmt: skip


class FakePort:
    """Canned minds and objects; see the module docstring."""

    def __init__(self, now: datetime = NOW, answer_at_once: bool = True) -> None:
        self.now = now
        self.answer_at_once = answer_at_once
        self.cards: dict[str, ResidentCard] = {ISABELLA: isabella_card(), KLAUS: klaus_card()}
        self.streams: dict[str, list[MemoryLine]] = {
            ISABELLA: isabella_memories(),
            KLAUS: [
                MemoryLine("k1", "observation", "the library is quiet", _at(9, 0), 2),
                MemoryLine("k2", "plan", "work on the research paper", _at(8, 0), 5),
            ],
        }
        self.people: dict[str, list[Relationship]] = {
            ISABELLA: [
                Relationship(KLAUS, "a regular who studies at the cafe", 2, _at(9, 14)),
                Relationship("Maria Lopez", "a close friend; a student", 0, None),
            ],
            KLAUS: [Relationship(ISABELLA, "runs the cafe", 2, _at(9, 14))],
        }
        self.objects: dict[str, ObjectInfo] = {
            info.key: info
            for info in (
                ObjectInfo("Hobbs Cafe:cafe:stove", "stove", "Hobbs Cafe: cafe", "idle", "idle",
                           tile=(10, 12)),
                ObjectInfo("Hobbs Cafe:cafe:coffee machine", "coffee machine",
                           "Hobbs Cafe: cafe", "brewing coffee", "idle", ISABELLA, (12, 12)),
            )
        }  # fmt: skip
        self.asked: list[tuple[str, str, Asking]] = []
        self.visitor: tuple[str, str, Tile, str] | None = None
        self.joins: list[tuple[str, str | None]] = []
        self.trace_lines: dict[str, list[TraceLine]] = {ISABELLA: isabella_traces()}
        self.searches: list[tuple[str, str]] = []
        self.object_changes: list[tuple[str, str]] = []
        self.calls: Counter[str] = Counter()
        self.answering_now: set[str] = set()
        self.pending: list[ChatLine] = []  # answers composed, not yet released
        self.ready: list[ChatLine] = []  # answers `replies()` hands out next
        self.waiting_greetings: list[Greeting] = []
        self.waiting_events: list[TownEvent] = []

    # --- minds ----------------------------------------------------------------------------

    def card(self, name: str, now: datetime) -> ResidentCard | None:
        self.calls["card"] += 1
        return self.cards.get(name)

    def memories(
        self, name: str, kinds: frozenset[MemoryKindName] | None = None, limit: int = 200
    ) -> list[MemoryLine]:
        self.calls["memories"] += 1
        stream = self.streams.get(name, [])
        return [m for m in stream if kinds is None or m.kind in kinds][:limit]

    def memory(self, name: str, memory_id: str) -> MemoryLine | None:
        self.calls["memory"] += 1
        return next((m for m in self.streams.get(name, []) if m.id == memory_id), None)

    def add_memory(self, name: str, memory: MemoryLine) -> None:
        """A new memory on top of `name`'s stream (as a perceiving mind would add)."""
        self.streams.setdefault(name, []).insert(0, memory)

    def search(self, name: str, query: str, now: datetime, k: int = 10) -> list[SearchHit]:
        """The paper's score: recency, importance and word-overlap relevance, each min-max
        normalised, summed."""
        self.calls["search"] += 1
        self.searches.append((name, query))
        stream = self.streams.get(name, [])
        if not stream:
            return []
        words = set(re.findall(r"\w+", query.lower()))
        recency: list[float] = []
        relevance: list[float] = []
        for memory in stream:
            hours = (now - memory.created).total_seconds() / 3600
            found = set(re.findall(r"\w+", memory.text.lower()))
            recency.append(0.995**hours)
            relevance.append(len(words & found) / math.sqrt(max(1, len(words) * len(found))))
        importance = [float(memory.importance) for memory in stream]
        columns = [_normalise(column) for column in (recency, importance, relevance)]
        hits = [
            SearchHit(memory, rec, imp, rel, rec + imp + rel)
            for memory, rec, imp, rel in zip(stream, *columns, strict=True)
        ]
        return sorted(hits, key=lambda hit: hit.score, reverse=True)[:k]

    def relationships(self, name: str) -> list[Relationship]:
        self.calls["relationships"] += 1
        return list(self.people.get(name, []))

    # --- chat -----------------------------------------------------------------------------

    def ask(self, name: str, text: str, asking: Asking, now: datetime) -> str | None:
        self.calls["ask"] += 1
        if name not in self.cards:
            return f"{name} is not a resident with a mind."
        if not text.strip():
            return "Type something first."
        if name in self.answering_now:
            return f"{name} is still answering."
        self.asked.append((name, text, asking))
        answer = ChatLine(name, name, f"You asked me: {text}. I am busy with the party!", now)
        if self.answer_at_once:
            self.ready.append(answer)
        else:
            self.answering_now.add(name)
            self.pending.append(answer)
        return None

    def release(self) -> None:
        """Finish every answer being composed (with `answer_at_once=False`)."""
        self.ready += self.pending
        self.pending = []
        self.answering_now.clear()

    def answering(self, name: str) -> bool:
        return name in self.answering_now

    def replies(self) -> list[ChatLine]:
        ready, self.ready = self.ready, []
        return ready

    def greetings(self) -> list[Greeting]:
        waiting, self.waiting_greetings = self.waiting_greetings, []
        return waiting

    def events(self) -> list[TownEvent]:
        waiting, self.waiting_events = self.waiting_events, []
        return waiting

    def traces(self, name: str, limit: int = 50) -> list[TraceLine]:
        self.calls["traces"] += 1
        return list(self.trace_lines.get(name, []))[:limit]

    def add_trace(self, name: str, line: TraceLine) -> None:
        """A new model call on top of `name`'s list (as a thinking mind would add)."""
        self.trace_lines.setdefault(name, []).insert(0, line)

    def set_visitor(self, name: str, description: str, tile: Tile, activity: str = "") -> None:
        self.visitor = (name, description, tile, activity)

    def clear_visitor(self) -> None:
        self.visitor = None

    def joined(self, name: str, description: str, takes_over: str | None, now: datetime) -> None:
        self.joins.append((name, takes_over))

    # --- objects --------------------------------------------------------------------------

    def objects_near(self, tile: Tile, radius: int = 8) -> list[ObjectInfo]:
        near = [o for o in self.objects.values() if math.dist(o.tile, tile) <= radius]
        return sorted(near, key=lambda o: math.dist(o.tile, tile))

    def object_at(self, tile: Tile) -> ObjectInfo | None:
        return next((o for o in self.objects.values() if o.tile == tile), None)

    def set_object_state(self, key: str, text: str, now: datetime) -> str | None:
        info = self.objects.get(key)
        state = " ".join(text.split())
        if info is None:
            return f"There is no object {key!r}."
        if not state:
            return "Describe the new state first."
        if len(state) > OBJECT_STATE_MAX_CHARS:
            return f"Keep it under {OBJECT_STATE_MAX_CHARS} characters."
        self.objects[key] = replace(info, state=state, changed_by="the visitor")
        self.object_changes.append((key, state))
        self.waiting_events.append(TownEvent(f"The {info.name} is now {state}.", now))
        return None


def _normalise(values: list[float]) -> list[float]:
    low, high = min(values), max(values)
    if high - low < 1e-9:
        return [0.5 for _ in values]
    return [(value - low) / (high - low) for value in values]

"""The inspector's Memories and Search tabs: the memory stream newest first, filtered by kind,
and retrieval as the mind runs it with its three components (recency, importance,
relevance)."""

from __future__ import annotations

import pygame

from game.town.views import MEMORY_KINDS, MemoryKindName, MemoryLine, SearchHit
from game.ui.inspector.rows import Row, Segment, hanging, paragraph, plain
from game.ui.inspector.tab import Tab, field_on_top
from game.ui.inspector.text import KIND_COLOURS, KIND_INITIALS, InspectorContext, format_when
from game.ui.widgets import ACCENT, DIM, TEXT, Button, TextField, layout_row
from game.world.clock import format_clock

MEMORY_LIMIT = 200
FILTERS: tuple[str, ...] = ("all", *MEMORY_KINDS)
SHORT_FILTERS = {"all": "all", "observation": "obs", "reflection": "refl", "plan": "plan",
                 "dialogue": "talk"}  # fmt: skip
CONTROLS_HEIGHT = 18
CONTINUATION = 24  # pixels later lines of a memory start in
SEARCH_HITS = 10
STRIPE = (36, 33, 52)  # behind every other memory


def memory_prefix(memory: MemoryLine, when: bool = True) -> tuple[Segment, ...]:
    """ "Mon 9:14 am O [7] ": the time, the kind's initial and the importance."""
    importance = (f"[{memory.importance}] ", ACCENT if memory.importance >= 7 else DIM)
    kind = (f"{KIND_INITIALS[memory.kind]} ", KIND_COLOURS[memory.kind])
    if not when:
        return (kind, importance)
    created = memory.created
    return ((f"{created:%a} {format_clock(created):>8} ", DIM), kind, importance)


class MemoriesTab(Tab):
    """The memory stream, newest first; buttons filter by kind."""

    key = "memories"
    label = "Memories"
    labels = ("Memories", "Mem")

    def __init__(self, context: InspectorContext) -> None:
        super().__init__(context)
        self.kind = "all"
        self.buttons = [Button(kind, kind, active=kind == "all") for kind in FILTERS]
        self.memories: list[MemoryLine] | None = None
        self.rows.stripe = STRIPE
        self._laid_out: dict[tuple[MemoryLine, int], list[Row]] = {}

    def kinds(self) -> frozenset[MemoryKindName] | None:
        for kind in MEMORY_KINDS:
            if kind == self.kind:
                return frozenset((kind,))
        return None

    def poll(self) -> bool:
        found = self.context.port.memories(self.context.resident, self.kinds(), MEMORY_LIMIT)
        changed = found != self.memories
        self.memories = found
        return changed

    def on_button(self, value: str) -> None:
        self.kind = value
        for button in self.buttons:
            button.active = button.value == value
        self.rows.offset = 0
        self.since_poll = 0.0
        self.poll()
        self.dirty = True

    def arrange(self, rect: pygame.Rect) -> pygame.Rect:
        text = self.context.text
        for button in self.buttons:
            button.label = button.value
        if layout_row(self.buttons, text, rect.x, rect.y, CONTROLS_HEIGHT) > rect.right:
            for button in self.buttons:
                button.label = SHORT_FILTERS[button.value]
            layout_row(self.buttons, text, rect.x, rect.y, CONTROLS_HEIGHT)
        top = rect.y + CONTROLS_HEIGHT + 8
        return pygame.Rect(rect.x, top, rect.width, rect.bottom - top)

    def build(self, width: int) -> list[Row]:
        wrapper = self.context.wrapper
        if not self.memories:
            what = "memories" if self.kind == "all" else f"{self.kind} memories"
            return paragraph(wrapper, f"No {what} yet.", DIM, width)
        if len(self._laid_out) > 4 * MEMORY_LIMIT:
            self._laid_out.clear()
        rows: list[Row] = []
        for memory in self.memories:
            laid_out = self._laid_out.get((memory, width))
            if laid_out is None:  # memories never change: lay each one out once
                laid_out = hanging(
                    wrapper, memory_prefix(memory), memory.text, TEXT, width,
                    continuation=CONTINUATION, key=memory.id,
                )  # fmt: skip
                self._laid_out[(memory, width)] = laid_out
            rows += laid_out
        return rows


class SearchTab(Tab):
    """Type words, press Enter: the hits retrieval would return, scored."""

    key = "search"
    label = "Search"
    labels = ("Search", "Find")

    def __init__(self, context: InspectorContext) -> None:
        super().__init__(context)
        self.field = TextField(limit=200, placeholder=" search memories, Enter", focused=False)
        self.query = ""
        self.hits: list[SearchHit] | None = None

    def on_submit(self, value: str) -> None:
        context = self.context
        self.query = value
        self.hits = context.port.search(context.resident, value, context.clock(), SEARCH_HITS)
        self.rows.offset = 0
        self.dirty = True

    def arrange(self, rect: pygame.Rect) -> pygame.Rect:
        return field_on_top(self, rect)

    def build(self, width: int) -> list[Row]:
        wrapper = self.context.wrapper
        if self.hits is None:
            hint = (
                "Type what to look for and press Enter: the memories the mind would retrieve, "
                "best first, each with its recency, importance and relevance (each 0 to 1) "
                "and their sum."
            )
            return paragraph(wrapper, hint, DIM, width)
        if not self.hits:
            return paragraph(wrapper, f'No memories match "{self.query}".', DIM, width)
        rows: list[Row] = []
        for number, hit in enumerate(self.hits, start=1):
            memory = hit.memory
            prefix = ((f"{number}. ", ACCENT), *memory_prefix(memory, when=False))
            indent = wrapper.width(f"{number}. ")
            rows += hanging(wrapper, prefix, memory.text, TEXT, width, continuation=indent)
            when, score = f"{format_when(memory.created)}  ", score_line(hit)
            if indent + wrapper.width(when + score) <= width:
                rows.append(Row(((when, DIM), (score, ACCENT)), indent))
            else:
                rows += [plain(when, DIM, indent), plain(score, ACCENT, indent)]
            rows.append(plain("", TEXT))
        return rows


def score_line(hit: SearchHit) -> str:
    """ "rec 0.82 imp 0.40 rel 0.91 = 1.95"."""
    return (
        f"rec {hit.recency:.2f} imp {hit.importance:.2f} rel {hit.relevance:.2f} = {hit.score:.2f}"
    )

"""The inspector's Reflections tab: each reflection with the memories it cites; a click opens
its evidence tree, and evidence that is itself a reflection opens further."""

from __future__ import annotations

from game.town.views import MemoryLine
from game.ui.inspector.memories import MEMORY_LIMIT, memory_prefix
from game.ui.inspector.rows import Row, clip, hanging, paragraph, plain
from game.ui.inspector.tab import Tab
from game.ui.inspector.text import InspectorContext
from game.ui.widgets import ACCENT, DIM, TEXT

LEVEL_INDENT = 16
EVIDENCE_LINES = 4  # rows of a cited memory (long dialogues are cut)
CLOSED_LINES = 6  # rows of a closed reflection
MAX_DEPTH = 8  # deeper trees show a note instead of more levels
PATH_SEPARATOR = "\x1f"  # joins memory ids into a row key (never part of an id)
OPEN, SHUT, LEAF = "▼ ", "▶ ", "· "


class ReflectionsTab(Tab):
    """Reflections newest first; `expanded` holds the open paths (ids from the root)."""

    key = "reflections"
    label = "Reflections"
    labels = ("Reflections", "Reflect", "Refl")

    def __init__(self, context: InspectorContext) -> None:
        super().__init__(context)
        self.reflections: list[MemoryLine] | None = None
        self.expanded: set[str] = set()
        self._looked_up: dict[str, MemoryLine | None] = {}

    def poll(self) -> bool:
        context = self.context
        found = context.port.memories(context.resident, frozenset(("reflection",)), MEMORY_LIMIT)
        changed = found != self.reflections
        self.reflections = found
        return changed

    def on_row(self, key: str) -> None:
        if key in self.expanded:
            below = key + PATH_SEPARATOR
            self.expanded = {p for p in self.expanded if p != key and not p.startswith(below)}
        else:
            self.expanded.add(key)
        self.dirty = True

    def lookup(self, memory_id: str) -> MemoryLine | None:
        """One memory by id, asked of the port once."""
        if memory_id not in self._looked_up:
            self._looked_up[memory_id] = self.context.port.memory(self.context.resident, memory_id)
        return self._looked_up[memory_id]

    def build(self, width: int) -> list[Row]:
        wrapper = self.context.wrapper
        if not self.reflections:
            note = (
                "No reflections yet: a resident reflects once the importance of what they "
                "noticed adds up past 150."
            )
            return paragraph(wrapper, note, DIM, width)
        rows: list[Row] = []
        for reflection in self.reflections:
            self._tree(rows, reflection, (reflection.id,), width)
            rows.append(plain("", TEXT))
        return rows

    def _tree(self, rows: list[Row], memory: MemoryLine, path: tuple[str, ...], width: int) -> None:
        wrapper = self.context.wrapper
        depth = len(path) - 1
        indent = depth * LEVEL_INDENT
        key = PATH_SEPARATOR.join(path)
        is_open = key in self.expanded
        marker = (OPEN if is_open else SHUT, ACCENT) if memory.evidence else (LEAF, DIM)
        own = hanging(
            wrapper,
            (marker, *memory_prefix(memory)),
            memory.text,
            TEXT if depth == 0 else DIM if not memory.evidence else TEXT,
            width,
            indent=indent,
            continuation=LEVEL_INDENT,
            key=key if memory.evidence else None,
        )
        if depth == 0:  # a closed reflection is cut; opening it shows all of it
            rows += own if is_open else clip(own, CLOSED_LINES)
        else:  # cited memories are cut (the Memories tab has them whole)
            rows += clip(own, EVIDENCE_LINES)
        if not memory.evidence:
            return
        inner = indent + LEVEL_INDENT
        if not is_open:
            count = len(memory.evidence)
            cites = f"cites {count} {'memory' if count == 1 else 'memories'} (click to open)"
            rows.append(plain(cites, DIM, inner, key))
            return
        if depth + 1 >= MAX_DEPTH:
            rows.append(plain("(deeper evidence not shown)", DIM, inner))
            return
        for evidence_id in memory.evidence:
            evidence = self.lookup(evidence_id)
            if evidence is None:
                rows += paragraph(wrapper, "(a memory no longer stored)", DIM, width, inner)
            elif evidence.id in path:
                rows += paragraph(wrapper, "(cites itself)", DIM, width, inner)
            else:
                self._tree(rows, evidence, (*path, evidence.id), width)

"""What every part of the inspector shares: the context it reads (port, text, resident, clock),
text made safe for the pixel font, a cached word wrap, and times as "Mon 9:14 am"."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from game.render.text import FontFilter, PixelText
from game.town.ports import PlayerPort
from game.town.views import Asking, ChatSession, MemoryKindName, ResidentCard
from game.ui.widgets import ACCENT, GOOD, Color, wrap
from game.world.clock import format_clock

KIND_COLOURS: dict[MemoryKindName, Color] = {
    "observation": (150, 200, 236),
    "reflection": (204, 164, 248),
    "plan": GOOD,
    "dialogue": (240, 150, 176),
}
KIND_INITIALS: dict[MemoryKindName, str] = {
    "observation": "O",
    "reflection": "R",
    "plan": "P",
    "dialogue": "D",
}
PERSON_COLOUR = ACCENT
WRAP_CACHE_SIZE = 4096


def format_when(moment: datetime | None) -> str:
    """ "Mon 9:14 am", or "never"."""
    return "never" if moment is None else f"{moment:%a} {format_clock(moment)}"


def wrap_columns(words: str, columns: int) -> list[str]:
    """Greedy word wrap to `columns` characters; longer words are cut."""
    lines: list[str] = []
    current = ""
    for word in words.split():
        while len(word) > columns:
            if current:
                lines.append(current)
                current = ""
            lines.append(word[:columns])
            word = word[columns:]
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= columns:
            current += " " + word
        else:
            lines.append(current)
            current = word
    lines.append(current)
    return lines


class Wrapper:
    """Word wrap at size 8, cached by (text, width): memories never change, so a refresh only
    wraps the new ones. With a monospaced font (Press Start 2P) it counts characters instead
    of measuring every word."""

    def __init__(self, text: PixelText) -> None:
        self.text = text
        self.filter = FontFilter(text)
        advances = {text.size(char, 8)[0] for char in "iWm .é"}
        self.advance = advances.pop() - 2 if len(advances) == 1 else 0  # 0: proportional
        self._cache: OrderedDict[tuple[str, int], list[str]] = OrderedDict()
        self._widths: dict[str, int] = {}

    def lines(self, words: str, width: int) -> list[str]:
        key = (words, width)
        found = self._cache.get(key)
        if found is None:
            found = self._wrap(self.filter.clean(words), max(16, width)) or [""]
            self._cache[key] = found
            if len(self._cache) > WRAP_CACHE_SIZE:
                self._cache.popitem(last=False)
        return found

    def _wrap(self, words: str, width: int) -> list[str]:
        if not self.advance:
            return wrap(self.text, words, width)
        columns = max(1, (width - 2) // self.advance)
        lines: list[str] = []
        for paragraph in words.split("\n"):
            lines += wrap_columns(paragraph, columns)
        return lines

    def width(self, words: str) -> int:
        """Advance of `words` at size 8 (without the outline's extra pixels)."""
        found = self._widths.get(words)
        if found is None:
            if len(self._widths) > WRAP_CACHE_SIZE:
                self._widths.clear()
            found = self._widths[words] = self.text.size(words, 8)[0] - 2
        return found


@dataclass
class InspectorContext:
    """What the inspector's parts read: the port, the resident, the time, the latest card."""

    port: PlayerPort
    text: PixelText
    resident: str
    clock: Callable[[], datetime]
    wrapper: Wrapper
    asking: Asking = field(default_factory=lambda: Asking("visitor", "Visitor"))
    session: ChatSession | None = None  # the chat shared with the chat panel, if any
    card: ResidentCard | None = None

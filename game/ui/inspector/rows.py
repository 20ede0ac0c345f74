"""Rows of size-8 text for the inspector's tabs: coloured segments, indents, click keys, and a
scrolling list that draws its visible rows into a cached surface (redrawn only when the rows,
the scroll position or the size change)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.render.text import PixelText
from game.ui.inspector.text import Wrapper
from game.ui.widgets import LINE, PANEL_EDGE, Color

Segment = tuple[str, Color]
SCROLL_BAR = 3


@dataclass(frozen=True)
class Row:
    """One line of text: segments drawn left to right after `indent` pixels."""

    segments: tuple[Segment, ...]
    indent: int = 0
    key: str | None = None  # what a click on this row means to its tab
    fill: Color | None = None  # a highlight behind the row


def plain(words: str, colour: Color, indent: int = 0, key: str | None = None) -> Row:
    return Row(((words, colour),), indent, key)


def paragraph(
    wrapper: Wrapper, words: str, colour: Color, width: int, indent: int = 0, key: str | None = None
) -> list[Row]:
    """`words` wrapped to `width` pixels, each line indented by `indent`."""
    return [plain(line, colour, indent, key) for line in wrapper.lines(words, width - indent)]


def hanging(
    wrapper: Wrapper,
    prefix: Sequence[Segment],
    words: str,
    colour: Color,
    width: int,
    *,
    indent: int = 0,
    continuation: int | None = None,
    key: str | None = None,
    fill: Color | None = None,
) -> list[Row]:
    """`prefix` then `words` wrapped: later lines start `continuation` pixels in (default:
    under the first word, a hanging indent)."""
    prefix_width = sum(wrapper.width(part) for part, _ in prefix)
    first_width = width - indent - prefix_width
    under = prefix_width if continuation is None else continuation
    lines = wrapper.lines(words, first_width)
    rows = [Row((*prefix, (lines[0], colour)), indent, key, fill)]
    if len(lines) > 1:
        rest = " ".join(lines[1:])  # rewrap the rest to the wider continuation width
        for line in wrapper.lines(rest, width - indent - under):
            rows.append(Row(((line, colour),), indent + under, key, fill))
    return rows


def clip(rows: list[Row], most: int, more: str = " ...") -> list[Row]:
    """At most `most` rows; when cut, the last one ends with `more` (in its last colour)."""
    if len(rows) <= most:
        return rows
    last = rows[most - 1]
    *segments, (words, colour) = last.segments
    cut = words[: max(0, len(words) - len(more))].rstrip() + more
    return [*rows[: most - 1], Row((*segments, (cut, colour)), last.indent, last.key, last.fill)]


class RowList:
    """Rows shown in a rect from `offset` down; the wheel scrolls it."""

    def __init__(self, text: PixelText, wrapper: Wrapper) -> None:
        self.text = text
        self.wrapper = wrapper
        self.rows: list[Row] = []
        self.offset = 0
        self.stripe: Color | None = None  # behind every other run of rows with the same key
        self._version = 0
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple[int, int, int, int] | None = None
        self._visible = 1

    def set(self, rows: list[Row], keep_place: bool = True) -> None:
        """Replace the rows; with `keep_place` the row on top stays on top (by its key)."""
        anchor = self.rows[self.offset].key if keep_place and self.offset < len(self.rows) else None
        self.rows = rows
        if anchor is not None and self.offset:
            for index, row in enumerate(rows):
                if row.key == anchor:
                    self.offset = index
                    break
        self._clamp()
        self._version += 1

    def visible_count(self, rect: pygame.Rect) -> int:
        return max(1, rect.height // LINE)

    def _clamp(self) -> None:
        self.offset = max(0, min(self.offset, len(self.rows) - self._visible))

    def scroll(self, rows: int) -> None:
        self.offset += rows
        self._clamp()

    def scroll_to_end(self) -> None:
        self.offset = len(self.rows)
        self._clamp()

    def show(self, index: int) -> None:
        """Scroll so row `index` is visible (a few rows below the top when possible)."""
        if not self.offset <= index < self.offset + self._visible:
            self.offset = index - 2
            self._clamp()

    def row_at(self, point: tuple[int, int], rect: pygame.Rect) -> Row | None:
        if not rect.collidepoint(point):
            return None
        index = self.offset + (point[1] - rect.y) // LINE
        return self.rows[index] if 0 <= index < len(self.rows) else None

    def fit(self, rect: pygame.Rect) -> None:
        """Learn how many rows `rect` shows (scrolling and `show` depend on it)."""
        visible = self.visible_count(rect)
        if visible != self._visible:
            self._visible = visible
            self._clamp()

    def draw(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        self.fit(rect)
        key = (self._version, self.offset, rect.width, rect.height)
        if self._cache is None or key != self._cache_key:
            self._cache = self._render(rect.size)
            self._cache_key = key
        screen.blit(self._cache, rect.topleft)

    def _stripes(self) -> list[bool]:
        """For each visible row: does it get the stripe (every other key, counted from the
        top)?"""
        if self.stripe is None:
            return [False] * self._visible
        shown: list[bool] = []
        odd, previous = True, object()
        for index, row in enumerate(self.rows[: self.offset + self._visible]):
            if row.key != previous:
                odd, previous = not odd, row.key
            if index >= self.offset:
                shown.append(odd)
        return shown + [False] * (self._visible - len(shown))

    def _render(self, size: tuple[int, int]) -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        width = size[0] - SCROLL_BAR - 2
        striped = self._stripes()
        for number, row in enumerate(self.rows[self.offset : self.offset + self._visible]):
            y = number * LINE
            fill = row.fill or (self.stripe if striped[number] else None)
            if fill is not None:
                surface.fill(fill, (0, y - 1, width, LINE))
            x = row.indent
            for words, colour in row.segments:
                if words:
                    surface.blit(self.text.render(words, 8, colour), (x, y))
                    x += self.wrapper.width(words)
        if len(self.rows) > self._visible:  # the scroll bar
            share = self._visible / len(self.rows)
            bar = max(8, int(size[1] * share))
            most = max(1, len(self.rows) - self._visible)
            top = int((size[1] - bar) * self.offset / most)
            surface.fill(PANEL_EDGE, (size[0] - SCROLL_BAR, top, SCROLL_BAR, bar))
        return surface

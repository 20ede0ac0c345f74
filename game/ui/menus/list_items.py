"""The selectable lists a menu may hold: `ListItem` (one selected row, Enter activates) and
`CheckListItem` (rows ticked on and off), each row a `ListRow`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.render.text import PixelText
from game.ui.menus.items import ENTER_KEYS, Item
from game.ui.widgets import (
    ACCENT,
    BUTTON,
    BUTTON_HOVER,
    DIM,
    FIELD,
    LINE,
    PANEL_EDGE,
    TEXT,
    Color,
)


@dataclass
class ListRow:
    """One entry of a `ListItem`: its lines, a note drawn right-aligned on the first line,
    and whether it is usable (greyed when not)."""

    lines: list[tuple[str, Color]]
    enabled: bool = True
    note: str = ""


class ListItem(Item):
    """A scrollable list with one selected row: Up/Down (PageUp/PageDown, Home/End) move the
    selection and leave the list at its ends; Enter calls `on_activate`; a click selects."""

    steers = True

    def __init__(
        self,
        rows: Sequence[ListRow],
        visible_rows: int,
        on_activate: Callable[[int], None] | None = None,
        on_select: Callable[[int], None] | None = None,
        empty: str = "",
    ) -> None:
        super().__init__("list")
        self.visible_rows = visible_rows
        self.on_activate = on_activate
        self.on_select = on_select
        self.empty = empty
        self.rows: list[ListRow] = []
        self.selected = -1
        self.offset = 0
        self.set_rows(rows)

    def set_rows(self, rows: Sequence[ListRow], selected: int = 0) -> None:
        self.rows = list(rows)
        self.selected = min(max(0, selected), len(self.rows) - 1) if self.rows else -1
        self.offset = 0
        self._keep_in_view()

    @property
    def row_height(self) -> int:
        lines = max((len(row.lines) for row in self.rows), default=1)
        return lines * LINE + 6

    def height(self, text: PixelText, width: int) -> int:
        return self.visible_rows * self.row_height + 4

    def select(self, index: int) -> None:
        if not self.rows:
            return
        self.selected = min(max(0, index), len(self.rows) - 1)
        self._keep_in_view()
        if self.on_select is not None:
            self.on_select(self.selected)

    def _keep_in_view(self) -> None:
        if self.selected < self.offset:
            self.offset = self.selected
        elif self.selected >= self.offset + self.visible_rows:
            self.offset = self.selected - self.visible_rows + 1
        self.offset = max(0, min(self.offset, len(self.rows) - self.visible_rows))

    def key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN or not self.rows:
            return False
        moves = {
            pygame.K_UP: -1,
            pygame.K_DOWN: 1,
            pygame.K_PAGEUP: -self.visible_rows,
            pygame.K_PAGEDOWN: self.visible_rows,
            pygame.K_HOME: -len(self.rows),
            pygame.K_END: len(self.rows),
        }
        if event.key in moves:
            target = self.selected + moves[event.key]
            if not 0 <= target < len(self.rows) and event.key in (pygame.K_UP, pygame.K_DOWN):
                return False  # past an end: the menu moves the focus on
            self.select(target)
            return True
        if event.key in ENTER_KEYS and self.on_activate is not None:
            self.on_activate(self.selected)
            return True
        return False

    def click(self, pos: tuple[int, int]) -> None:
        index = self.offset + (pos[1] - self.rect.y - 2) // self.row_height
        if 0 <= index < len(self.rows) and index < self.offset + self.visible_rows:
            self.select(index)

    def wheel(self, rows: int) -> None:
        most = max(0, len(self.rows) - self.visible_rows)
        self.offset = min(most, max(0, self.offset + rows))

    def draw(self, canvas: pygame.Surface, text: PixelText, focused: bool, hovered: bool) -> None:
        pygame.draw.rect(canvas, FIELD, self.rect)
        pygame.draw.rect(canvas, ACCENT if focused else PANEL_EDGE, self.rect, 1)
        if not self.rows:
            face = text.render(self.empty, 8, DIM)
            canvas.blit(face, face.get_rect(center=self.rect.center))
            return
        height = self.row_height
        shown = self.rows[self.offset : self.offset + self.visible_rows]
        for number, row in enumerate(shown, start=self.offset):
            top = self.rect.y + 2 + (number - self.offset) * height
            band = pygame.Rect(self.rect.x + 2, top, self.rect.width - 8, height - 1)
            if number == self.selected:
                pygame.draw.rect(canvas, BUTTON_HOVER if focused else BUTTON, band)
                if focused:
                    pygame.draw.rect(canvas, ACCENT, band, 1)
            for line_number, (line, colour) in enumerate(row.lines):
                shade = colour if row.enabled else DIM
                face = text.render(line, 8, shade)
                canvas.blit(face, (band.x + 6, top + 3 + line_number * LINE))
            if row.note:
                face = text.render(row.note, 8, DIM)
                canvas.blit(face, face.get_rect(topright=(band.right - 6, top + 3)))
        if len(self.rows) > self.visible_rows:  # a scroll bar
            share = self.visible_rows / len(self.rows)
            bar = max(8, int((self.rect.height - 4) * share))
            room = self.rect.height - 4 - bar
            most = len(self.rows) - self.visible_rows
            top = self.rect.y + 2 + int(room * self.offset / max(1, most))
            pygame.draw.rect(canvas, PANEL_EDGE, (self.rect.right - 5, top, 3, bar))


class CheckListItem(ListItem):
    """A `ListItem` of names that can each be ticked: Space or Enter ticks the selected row,
    a click ticks the row clicked. `checked` holds the ticked names."""

    def __init__(
        self,
        names: Sequence[str],
        checked: Sequence[str],
        visible_rows: int,
        empty: str = "",
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self.on_change = on_change
        super().__init__([], visible_rows, empty=empty)
        self.set_names(names, checked)

    def set_names(self, names: Sequence[str], checked: Sequence[str]) -> None:
        """A new list of names (ticks kept for the names still in it)."""
        self.names = list(names)
        self.checked = {name for name in checked if name in self.names}
        self._refresh()

    def _refresh(self) -> None:
        rows = [
            ListRow([(f"[{'x' if name in self.checked else ' '}] {name}", TEXT)])
            for name in self.names
        ]
        selected, offset = self.selected, self.offset
        self.set_rows(rows, selected)
        self.offset = offset
        self._keep_in_view()

    def toggle(self, index: int) -> None:
        if not 0 <= index < len(self.names) or not self.enabled:
            return
        name = self.names[index]
        self.checked.symmetric_difference_update({name})
        self._refresh()
        if self.on_change is not None:
            self.on_change()

    def ticked(self) -> list[str]:
        """The ticked names, in the list's order."""
        return [name for name in self.names if name in self.checked]

    def key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, *ENTER_KEYS):
            self.toggle(self.selected)
            return bool(self.rows)
        return super().key(event)

    def click(self, pos: tuple[int, int]) -> None:
        index = self.offset + (pos[1] - self.rect.y - 2) // self.row_height
        if 0 <= index < len(self.rows) and index < self.offset + self.visible_rows:
            self.select(index)
            self.toggle(index)

"""The rows a menu is made of: buttons, text fields, option pickers, selectable lists and
lines of text. Each focusable `Item` takes keys while focused, clicks, wheel turns, and draws
itself in the rect the menu gave it (in menu pixels, see `base.MenuPanel`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import pygame

from game.render.text import PixelText
from game.ui.widgets import (
    ACCENT,
    BUTTON,
    BUTTON_HOVER,
    DIM,
    FIELD,
    FIELD_FOCUS,
    LINE,
    PANEL_EDGE,
    TEXT,
    Button,
    Color,
    TextField,
    wrap,
)

T = TypeVar("T")
ROW = 18  # height of a field or an option
BUTTON_HEIGHT = 20
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class Item:
    """A focusable row. `takes_text`: gets TEXTINPUT; `steers`: uses Up/Down itself."""

    takes_text = False
    steers = False

    def __init__(self, label: str = "", enabled: bool = True) -> None:
        self.label = label
        self.enabled = enabled
        self.rect = pygame.Rect(0, 0, 0, 0)

    def height(self, text: PixelText, width: int) -> int:
        return ROW

    def key(self, event: pygame.event.Event) -> bool:
        """A KEYDOWN (or TEXTINPUT) while focused; True when used."""
        return False

    def click(self, pos: tuple[int, int]) -> None:
        """A left click at `pos` (menu pixels) inside `rect`."""

    def wheel(self, rows: int) -> None:
        """The mouse wheel turned over the item (positive: down)."""

    def draw(self, canvas: pygame.Surface, text: PixelText, focused: bool, hovered: bool) -> None:
        raise NotImplementedError


class ButtonItem(Item):
    """Enter, Space or a click calls `on_press`."""

    def __init__(
        self, label: str, on_press: Callable[[], None], enabled: bool = True, width: int = 0
    ) -> None:
        super().__init__(label, enabled)
        self.on_press = on_press
        self.width = width  # 0: as wide as the label

    def height(self, text: PixelText, width: int) -> int:
        return BUTTON_HEIGHT

    def natural_width(self, text: PixelText) -> int:
        return max(self.width, text.size(self.label, 8)[0] + 16)

    def press(self) -> None:
        if self.enabled:
            self.on_press()

    def key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (*ENTER_KEYS, pygame.K_SPACE):
            self.press()
            return True
        return False

    def click(self, pos: tuple[int, int]) -> None:
        self.press()

    def draw(self, canvas: pygame.Surface, text: PixelText, focused: bool, hovered: bool) -> None:
        Button(self.label, self.label, self.rect, enabled=self.enabled).draw(
            canvas, text, hovered=(focused or hovered) and self.enabled
        )
        if focused and self.enabled:
            pygame.draw.rect(canvas, ACCENT, self.rect, 1)


class FieldItem(Item):
    """A labelled one-line text field with an optional hint under it. Enter calls
    `on_submit` (the menu moves on to the next row when it is None)."""

    takes_text = True

    def __init__(
        self,
        label: str,
        field: TextField,
        hint: str = "",
        label_width: int = 120,
        on_submit: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(label)
        self.field = field
        self.field.focused = False
        self.hint = hint
        self.label_width = label_width
        self.on_submit = on_submit
        self.submitted = False  # set on Enter when there is no on_submit (the menu moves on)

    def _hint_lines(self, text: PixelText, width: int) -> list[str]:
        return wrap(text, self.hint, width - self.label_width) if self.hint else []

    def height(self, text: PixelText, width: int) -> int:
        return ROW + LINE * len(self._hint_lines(text, width)) + (2 if self.hint else 0)

    def key(self, event: pygame.event.Event) -> bool:
        self.field.focused = self.enabled  # only the focused row gets keys
        result = self.field.handle(event)
        if result == "submit":
            if self.on_submit is not None:
                self.on_submit()
            else:
                self.submitted = True
            return True
        return result in ("changed",) or event.type == pygame.TEXTINPUT

    def draw(self, canvas: pygame.Surface, text: PixelText, focused: bool, hovered: bool) -> None:
        colour = TEXT if self.enabled else DIM
        label = text.render(self.label, 8, ACCENT if focused else colour)
        canvas.blit(label, (self.rect.x, self.rect.y + (ROW - label.get_height()) // 2))
        box = pygame.Rect(
            self.rect.x + self.label_width, self.rect.y, self.rect.width - self.label_width, ROW
        )
        self.field.focused = focused and self.enabled
        if self.enabled:
            self.field.draw(canvas, text, box, blink=pygame.time.get_ticks() / 1000)
        else:  # greyed: the text stays readable, no cursor
            pygame.draw.rect(canvas, FIELD, box)
            pygame.draw.rect(canvas, PANEL_EDGE, box, 1)
            shown = "*" * len(self.field.text) if self.field.secret else self.field.text
            face = text.render(shown, 8, DIM)
            area = pygame.Rect(0, 0, box.width - 8, face.get_height())
            canvas.blit(face, (box.x + 4, box.y + (ROW - face.get_height()) // 2), area)
        y = box.bottom + 2
        for line in self._hint_lines(text, self.rect.width):
            canvas.blit(text.render(line, 8, DIM), (box.x, y))
            y += LINE


class OptionItem(Item, Generic[T]):
    """A labelled choice among `options` ((value, label) pairs): Left/Right, Enter, Space or a
    click (left half: back, right half: on) move through them."""

    def __init__(
        self,
        label: str,
        options: Sequence[tuple[T, str]],
        value: T,
        label_width: int = 120,
        on_change: Callable[[T], None] | None = None,
    ) -> None:
        super().__init__(label)
        self.options = list(options)
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.label_width = label_width
        self.on_change = on_change

    @property
    def value(self) -> T:
        return self.options[self.index][0]

    def step(self, by: int) -> None:
        if not self.enabled or not self.options:
            return
        self.index = (self.index + by) % len(self.options)
        if self.on_change is not None:
            self.on_change(self.value)

    def key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_LEFT:
            self.step(-1)
        elif event.key in (pygame.K_RIGHT, pygame.K_SPACE, *ENTER_KEYS):
            self.step(1)
        else:
            return False
        return True

    def click(self, pos: tuple[int, int]) -> None:
        box_x = self.rect.x + self.label_width
        middle = box_x + (self.rect.right - box_x) // 2
        self.step(-1 if pos[0] < middle else 1)

    def draw(self, canvas: pygame.Surface, text: PixelText, focused: bool, hovered: bool) -> None:
        colour = TEXT if self.enabled else DIM
        label = text.render(self.label, 8, ACCENT if focused else colour)
        canvas.blit(label, (self.rect.x, self.rect.y + (ROW - label.get_height()) // 2))
        box = pygame.Rect(
            self.rect.x + self.label_width, self.rect.y, self.rect.width - self.label_width, ROW
        )
        pygame.draw.rect(canvas, FIELD_FOCUS if focused else FIELD, box)
        pygame.draw.rect(canvas, ACCENT if focused else PANEL_EDGE, box, 1)
        arrows = ACCENT if focused else DIM
        left, right = text.render("<", 8, arrows), text.render(">", 8, arrows)
        y = box.y + (ROW - left.get_height()) // 2
        canvas.blit(left, (box.x + 4, y))
        canvas.blit(right, (box.right - 4 - right.get_width(), y))
        shown = self.options[self.index][1] if self.options else ""
        face = text.render(shown, 8, colour)
        canvas.blit(face, face.get_rect(center=box.center))


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


@dataclass
class TextLine:
    """Words to show (wrapped to the menu's width); not focusable."""

    words: str
    colour: Color = TEXT
    centred: bool = True
    size: int = 8


@dataclass
class Gap:
    pixels: int


@dataclass
class ButtonRow:
    """Buttons side by side, centred; Left/Right move between them."""

    buttons: list[ButtonItem] = field(default_factory=list)

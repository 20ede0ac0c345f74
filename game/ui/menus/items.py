"""The rows a menu is made of: buttons, text fields, option pickers and lines of text (the
selectable lists are `list_items.py`). Each focusable `Item` takes keys while focused,
clicks, wheel turns, and draws itself in the rect the menu gave it (in menu pixels, see
`base.MenuPanel`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import pygame

from game.render.text import PixelText
from game.ui.widgets import (
    ACCENT,
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

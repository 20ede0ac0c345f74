"""`MenuPanel`: a modal panel of rows (buttons, fields, options, lists, text) centred on the
screen, driven by keys (Up/Down/Tab, Left/Right, Enter, Esc) and the mouse.

A menu is drawn on a canvas in "menu pixels" and scaled up by a whole factor, so the 8-px
pixel font stays crisp and readable from 800×600 (×1) to 1920×1080 (×3): the canvas is never
smaller than 640×360 unless the window is. Mouse positions are mapped back the same way.

Subclasses describe what to show in `rows()` (rebuilt on every event and frame, so it can
depend on the menu's state) and set `self.choice` when the player decides; `back()` is what
Esc does. The app reads `take_choice()` and never needs to know a menu's insides.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.render.text import PixelText
from game.ui.loading import BACKGROUND, DIM_TEXT, TITLE
from game.ui.menus.choices import Choice
from game.ui.menus.items import ButtonItem, ButtonRow, FieldItem, Gap, Item, TextLine
from game.ui.panels import Panel
from game.ui.widgets import DIM, ERROR, GOOD, LINE, PANEL, PANEL_EDGE, Color, wrap

Row = Item | ButtonRow | TextLine | Gap
MENU_SIZE = (640, 360)  # the canvas is at least this big (in menu pixels) when it can be
ROW_GAP = 6
PADDING = 12
DIMMING = (8, 6, 14, 176)  # over the town


def menu_scale(size: tuple[int, int]) -> int:
    """The whole factor the menu is scaled by in a window of `size`."""
    return max(1, min(size[0] // MENU_SIZE[0], size[1] // MENU_SIZE[1]))


class MenuPanel(Panel):
    """Base of every menu. `over_town`: dim the town behind instead of the title's sky."""

    modal = True
    width = 440  # the box's width in menu pixels (capped by the canvas)
    title_size = 16
    boxed = True

    def __init__(self, text: PixelText, title: str, over_town: bool = False) -> None:
        super().__init__()
        self.text = text
        self.title = title
        self.over_town = over_town
        self.choice: Choice | None = None
        self.message = ""
        self.message_colour: Color = DIM
        self.seconds = 0.0
        self.scale = 1
        self.offset = (0, 0)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.focused: Item | None = None
        self._hover: tuple[int, int] | None = None
        self._canvas: pygame.Surface | None = None

    # --- for subclasses -------------------------------------------------------------------

    def rows(self) -> list[Row]:
        raise NotImplementedError

    def back(self) -> None:
        """What Esc does (when no field or list used it)."""

    def say(self, message: str, kind: str = "error") -> None:
        """Show `message` in the status line: "error" (red), "good" (green) or "info"."""
        self.message = message
        self.message_colour = {"error": ERROR, "good": GOOD}.get(kind, DIM_TEXT)

    def status_row(self) -> TextLine:
        return TextLine(self.message, self.message_colour)

    # --- for the app ----------------------------------------------------------------------

    def take_choice(self) -> Choice | None:
        """The player's choice, once (cleared when read)."""
        choice, self.choice = self.choice, None
        return choice

    def items(self) -> list[Item]:
        """The focusable rows, in focus order."""
        found: list[Item] = []
        for row in self.rows():
            if isinstance(row, Item):
                found.append(row)
            elif isinstance(row, ButtonRow):
                found.extend(row.buttons)
        return found

    def button(self, label: str) -> ButtonItem:
        """The button labelled `label` (tests and the app's tutorials use it)."""
        for item in self.items():
            if isinstance(item, ButtonItem) and item.label == label:
                return item
        raise KeyError(label)

    def focus(self, item: Item | None) -> None:
        self.focused = item

    def wants_text(self) -> bool:
        return self.focused is not None and self.focused.takes_text and self.focused.enabled

    def to_menu(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window position in menu pixels."""
        return ((pos[0] - self.offset[0]) // self.scale, (pos[1] - self.offset[1]) // self.scale)

    # --- input ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        items = [item for item in self.items() if item.enabled]
        if self.focused not in items:
            self.focused = items[0] if items else None
        if event.type == pygame.KEYDOWN:
            self._key(event, items)
        elif event.type == pygame.TEXTINPUT:
            if self.focused is not None and self.focused.takes_text:
                self.focused.key(event)
        elif event.type == pygame.MOUSEMOTION:
            self._hover = self.to_menu(event.pos)
            hovered = self._item_at(self._hover, items)
            typing = self.focused is not None and self.focused.takes_text
            if isinstance(hovered, ButtonItem) and not typing:
                self.focused = hovered
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            point = self.to_menu(event.pos)
            clicked = self._item_at(point, items)
            if clicked is not None:
                self.focused = clicked
                clicked.click(point)
        elif event.type == pygame.MOUSEWHEEL and self._hover is not None:
            under = self._item_at(self._hover, items)
            if under is not None:
                under.wheel(-event.y)
        return True  # modal: nothing reaches the town

    def _key(self, event: pygame.event.Event, items: list[Item]) -> None:
        item = self.focused
        if item is not None and item.key(event):
            if isinstance(item, FieldItem) and item.submitted:
                item.submitted = False
                self._move(items, 1)
            return
        key = event.key
        backwards = bool(event.mod & pygame.KMOD_SHIFT)
        if key == pygame.K_ESCAPE:
            self.back()
        elif key == pygame.K_UP:
            self._move(items, -1)
        elif key == pygame.K_DOWN:
            self._move(items, 1)
        elif key == pygame.K_TAB:
            self._move(items, -1 if backwards else 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and isinstance(item, ButtonItem):
            row = self._row_of(item)
            if row is not None:
                buttons = [b for b in row.buttons if b.enabled]
                step = -1 if key == pygame.K_LEFT else 1
                self.focused = buttons[(buttons.index(item) + step) % len(buttons)]

    def _move(self, items: list[Item], step: int) -> None:
        if not items:
            return
        index = items.index(self.focused) if self.focused in items else -step
        self.focused = items[(index + step) % len(items)]

    def _row_of(self, button: ButtonItem) -> ButtonRow | None:
        for row in self.rows():
            if isinstance(row, ButtonRow) and button in row.buttons:
                return row
        return None

    @staticmethod
    def _item_at(point: tuple[int, int], items: Sequence[Item]) -> Item | None:
        for item in items:
            if item.rect.collidepoint(point):
                return item
        return None

    def update(self, real_seconds: float, now: object = None) -> None:
        self.seconds += real_seconds

    # --- drawing --------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        screen_size = screen.get_size()
        rows = self.rows()
        if self.focused not in [i for i in self.items() if i.enabled]:
            enabled = [i for i in self.items() if i.enabled]
            self.focused = enabled[0] if enabled else None
        self.scale = menu_scale(screen_size)
        while True:  # a menu taller than the window is drawn at a smaller whole factor
            size = (screen_size[0] // self.scale, screen_size[1] // self.scale)
            placed = self._layout(rows, size)
            if self.box.bottom <= size[1] - 4 or self.scale == 1:
                break
            self.scale -= 1
        canvas = self._canvas_of(size)
        if self.over_town:
            canvas.fill(DIMMING)
        else:
            canvas.fill(BACKGROUND)
            draw_stars(canvas, self.seconds)
        if self.boxed:
            draw_box(canvas, self.box)
        self._draw_rows(canvas, placed)
        if self.scale == 1:
            self.offset = (0, 0)
            screen.blit(canvas, (0, 0))
        else:
            scaled = pygame.transform.scale(canvas, (size[0] * self.scale, size[1] * self.scale))
            self.offset = (
                (screen_size[0] - scaled.get_width()) // 2,
                (screen_size[1] - scaled.get_height()) // 2,
            )
            screen.blit(scaled, self.offset)
        self.rect = screen.get_rect()

    def _canvas_of(self, size: tuple[int, int]) -> pygame.Surface:
        if self._canvas is None or self._canvas.get_size() != size:
            self._canvas = pygame.Surface(size, pygame.SRCALPHA)
        return self._canvas

    def _inner_width(self, size: tuple[int, int]) -> int:
        return min(self.width, size[0] - 16) - 2 * PADDING

    def _row_height(self, row: Row, width: int) -> int:
        if isinstance(row, Gap):
            return row.pixels
        if isinstance(row, TextLine):
            lines = wrap(self.text, row.words, width, row.size) if row.words else []
            return len(lines) * (LINE if row.size == 8 else row.size + 6)
        if isinstance(row, ButtonRow):
            return max((b.height(self.text, width) for b in row.buttons), default=0)
        return row.height(self.text, width)

    def _layout(self, rows: list[Row], size: tuple[int, int]) -> list[tuple[Row, pygame.Rect]]:
        """Place the rows top to bottom in a box centred on the canvas."""
        inner = self._inner_width(size)
        heading = self.text.size(self.title, self.title_size)[1] + 10 if self.title else 0
        heights = [self._row_height(row, inner) for row in rows]
        shown = [h for h in heights if h > 0]
        total = heading + sum(shown) + ROW_GAP * max(0, len(shown) - 1) + 2 * PADDING
        self.box = pygame.Rect(0, 0, inner + 2 * PADDING, total)
        self.box.center = (size[0] // 2, size[1] // 2)
        self.box.top = max(4, self.box.top)
        x, y = self.box.x + PADDING, self.box.y + PADDING + heading
        placed: list[tuple[Row, pygame.Rect]] = []
        for row, height in zip(rows, heights, strict=True):
            if height <= 0:
                continue
            rect = pygame.Rect(x, y, inner, height)
            if isinstance(row, Item):
                row.rect = rect
            elif isinstance(row, ButtonRow):
                self._layout_buttons(row, rect)
            placed.append((row, rect))
            y += height + ROW_GAP
        return placed

    def _layout_buttons(self, row: ButtonRow, rect: pygame.Rect) -> None:
        widths = [button.natural_width(self.text) for button in row.buttons]
        total = sum(widths) + 8 * max(0, len(widths) - 1)
        x = rect.centerx - total // 2
        for button, width in zip(row.buttons, widths, strict=True):
            button.rect = pygame.Rect(x, rect.y, width, rect.height)
            x += width + 8

    def _draw_rows(self, canvas: pygame.Surface, placed: list[tuple[Row, pygame.Rect]]) -> None:
        if self.title:
            face = self.text.render(self.title, self.title_size, TITLE)
            canvas.blit(face, face.get_rect(midtop=(self.box.centerx, self.box.y + PADDING)))
        hover = self._hover
        for row, rect in placed:
            if isinstance(row, TextLine):
                self._draw_text(canvas, row, rect)
                continue
            items = (
                row.buttons
                if isinstance(row, ButtonRow)
                else [row]
                if isinstance(row, Item)
                else []
            )
            for item in items:
                hovered = hover is not None and item.rect.collidepoint(hover)
                item.draw(canvas, self.text, item is self.focused, hovered)

    def _draw_text(self, canvas: pygame.Surface, row: TextLine, rect: pygame.Rect) -> None:
        step = LINE if row.size == 8 else row.size + 6
        for number, line in enumerate(wrap(self.text, row.words, rect.width, row.size)):
            face = self.text.render(line, row.size, row.colour)
            top = rect.y + number * step
            if row.centred:
                canvas.blit(face, face.get_rect(midtop=(rect.centerx, top)))
            else:
                canvas.blit(face, (rect.x, top))


def draw_box(canvas: pygame.Surface, rect: pygame.Rect) -> None:
    """The menu's panel: translucent, with a 1-px edge and a lighter inner line."""
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    box.fill((*PANEL[:3], 240))
    canvas.blit(box, rect.topleft)
    pygame.draw.rect(canvas, PANEL_EDGE, rect, 1)
    pygame.draw.rect(canvas, (*DIM, 60), rect.inflate(-4, -4), 1)


def draw_stars(canvas: pygame.Surface, seconds: float) -> None:
    """The loading screen's twinkling sky, so the title and the loading screen match."""
    width, height = canvas.get_size()
    for index in range(48):
        x = (index * 7919) % max(1, width)
        y = (index * 104729) % max(1, height // 2 - 40)
        glow = 0.5 + 0.5 * math.sin(seconds * 2 + index)
        shade = int(60 + 120 * glow)
        canvas.fill((shade, shade, min(255, shade + 30)), (x, y, 2, 2))

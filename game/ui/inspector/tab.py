"""The base of the inspector's tabs: polls its data about once a second (real time), lays its
rows out again only when the data or the width changed, scrolls with the wheel, turns clicks
on rows into `on_row(key)` and an optional text field's Enter into `on_submit(text)`."""

from __future__ import annotations

import pygame

from game.ui.inspector.rows import Row, RowList
from game.ui.inspector.text import InspectorContext
from game.ui.widgets import LINE, Button, TextField, button_at

REFRESH_SECONDS = 1.0  # real seconds between polls of the port
FIELD_HEIGHT = 22
WHEEL_ROWS = 3


class Tab:
    """One page of the inspector. Subclasses fill in `poll`, `build` and the click hooks."""

    key = ""
    label = ""
    labels: tuple[str, ...] = ()  # shorter labels, for when the tab row is narrow

    def __init__(self, context: InspectorContext) -> None:
        self.context = context
        self.labels = self.labels or (self.label,)
        self.rows = RowList(context.text, context.wrapper)
        self.field: TextField | None = None
        self.buttons: list[Button] = []  # controls above the list (filters)
        self.field_rect = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.since_poll = REFRESH_SECONDS  # poll at once when first shown
        self.dirty = True  # the rows must be built again
        self._built_width = -1

    # --- data -----------------------------------------------------------------------------

    def poll(self) -> bool:
        """Fetch the data from the port; True when it changed."""
        return False

    def build(self, width: int) -> list[Row]:
        """The rows for the current data, `width` pixels wide."""
        return []

    def after_build(self) -> None:
        """Adjust the scroll position after new rows (e.g. show the current plan step)."""

    def update(self, real_seconds: float) -> None:
        self.since_poll += real_seconds
        if self.since_poll >= REFRESH_SECONDS:
            self.since_poll = 0.0
            if self.poll():
                self.dirty = True

    def refresh(self) -> None:
        """Poll on the next update (when the tab is shown again)."""
        self.since_poll = REFRESH_SECONDS

    # --- layout and drawing ---------------------------------------------------------------

    def arrange(self, rect: pygame.Rect) -> pygame.Rect:
        """Place the controls and the field inside `rect`; return the list's rect."""
        return rect

    def draw(
        self, screen: pygame.Surface, rect: pygame.Rect, blink: float, mouse: tuple[int, int]
    ) -> None:
        self.list_rect = self.arrange(rect)
        self.rows.fit(self.list_rect)
        width = self.list_rect.width - 6
        if self.dirty or width != self._built_width:
            self.rows.set(self.build(width))
            self._built_width = width
            self.dirty = False
            self.after_build()
        self.draw_controls(screen, blink, mouse)
        self.rows.draw(screen, self.list_rect)

    def draw_controls(self, screen: pygame.Surface, blink: float, mouse: tuple[int, int]) -> None:
        for button in self.buttons:
            button.draw(screen, self.context.text, button.rect.collidepoint(mouse))
        if self.field is not None:
            self.field.draw(screen, self.context.text, self.field_rect, blink)

    # --- input ----------------------------------------------------------------------------

    def wants_text(self) -> bool:
        return self.field is not None and self.field.focused

    def focus(self, focused: bool = True) -> None:
        if self.field is not None:
            self.field.focused = focused

    def click(self, point: tuple[int, int]) -> None:
        """A left click at `point` inside the tab's area."""
        if self.field is not None:
            self.field.focused = self.field_rect.collidepoint(point)
        button = button_at(self.buttons, point)
        if button is not None:
            self.on_button(button.value)
            return
        row = self.rows.row_at(point, self.list_rect)
        if row is not None and row.key is not None:
            self.on_row(row.key)

    def wheel(self, rows: int) -> None:
        self.rows.scroll(rows * WHEEL_ROWS)

    def keypress(self, event: pygame.event.Event) -> bool:
        """A key or typed text while the field has the focus; True when used."""
        if self.field is None or not self.field.focused:
            return False
        result = self.field.handle(event)
        if result == "submit":
            value = self.field.value()
            if value:
                self.on_submit(value)
        elif result == "cancel":
            self.field.focused = False
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.page(1 if event.key == pygame.K_PAGEDOWN else -1)
        return True

    def page(self, direction: int) -> None:
        """Scroll a page down (1) or up (-1)."""
        self.rows.scroll(direction * max(1, self.rows.visible_count(self.list_rect) - 1))

    def on_button(self, value: str) -> None:
        """A click on one of `buttons`."""

    def on_row(self, key: str) -> None:
        """A click on a row with a key."""

    def on_submit(self, value: str) -> None:
        """Enter in the field with non-empty text."""


def field_on_top(tab: Tab, rect: pygame.Rect, gap: int = 6) -> pygame.Rect:
    """Put the tab's field along the top of `rect`; return what is left below it."""
    tab.field_rect = pygame.Rect(rect.x, rect.y, rect.width, FIELD_HEIGHT)
    return pygame.Rect(
        rect.x, rect.y + FIELD_HEIGHT + gap, rect.width, rect.height - FIELD_HEIGHT - gap
    )


def field_at_bottom(tab: Tab, rect: pygame.Rect, gap: int = 6) -> pygame.Rect:
    """Put the tab's field along the bottom of `rect`; return what is left above it."""
    tab.field_rect = pygame.Rect(rect.x, rect.bottom - FIELD_HEIGHT, rect.width, FIELD_HEIGHT)
    height = rect.height - FIELD_HEIGHT - gap
    return pygame.Rect(rect.x, rect.y, rect.width, max(LINE, height))

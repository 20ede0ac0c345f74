"""Panels over the town (inspector, chat, object editor, menus) and the stack that routes
input to them.

A `Panel` gets every event before the town's handlers; `handle` returns True when it used
the event (a click inside it, a key typed into its field), so the town does not also act on
it. The topmost panel gets events first; a `modal` panel swallows every event (menus). A
panel asks to be closed by setting `closed`. Panels draw in stacking order after the HUD,
on an opaque ground (nothing below shows through their words).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pygame

from game.ui.widgets import PANEL

UNDER_A_PANEL = PANEL[:3]  # the panels' own colour, opaque


class Panel:
    """Base class: override what you need."""

    modal = False  # True: the town gets no input while this panel is open (menus)
    pauses = False  # True: the clock stands still while this panel is open (pause menu)

    def __init__(self) -> None:
        self.closed = False
        self.rect = pygame.Rect(0, 0, 0, 0)  # where it was drawn last; clicks inside are its
        # the window's width left of the side panels (inspector, objects), set before each
        # draw: a centred panel (the chat) centres there, beside them rather than over them
        self.room: int | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        """React to `event`; True when it is used up."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return self.modal or self.rect.collidepoint(pygame.mouse.get_pos())
        return self.modal

    def update(self, real_seconds: float, now: datetime) -> None:
        """Once a frame, before drawing (poll for answers here)."""

    def draw(self, screen: pygame.Surface) -> None:
        """Draw over the town, and set `self.rect`."""

    def wants_text(self) -> bool:
        """True while a text field has the focus (keys then type instead of steering)."""
        return False


class PanelStack:
    """The open panels, bottom to top."""

    def __init__(self) -> None:
        self.panels: list[Panel] = []

    def __iter__(self) -> Iterator[Panel]:
        return iter(self.panels)

    def __len__(self) -> int:
        return len(self.panels)

    def open(self, panel: Panel) -> Panel:
        """Put `panel` on top; an open panel of the same class is replaced."""
        self.panels = [p for p in self.panels if type(p) is not type(panel)]
        self.panels.append(panel)
        return panel

    def find(self, kind: type[Panel]) -> Panel | None:
        for panel in reversed(self.panels):
            if isinstance(panel, kind):
                return panel
        return None

    def close(self, kind: type[Panel]) -> None:
        self.panels = [p for p in self.panels if not isinstance(p, kind)]

    @property
    def top(self) -> Panel | None:
        return self.panels[-1] if self.panels else None

    @property
    def modal(self) -> bool:
        return any(p.modal for p in self.panels)

    @property
    def pausing(self) -> bool:
        return any(p.pauses for p in self.panels)

    def wants_text(self) -> bool:
        return any(p.wants_text() for p in self.panels)

    def handle(self, event: pygame.event.Event) -> bool:
        """Offer `event` to the panels, topmost first; True when one used it."""
        for panel in reversed(list(self.panels)):
            if panel.handle(event):
                self._drop_closed()
                return True
            if panel.modal:
                break
        self._drop_closed()
        return False

    def update(self, real_seconds: float, now: datetime) -> None:
        for panel in list(self.panels):
            panel.update(real_seconds, now)
        self._drop_closed()

    def draw(self, screen: pygame.Surface) -> None:
        """Bottom to top, each (but menus, which dim the town themselves) on an opaque
        ground: the words of a lower panel, the HUD, speech bubbles and names never show
        through a panel (its rect is where it was drawn last frame)."""
        for panel in self.panels:
            panel.room = self.room_beside(panel, screen.get_width())
            if not panel.modal and panel.rect.width and panel.rect.height:
                screen.fill(UNDER_A_PANEL, panel.rect)
            panel.draw(screen)

    def room_beside(self, panel: Panel, width: int) -> int:
        """How much of `width` lies left of the other open side panels (those in the right
        half: the inspector, the object editor)."""
        lefts = [
            other.rect.left
            for other in self.panels
            if other is not panel and not other.modal and other.rect.width
            and other.rect.left > width // 2
        ]  # fmt: skip
        return min([width, *lefts])

    def _drop_closed(self) -> None:
        self.panels = [p for p in self.panels if not p.closed]


def centre_beside(room: int | None, screen: pygame.Surface, width: int, margin: int = 8) -> int:
    """The x to centre a panel `width` wide on: in the `room` left of the side panels when
    it fits there, else the window's centre (over them, on its opaque ground)."""
    if room is not None and width + 2 * margin <= room:
        return room // 2
    return screen.get_width() // 2

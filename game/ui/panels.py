"""Panels over the town (inspector, chat, object editor, menus) and the stack that routes
input to them.

A `Panel` gets every event before the town's handlers; `handle` returns True when it used
the event (a click inside it, a key typed into its field), so the town does not also act on
it. The topmost panel gets events first; a `modal` panel swallows every event (menus). A
panel asks to be closed by setting `closed`. Panels draw in stacking order after the HUD.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pygame


class Panel:
    """Base class: override what you need."""

    modal = False  # True: the town gets no input while this panel is open (menus)
    pauses = False  # True: the clock stands still while this panel is open (pause menu)

    def __init__(self) -> None:
        self.closed = False
        self.rect = pygame.Rect(0, 0, 0, 0)  # where it was drawn last; clicks inside are its

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
        for panel in self.panels:
            panel.draw(screen)

    def _drop_closed(self) -> None:
        self.panels = [p for p in self.panels if not p.closed]

"""The one way every event of a screen takes: `InputRoute.handle(event)`.

1. The window's close button goes to the screen's handler first (`on_close`), even under a
   modal menu; a pointer motion tells the handler where the pointer is (`on_pointer`).
2. The open panels (inspector, chat, objects, menus), topmost first: a panel that uses the
   event ends its way; a modal one uses every event. While a panel's text field has the
   focus, keys type there and never reach the town. A key that opens a panel with a text
   field (T, E…) never types into it: SDL follows its KEYDOWN with a TEXTINPUT of the same
   character, which is dropped.
3. The screen's current handler: it answers a command, which is performed here (an
   `Impossible` one becomes a message for the player), or the handler for the next event.
"""

from __future__ import annotations

from typing import Generic

import pygame

from game.ui.input.commands import Command, Impossible
from game.ui.input.handlers import C, Handler
from game.ui.panels import PanelStack

TYPING = (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT)


class InputRoute(Generic[C]):
    """A screen's panels over its current input handler, and what their commands act on."""

    def __init__(self, panels: PanelStack, handler: Handler[C], controls: C) -> None:
        self.panels = panels
        self.handler = handler
        self.controls = controls
        # the character of the key that just opened a text field: its TEXTINPUT is not typed
        self.opening_text: str | None = None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.perform(self.handler.on_close())
            return
        if event.type == pygame.MOUSEMOTION:
            self.perform(self.handler.on_pointer(event.pos))
        if self._is_the_opening_keys_text(event):
            return
        if self.panels.handle(event):
            return
        if self.panels.wants_text() and event.type in TYPING:
            return  # typing in a panel never steers the town
        answer = self.handler.handle(event)
        if isinstance(answer, Handler):
            self.handler = answer
        elif answer is not None:
            had_text = self.panels.wants_text()
            self.perform(answer)
            self.handler = self.handler.after(answer)
            if event.type == pygame.KEYDOWN and not had_text and self.panels.wants_text():
                self.opening_text = typed_by(event)

    def _is_the_opening_keys_text(self, event: pygame.event.Event) -> bool:
        """The TEXTINPUT SDL sends after the KEYDOWN that opened a text field (once)."""
        if event.type not in (pygame.TEXTINPUT, pygame.KEYDOWN):
            return False
        expected, self.opening_text = self.opening_text, None
        if event.type != pygame.TEXTINPUT or expected is None:
            return False
        return bool(event.text.casefold() == expected.casefold())

    def perform(self, command: Command[C] | None) -> None:
        """Do `command`; an impossible one is told to the player instead."""
        if command is None:
            return
        try:
            command.perform(self.controls)
        except Impossible as why:
            self.controls.notify(str(why), "error")


def typed_by(key_down: pygame.event.Event) -> str | None:
    """The character a KEYDOWN types (its `unicode`, else a printable key's own), if any."""
    text: str = getattr(key_down, "unicode", "") or ""
    if text:
        return text
    return chr(key_down.key) if 32 <= key_down.key < 127 else None

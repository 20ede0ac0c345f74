"""The small chooser over the group panel: who speaks next, when the group talk's strategy is
`manual` (AutoGen's manual speaker selection) and the talk waits for the player to pick.

One button per member who may speak ("1 Isabella", "2 Maria", …; the number keys pick
too) and "Manager" (the manager picks instead). It sits just above the group panel.
"""

from __future__ import annotations

import pygame

from game.render.text import PixelText
from game.ui.chat.view import first_name
from game.ui.widgets import DIM, Button, button_at, draw_box, layout_row

MANAGER = ""  # the "Manager" button's value: the manager picks
TITLE = "Who speaks next?"
HEIGHT = 30
PAD = 5
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)} | {
    getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)
}


class SpeakerChooser:
    """The chooser's buttons for `candidates` (set by `show`), drawn above a panel."""

    def __init__(self) -> None:
        self.candidates: tuple[str, ...] = ()
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 0, 0)

    def show(self, candidates: tuple[str, ...]) -> None:
        """The members who may speak next (() hides the chooser)."""
        if candidates != self.candidates:
            self.candidates = candidates
            self.buttons = [
                Button(f"{number} {first_name(name)}", name)
                for number, name in enumerate(candidates[:9], start=1)
            ]
            self.buttons += [Button("Manager", MANAGER)] if candidates else []

    @property
    def shown(self) -> bool:
        return bool(self.candidates)

    def clicked(self, point: tuple[int, int]) -> Button | None:
        return button_at(self.buttons, point) if self.shown else None

    def keyed(self, key: int) -> str | None:
        """The member a number key picks, or None."""
        number = NUMBER_KEYS.get(key)
        if not self.shown or number is None or number > min(9, len(self.candidates)):
            return None
        return self.candidates[number - 1]

    def draw(self, screen: pygame.Surface, text: PixelText, panel: pygame.Rect) -> None:
        if not self.shown:
            return
        title = text.render(TITLE, 8, DIM)
        x = panel.x + PAD + title.get_width() + 8
        width = layout_row(self.buttons, text, x, 0) - panel.x + PAD
        self.rect = pygame.Rect(panel.x, panel.y - HEIGHT - 4, width, HEIGHT)
        draw_box(screen, self.rect)
        screen.blit(title, (self.rect.x + PAD, self.rect.centery - title.get_height() // 2))
        layout_row(self.buttons, text, x, self.rect.y + PAD)
        for button in self.buttons:
            button.draw(screen, text, False)

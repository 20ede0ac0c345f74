"""The resident form's Look page: one compact picker per part of a look (`game.town.looks.
LOOK_PARTS`, in two columns), Randomise and Reset, and a live preview of the figure (the
portrait and a walking frame, drawn by `game.render.looks`).

A resident without a look of their own (`look` None) is drawn with `default_look(name)`; the
page keeps that None until the player changes a part, so a renamed resident still gets the
look of their new name.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from game.render.looks import draw_portrait, draw_sheet
from game.render.text import PixelText
from game.town.looks import LOOK_PARTS, check_look, default_look
from game.ui.menus.items import ButtonItem, ButtonRow, Gap, Item, OptionItem, TextLine
from game.ui.widgets import ACCENT, DIM, FIELD, FIELD_FOCUS, PANEL_EDGE, TEXT

PART_LABELS = {
    "skin": "Skin",
    "hair": "Hair",
    "hair_style": "Hair style",
    "top": "Top",
    "top_color": "Top colour",
    "accent": "Accent",
    "bottom": "Bottom",
    "bottom_color": "Legs colour",
    "shoes": "Shoes",
    "apron": "Apron",
    "pattern": "Pattern",
    "glasses": "Glasses",
    "facial": "Facial hair",
    "hat": "Hat",
    "hat_color": "Hat colour",
    "backpack": "Backpack",
    "neck": "Neck",
    "neck_color": "Neck colour",
    "prop": "Holds",
    "prop_color": "Holds colour",
    "broad": "Broad build",
}
PART_ROW = 14  # a compact picker's height
PART_GAP = 2
PART_LABEL_WIDTH = 104
COLUMN_GAP = 8
PREVIEW_WIDTH = 72
FRAME = (16, 24)
PORTRAIT_SCALE = 2  # the preview's portrait
FIGURE_SCALE = 3  # the preview's walking figure


class PartItem(OptionItem[str]):
    """A compact option picker for one part of a look (a small label and a short box)."""

    def __init__(self, part: str, value: str, on_change: Callable[[str], None]) -> None:
        options = [(option, option.replace("_", " ")) for option in LOOK_PARTS[part]]
        label = PART_LABELS.get(part, part.replace("_", " ").capitalize())
        super().__init__(label, options, value, PART_LABEL_WIDTH, on_change)
        self.part = part

    def height(self, text: PixelText, width: int) -> int:
        return PART_ROW

    def draw(self, canvas: pygame.Surface, text: PixelText, focused: bool, hovered: bool) -> None:
        label = text.render(self.label, 8, ACCENT if focused else DIM)
        canvas.blit(label, (self.rect.x, self.rect.y + (PART_ROW - label.get_height()) // 2))
        box = pygame.Rect(
            self.rect.x + self.label_width, self.rect.y, self.rect.width - self.label_width,
            PART_ROW,
        )  # fmt: skip
        pygame.draw.rect(canvas, FIELD_FOCUS if focused or hovered else FIELD, box)
        pygame.draw.rect(canvas, ACCENT if focused else PANEL_EDGE, box, 1)
        if focused:
            left, right = text.render("<", 8, ACCENT), text.render(">", 8, ACCENT)
            y = box.y + (PART_ROW - left.get_height()) // 2
            canvas.blit(left, (box.x + 2, y))
            canvas.blit(right, (box.right - 2 - right.get_width(), y))
        face = text.render(self.options[self.index][1], 8, TEXT)
        canvas.blit(face, face.get_rect(center=box.center))


class LookPage:
    """The Look page of `ResidentForm`. `look`: the resident's parts (None: the default for
    their name); `name`: the name typed in the form now."""

    def __init__(self, look: Mapping[str, Any] | None, name: Callable[[], str]) -> None:
        self.name = name
        self.own = look is not None  # the player picked (or the file gave) a look
        parts = {str(part): str(value) for part, value in (look or {}).items()}
        self.problems = check_look(parts)
        start = {**default_look(name()), **parts} if not self.problems else default_look(name())
        self.items = [PartItem(part, start[part], self._changed) for part in LOOK_PARTS]
        self.grid = Gap(self._grid_height())
        self.randomise_button = ButtonItem("Randomise", self.randomise, width=96)
        self.reset_button = ButtonItem("Reset", self.reset, width=96)
        self.preview_rect = pygame.Rect(0, 0, 0, 0)
        self._cache: dict[tuple[tuple[str, str], ...], tuple[pygame.Surface, pygame.Surface]] = {}
        self._last_name = name()

    def _grid_height(self) -> int:
        per_column = (len(self.items) + 1) // 2
        return per_column * (PART_ROW + PART_GAP) - PART_GAP

    # --- the parts ------------------------------------------------------------------------

    def current(self) -> dict[str, str]:
        """The look shown (complete)."""
        if not self.own and self.name() != self._last_name:  # the default follows the name
            self._set(default_look(self.name()))
        return {item.part: item.value for item in self.items}

    def value(self) -> dict[str, str] | None:
        """The look to save: None while it is the default for the resident's name."""
        return self.current() if self.own else None

    def _set(self, look: Mapping[str, str]) -> None:
        self._last_name = self.name()
        for item in self.items:
            values = [value for value, _ in item.options]
            item.index = values.index(look[item.part]) if look.get(item.part) in values else 0

    def _changed(self, _value: str) -> None:
        self.own = True

    def randomise(self) -> None:
        self._set(default_look(f"{self.name()} {random.randrange(1_000_000)}"))
        self.own = True

    def reset(self) -> None:
        """Back to the default look for the resident's name."""
        self._set(default_look(self.name()))
        self.own = False

    def item_for(self, part: str) -> PartItem:
        return next((item for item in self.items if item.part == part), self.items[0])

    # --- layout and drawing ---------------------------------------------------------------

    def rows(self) -> list[Any]:
        note = "Their own look." if self.own else "The default look for their name."
        if self.problems:
            note = "The file's look was not valid, so the default is shown: " + "; ".join(
                self.problems
            )
        return [
            TextLine(note, DIM),
            self.grid,
            ButtonRow([self.randomise_button, self.reset_button]),
        ]

    def place(self, rect: pygame.Rect) -> None:
        """Lay the pickers out in two columns in `rect`, the preview on its right."""
        column = (rect.width - PREVIEW_WIDTH - 2 * COLUMN_GAP) // 2
        per_column = (len(self.items) + 1) // 2
        for number, item in enumerate(self.items):
            x = rect.x + (number // per_column) * (column + COLUMN_GAP)
            y = rect.y + (number % per_column) * (PART_ROW + PART_GAP)
            item.rect = pygame.Rect(x, y, column, PART_ROW)
        self.preview_rect = pygame.Rect(
            rect.right - PREVIEW_WIDTH, rect.y, PREVIEW_WIDTH, rect.height
        )

    def pictures(self) -> tuple[pygame.Surface, pygame.Surface]:
        """The portrait (×2) and the sheet (×3) of the look shown, drawn and scaled once per
        look (the preview only picks a frame of the sheet each frame)."""
        look = self.current()
        key = tuple(sorted(look.items()))
        if key not in self._cache:
            if len(self._cache) > 32:
                self._cache.clear()
            portrait, sheet = draw_portrait(look), draw_sheet(look)
            self._cache[key] = (
                pygame.transform.scale_by(portrait, PORTRAIT_SCALE),
                pygame.transform.scale_by(sheet, FIGURE_SCALE),
            )
        return self._cache[key]

    def draw(
        self,
        canvas: pygame.Surface,
        text: PixelText,
        focused: Item | None,
        hover: tuple[int, int] | None,
        seconds: float,
    ) -> None:
        for item in self.items:
            hovered = hover is not None and item.rect.collidepoint(hover)
            item.draw(canvas, text, item is focused, hovered)
        self.draw_preview(canvas, seconds)

    def draw_preview(self, canvas: pygame.Surface, seconds: float) -> None:
        """The portrait (×2) and the figure walking towards the viewer (×3)."""
        rect = self.preview_rect
        pygame.draw.rect(canvas, FIELD, rect)
        pygame.draw.rect(canvas, PANEL_EDGE, rect, 1)
        face, sheet = self.pictures()
        canvas.blit(face, face.get_rect(midtop=(rect.centerx, rect.y + 4)))
        width, height = FRAME[0] * FIGURE_SCALE, FRAME[1] * FIGURE_SCALE
        column = int(seconds * 4) % 4
        body = sheet.subsurface(pygame.Rect(column * width, 0, width, height))
        canvas.blit(body, body.get_rect(midtop=(rect.centerx, rect.y + 6 + face.get_height())))


__all__ = ["LOOK_PARTS", "LookPage", "PartItem"]

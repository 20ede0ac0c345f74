"""The inspector's header: portrait, name, age, traits, the summary description (click to
read all of it), and what the resident is doing now (emoji, sentence, address). Rendered
once into a surface whenever the card, the width or the folding changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.town.views import ResidentCard
from game.ui.inspector.rows import Row, paragraph, plain
from game.ui.inspector.text import InspectorContext
from game.ui.widgets import ACCENT, DIM, ERROR, FIELD, LINE, PANEL_EDGE, TEXT, Button

PORTRAIT = 64  # pixels: the 32-pixel portraits scaled 2×
GAP = 10
BUTTON_HEIGHT = 18
EMOJI_SIZE = 24
COLLAPSED_LINES = 5  # description lines shown before "more"
MORE, LESS = "... more", "less"


class EmojiRenderer(Protocol):
    """`game.render.emoji.EmojiCache` or anything drawing an emoji string at a pixel size."""

    def render(self, emoji: str, size: int) -> pygame.Surface: ...


class Header:
    """Draws the header at the top of the panel; `click` says which part was hit."""

    def __init__(
        self,
        context: InspectorContext,
        portrait: Callable[[str], pygame.Surface | None] | None,
        emoji: EmojiRenderer | None,
    ) -> None:
        self.context = context
        self.portrait = portrait
        self.emoji = emoji
        self.close_button = Button("x", "close")
        self.talk_button = Button("Talk", "talk")
        self.expanded = False  # the whole description is shown
        self.version = 0  # bumped by the panel when the card changes
        self.height = 0
        self.more_rect = pygame.Rect(0, 0, 0, 0)  # the description, clickable when cut
        self._surface: pygame.Surface | None = None
        self._key: tuple[int, int, bool, int] | None = None
        self._talk_at = (0, 0)
        self._more_span = (0, 0)
        self._portraits: dict[str, pygame.Surface | None] = {}

    def layout(self, rect: pygame.Rect, room_lines: int) -> int:
        """Render for `rect`'s width (description at most `room_lines` when open); place the
        buttons; return the height used."""
        key = (self.version, rect.width, self.expanded, room_lines)
        if self._surface is None or key != self._key:
            self._surface = self._render(rect.width, room_lines)
            self._key = key
            self.height = self._surface.get_height()
        self.close_button.rect = pygame.Rect(rect.right - 20, rect.y, 20, 20)
        talk_width = self.context.text.size(self.talk_button.label, 8)[0] + 12
        self.talk_button.rect = pygame.Rect(
            rect.x + self._talk_at[0], rect.y + self._talk_at[1], talk_width, BUTTON_HEIGHT
        )
        top, bottom = self._more_span
        self.more_rect = pygame.Rect(rect.x, rect.y + top, rect.width, bottom - top)
        return self.height

    def buttons(self) -> list[Button]:
        card = self.context.card
        return [self.close_button, self.talk_button] if card else [self.close_button]

    def draw(self, screen: pygame.Surface, rect: pygame.Rect, mouse: tuple[int, int]) -> None:
        if self._surface is not None:
            screen.blit(self._surface, rect.topleft)
        for button in self.buttons():
            button.draw(screen, self.context.text, button.rect.collidepoint(mouse))

    def click(self, point: tuple[int, int]) -> str | None:
        """ "close", "talk", "more" (the description folded or unfolded), or None."""
        for button in self.buttons():
            if button.rect.collidepoint(point):
                return button.value
        if self.more_rect.height and self.more_rect.collidepoint(point):
            self.expanded = not self.expanded
            return "more"
        return None

    # --- rendering --------------------------------------------------------------------------

    def _render(self, width: int, room_lines: int) -> pygame.Surface:
        context, wrapper, text = self.context, self.context.wrapper, self.context.text
        card = context.card
        pieces: list[tuple[pygame.Surface, tuple[int, int]]] = []
        left = PORTRAIT + GAP
        pieces.append((self._portrait_of(card), (0, 0)))
        name = wrapper.filter.clean(card.name if card else context.resident) or "?"
        size = 16 if text.size(name, 16)[0] <= width - left - 26 else 8
        pieces.append((text.render(name, size, TEXT), (left, 0)))
        y = size + 6
        side: list[Row] = []
        if card is not None:
            side.append(plain(f"age {card.age}", DIM))
            side += paragraph(wrapper, card.traits, TEXT, width - left)[:3]
        else:
            side.append(plain("No mind to show.", ERROR))
        for row in side:
            pieces.append((text.render(row.segments[0][0], 8, row.segments[0][1]), (left, y)))
            y += LINE
        self._talk_at = (left, y + 4)
        y = max(PORTRAIT, y + 4 + (BUTTON_HEIGHT if card else 0)) + 8
        below: list[Row] = []
        self._more_span = (0, 0)
        if card is None:
            reason = (
                f'"{name}" is not a resident with a mind here (or the town runs on its '
                "schedule, without minds)."
            )
            below += paragraph(wrapper, reason, DIM, width)
        else:
            below += self._description(card, width, room_lines, y)
            below.append(plain("", TEXT))
        for row in below:
            for words, colour in row.segments:
                pieces.append((text.render(words, 8, colour), (row.indent, y)))
            y += LINE
        if card is not None:
            y = self._action(card, width, pieces, y)
        surface = pygame.Surface((width, y + 2), pygame.SRCALPHA)
        for face, at in pieces:
            surface.blit(face, at)
        pygame.draw.line(surface, PANEL_EDGE, (0, y + 1), (width, y + 1))
        return surface

    def _description(self, card: ResidentCard, width: int, room_lines: int, top: int) -> list[Row]:
        lines = self.context.wrapper.lines(card.description or "(no description yet)", width)
        shown = min(COLLAPSED_LINES, room_lines)
        if len(lines) <= shown:
            return [plain(line, TEXT) for line in lines]
        if self.expanded:
            rows = [plain(line, TEXT) for line in lines[: max(shown, room_lines - 1)]]
            rows.append(plain(LESS, ACCENT))
        else:
            rows = [plain(line, TEXT) for line in lines[: shown - 1]]
            rows.append(plain(MORE, ACCENT))
        self._more_span = (top, top + LINE * len(rows))
        return rows

    def _action(
        self,
        card: ResidentCard,
        width: int,
        pieces: list[tuple[pygame.Surface, tuple[int, int]]],
        y: int,
    ) -> int:
        wrapper, text = self.context.wrapper, self.context.text
        face = self._emoji_face(card.action_emoji)
        indent = max(EMOJI_SIZE, face.get_width()) + 6 if face is not None else 0
        top = y
        if face is not None:
            pieces.append((face, (0, y - 2)))
        for line in wrapper.lines(card.action or "(idle)", width - indent):
            pieces.append((text.render(line, 8, ACCENT), (indent, y)))
            y += LINE
        if card.address:
            for line in wrapper.lines(f"at {card.address}", width - indent):
                pieces.append((text.render(line, 8, DIM), (indent, y)))
                y += LINE
        if face is not None:
            y = max(y, top + face.get_height())
        return y + 4

    def _emoji_face(self, emoji: str) -> pygame.Surface | None:
        if self.emoji is None or not emoji.strip():
            return None
        try:
            face = self.emoji.render(emoji, EMOJI_SIZE)
        except (pygame.error, OSError, ValueError):
            return None
        if face.get_height() > EMOJI_SIZE or face.get_width() > 2 * EMOJI_SIZE:
            scale = min(EMOJI_SIZE / face.get_height(), 2 * EMOJI_SIZE / face.get_width())
            face = pygame.transform.smoothscale_by(face, scale)
        return face

    def _portrait_of(self, card: ResidentCard | None) -> pygame.Surface:
        slug = card.slug if card else ""
        if slug not in self._portraits:
            found = None
            if card is not None and self.portrait is not None:
                try:
                    found = self.portrait(slug)
                except (pygame.error, OSError):
                    found = None
            if found is not None and found.get_size() != (PORTRAIT, PORTRAIT):
                found = pygame.transform.scale(found, (PORTRAIT, PORTRAIT))
            self._portraits[slug] = found
        return self._portraits[slug] or self._placeholder(card)

    def _placeholder(self, card: ResidentCard | None) -> pygame.Surface:
        """A framed square with the initials, for residents without a portrait."""
        face = pygame.Surface((PORTRAIT, PORTRAIT), pygame.SRCALPHA)
        face.fill(FIELD)
        pygame.draw.rect(face, PANEL_EDGE, face.get_rect(), 1)
        name = card.name if card else self.context.resident
        initials = "".join(part[0] for part in name.split()[:2] if part[0].isascii()) or "?"
        label = self.context.text.render(initials.upper(), 16, DIM)
        face.blit(label, label.get_rect(center=face.get_rect().center))
        return face

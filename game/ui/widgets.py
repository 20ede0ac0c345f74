"""Small UI parts every panel and menu shares: colours, a framed box, a one-line text field,
buttons, and a scrollable list of wrapped lines. pygame only; no game state.

Text is Press Start 2P (`PixelText`), sizes 8 or 16. A `TextField` takes TEXTINPUT events
(typed characters, any language) and KEYDOWN for editing; it strips control characters and
caps the length, so whatever it returns is safe to show and to hand to a model.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

import pygame

from game.render.text import PixelText

Color = tuple[int, int, int]

PANEL = (20, 18, 30, 228)
PANEL_EDGE = (96, 88, 132)
FIELD = (36, 32, 52)
FIELD_FOCUS = (54, 48, 80)
BUTTON = (52, 48, 72)
BUTTON_HOVER = (76, 70, 104)
ACCENT = (236, 196, 84)
TEXT = (244, 240, 228)
DIM = (176, 170, 196)
DARK = (28, 22, 30)
ERROR = (236, 112, 96)
GOOD = (140, 214, 120)
LINE = 12  # line height of size-8 text


def clean_text(text: str, limit: int) -> str:
    """`text` with control characters (newlines, tabs, escapes, bidi controls) removed, runs of
    spaces collapsed, trimmed, and cut to `limit` characters."""
    kept = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text)
    return " ".join(kept.split())[:limit]


def wrap(text: PixelText, words: str, width: int, size: int = 8) -> list[str]:
    """Greedy word wrap of `words` to `width` pixels; words longer than a line are cut."""
    lines: list[str] = []
    for paragraph in words.split("\n"):
        current = ""
        for word in paragraph.split():
            candidate = f"{current} {word}" if current else word
            if text.size(candidate, size)[0] <= width:
                current = candidate
                continue
            if current:
                lines.append(current)
            while text.size(word, size)[0] > width and len(word) > 1:
                cut = max(1, len(word) * width // max(1, text.size(word, size)[0]))
                lines.append(word[:cut])
                word = word[cut:]
            current = word
        lines.append(current)
    return lines


def draw_box(screen: pygame.Surface, rect: pygame.Rect, fill: tuple[int, ...] = PANEL) -> None:
    """A translucent panel with a 1-px edge."""
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    box.fill(fill)
    screen.blit(box, rect.topleft)
    pygame.draw.rect(screen, PANEL_EDGE, rect, 1)


@dataclass
class TextField:
    """A one-line text input. `handle(event)` returns "submit" on Enter, "cancel" on Escape,
    "changed" when the text changed, or None when the event was not for it."""

    limit: int = 200
    text: str = ""
    placeholder: str = ""
    focused: bool = True
    secret: bool = False  # draw dots instead of the characters (an API key)

    def handle(self, event: pygame.event.Event) -> str | None:
        if not self.focused:
            return None
        if event.type == pygame.TEXTINPUT:
            added = clean_text(event.text, self.limit)
            if event.text.startswith(" ") and self.text and not self.text.endswith(" "):
                added = " " + added
            room = self.limit - len(self.text)
            if not added or room <= 0:
                return None
            self.text += added[:room]
            return "changed"
        if event.type != pygame.KEYDOWN:
            return None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return "submit"
        if event.key == pygame.K_ESCAPE:
            return "cancel"
        if event.key == pygame.K_BACKSPACE:
            if event.mod & pygame.KMOD_CTRL:
                self.text = self.text.rstrip().rpartition(" ")[0]
            else:
                self.text = self.text[:-1]
            return "changed"
        if event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
            return self._paste()
        # Keys that also produce TEXTINPUT are claimed so handlers do not act on them too.
        return "changed" if event.unicode and event.unicode.isprintable() else None

    def _paste(self) -> str | None:
        try:
            pasted = pygame.scrap.get_text() if pygame.scrap.get_init() else ""
        except pygame.error:
            return None
        added = clean_text(pasted or "", self.limit - len(self.text))
        self.text += added
        return "changed" if added else None

    def value(self) -> str:
        """The text as submitted: cleaned, trimmed and capped."""
        return clean_text(self.text, self.limit)

    def clear(self) -> None:
        self.text = ""

    def draw(
        self, screen: pygame.Surface, text: PixelText, rect: pygame.Rect, blink: float = 0.0
    ) -> None:
        pygame.draw.rect(screen, FIELD_FOCUS if self.focused else FIELD, rect)
        pygame.draw.rect(screen, PANEL_EDGE, rect, 1)
        shown = "*" * len(self.text) if self.secret else self.text
        face = text.render(shown or self.placeholder, 8, TEXT if shown else DIM)
        inner = rect.inflate(-8, 0)
        visible = face.get_width() - inner.width + 8  # keep the end (the cursor) in view
        area = pygame.Rect(max(0, visible), 0, inner.width - 8, face.get_height())
        y = rect.y + (rect.height - face.get_height()) // 2
        screen.blit(face, (inner.x, y), area)
        if self.focused and int(blink * 2) % 2 == 0:
            x = inner.x + min(face.get_width() if shown else 0, inner.width - 8)
            pygame.draw.rect(screen, ACCENT, (x, y + 1, 6, face.get_height() - 2))


@dataclass
class Button:
    """A labelled button; `value` is what a click on it means to its panel."""

    label: str
    value: str
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    active: bool = False  # drawn highlighted (a chosen tab or option)
    enabled: bool = True

    def draw(self, screen: pygame.Surface, text: PixelText, hovered: bool = False) -> None:
        fill = ACCENT if self.active else BUTTON_HOVER if hovered else BUTTON
        pygame.draw.rect(screen, fill, self.rect)
        pygame.draw.rect(screen, PANEL_EDGE, self.rect, 1)
        colour = DARK if self.active else TEXT if self.enabled else DIM
        face = text.render(self.label, 8, colour, outline=not self.active)
        screen.blit(face, face.get_rect(center=self.rect.center))


def button_at(buttons: list[Button], point: tuple[int, int]) -> Button | None:
    for button in buttons:
        if button.enabled and button.rect.collidepoint(point):
            return button
    return None


def layout_row(
    buttons: list[Button], text: PixelText, x: int, y: int, height: int = 20, gap: int = 4
) -> int:
    """Place `buttons` left to right from (x, y), each as wide as its label; returns the x
    after the last one."""
    for button in buttons:
        width = text.size(button.label, 8)[0] + 12
        button.rect = pygame.Rect(x, y, width, height)
        x += width + gap
    return x


@dataclass
class ScrollList:
    """Lines drawn in a rect, scrolled by the wheel; `offset` is the first line shown."""

    lines: list[tuple[str, Color]] = field(default_factory=list)
    offset: int = 0

    def visible_count(self, rect: pygame.Rect) -> int:
        return max(1, rect.height // LINE)

    def scroll(self, rows: int, rect: pygame.Rect) -> None:
        most = max(0, len(self.lines) - self.visible_count(rect))
        self.offset = min(most, max(0, self.offset + rows))

    def draw(self, screen: pygame.Surface, text: PixelText, rect: pygame.Rect) -> None:
        shown = self.lines[self.offset : self.offset + self.visible_count(rect)]
        for row, (line, colour) in enumerate(shown):
            screen.blit(text.render(line, 8, colour), (rect.x, rect.y + row * LINE))
        if len(self.lines) > self.visible_count(rect):  # a scroll bar
            share = self.visible_count(rect) / len(self.lines)
            bar = max(8, int(rect.height * share))
            top = rect.y + int((rect.height - bar) * self.offset / max(1, len(self.lines) - 1))
            pygame.draw.rect(screen, PANEL_EDGE, (rect.right - 3, top, 3, bar))

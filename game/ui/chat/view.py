"""The conversation view: the lines of a chat, word-wrapped, scrolled by rows, with a typing
indicator as the last row. Shared by the chat panel and the inspector's Interview tab.

The view draws whatever list of `ChatLine`s it holds (usually a `ChatSession.lines`, shared,
so appending to the session shows at once). While the player has not scrolled up it sticks
to the newest line; once scrolled up, new lines do not move what is on screen.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.render.text import PixelText
from game.town.views import ChatLine
from game.ui.widgets import ACCENT, DIM, ERROR, PANEL_EDGE, TEXT, Color, wrap

ROW = 14  # pixels per row (size-8 text and a little air)
INDENT = 16  # continuation rows of a line start this far in
SCROLLBAR = 8  # room kept on the right for the scroll bar
NAME_CHARS = 24  # longer speaker names are cut
PLAYER_NAME = (132, 196, 236)
INNER_VOICE_NAME = (196, 160, 236)
INNER_VOICE_SPEAKER = "inner voice"  # the speaker of the player's inner-voice lines


@dataclass(frozen=True)
class ChatRow:
    """One drawn row: the speaker's label on a line's first row, or a continuation row
    (indented), or a note (the typing indicator) with neither."""

    name: str
    text: str
    name_colour: Color
    colour: Color
    continued: bool = False


def first_name(name: str) -> str:
    return name.split()[0] if name.split() else name


def fit_line(text: PixelText, words: str, width: int, size: int = 8) -> str:
    """`words` cut with ".." to fit `width` pixels on one line."""
    if text.size(words, size)[0] <= width:
        return words
    while words and text.size(words + "..", size)[0] > width:
        words = words[:-1]
    return words.rstrip() + ".."


def typing_text(resident: str, seconds: float) -> str:
    """ "Isabella is typing" and one to three dots, changing three times a second."""
    return f"{first_name(resident)} is typing" + "." * (1 + int(seconds * 3) % 3)


class ChatView:
    """Draws `lines` in a rect. `from_bottom` is how many rows the view is scrolled up from the
    newest; `rendered` holds the rows' text drawn last frame (for tests and tools)."""

    def __init__(
        self, text: PixelText, lines: list[ChatLine] | None = None, resident: str = ""
    ) -> None:
        self.text = text
        self.lines: list[ChatLine] = lines if lines is not None else []
        self.resident = resident  # whose lines are "theirs" (the other speakers are the player)
        self.from_bottom = 0
        self.rendered: list[str] = []
        self._wrapped: dict[tuple[ChatLine, int], list[ChatRow]] = {}
        self._drawn_rows: int | None = None
        self._visible = 1

    def scroll(self, rows: int) -> None:
        """Positive rows scroll towards the newest line, negative towards the oldest (the top
        is clamped when drawing, when the rows are known)."""
        self.from_bottom = max(0, self.from_bottom - rows)

    def scroll_to_end(self) -> None:
        self.from_bottom = 0

    def page_rows(self) -> int:
        """How many rows fitted last frame (a page for Page Up / Page Down)."""
        return self._visible

    def rows(self, width: int) -> list[ChatRow]:
        """Every line as wrapped rows for a view `width` pixels wide, oldest first."""
        rows: list[ChatRow] = []
        for line in self.lines:
            key = (line, width)
            if key not in self._wrapped:
                if len(self._wrapped) > 2000:  # widths changed many times: start again
                    self._wrapped.clear()
                self._wrapped[key] = self._wrap(line, width)
            rows.extend(self._wrapped[key])
        return rows

    def _wrap(self, line: ChatLine, width: int) -> list[ChatRow]:
        name, name_colour, colour = self._speaker(line)
        label = "" if line.error else f"{name}:"  # an error says who could not answer
        first_width = width - (self.text.size(label + " ", 8)[0] if label else 0)
        words = wrap(self.text, line.text, max(8, first_width)) or [""]
        first, rest = words[0], " ".join(words[1:])
        rows = [ChatRow(label, first, name_colour, colour)]
        for part in wrap(self.text, rest, max(8, width - INDENT)) if rest else []:
            rows.append(ChatRow("", part, name_colour, colour, continued=True))
        return rows

    def _speaker(self, line: ChatLine) -> tuple[str, Color, Color]:
        """The label and the colours of the name and the text of `line`."""
        if line.error:
            return first_name(line.speaker or line.resident), ERROR, ERROR
        if line.speaker == (self.resident or line.resident):
            return first_name(line.speaker), ACCENT, TEXT
        name = line.speaker[:NAME_CHARS] or "You"
        if line.speaker == INNER_VOICE_SPEAKER:
            return name, INNER_VOICE_NAME, INNER_VOICE_NAME
        return name, PLAYER_NAME, TEXT

    def draw(
        self,
        screen: pygame.Surface,
        rect: pygame.Rect,
        typing: str = "",
        empty: str = "",
        seconds: float = 0.0,
    ) -> None:
        """Draw the rows that fit in `rect`; `typing` ("Isabella is typing..") becomes the last
        row; `empty` is shown dimmed when there are no lines yet."""
        rows = self.rows(rect.width - SCROLLBAR)
        if typing:
            rows.append(ChatRow("", typing, DIM, DIM))
        elif not rows and empty:
            rows = [ChatRow("", part, DIM, DIM) for part in wrap(self.text, empty, rect.width)]
        self._visible = max(1, rect.height // ROW)
        if self._drawn_rows is not None and self.from_bottom > 0:
            self.from_bottom += max(0, len(rows) - self._drawn_rows)  # hold the view still
        self._drawn_rows = len(rows)
        self.from_bottom = min(self.from_bottom, max(0, len(rows) - self._visible))
        end = len(rows) - self.from_bottom
        shown = rows[max(0, end - self._visible) : end]
        self.rendered = [f"{row.name} {row.text}".strip() for row in shown]
        for number, row in enumerate(shown):
            y = rect.y + number * ROW
            x = rect.x
            if row.name:
                screen.blit(self.text.render(row.name, 8, row.name_colour), (x, y))
                x += self.text.size(row.name + " ", 8)[0]
            elif row.continued:
                x += INDENT
            screen.blit(self.text.render(row.text, 8, row.colour), (x, y))
        if len(rows) > self._visible:
            self._draw_scrollbar(screen, rect, len(rows), end)

    def _draw_scrollbar(
        self, screen: pygame.Surface, rect: pygame.Rect, total: int, end: int
    ) -> None:
        bar = max(8, rect.height * self._visible // total)
        start = max(0, end - self._visible)
        top = rect.y + (rect.height - bar) * start // max(1, total - self._visible)
        pygame.draw.rect(screen, PANEL_EDGE, (rect.right - 3, top, 3, bar))

"""The chat panel: the player talks with one resident (bottom centre; the town keeps running).

Who the player is to the resident is chosen on the "You are:" row: the visitor (the
session's `asking`, unchanged), a persona the player types ("a news reporter"), or the
resident's inner voice (the line becomes an intention the resident adopts as its own). Enter
sends the line through `PlayerPort.ask`; the answer arrives later and the app hands it to
`deliver` (this panel never calls `port.replies()`: the inspector's Interview tab gets
answers too). The conversation lives in the `ChatSession`, which the app keeps per resident,
so reopening the chat shows the history.

Keys: Enter sends (or focuses the field when it is not focused), Tab moves between the
persona field and the line, Esc leaves a field that has text in it (the text stays; keys
steer the town again) and closes the panel when the field is empty or nothing is focused.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import pygame

from game.render.text import PixelText
from game.town.ports import GroupPort, PlayerPort
from game.town.views import AskerKind, Asking, ChatLine, ChatSession, Greeting
from game.ui.chat.view import (
    INNER_VOICE_SPEAKER,
    ChatView,
    first_name,
    fit_line,
    typing_text,
)
from game.ui.panels import Panel, centre_beside
from game.ui.widgets import (
    DIM,
    ERROR,
    TEXT,
    Button,
    TextField,
    button_at,
    draw_box,
    layout_row,
)

WIDTH, HEIGHT = 640, 260
MARGIN = 8
PAD = 10
PORTRAIT = 32
LINE_LIMIT = 300
PERSONA_LIMIT = 60
WHEEL_ROWS = 3
ROW_MIN = 14  # the history is never shorter than one row
MEETING_SPEAKER = "town meeting"  # who says a meeting was called, in the chat
FUNCTION_KEYS = range(pygame.K_F1, pygame.K_F12 + 1)
MODES: tuple[tuple[str, AskerKind], ...] = (
    ("Visitor", "visitor"),
    ("Persona", "persona"),
    ("Inner voice", "inner_voice"),
)


class ChatPanel(Panel):
    """A conversation with `session.resident`. `message` is the last refusal (drawn in red);
    `mode` is the chosen asker kind; `view` draws the lines."""

    def __init__(
        self,
        port: PlayerPort,
        text: PixelText,
        session: ChatSession,
        clock: Callable[[], datetime],
        portrait: Callable[[str], pygame.Surface | None],
    ) -> None:
        super().__init__()
        self.port = port
        self.text = text
        self.session = session
        self.clock = clock
        self.portrait = portrait
        self.view = ChatView(text, session.lines, session.resident)
        self.field = TextField(limit=LINE_LIMIT, placeholder=self._placeholder("visitor"))
        self.persona = TextField(
            limit=PERSONA_LIMIT, placeholder="who you are, e.g. a news reporter", focused=False
        )
        self.mode: AskerKind = "visitor"
        if session.asking.kind == "inner_voice":
            self.choose("inner_voice")
        self.message = ""
        self.seconds = 0.0  # real time the panel has been open (blinking, dots)
        self.mode_buttons = [Button(label, kind) for label, kind in MODES]
        self.send_button = Button("Send", "send")
        self.close_button = Button("x", "close")
        self.field_rect = pygame.Rect(0, 0, 0, 0)
        self.persona_rect = pygame.Rect(0, 0, 0, 0)
        self._picture: pygame.Surface | None = None
        self._picture_loaded = False

    # --- what the app and the tests read ---------------------------------------------------

    @property
    def resident(self) -> str:
        return self.session.resident

    def asking(self) -> Asking | None:
        """Who the player is now; None while "Persona" is chosen with no persona typed."""
        if self.mode == "visitor":
            return self.session.asking
        if self.mode == "inner_voice":
            return Asking("inner_voice", INNER_VOICE_SPEAKER)
        persona = self.persona.value()
        return Asking("persona", persona) if persona else None

    def status_text(self) -> str:
        """ "Isabella is typing..." while the resident answers, else the last refusal."""
        if self.port.answering(self.resident):
            return typing_text(self.resident, self.seconds)
        return self.message

    def wants_text(self) -> bool:
        return self.field.focused or self.persona.focused

    # --- lines in --------------------------------------------------------------------------

    def deliver(self, line: ChatLine) -> bool:
        """Show an answer (or an error line) for this resident; False when it is for someone
        else. A line the session already holds (the app may append it itself) is not added
        twice."""
        if line.resident != self.resident:
            return False
        if line not in self.session.lines[-8:]:
            self.session.lines.append(line)
        self.message = ""
        return True

    def greet(self, greeting: Greeting) -> bool:
        """The resident opens the conversation."""
        line = ChatLine(greeting.resident, greeting.resident, greeting.text, greeting.at)
        return self.deliver(line)

    # --- actions ---------------------------------------------------------------------------

    def choose(self, kind: AskerKind) -> None:
        """Pick who the player is; Persona focuses its field while it is empty."""
        self.mode = kind
        self.field.placeholder = self._placeholder(kind)
        wants_persona = kind == "persona" and not self.persona.value()
        self.persona.focused = wants_persona
        self.field.focused = not wants_persona

    def send(self) -> None:
        """Send the typed line; on a refusal keep it and show why."""
        said = self.field.value()
        if not said:
            self.message = f"Type something to say to {first_name(self.resident)} first."
            return
        if said.startswith("/meeting") and isinstance(self.port, GroupPort):
            now = self.clock()
            called, result = self.port.meeting_command(self.resident, said, now)
            if called:
                self.session.lines.append(ChatLine(self.resident, MEETING_SPEAKER, result, now))
                self.field.clear()
            self.message = "" if called else result
            return
        asking = self.asking()
        if asking is None:
            self.message = "Say who you are first, e.g. a news reporter."
            self._focus(self.persona)
            return
        now = self.clock()
        refused = self.port.ask(self.resident, said, asking, now)
        if refused:
            self.message = refused
            return
        speaker = asking.name or "You"
        self.session.lines.append(ChatLine(self.resident, speaker, said, now))
        self.field.clear()
        self.message = ""
        self.view.scroll_to_end()

    def _focus(self, field: TextField | None) -> None:
        self.field.focused = field is self.field
        self.persona.focused = field is self.persona

    def _placeholder(self, kind: AskerKind) -> str:
        name = first_name(self.session.resident)
        if kind == "inner_voice":
            return "e.g. You want to throw a party tonight"
        return f"Say something to {name}..."

    # --- input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._click(event.pos, event.button)
        if event.type == pygame.MOUSEBUTTONUP:
            return False  # a drag of the map that ends over the panel must still end
        if event.type == pygame.MOUSEWHEEL:
            if not self.rect.collidepoint(pygame.mouse.get_pos()):
                return False
            self.view.scroll(-event.y * WHEEL_ROWS)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.TEXTINPUT:
            focused = self._focused()
            if focused is None:
                return False
            focused.handle(event)
            return True
        return False

    def _focused(self) -> TextField | None:
        if self.persona.focused:
            return self.persona
        return self.field if self.field.focused else None

    def _key(self, event: pygame.event.Event) -> bool:
        focused = self._focused()
        if event.key == pygame.K_ESCAPE:
            if focused is not None and focused.text:
                self._focus(None)
            else:
                self.closed = True
            return True
        if focused is None:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._focus(self.field)
                return True
            return False
        if event.key in FUNCTION_KEYS:
            return False
        if event.key == pygame.K_TAB and self.mode == "persona":
            self._focus(self.field if focused is self.persona else self.persona)
            return True
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = self.view.page_rows()
            self.view.scroll(page if event.key == pygame.K_PAGEDOWN else -page)
            return True
        if focused.handle(event) == "submit":
            if focused is self.persona:
                self._focus(self.field)
            else:
                self.send()
        return True

    def _click(self, pos: tuple[int, int], button: int) -> bool:
        if not self.rect.collidepoint(pos):
            if button in (1, 2, 3):  # not the wheel (buttons 4, 5): zooming keeps the focus
                self._focus(None)
            return False
        if button != 1:
            return True
        clicked = button_at([self.close_button, self.send_button, *self.mode_buttons], pos)
        if clicked is self.close_button:
            self.closed = True
        elif clicked is self.send_button:
            self.send()
        elif clicked is not None:
            self.choose(_kind(clicked.value))
        elif self.mode == "persona" and self.persona_rect.collidepoint(pos):
            self._focus(self.persona)
        else:
            self._focus(self.field)
        return True

    def update(self, real_seconds: float, now: datetime) -> None:
        self.seconds += real_seconds

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        width = min(WIDTH, screen.get_width() - 2 * MARGIN)
        height = min(HEIGHT, screen.get_height() - 2 * MARGIN)
        self.rect = pygame.Rect(0, 0, width, height)
        centre = centre_beside(self.room, screen, width, MARGIN)
        self.rect.midbottom = (centre, screen.get_height() - MARGIN)
        draw_box(screen, self.rect)
        left, inner = self.rect.x + PAD, width - 2 * PAD
        self._draw_header(screen, left, inner)
        bottom = self.rect.bottom - PAD
        self.field_rect = pygame.Rect(left, bottom - 22, 0, 22)
        self.send_button.rect = pygame.Rect(0, bottom - 22, 56, 22)
        self.send_button.rect.right = left + inner
        self.field_rect.width = self.send_button.rect.left - 6 - left
        mode_row = bottom - 22 - 6 - 20
        you_row = mode_row - 4 - 20
        status_y = you_row - 16
        history = pygame.Rect(left, self.rect.y + PAD + PORTRAIT + 8, inner, 0)
        history.height = max(ROW_MIN, status_y - 4 - history.y)
        typing = typing_text(self.resident, self.seconds) if self._answering() else ""
        empty = f"Say hello to {first_name(self.resident)}."
        self.view.draw(screen, history, typing, empty, self.seconds)
        if self.message:
            clipped = fit_line(self.text, self.message, inner)
            screen.blit(self.text.render(clipped, 8, ERROR), (left, status_y))
        self._draw_modes(screen, left, you_row, mode_row, inner)
        self.field.draw(screen, self.text, self.field_rect, self.seconds)
        self._draw_button(screen, self.send_button)

    def _answering(self) -> bool:
        return self.port.answering(self.resident)

    def _draw_header(self, screen: pygame.Surface, left: int, inner: int) -> None:
        top = self.rect.y + PAD
        picture = self._portrait()
        x = left
        if picture is not None:
            screen.blit(picture, (left, top))
            x += PORTRAIT + 8
        screen.blit(self.text.render(self.resident, 16, TEXT), (x, top))
        hint = "Enter: send  Esc: close  wheel: scroll"
        screen.blit(self.text.render(hint, 8, DIM), (x, top + 22))
        self.close_button.rect = pygame.Rect(left + inner - 20, top, 20, 20)
        self._draw_button(screen, self.close_button)

    def _draw_modes(
        self, screen: pygame.Surface, left: int, you_row: int, mode_row: int, inner: int
    ) -> None:
        label = self.text.render("You are:", 8, DIM)
        screen.blit(label, (left, you_row + 6))
        for button in self.mode_buttons:
            button.active = button.value == self.mode
        layout_row(self.mode_buttons, self.text, left + label.get_width() + 8, you_row)
        for button in self.mode_buttons:
            self._draw_button(screen, button)
        self.persona_rect = pygame.Rect(0, 0, 0, 0)
        if self.mode == "persona":
            name = self.text.render("Who:", 8, DIM)
            screen.blit(name, (left, mode_row + 6))
            x = left + name.get_width() + 8
            self.persona_rect = pygame.Rect(x, mode_row, left + inner - x, 20)
            self.persona.draw(screen, self.text, self.persona_rect, self.seconds)
            return
        if self.mode == "inner_voice":
            hint = f"{first_name(self.resident)} takes what you type as their own intention."

        else:
            visitor = self.session.asking.name or "a visitor"
            hint = f"{first_name(self.resident)} sees you as {visitor}."
        screen.blit(
            self.text.render(fit_line(self.text, hint, inner), 8, DIM), (left, mode_row + 6)
        )

    def _draw_button(self, screen: pygame.Surface, button: Button) -> None:
        button.draw(screen, self.text, button.rect.collidepoint(pygame.mouse.get_pos()))

    def _portrait(self) -> pygame.Surface | None:
        if not self._picture_loaded:
            self._picture_loaded = True
            picture = self.portrait(self.resident)
            if picture is not None and picture.get_size() != (PORTRAIT, PORTRAIT):
                picture = pygame.transform.scale(picture, (PORTRAIT, PORTRAIT))
            self._picture = picture
        return self._picture


def _kind(value: str) -> AskerKind:
    for _, kind in MODES:
        if kind == value:
            return kind
    return "visitor"

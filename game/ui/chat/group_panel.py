"""The group panel: the player in a group conversation (bottom centre; the town runs on).

T beside a resident who is talking opens it and joins the talk (when that talk is over, its
members go on with the player among them). The "Take part:" row picks the input mode
(AutoGen's three and two of Smallville's), and can change mid-talk: *Always* (the group
waits for your line at each of your turns), *Terminate* (you are asked only when the talk
would end; until then your character speaks for itself), *Never* (your character speaks for
itself, in its description, all along), *Addressed* (you are asked when someone speaks to
you by name, or the talk would end), *Watch* (you listen). When the group waits for you the
status says so and Enter sends your line (an empty line stays silent); start it with a
name ("Maria, …") to speak to one member. Under the `manual` group strategy a small chooser
above the panel (`speaker_chooser.py`) asks who speaks next: click a name or press its
number. Esc leaves the talk and closes the panel.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import pygame

from game.render.text import PixelText
from game.town.ports import GroupPort
from game.town.views import GroupView
from game.ui.chat.speaker_chooser import MANAGER, SpeakerChooser
from game.ui.chat.view import first_name, fit_line
from game.ui.panels import Panel, centre_beside
from game.ui.widgets import (
    ACCENT,
    DIM,
    ERROR,
    LINE,
    TEXT,
    Button,
    TextField,
    button_at,
    draw_box,
    layout_row,
    wrap,
)

WIDTH, HEIGHT = 640, 280
MARGIN = 8
PAD = 10
LINE_LIMIT = 300
MODES = (
    ("Always", "always"),
    ("Terminate", "terminate"),
    ("Never", "never"),
    ("Addressed", "when addressed"),
    ("Watch", "watch"),
)
STATUS = {
    "waiting": "Waiting to join: {message}",
    "over": "The talk is over. Esc closes.",
    "none": "{message}",
}


class GroupPanel(Panel):
    """The player's seat in a group talk, joined beside `near`."""

    def __init__(
        self,
        port: GroupPort,
        text: PixelText,
        near: str,
        clock: Callable[[], datetime],
        mode: str = "when addressed",
    ) -> None:
        """Joins `near`'s talk in input `mode` (one of `MODES`' values); the talk's worker
        starts thinking at once, so a mode picked later holds from the next turn on."""
        super().__init__()
        self.port = port
        self.text = text
        self.near = near
        self.clock = clock
        self.seconds = 0.0
        self.message = port.join_group(near, mode, clock()) or ""
        self.field = TextField(limit=LINE_LIMIT, placeholder="Your line (Enter sends)...")
        self.mode_buttons = [Button(label, mode) for label, mode in MODES]
        self.send_button = Button("Send", "send")
        self.close_button = Button("x", "close")
        self.chooser = SpeakerChooser()

    # --- what the app and the tests read ---------------------------------------------------

    def view(self) -> GroupView:
        return self.port.group_view()

    def status_text(self, view: GroupView) -> str:
        if self.message:
            return self.message
        if view.state == "talking":
            if view.choosing:
                return "Who speaks next? Click a name above, or press its number."
            if view.asked is not None:
                return f"Your turn ({view.asked}): type your line, Enter sends."
            if view.mode in ("never", "terminate"):
                return "Your character speaks for itself; the others are talking..."
            return "Listening..." if view.mode == "watch" else "The others are talking..."
        return STATUS.get(view.state, "").format(message=view.message)

    def wants_text(self) -> bool:
        return self.field.focused

    # --- actions ---------------------------------------------------------------------------

    def send(self) -> None:
        refused = self.port.group_say(self.field.value())
        self.message = refused or ""
        if refused is None:
            self.field.clear()

    def pick(self, name: str | None) -> None:
        """The player picks the next speaker (None: the manager picks)."""
        self.message = self.port.group_pick(name) or ""

    def leave(self) -> None:
        self.port.leave_group()
        self.closed = True

    # --- input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.chooser.shown and self.choose(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if not self.rect.collidepoint(event.pos):
                return False
            clicked = button_at(
                [self.close_button, self.send_button, *self.mode_buttons], event.pos
            )
            if clicked is self.close_button:
                self.leave()
            elif clicked is self.send_button:
                self.send()
            elif clicked is not None:
                self.port.group_mode(clicked.value)
            else:
                self.field.focused = True
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.field.focused = True
                self.send()
                return True
            if self.field.focused:
                self.field.handle(event)
                return True
            return False
        if event.type == pygame.TEXTINPUT and self.field.focused:
            self.field.handle(event)
            return True
        return False

    def choose(self, event: pygame.event.Event) -> bool:
        """The chooser's click or number key, when it is shown (a digit typed is not text)."""
        if event.type == pygame.MOUSEBUTTONDOWN and self.chooser.rect.collidepoint(event.pos):
            clicked = self.chooser.clicked(event.pos)
            if clicked is not None:
                self.pick(None if clicked.value == MANAGER else clicked.value)
            return True
        if event.type == pygame.KEYDOWN and (name := self.chooser.keyed(event.key)):
            self.pick(name)
            return True
        return event.type == pygame.TEXTINPUT and event.text.isdigit()

    def update(self, real_seconds: float, now: datetime) -> None:
        self.seconds += real_seconds

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        view = self.view()
        width = min(WIDTH, screen.get_width() - 2 * MARGIN)
        height = min(HEIGHT, screen.get_height() - 2 * MARGIN)
        self.rect = pygame.Rect(0, 0, width, height)
        centre = centre_beside(self.room, screen, width, MARGIN)
        self.rect.midbottom = (centre, screen.get_height() - MARGIN)
        draw_box(screen, self.rect)
        left, inner, top = self.rect.x + PAD, width - 2 * PAD, self.rect.y + PAD
        names = ", ".join(first_name(n) for n in view.members) or first_name(self.near)
        title = fit_line(self.text, f"Talking with {names}", inner - 28, 16)
        screen.blit(self.text.render(title, 16, TEXT), (left, top))
        self.close_button.rect = pygame.Rect(left + inner - 20, top, 20, 20)
        self.close_button.draw(screen, self.text, False)
        bottom = self.rect.bottom - PAD
        field = pygame.Rect(left, bottom - 22, inner - 62, 22)
        self.send_button.rect = pygame.Rect(field.right + 6, bottom - 22, 56, 22)
        modes_y = field.y - 6 - 20
        status_y = modes_y - 16
        self._draw_lines(screen, view, pygame.Rect(left, top + 26, inner, status_y - top - 30))
        colour = ERROR if self.message else (ACCENT if view.asked else DIM)
        status = fit_line(self.text, self.status_text(view), inner)
        screen.blit(self.text.render(status, 8, colour), (left, status_y))
        label = self.text.render("Take part:", 8, DIM)
        screen.blit(label, (left, modes_y + 6))
        for button in self.mode_buttons:
            button.active = button.value == view.mode
        layout_row(self.mode_buttons, self.text, left + label.get_width() + 8, modes_y)
        for button in [*self.mode_buttons, self.send_button]:
            button.draw(screen, self.text, False)
        self.field.draw(screen, self.text, field, self.seconds)
        self.chooser.show(view.choosing if view.state == "talking" else ())
        self.chooser.draw(screen, self.text, self.rect)

    def _draw_lines(self, screen: pygame.Surface, view: GroupView, area: pygame.Rect) -> None:
        rows: list[tuple[str, tuple[int, int, int]]] = []
        for speaker, to, said in view.lines:
            head = f"{first_name(speaker)}" + (f" to {first_name(to)}" if to else "")
            for index, row in enumerate(wrap(self.text, f"{head}: {said}", area.width)):
                rows.append((row, TEXT if index == 0 else DIM))
        if not rows:
            rows = [("Nobody has said anything yet.", DIM)]
        shown = rows[-max(1, area.height // LINE) :]
        for number, (row, colour) in enumerate(shown):
            screen.blit(self.text.render(row, 8, colour), (area.x, area.y + number * LINE))

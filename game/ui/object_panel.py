"""The object editor: the objects of the room on the left, the chosen one's state on the
right, and a field to rewrite it in words ("is burning", "is leaking water"). Residents who
see the object notice the new state and may react (the paper's world-state edits).

Enter or "Apply" calls `PlayerPort.set_object_state`; a refusal is shown in red and the
typed text stays; on success the object's info is refreshed from the port and `applied`
becomes True (the app may then toast `port.events()` and set it back to False). "Reset"
puts the default state back. Keys as in the chat panel: Esc leaves a field with text in it,
and closes the panel when the field is empty or nothing is focused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

import pygame

from game.render.text import PixelText
from game.town.ports import PlayerPort
from game.town.views import OBJECT_STATE_MAX_CHARS, ObjectInfo
from game.ui.chat.view import fit_line
from game.ui.panels import Panel
from game.ui.widgets import (
    ACCENT,
    DIM,
    ERROR,
    FIELD_FOCUS,
    GOOD,
    LINE,
    TEXT,
    Button,
    TextField,
    button_at,
    draw_box,
    layout_row,
    wrap,
)
from game.world.object_text import state_phrase

WIDTH, HEIGHT = 600, 260
EMPTY_HEIGHT = 90  # with no objects, only the title and a message
MARGIN = 8
TOP = 64  # below the HUD's clock row
PAD = 10
LIST_WIDTH = 220
ENTRY = 30  # pixels per object in the list (name, state, air)
FUNCTION_KEYS = range(pygame.K_F1, pygame.K_F12 + 1)
NO_OBJECTS = "No objects here."
PICK_ONE = "Click an object to change its state."
HINT = 'Describe it as it is now, e.g. "is burning", "is leaking water".'


class ObjectPanel(Panel):
    """The objects in the room. `objects` is the list shown (refreshed after each change),
    `selected` the chosen one (or None), `message` / `feedback` the last refusal (red) or
    success (green), `applied` True once a state was changed."""

    def __init__(
        self,
        port: PlayerPort,
        text: PixelText,
        objects: list[ObjectInfo],
        clock: Callable[[], datetime],
        selected_key: str | None = None,
    ) -> None:
        super().__init__()
        self.port = port
        self.text = text
        self.objects = list(objects)
        self.clock = clock
        self.field = TextField(
            limit=OBJECT_STATE_MAX_CHARS, placeholder="a new state, e.g. is burning"
        )
        self.field.focused = False
        self.selected_key: str | None = None
        self.message = ""  # a refusal, drawn in red
        self.feedback = ""  # a success, drawn in green
        self.applied = False
        self.notice = ""  # what the panel says instead of an editor (no objects, none chosen)
        self.seconds = 0.0
        self.first_entry = 0  # the list's scroll position
        self.apply_button = Button("Apply", "apply")
        self.reset_button = Button("Reset", "reset")
        self.close_button = Button("x", "close")
        self.field_rect = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.entry_rects: list[tuple[pygame.Rect, str]] = []
        if selected_key is not None:
            self.select(selected_key)

    # --- what the app and the tests read ---------------------------------------------------

    @property
    def selected(self) -> ObjectInfo | None:
        for info in self.objects:
            if info.key == self.selected_key:
                return info
        return None

    def wants_text(self) -> bool:
        return self.field.focused

    # --- actions ---------------------------------------------------------------------------

    def select(self, key: str) -> bool:
        """Choose the object `key` and focus the field; False when it is not listed."""
        if not any(info.key == key for info in self.objects):
            return False
        if key != self.selected_key:
            self.message = self.feedback = ""
        self.selected_key = key
        self.field.focused = True
        return True

    def apply(self) -> None:
        """Set the selected object's state to the typed text."""
        if self.selected is None:
            self.message = "Pick an object on the left first."
            return
        state = self.field.value()
        if not state:
            self.message = 'Type a new state first, e.g. "is burning".'
            return
        if self._set(self.selected, state):
            self.field.clear()

    def reset(self) -> None:
        """Put the selected object's default state back."""
        if self.selected is not None:
            self._set(self.selected, self.selected.default_state)

    def _set(self, info: ObjectInfo, state: str) -> bool:
        refused = self.port.set_object_state(info.key, state, self.clock())
        if refused:
            self.message, self.feedback = refused, ""
            return False
        fresh = self._fresh(info) or replace(info, state=state)
        self.objects = [fresh if other.key == info.key else other for other in self.objects]
        self.message = ""
        self.feedback = f"Done: the {fresh.name} is now {state_phrase(fresh.state)}."
        self.applied = True
        return True

    def _fresh(self, info: ObjectInfo) -> ObjectInfo | None:
        """The object as the port sees it now."""
        found = self.port.object_at(info.tile)
        if found is not None and found.key == info.key:
            return found
        for near in self.port.objects_near(info.tile):
            if near.key == info.key:
                return near
        return None

    # --- input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._click(event.pos, event.button)
        if event.type == pygame.MOUSEBUTTONUP:
            return False  # a drag of the map that ends over the panel must still end
        if event.type == pygame.MOUSEWHEEL:
            if not self.rect.collidepoint(pygame.mouse.get_pos()):
                return False
            self._scroll(-event.y)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.TEXTINPUT and self.field.focused:
            self.field.handle(event)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            if self.field.focused and self.field.text:
                self.field.focused = False
            else:
                self.closed = True
            return True
        if not self.field.focused:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected:
                self.field.focused = True
                return True
            return False
        if event.key in FUNCTION_KEYS:
            return False
        if self.field.handle(event) == "submit":
            self.apply()
        return True

    def _click(self, pos: tuple[int, int], button: int) -> bool:
        if not self.rect.collidepoint(pos):
            if button in (1, 2, 3):  # not the wheel (buttons 4, 5): zooming keeps the focus
                self.field.focused = False
            return False
        if button != 1:
            return True
        clicked = button_at([self.close_button, self.apply_button, self.reset_button], pos)
        if clicked is self.close_button:
            self.closed = True
        elif clicked is self.apply_button:
            self.apply()
        elif clicked is self.reset_button:
            self.reset()
        elif self.field_rect.collidepoint(pos) and self.selected is not None:
            self.field.focused = True
        else:
            for rect, key in self.entry_rects:
                if rect.collidepoint(pos):
                    self.select(key)
                    break
        return True

    def _scroll(self, entries: int) -> None:
        shown = max(1, self.list_rect.height // ENTRY)
        most = max(0, len(self.objects) - shown)
        self.first_entry = min(most, max(0, self.first_entry + entries))

    def update(self, real_seconds: float, now: datetime) -> None:
        self.seconds += real_seconds

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        width = min(WIDTH, screen.get_width() - 2 * MARGIN)
        height = min(HEIGHT if self.objects else EMPTY_HEIGHT, screen.get_height() - TOP - MARGIN)
        self.rect = pygame.Rect(screen.get_width() - MARGIN - width, TOP, width, height)
        draw_box(screen, self.rect)
        left, top, inner = self.rect.x + PAD, self.rect.y + PAD, width - 2 * PAD
        screen.blit(self.text.render("Objects here", 16, TEXT), (left, top))
        self.close_button.rect = pygame.Rect(self.rect.right - PAD - 20, top, 20, 20)
        self._draw_button(screen, self.close_button)
        shown = self.selected or (self.objects[0] if self.objects else None)
        if shown is not None and shown.where:
            where = fit_line(self.text, shown.where, inner - 24)
            screen.blit(self.text.render(where, 8, DIM), (left, top + 22))
        body = pygame.Rect(left, top + 40, inner, self.rect.bottom - PAD - top - 40)
        self.entry_rects = []
        self.notice = "" if self.selected else PICK_ONE if self.objects else NO_OBJECTS
        if not self.objects:
            self._draw_empty(screen, body)
            return
        list_width = min(LIST_WIDTH, inner // 2)
        self.list_rect = pygame.Rect(body.x, body.y, list_width, body.height)
        self._draw_list(screen)
        editor = body.copy()
        editor.x, editor.width = body.x + list_width + 12, body.width - list_width - 12
        self._draw_editor(screen, editor)

    def _draw_empty(self, screen: pygame.Surface, body: pygame.Rect) -> None:
        screen.blit(self.text.render(NO_OBJECTS, 8, TEXT), (body.x, body.y))
        hint = "Walk into a room, or click a piece of furniture, to edit what is in it."
        for row, line in enumerate(wrap(self.text, hint, body.width), start=2):
            screen.blit(self.text.render(line, 8, DIM), (body.x, body.y + row * LINE))

    def _draw_list(self, screen: pygame.Surface) -> None:
        rect = self.list_rect
        self._scroll(0)  # the list may have shrunk or the panel too
        count = max(1, rect.height // ENTRY)
        for row, info in enumerate(self.objects[self.first_entry : self.first_entry + count]):
            entry = pygame.Rect(rect.x, rect.y + row * ENTRY, rect.width, ENTRY - 2)
            chosen = info.key == self.selected_key
            if chosen:
                pygame.draw.rect(screen, FIELD_FOCUS, entry)
            name = fit_line(self.text, info.name, rect.width - 8)
            screen.blit(
                self.text.render(name, 8, ACCENT if chosen else TEXT), (entry.x + 4, entry.y + 2)
            )
            state = info.state + (f" (set by {info.changed_by})" if info.changed_by else "")
            state = fit_line(self.text, state, rect.width - 8)
            screen.blit(self.text.render(state, 8, DIM), (entry.x + 4, entry.y + 2 + LINE))
            self.entry_rects.append((entry, info.key))
        if len(self.objects) > count:
            more = f"{self.first_entry + 1}-{min(len(self.objects), self.first_entry + count)}"
            label = self.text.render(f"{more} of {len(self.objects)} (wheel)", 8, DIM)
            screen.blit(label, (rect.x + 4, rect.bottom - LINE))

    def _draw_editor(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        info = self.selected
        if info is None:
            for row, line in enumerate(wrap(self.text, PICK_ONE, rect.width)):
                screen.blit(self.text.render(line, 8, DIM), (rect.x, rect.y + row * LINE))
            self.field_rect = pygame.Rect(0, 0, 0, 0)
            self.apply_button.rect = self.reset_button.rect = pygame.Rect(0, 0, 0, 0)
            return
        y = rect.y
        screen.blit(
            self.text.render(fit_line(self.text, info.name, rect.width, 16), 16, ACCENT),
            (rect.x, y),
        )
        y += 22
        for line in wrap(self.text, _sentence(info), rect.width)[:3]:
            screen.blit(self.text.render(line, 8, TEXT), (rect.x, y))
            y += LINE
        who = f"set by {info.changed_by}" if info.changed_by else "its usual state"
        if info.changed_by and info.state != info.default_state:
            who += f" (usually: {info.default_state})"
        screen.blit(self.text.render(fit_line(self.text, who, rect.width), 8, DIM), (rect.x, y))
        y += LINE + 8
        self.field_rect = pygame.Rect(rect.x, y, rect.width, 22)
        self.field.draw(screen, self.text, self.field_rect, self.seconds)
        y += 26
        for line in wrap(self.text, HINT, rect.width)[:2]:
            screen.blit(self.text.render(line, 8, DIM), (rect.x, y))
            y += LINE
        layout_row([self.apply_button, self.reset_button], self.text, rect.x, y + 4, height=22)
        self.reset_button.enabled = info.state != info.default_state
        self._draw_button(screen, self.apply_button)
        self._draw_button(screen, self.reset_button)
        y += 32
        note, colour = (self.message, ERROR) if self.message else (self.feedback, GOOD)
        for line in wrap(self.text, note, rect.width)[:3] if note else []:
            screen.blit(self.text.render(line, 8, colour), (rect.x, y))
            y += LINE

    def _draw_button(self, screen: pygame.Surface, button: Button) -> None:
        button.draw(screen, self.text, button.rect.collidepoint(pygame.mouse.get_pos()))


def _sentence(info: ObjectInfo) -> str:
    """ "The sink is leaking water." """
    return f"The {info.name} is {state_phrase(info.state) or 'as usual'}."

"""Input handlers as a state machine (after tcod_tutorial_v2).

`handler.handle(event)` returns the handler for the next event: itself to stay, another
handler to switch (a drag in progress), or None when the game should quit. `TownHandler` is
the base: camera, zoom, speed, selection, F3 and F11 keys work in every handler built on it.
"""

from __future__ import annotations

import pygame

from game.ui.hud import PAUSE
from game.ui.view_state import ViewState

PAN_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0), pygame.K_a: (-1, 0),
    pygame.K_RIGHT: (1, 0), pygame.K_d: (1, 0),
    pygame.K_UP: (0, -1), pygame.K_w: (0, -1),
    pygame.K_DOWN: (0, 1), pygame.K_s: (0, 1),
}  # fmt: skip
SPEED_KEYS: dict[int, int] = {
    pygame.K_1: PAUSE, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 5,
    pygame.K_5: 10, pygame.K_6: 30, pygame.K_7: 60,
}  # fmt: skip
DRAG_THRESHOLD = 4  # pixels the mouse must move before a press becomes a drag


class Handler:
    """Base handler: everything the town view understands."""

    def __init__(self, view: ViewState) -> None:
        self.view = view

    def handle(self, event: pygame.event.Event) -> Handler | None:
        view = self.view
        if event.type == pygame.QUIT:
            return None
        if event.type == pygame.VIDEORESIZE:
            view.resize_to = (event.w, event.h)
        elif event.type == pygame.KEYDOWN:
            return self.on_key_down(event)
        elif event.type == pygame.KEYUP:
            view.held_pan.discard(PAN_KEYS.get(event.key, (0, 0)))
        elif event.type == pygame.MOUSEWHEEL:
            anchor = pygame.mouse.get_pos()
            view.camera.set_zoom(view.camera.zoom + (1 if event.y > 0 else -1), anchor)
        elif event.type == pygame.MOUSEMOTION:
            view.mouse = event.pos
            view.hovered = view.pick_resident(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.on_left_press(event.pos)
        return self

    def on_key_down(self, event: pygame.event.Event) -> Handler | None:
        view = self.view
        if event.key == pygame.K_ESCAPE:
            if view.selected is not None:
                view.selected = None
            else:
                view.requests.append("menu")
        elif event.key == pygame.K_t:
            view.requests.append("talk")
        elif event.key == pygame.K_e:
            view.requests.append("objects")
        elif event.key == pygame.K_i:
            view.requests.append("inspect")
        elif event.key in PAN_KEYS:
            view.held_pan.add(PAN_KEYS[event.key])
        elif event.key == pygame.K_SPACE:
            view.speed.toggle_pause()
        elif event.key in SPEED_KEYS:
            self.choose_speed(SPEED_KEYS[event.key])
        elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            view.camera.set_zoom(view.camera.zoom + 1)
        elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            view.camera.set_zoom(view.camera.zoom - 1)
        elif event.key == pygame.K_F3:
            view.show_fps = not view.show_fps
        elif event.key == pygame.K_l:
            view.show_dialogue = not view.show_dialogue
        elif event.key == pygame.K_F11:
            view.fullscreen_requested = True
        return self

    def choose_speed(self, value: int) -> None:
        if value == PAUSE:
            self.view.speed.toggle_pause()
        else:
            self.view.speed.set(value)

    def on_left_press(self, pos: tuple[int, int]) -> Handler | None:
        button = self.view.button_at(pos)
        if button is not None:
            self.choose_speed(button)
            return self
        return DragHandler(self.view, parent=self, start=pos)


class TownHandler(Handler):
    """The default state: watching the town."""


class DragHandler(Handler):
    """Mouse held down on the map: dragging pans; releasing without moving selects."""

    def __init__(self, view: ViewState, parent: Handler, start: tuple[int, int]) -> None:
        super().__init__(view)
        self.parent = parent
        self.start = start
        self.dragging = False

    def handle(self, event: pygame.event.Event) -> Handler | None:
        if event.type == pygame.MOUSEMOTION:
            dx, dy = event.pos[0] - self.start[0], event.pos[1] - self.start[1]
            if not self.dragging and max(abs(dx), abs(dy)) >= DRAG_THRESHOLD:
                self.dragging = True
                self.view.selected = None
                self.view.camera.pan(-dx, -dy)
            elif self.dragging:
                self.view.camera.pan(-event.rel[0], -event.rel[1])
            return self
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if not self.dragging:
                self.view.clicks.append(event.pos)
            return self.parent
        return super().handle(event)

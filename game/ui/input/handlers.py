"""Input handlers: one state of a screen's input each (after tcod_tutorial_v2).

`handler.handle(event)` answers with a typed command to perform (`commands.py`), with the
handler for the next event (a state change: a drag begins), or with None. A handler with a
parent — `DragHandler`, "the left button is held" — goes back to its parent after the
command it answered has been performed (`after`). The input route (`route.py`) calls them.
"""

from __future__ import annotations

from typing import Generic, TypeVar

import pygame

from game.ui.hud import PAUSE
from game.ui.input.commands import (
    ClickMap,
    CloseWhileLoading,
    CloseWindow,
    Command,
    Controls,
    Escape,
    HoldDirection,
    Hover,
    InspectFollowed,
    LeaveGame,
    LoadingControls,
    OpenObjects,
    PanBy,
    PointAt,
    ResizeWindow,
    SetSpeed,
    StartOrPause,
    Talk,
    TitleControls,
    Toggle,
    TownControls,
    Zoom,
)
from game.ui.view_state import Point, ViewState

C = TypeVar("C", bound=Controls)

DIRECTION_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0), pygame.K_a: (-1, 0),
    pygame.K_RIGHT: (1, 0), pygame.K_d: (1, 0),
    pygame.K_UP: (0, -1), pygame.K_w: (0, -1),
    pygame.K_DOWN: (0, 1), pygame.K_s: (0, 1),
}  # fmt: skip
SPEED_KEYS: dict[int, int] = {
    pygame.K_1: PAUSE, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 5,
    pygame.K_5: 10, pygame.K_6: 30, pygame.K_7: 60,
}  # fmt: skip
TOWN_KEYS: dict[int, Command[TownControls]] = {
    pygame.K_ESCAPE: Escape(),
    pygame.K_t: Talk(),
    pygame.K_e: OpenObjects(),
    pygame.K_i: InspectFollowed(),
    pygame.K_SPACE: StartOrPause(),
    pygame.K_PLUS: Zoom(+1), pygame.K_EQUALS: Zoom(+1), pygame.K_KP_PLUS: Zoom(+1),
    pygame.K_MINUS: Zoom(-1), pygame.K_KP_MINUS: Zoom(-1),
    pygame.K_F3: Toggle("fps"),
    pygame.K_l: Toggle("dialogue"),
    pygame.K_F11: Toggle("fullscreen"),
}  # fmt: skip
DRAG_THRESHOLD = 4  # pixels the mouse must move before a press becomes a drag


def speed_command(value: int) -> SetSpeed:
    """A speed key's or button's value as a command (PAUSE toggles the pause)."""
    return SetSpeed(None if value == PAUSE else value)


class Handler(Generic[C]):
    """Base: a handler that answers nothing."""

    def handle(self, event: pygame.event.Event) -> Command[C] | Handler[C] | None:
        """The command `event` asks for, the next handler, or None."""
        return None

    def on_close(self) -> Command[C] | None:
        """The window's close button (offered before any panel, even a modal one)."""
        return None

    def on_pointer(self, point: Point) -> Command[C] | None:
        """The pointer moved (offered before any panel sees the motion)."""
        return None

    def after(self, command: Command[C]) -> Handler[C]:
        """The handler for the next event once `command` has been performed."""
        return self


class TownHandler(Handler[TownControls]):
    """Watching (and walking in) the town: keys, the wheel, clicks and drags on the map."""

    def __init__(self, view: ViewState) -> None:
        self.view = view

    def on_close(self) -> Command[TownControls]:
        return CloseWindow()

    def on_pointer(self, point: Point) -> Command[TownControls]:
        return PointAt(point)

    def handle(
        self, event: pygame.event.Event
    ) -> Command[TownControls] | Handler[TownControls] | None:
        if event.type == pygame.VIDEORESIZE:
            return ResizeWindow((event.w, event.h))
        if event.type == pygame.KEYDOWN:
            return self.on_key_down(event.key)
        if event.type == pygame.KEYUP and event.key in DIRECTION_KEYS:
            return HoldDirection(DIRECTION_KEYS[event.key], held=False)
        if event.type == pygame.MOUSEWHEEL:
            return Zoom(1 if event.y > 0 else -1, self.view.mouse)
        if event.type == pygame.MOUSEMOTION:
            return Hover(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = self.view.button_at(event.pos)
            if button is not None:
                return speed_command(button)
            return DragHandler(self.view, parent=self, start=event.pos)
        return None

    def on_key_down(self, key: int) -> Command[TownControls] | None:
        if key in DIRECTION_KEYS:
            return HoldDirection(DIRECTION_KEYS[key], held=True)
        if key in SPEED_KEYS:
            return speed_command(SPEED_KEYS[key])
        return TOWN_KEYS.get(key)


class DragHandler(TownHandler):
    """The left button is held on the map: moving pans the camera; releasing without having
    moved is a click. Either way, back to the parent after the release."""

    def __init__(self, view: ViewState, parent: Handler[TownControls], start: Point) -> None:
        super().__init__(view)
        self.parent = parent
        self.start = start
        self.dragging = False

    def handle(
        self, event: pygame.event.Event
    ) -> Command[TownControls] | Handler[TownControls] | None:
        if event.type == pygame.MOUSEMOTION:
            dx, dy = event.pos[0] - self.start[0], event.pos[1] - self.start[1]
            if not self.dragging and max(abs(dx), abs(dy)) >= DRAG_THRESHOLD:
                self.dragging = True
                return PanBy(-dx, -dy, stop_following=True)
            if self.dragging:
                return PanBy(-event.rel[0], -event.rel[1])
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.parent if self.dragging else ClickMap(event.pos)
        return super().handle(event)

    def after(self, command: Command[TownControls]) -> Handler[TownControls]:
        return self.parent if isinstance(command, ClickMap) else self


class TitleHandler(Handler[TitleControls]):
    """The title screen: everything but the close button is the menus' own."""

    def on_close(self) -> Command[TitleControls]:
        return LeaveGame()


class LoadingHandler(Handler[LoadingControls]):
    """The loading screen: only the close button means anything."""

    def on_close(self) -> Command[LoadingControls]:
        return CloseWhileLoading()

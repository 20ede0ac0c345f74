"""What the player's input asks for, as typed commands (after tcod_tutorial_v2's actions).

An input handler (`handlers.py`) turns an event into a command; the input route
(`route.py`) performs it: `command.perform(controls)`. A command that cannot be done raises
`Impossible`, whose message the player reads (a toast), and nothing else happens.

The town's commands act on `TownControls` — the view (camera, speed, selection), the
player's session and the menus over the town — which `game.play.app.App` provides; they
never reach the minds or the world directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

from game.town.resident import Tile
from game.ui.view_state import Point, ViewState

Kind = Literal["info", "good", "error"]
ControlsT = TypeVar("ControlsT", contravariant=True)


class Impossible(Exception):
    """A command that cannot be done now; the message says why, for the player."""


class Command(Protocol[ControlsT]):
    """One thing the player asked for."""

    def perform(self, controls: ControlsT) -> None:
        """Do it, or raise `Impossible`."""
        ...


class Controls(Protocol):
    """What every screen's commands may report back to the player."""

    def notify(self, message: str, kind: Kind = "info") -> None: ...


class PlayerControls(Protocol):
    """The player's session in a town (`game.play.session.PlaySession`)."""

    def click(self, tile: Tile, resident: str | None) -> str | None:
        """A click on the map: a resident to inspect, an object, or a walk. Returns the
        resident to follow, if any."""
        ...

    def talk(self, selected: str | None) -> None: ...

    def objects_here(self, fallback: Tile) -> None: ...

    def inspect(self, resident: str) -> None: ...


class MenuControls(Protocol):
    """The menus over a town (`game.play.town_menus.TownMenus`)."""

    def open_pause(self) -> None: ...

    def ask_quit(self, to_title: bool = False) -> None: ...


class TownControls(Controls, Protocol):
    """What the town's commands act on (`game.play.app.App`)."""

    @property
    def view(self) -> ViewState: ...

    @property
    def player(self) -> PlayerControls | None:
        """The player's session; None when nobody plays (a spectator, the schedule)."""
        ...

    @property
    def menus(self) -> MenuControls | None:
        """The pause and quit menus; None in a town without them (the schedule)."""
        ...

    def tile_at(self, point: Point) -> Tile:
        """The map tile under a window point."""
        ...

    def camera_tile(self) -> Tile:
        """The map tile at the middle of the window."""
        ...

    def close_top_panel(self) -> bool:
        """Close the topmost panel; False when none is open."""
        ...

    def start_now(self) -> bool:
        """Start the clock of a town waking up now (its residents still planning follow
        their routine meanwhile); False when the clock is not held for that."""
        ...

    def toggle_fullscreen(self) -> None: ...

    def resize_window(self, size: tuple[int, int]) -> None: ...


# --- the town's commands ----------------------------------------------------------------------


@dataclass(frozen=True)
class ClickMap:
    """A click (not a drag) on the map: select a resident; with a player, inspect them, open
    the object there, or walk there."""

    point: Point

    def perform(self, town: TownControls) -> None:
        resident = town.view.pick_resident(self.point)
        if town.player is None:
            town.view.selected = resident
            return
        town.view.selected = town.player.click(town.tile_at(self.point), resident)


@dataclass(frozen=True)
class Talk:
    """T: talk with the nearest resident (or the one followed)."""

    def perform(self, town: TownControls) -> None:
        if town.player is not None:
            town.player.talk(town.view.selected)


@dataclass(frozen=True)
class OpenObjects:
    """E: the objects in the room the player stands in."""

    def perform(self, town: TownControls) -> None:
        if town.player is not None:
            town.player.objects_here(town.camera_tile())


@dataclass(frozen=True)
class InspectFollowed:
    """I: the inspector on the resident the camera follows."""

    def perform(self, town: TownControls) -> None:
        if town.player is not None and town.view.selected is not None:
            town.player.inspect(town.view.selected)


@dataclass(frozen=True)
class Escape:
    """Esc: close the top panel; else stop following; else the pause menu."""

    def perform(self, town: TownControls) -> None:
        if town.close_top_panel():
            return
        if town.view.selected is not None:
            town.view.selected = None
        elif town.menus is not None:
            town.menus.open_pause()


@dataclass(frozen=True)
class CloseWindow:
    """The window's close button: ask to save first (pressed again: quit); without menus,
    quit at once."""

    def perform(self, town: TownControls) -> None:
        if town.menus is not None:
            town.menus.ask_quit()
        else:
            town.view.running = False


@dataclass(frozen=True)
class SetSpeed:
    """A speed key or button: ×`multiplier` (which also resumes), or pause/resume (None)."""

    multiplier: int | None

    def perform(self, town: TownControls) -> None:
        if self.multiplier is None:
            town.view.speed.toggle_pause()
        else:
            town.view.speed.set(self.multiplier)


@dataclass(frozen=True)
class StartOrPause:
    """Space: while the town wakes up (its clock held until every resident has planned its
    day; the banner says "Space: start now"), start it now (running, if it was paused);
    else pause or resume."""

    def perform(self, town: TownControls) -> None:
        started = town.start_now()
        if not started or town.view.speed.paused:
            town.view.speed.toggle_pause()


@dataclass(frozen=True)
class Zoom:
    """Zoom in (+1) or out (-1), around `anchor` (a window point) or the middle."""

    step: int
    anchor: Point | None = None

    def perform(self, town: TownControls) -> None:
        camera = town.view.camera
        camera.set_zoom(camera.zoom + self.step, self.anchor)


@dataclass(frozen=True)
class PanBy:
    """Move the camera by screen pixels (a drag); `stop_following` at the drag's start."""

    dx: float
    dy: float
    stop_following: bool = False

    def perform(self, town: TownControls) -> None:
        if self.stop_following:
            town.view.selected = None
        town.view.camera.pan(self.dx, self.dy)


@dataclass(frozen=True)
class HoldDirection:
    """An arrow or WASD key going down (`held`) or up: the camera pans, or the player walks,
    while it is held."""

    direction: tuple[int, int]
    held: bool

    def perform(self, town: TownControls) -> None:
        if self.held:
            town.view.held_pan.add(self.direction)
        else:
            town.view.held_pan.discard(self.direction)


@dataclass(frozen=True)
class PointAt:
    """Where the pointer is over the window (also over a panel)."""

    point: Point

    def perform(self, town: TownControls) -> None:
        town.view.mouse = self.point


@dataclass(frozen=True)
class Hover:
    """The pointer moved over the map: the resident under it shows their name."""

    point: Point

    def perform(self, town: TownControls) -> None:
        town.view.mouse = self.point
        town.view.hovered = town.view.pick_resident(self.point)


@dataclass(frozen=True)
class Toggle:
    """F3 (frames per second), L (the conversation log), F11 (fullscreen)."""

    what: Literal["fps", "dialogue", "fullscreen"]

    def perform(self, town: TownControls) -> None:
        view = town.view
        if self.what == "fps":
            view.show_fps = not view.show_fps
        elif self.what == "dialogue":
            view.show_dialogue = not view.show_dialogue
        else:
            town.toggle_fullscreen()


@dataclass(frozen=True)
class ResizeWindow:
    """The window was resized by the player."""

    size: tuple[int, int]

    def perform(self, town: TownControls) -> None:
        town.resize_window(self.size)


TownCommand = (
    ClickMap
    | Talk
    | OpenObjects
    | InspectFollowed
    | Escape
    | CloseWindow
    | SetSpeed
    | Zoom
    | PanBy
    | HoldDirection
    | PointAt
    | Hover
    | Toggle
    | ResizeWindow
)


# --- the title screen ------------------------------------------------------------------------


class TitleControls(Controls, Protocol):
    """What the title screen's commands act on (`game.play.flow.TitleScreen`)."""

    def leave_game(self) -> None: ...


@dataclass(frozen=True)
class LeaveGame:
    """The window's close button on the title screen: quit."""

    def perform(self, title: TitleControls) -> None:
        title.leave_game()


# --- the loading screen ----------------------------------------------------------------------


class LoadingControls(Controls, Protocol):
    """What the loading screen's commands act on (`game.ui.loading`)."""

    def close_window(self) -> None: ...


@dataclass(frozen=True)
class CloseWhileLoading:
    """The window's close button while a town loads: the load finishes, then the game
    closes what was built."""

    def perform(self, loading: LoadingControls) -> None:
        loading.close_window()

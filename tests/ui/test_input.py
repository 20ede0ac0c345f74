"""Input along one route: panels first, then the handler's typed commands, performed on the
controls; impossible commands become messages; the close button is never swallowed."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
import pytest

from game.render.camera import Camera
from game.town.resident import Tile
from game.town.speed import SimulationSpeed
from game.ui.input import (
    DragHandler,
    Impossible,
    InputRoute,
    LoadingHandler,
    TitleHandler,
    TownHandler,
)
from game.ui.input.commands import (
    ClickMap,
    Escape,
    HoldDirection,
    Kind,
    SetSpeed,
    StartOrPause,
    Talk,
    Toggle,
    Zoom,
)
from game.ui.loading import WindowWhileLoading
from game.ui.panels import Panel, PanelStack
from game.ui.view_state import Point, ViewState
from game.world.clock import GameClock


@dataclass
class Player:
    """The session's side of the commands, recording what it was asked."""

    calls: list[tuple[str, object]] = field(default_factory=list)
    refuse_walks: bool = False

    def click(self, tile: Tile, resident: str | None) -> str | None:
        self.calls.append(("click", (tile, resident)))
        if resident is None and self.refuse_walks:
            raise Impossible("You cannot walk there.")
        return resident

    def talk(self, selected: str | None) -> None:
        self.calls.append(("talk", selected))

    def objects_here(self, fallback: Tile) -> None:
        self.calls.append(("objects", fallback))

    def inspect(self, resident: str) -> None:
        self.calls.append(("inspect", resident))


@dataclass
class Menus:
    asked: list[str] = field(default_factory=list)

    def open_pause(self) -> None:
        self.asked.append("pause")

    def ask_quit(self, to_title: bool = False) -> None:
        self.asked.append("quit")


class Town:
    """`TownControls` without a window."""

    def __init__(self, panels: PanelStack, player: Player | None, menus: Menus | None) -> None:
        self.view = ViewState(Camera(640, 640, 320, 320), SimulationSpeed(GameClock()))
        self.view.pick_resident = lambda point: "Ada" if point == (10, 10) else None
        self.panels = panels
        self.player = player
        self.menus = menus
        self.messages: list[tuple[str, Kind]] = []
        self.fullscreen = 0
        self.waking = False  # the clock held while the town wakes up

    def notify(self, message: str, kind: Kind = "info") -> None:
        self.messages.append((message, kind))

    def tile_at(self, point: Point) -> Tile:
        return point[0] // 16, point[1] // 16

    def camera_tile(self) -> Tile:
        return (10, 10)

    def close_top_panel(self) -> bool:
        top = self.panels.top
        if top is None:
            return False
        top.closed = True
        self.panels.update(0.0, GameClock().now)
        return True

    def start_now(self) -> bool:
        started, self.waking = self.waking, False
        return started

    def toggle_fullscreen(self) -> None:
        self.fullscreen += 1

    def resize_window(self, size: tuple[int, int]) -> None:
        self.view.camera.resize(*size)


class Modal(Panel):
    modal = True


class Typing(Panel):
    def wants_text(self) -> bool:
        return True


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def click(pos: Point) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def town_route(
    player: Player | None = None, menus: Menus | None = None
) -> tuple[InputRoute[Town], Town]:
    panels = PanelStack()
    town = Town(panels, player, menus)
    return InputRoute(panels, TownHandler(town.view), town), town  # type: ignore[arg-type]


def test_keys_become_commands_on_the_view_and_the_player() -> None:
    player = Player()
    route, town = town_route(player, Menus())
    handler = route.handler
    assert isinstance(handler, TownHandler)
    assert handler.on_key_down(pygame.K_t) == Talk()
    assert handler.on_key_down(pygame.K_4) == SetSpeed(5)
    assert handler.on_key_down(pygame.K_1) == SetSpeed(None)
    assert handler.on_key_down(pygame.K_F11) == Toggle("fullscreen")
    assert handler.on_key_down(pygame.K_d) == HoldDirection((1, 0), held=True)
    for code in (pygame.K_4, pygame.K_PLUS, pygame.K_l, pygame.K_d, pygame.K_e, pygame.K_F11):
        route.handle(key(code))
    assert town.view.speed.multiplier == 5
    assert town.view.camera.zoom == 3
    assert not town.view.show_dialogue
    assert town.view.held_pan == {(1, 0)}
    assert player.calls == [("objects", (10, 10))]
    assert town.fullscreen == 1
    route.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_d, mod=0))
    assert town.view.held_pan == set()


def test_space_starts_a_town_waking_up_now_and_otherwise_pauses_and_resumes() -> None:
    route, town = town_route(Player(), Menus())
    town.waking = True  # the clock held at the first moment, the banner saying Space
    route.handle(key(pygame.K_SPACE))
    assert not town.waking and not town.view.speed.paused  # started, not paused
    route.handle(key(pygame.K_SPACE))
    assert town.view.speed.paused
    route.handle(key(pygame.K_SPACE))
    assert not town.view.speed.paused
    route.handle(key(pygame.K_1))  # paused by the speed key while the town wakes up
    town.waking = True
    route.handle(key(pygame.K_SPACE))
    assert not town.waking and not town.view.speed.paused  # started and running


def test_a_click_goes_to_the_player_and_the_drag_handler_returns_to_its_parent() -> None:
    player = Player()
    route, town = town_route(player)
    parent = route.handler
    down, up = click((10, 10))
    route.handle(down)
    assert isinstance(route.handler, DragHandler)
    route.handle(up)
    assert route.handler is parent
    assert player.calls == [("click", ((0, 0), "Ada"))]
    assert town.view.selected == "Ada"  # the player's answer: follow Ada


def test_a_drag_pans_and_stops_following_and_is_no_click() -> None:
    player = Player()
    route, town = town_route(player)
    town.view.selected = "Ada"
    town.view.camera.set_zoom(4)
    before = town.view.camera.origin
    route.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1))
    route.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(80, 90), rel=(-20, -10), buttons=()))
    route.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(80, 90), button=1))
    assert town.view.camera.origin != before
    assert town.view.selected is None and player.calls == []
    assert isinstance(route.handler, TownHandler) and not isinstance(route.handler, DragHandler)


def test_an_impossible_command_becomes_a_message_and_changes_nothing() -> None:
    player = Player(refuse_walks=True)
    route, town = town_route(player)
    for event in click((200, 200)):
        route.handle(event)
    assert town.messages == [("You cannot walk there.", "error")]
    assert town.view.selected is None


def test_a_spectator_clicks_to_follow_and_talk_does_nothing() -> None:
    route, town = town_route(player=None)
    for event in [*click((10, 10)), key(pygame.K_t), key(pygame.K_i)]:
        route.handle(event)
    assert town.view.selected == "Ada" and town.messages == []


def test_escape_closes_the_top_panel_then_stops_following_then_pauses() -> None:
    menus = Menus()
    route, town = town_route(Player(), menus)
    town.panels.open(Panel())
    town.view.selected = "Ada"
    route.handle(key(pygame.K_ESCAPE))
    assert len(town.panels) == 0 and town.view.selected == "Ada" and menus.asked == []
    route.handle(key(pygame.K_ESCAPE))
    assert town.view.selected is None and menus.asked == []
    route.handle(key(pygame.K_ESCAPE))
    assert menus.asked == ["pause"]


def test_the_close_button_reaches_the_town_even_under_a_modal_menu() -> None:
    menus = Menus()
    route, town = town_route(Player(), menus)
    town.panels.open(Modal())
    route.handle(key(pygame.K_t))  # the menu takes every other event
    route.handle(pygame.event.Event(pygame.QUIT))
    assert menus.asked == ["quit"]
    route_without_menus, bare = town_route(Player(), None)
    route_without_menus.handle(pygame.event.Event(pygame.QUIT))
    assert not bare.view.running


def test_typing_in_a_panel_never_steers_the_town() -> None:
    player = Player()
    route, town = town_route(player)
    town.panels.open(Typing())
    route.handle(key(pygame.K_t))
    route.handle(key(pygame.K_d))
    assert player.calls == [] and town.view.held_pan == set()
    route.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 6), rel=(0, 0), buttons=()))
    assert town.view.mouse == (5, 6)  # the pointer is known even over a panel


def test_the_wheel_zooms_around_the_pointer() -> None:
    route, town = town_route()
    route.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert town.view.camera.zoom == 3
    assert Zoom(-1).step == -1


@dataclass
class Title:
    quit: bool = False
    messages: list[str] = field(default_factory=list)

    def leave_game(self) -> None:
        self.quit = True

    def notify(self, message: str, kind: Kind = "info") -> None:
        self.messages.append(message)


def test_the_title_screen_quits_by_its_close_button_even_under_a_menu() -> None:
    panels = PanelStack()
    panels.open(Modal())
    title = Title()
    route = InputRoute(panels, TitleHandler(), title)
    route.handle(key(pygame.K_ESCAPE))
    assert not title.quit
    route.handle(pygame.event.Event(pygame.QUIT))
    assert title.quit


@pytest.mark.parametrize("command", [ClickMap((0, 0)), Escape(), SetSpeed(2), StartOrPause()])
def test_commands_are_frozen_values(command: object) -> None:
    with pytest.raises(AttributeError):
        command.anything = 1  # type: ignore[attr-defined]
    assert command == type(command)(*vars(command).values())


def test_the_loading_screen_only_hears_the_close_button() -> None:
    window = WindowWhileLoading()
    route = InputRoute(PanelStack(), LoadingHandler(), window)
    for event in [key(pygame.K_ESCAPE), *click((10, 10))]:
        route.handle(event)
    assert not window.closed
    route.handle(pygame.event.Event(pygame.QUIT))
    assert window.closed

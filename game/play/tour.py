"""A scripted tour through the game with real input events, for screenshots and tests.

    smallville screenshots docs/screenshots          # title, new town, town, inspector, …

`Tour` drives the real game — the title screen, the new-town form, the town with the
offline brain, the inspector, the chat, the object editor, the pause and load menus — by
posting mouse and keyboard events to pygame's queue and running frames, exactly as a player's
input arrives. Nothing is called behind the UI's back, so a tour that works is the game
working. `take_screenshots(folder)` saves a PNG at each stop.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.files.paths import DATA_DIR_VARIABLE
from game.files.scratch import scratch_dir
from game.files.settings import UserSettings
from game.play.app import App, AppOptions
from game.play.flow import GameFlow, TitleScreen
from game.play.town_menus import PlayerSettings
from game.saves import SaveSlots
from game.ui.chat.panel import ChatPanel
from game.ui.inspector.panel import InspectorPanel
from game.ui.menus import MenuPanel, NewTownMenu, PauseMenu
from game.ui.menus.items import Item
from game.ui.object_panel import ObjectPanel
from game.ui.window import open_window

SHOTS = ("title", "new_town", "town", "inspector", "chat", "objects", "pause", "load")
REPLAY_SHOT = "replay"  # `smallville screenshots` adds it: the tour's own run, replayed
FRAME = 1 / 30  # seconds of real time per tour frame


class TourError(RuntimeError):
    """A step of the tour did not happen (the message says which)."""


# --- real input -----------------------------------------------------------------------------


def post(*events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)


def click_event(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    """A mouse click at `pos`: the pointer moves there, the button goes down and up."""
    pygame.mouse.set_pos(pos)
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]


def key_events(*keys: int, mod: int = 0) -> list[pygame.event.Event]:
    events = []
    for key in keys:
        events.append(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
        events.append(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))
    return events


def typing_events(words: str) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in words]


def menu_point(menu: MenuPanel, item: Item) -> tuple[int, int]:
    """Where `item`'s centre is in the window (menus are scaled by a whole factor)."""
    x, y = item.rect.center
    return (x * menu.scale + menu.offset[0], y * menu.scale + menu.offset[1])


# --- the tour -------------------------------------------------------------------------------


@dataclass
class Tour:
    """The game in one window, driven by posted events. `town`: a bundled town."""

    folder: Path | None = None  # where screenshots go (None: none taken)
    town: str = "the_ville_n3"
    size: tuple[int, int] = (1280, 720)
    embedder: str = "minilm"
    slots: SaveSlots = field(default_factory=SaveSlots)
    settings: UserSettings = field(default_factory=UserSettings)
    log: Callable[[str], None] = lambda line: None
    saved: list[Path] = field(default_factory=list)
    app: App | None = None

    def __post_init__(self) -> None:
        self.options = AppOptions(
            minds=True, town=self.town, size=self.size, embedder=self.embedder
        )
        self.player_settings = PlayerSettings(self.settings, write=lambda settings: None)
        self.flow = GameFlow(self.options, None, self.slots, self.player_settings)
        self.screen = open_window(self.size)

    def shot(self, name: str) -> None:
        if self.folder is None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{name}.png"
        surface = pygame.display.get_surface() or self.screen
        pygame.image.save(surface, str(path))
        self.saved.append(path)
        self.log(f"saved {path}")

    # --- the title ------------------------------------------------------------------------

    def title_frames(self, title: TitleScreen, frames: int = 2) -> None:
        for _ in range(frames):
            title.step(self.screen, FRAME, pygame.event.get())

    def press_menu_button(self, title: TitleScreen, label: str) -> None:
        menu = title.panels.top
        if not isinstance(menu, MenuPanel):
            raise TourError(f"no menu open to press {label!r}")
        self.title_frames(title, 1)  # laid out
        post(*click_event(menu_point(menu, menu.button(label))))
        self.title_frames(title)

    def start_town(self, visitor: str = "Ada", about: str = "a painter from the coast") -> App:
        """Title → New town → fill in the form → Start → the town (behind the loading screen)."""
        title = TitleScreen(self.flow.text, self.player_settings, self.slots, self.flow.towns)
        self.title_frames(title, 3)
        self.shot("title")
        self.press_menu_button(title, "New town")
        form = title.panels.top
        if not isinstance(form, NewTownMenu):
            raise TourError("the New town button did not open the form")
        town_index = next(i for i, t in enumerate(self.flow.towns) if t.id == self.town)
        post(*key_events(*[pygame.K_RIGHT] * town_index))  # the town picker has the focus
        for item, words in ((form.name, visitor), (form.description, about)):
            post(*click_event(menu_point(form, item)), *typing_events(words))
            self.title_frames(title)
        self.shot("new_town")
        self.press_menu_button(title, "Start")
        if title.start is None:
            raise TourError(f"Start did not start a town: {form.message}")
        app, error = self.flow.open(self.screen, title.start)
        if app is None:
            raise TourError(error)
        self.app = app
        return app

    # --- the town -------------------------------------------------------------------------

    def frames(self, count: int, seconds: float = FRAME) -> None:
        app = self.require_app()
        for _ in range(count):
            app.step(seconds)
            pygame.display.flip()
            time.sleep(0.001)  # let the minds' threads run

    def until(self, done: Callable[[], bool], what: str, limit_s: float = 60.0) -> None:
        deadline = time.monotonic() + limit_s
        while not done():
            if time.monotonic() > deadline:
                raise TourError(f"waited {limit_s:.0f} s for {what}")
            self.frames(1)

    def require_app(self) -> App:
        if self.app is None:
            raise TourError("no town is open")
        return self.app

    def live_a_while(self, game_minutes: int = 45) -> None:
        """Let the town live at ×30 until `game_minutes` passed and everyone is doing
        something; then back to ×1."""
        app = self.require_app()
        post(*key_events(pygame.K_6))  # ×30
        start = app.clock.now
        self.until(
            lambda: (
                (app.clock.now - start).total_seconds() >= game_minutes * 60
                and all(r.activity is not None for r in app.population)
            ),
            f"{game_minutes} game minutes",
            120,
        )
        post(*key_events(pygame.K_2))  # ×1
        self.frames(2)

    def resident_point(self, name: str | None = None) -> tuple[str, tuple[int, int]]:
        """A resident drawn on screen (away from the panels) and where to click them."""
        app = self.require_app()
        player = app.session.player.name if app.session and app.session.player else None
        width = app.screen.get_width()
        for resident, rect in app.scene.placed:
            if resident.name == player or (name is not None and resident.name != name):
                continue
            if (
                40 < rect.centerx < width - 480
                and 80 < rect.centery < app.screen.get_height() - 300
            ):
                return resident.name, rect.center
        raise TourError(f"{name or 'no resident'} is not on screen")

    def follow(self, name: str) -> None:
        """Let the camera follow `name` (wherever they are, even off screen)."""
        app = self.require_app()
        app.view.selected = name
        self.frames(3)

    def busiest_resident(self) -> str:
        """The resident with the most others within 12 tiles (the liveliest picture)."""
        app = self.require_app()
        others = [r for r in app.population if not self._is_player(r.name)]

        def neighbours(name: str, tile: tuple[int, int]) -> int:
            return sum(
                1
                for r in others
                if r.name != name and abs(r.tile[0] - tile[0]) + abs(r.tile[1] - tile[1]) <= 12
            )

        return max(others, key=lambda r: neighbours(r.name, r.tile)).name

    def open_inspector(self) -> InspectorPanel:
        app = self.require_app()
        name = next(r.name for r in app.population if not self._is_player(r.name))
        self.follow(name)
        app.view.selected = None  # stop following: the camera stays, the click selects
        name, point = self.resident_point(name)
        post(*click_event(point))
        self.frames(3)
        panel = app.panels.find(InspectorPanel)
        if not isinstance(panel, InspectorPanel):
            raise TourError(f"clicking {name} did not open the inspector")
        self.until(lambda: panel.context.card is not None, "the inspector's card", 10)
        self.frames(2)
        return panel

    def _is_player(self, name: str) -> bool:
        app = self.require_app()
        return bool(app.session and app.session.player and app.session.player.name == name)

    def chat(self, question: str = "What are you working on today?") -> ChatPanel:
        """The inspector's Talk button → the chat; a question typed and sent; the answer."""
        app = self.require_app()
        inspector = app.panels.find(InspectorPanel)
        if not isinstance(inspector, InspectorPanel):
            inspector = self.open_inspector()
        post(*click_event(inspector.header.talk_button.rect.center))
        self.frames(3)
        chat = app.panels.find(ChatPanel)
        if not isinstance(chat, ChatPanel):
            raise TourError("the Talk button did not open the chat")
        inspector.closed = True
        post(*click_event(chat.field_rect.center), *typing_events(question))
        post(*key_events(pygame.K_RETURN))
        self.frames(2)
        resident = chat.session.resident
        self.until(
            lambda: any(line.speaker == resident for line in chat.session.lines),
            f"{resident}'s answer",
        )
        self.frames(3)
        return chat

    def edit_object(self, state: str = "is on fire") -> ObjectPanel:
        """E → the objects in the room the player stands in; the first set to `state`."""
        app = self.require_app()
        for open_panel in list(app.panels):
            open_panel.closed = True
        self.frames(1)
        if app.view.selected is not None:
            post(*key_events(pygame.K_ESCAPE))  # stop following: the camera is the player's
            self.frames(5)
        post(*key_events(pygame.K_e))
        self.frames(3)
        panel = app.panels.find(ObjectPanel)
        if not isinstance(panel, ObjectPanel) or not panel.objects:
            raise TourError("E did not open the objects of a room")
        post(*click_event(panel.entry_rects[0][0].center))
        self.frames(2)
        post(*click_event(panel.field_rect.center), *typing_events(state))
        post(*key_events(pygame.K_RETURN))
        self.frames(3)
        if not panel.applied:
            raise TourError(f"the object editor refused {state!r}: {panel.message}")
        return panel

    def pause_and_save(self, slot: str = "Tour", at_rest: bool = False) -> MenuPanel:
        """Esc (the pause menu) → Save → a name → saved at the next quiet frame. `at_rest`:
        first let every mind finish thinking (the pause menu holds the clock), so the town
        stays exactly as saved afterwards — nothing thought after the save changes it."""
        app = self.require_app()
        for panel in list(app.panels):
            panel.closed = True
        app.view.selected = None
        self.frames(1)
        post(*key_events(pygame.K_ESCAPE))
        self.frames(2)
        menu = app.panels.top
        if not isinstance(menu, PauseMenu):
            raise TourError("Esc did not open the pause menu")
        if at_rest and app.living is not None:
            director = app.living.director  # a frame's update applies or submits: none left
            self.until(lambda: director.in_flight == 0, "the minds at rest", 60)
        post(*click_event(menu_point(menu, menu.button("Save"))))
        self.frames(2)
        field = menu.slot_name
        post(*click_event(menu_point(menu, field)))
        post(*key_events(*[pygame.K_BACKSPACE] * len(field.field.value())))  # the last name
        post(*typing_events(slot), *key_events(pygame.K_RETURN))
        self.until(lambda: self.slots.exists(slot), f"the save {slot!r}", 30)
        self.frames(3)
        return menu

    def open_load_menu(self) -> MenuPanel:
        app = self.require_app()
        menu = app.panels.top
        if not isinstance(menu, MenuPanel):
            raise TourError("no pause menu to load from")
        post(*click_event(menu_point(menu, menu.button("Load"))))
        self.frames(3)
        load = app.panels.top
        if not isinstance(load, MenuPanel) or load.title != "Load a town":
            raise TourError("Load did not open the load menu")
        return load

    def close(self) -> None:
        if self.app is not None:
            self.app.close()
            self.app = None


def take_screenshots(
    folder: Path,
    town: str = "the_ville_n3",
    log: Callable[[str], None] = print,
    with_record: Callable[[Path], None] | None = None,
) -> list[Path]:
    """The tour with a screenshot at each stop; the PNGs written. Its saves, memories and
    run record go to a temporary folder, never among the player's; `with_record(path)` is
    handed the tour's run record before that folder goes."""
    with scratch_dir("smallville-tour-") as scratch:
        previous = os.environ.get(DATA_DIR_VARIABLE)
        os.environ[DATA_DIR_VARIABLE] = str(Path(scratch) / "data")
        tour = Tour(folder, town, slots=SaveSlots(Path(scratch) / "saves"), log=log)
        try:
            tour.start_town()
            tour.live_a_while()
            tour.follow(tour.busiest_resident())
            tour.frames(5)
            tour.shot("town")
            tour.open_inspector()
            tour.shot("inspector")
            tour.chat()
            tour.shot("chat")
            tour.edit_object()
            tour.shot("objects")
            tour.pause_and_save()
            tour.shot("pause")
            tour.open_load_menu()
            tour.frames(2)
            tour.shot("load")
            tour.close()
            records = sorted((Path(scratch) / "data" / "records").glob("*.sqlite"))
            if with_record is not None and records:
                with_record(records[-1])
        finally:
            tour.close()
            if previous is None:
                os.environ.pop(DATA_DIR_VARIABLE, None)
            else:
                os.environ[DATA_DIR_VARIABLE] = previous
    return tour.saved

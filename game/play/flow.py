"""The game from title to town and back.

    GameFlow(options).run()     # the title screen, then towns, until the player quits

The title screen offers New town (a bundled town or one of the player's own, as a new
visitor or one of its residents; Edit town… opens the town editor, `game.play.town_editing`),
Load (a save slot) and Settings. Picking a town builds it behind the loading screen
(`game.play.entry.load_town_with_screen`) and plays it in an `App` with the player's
session (`game.play.session.PlaySession`) and the menus over the town
(`game.play.town_menus.TownMenus`). When the player leaves a town the flow goes back to
the title, quits, or opens another save — and the town being left stays intact until that
other save has loaded, so a save that cannot be loaded costs nothing: the player is back
where they were with the reason in the load menu.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

import pygame

from game.bridge import (
    brain_lines,
    check_connection,
    memory_server_problem,
    process_environment,
)
from game.files.settings import UserSettings
from game.files.settings import load as load_settings
from game.play.app import App, AppOptions
from game.play.entry import (
    TownStart,
    enter_town,
    load_town_with_screen,
    memory_server_of,
    option_of,
    town_labels,
    town_options,
)
from game.play.town_editing import EDITING_MENUS, TownEditing
from game.play.town_menus import LeaveTown, PlayerSettings, delete_slot
from game.render.text import PixelText
from game.saves import SaveSlots
from game.town_files import TownEntry
from game.ui.input import InputRoute, TitleControls, TitleHandler
from game.ui.input.commands import Kind
from game.ui.loading import LoadFailed, LoadingScreen, LoadingState, load_while_drawing
from game.ui.menus import (
    Back,
    DeleteSlot,
    EditTown,
    LoadMenu,
    LoadSlot,
    MenuPanel,
    NewTown,
    NewTownMenu,
    OpenLoad,
    OpenNewTown,
    OpenSettings,
    QuitGame,
    SaveSettings,
    TitleMenu,
    TownEditorMenu,
    TownOption,
)
from game.ui.panels import PanelStack
from game.ui.window import open_window

log = logging.getLogger(__name__)
NO_GAME_TIME = datetime(2023, 2, 13, 7, 0)  # menus on the title ignore the game time


def player_settings_from_file() -> PlayerSettings:
    loaded = load_settings(env=process_environment())
    return PlayerSettings(loaded.settings, None, loaded.warning, tester=check_brain_and_memory)


@dataclass(frozen=True)
class ConnectionChecked:
    """Test connection's answer (a `ConnectionResult`) with the memory server's part."""

    ok: bool
    message: str


def check_brain_and_memory(settings: UserSettings, api_key: str | None) -> ConnectionChecked:
    """Settings' Test connection: the brain's endpoints, then the memory server if one is
    set (reachable, and a Chroma this Smallville can use)."""
    report = check_connection(settings, api_key)
    if not settings.memory_server:
        return ConnectionChecked(report.ok, report.message)
    problem = memory_server_problem(settings.memory_server, "Memory server")
    memory = problem or f"Memory server: {settings.memory_server} answers."
    return ConnectionChecked(report.ok and problem is None, f"{report.message} {memory}")


@dataclass
class TitleScreen:
    """The title and its menus over the night sky. `step` one frame at a time; `start` is
    set when the player picked a town or a save, `quit` when they quit. `towns`: what New
    town lists (refreshed when the town editor saves a town)."""

    text: PixelText
    player_settings: PlayerSettings
    slots: SaveSlots
    towns: Sequence[TownOption]
    panels: PanelStack = field(default_factory=PanelStack)
    start: TownStart | None = None
    quit: bool = False

    def __post_init__(self) -> None:
        self.title = TitleMenu(self.text, *self.brain_lines())
        self.panels.open(self.title)
        self.input: InputRoute[TitleControls] = InputRoute(self.panels, TitleHandler(), self)
        self.editing = TownEditing(self.text, self.panels, self.town_saved)
        if self.player_settings.warning:
            self.title.say(self.player_settings.warning)

    # --- what the title's input commands act on (game.ui.input.TitleControls) ---------------

    def leave_game(self) -> None:
        """The window's close button: quit — unless the town editor holds changes not saved
        (or a form is open over it): then it asks first, and a second close quits."""
        menu = self.panels.find(TownEditorMenu)
        editor = self.editing.editor
        forms = [p for p in self.panels if isinstance(p, EDITING_MENUS) and p is not menu]
        unsaved = editor is not None and (editor.dirty or bool(forms))
        if not isinstance(menu, TownEditorMenu) or not unsaved or menu.quitting:
            self.quit = True
            return
        for form in forms:
            form.closed = True
        menu.ask_before_quitting()

    def notify(self, message: str, kind: Kind = "info") -> None:
        self.title.say(message, kind)

    @property
    def town_labels(self) -> dict[str, str]:
        return town_labels(list(self.towns))

    def brain_lines(self) -> tuple[str, str | None]:
        settings = self.player_settings
        return brain_lines(settings.settings, settings.api_key)

    def town_saved(self, entry: TownEntry) -> None:
        """A town was saved in the editor: New town lists it (picked, when New town is open)."""
        towns = town_options()
        if entry.id not in [town.id for town in towns]:
            towns.append(option_of(entry))
        self.towns = towns
        menu = self.panels.find(NewTownMenu)
        if isinstance(menu, NewTownMenu):
            menu.set_towns(self.towns, selected=entry.id)

    def show_failure(self, error: str, start: TownStart | None) -> None:
        """Why the last town could not be opened: on New town for a new town, else on the
        load menu."""
        if isinstance(start, NewTown):
            menu = NewTownMenu(self.text, self.towns)
            menu.set_towns(self.towns, selected=start.town)
            menu.say(error)
            self.panels.open(menu)
        else:
            self.show_load(error)

    def show_load(self, error: str = "") -> None:
        """The load menu (with `error` in red: why the last load failed)."""
        self.panels.open(LoadMenu(self.text, self.slots.list(), error, False, self.town_labels))

    def step(
        self, screen: pygame.Surface, real_seconds: float, events: list[pygame.event.Event]
    ) -> None:
        """One frame: input, the menus' choices, drawing."""
        for event in events:
            self.input.handle(event)
        self.panels.update(real_seconds, NO_GAME_TIME)
        for menu in [p for p in self.panels if isinstance(p, MenuPanel)]:
            choice = menu.take_choice()
            if choice is not None:
                self.act(menu, choice)
        if self.panels.top is None:  # never an empty screen
            self.panels.open(self.title)
        screen.fill((0, 0, 0))
        panels = list(self.panels)
        opaque = [i for i, p in enumerate(panels) if not getattr(p, "over_town", True)]
        for panel in panels[opaque[-1] if opaque else 0 :]:  # a full-screen menu hides those below
            panel.draw(screen)

    def act(self, menu: MenuPanel, choice: object) -> None:
        if isinstance(choice, QuitGame):  # from any menu, the town editor's Discard too
            self.quit = True
            return
        if self.editing.handles(menu):
            self.editing.act(menu, choice)
            return
        match choice:
            case EditTown(town=town):
                self.editing.open(town, menu)
            case OpenNewTown():
                self.panels.open(NewTownMenu(self.text, self.towns))
            case OpenLoad():
                self.show_load()
            case OpenSettings():
                self.panels.open(self.player_settings.menu(self.text, over_town=False))
            case SaveSettings():
                problem = self.player_settings.apply(choice)
                if problem is not None:
                    menu.say(problem)
                    return
                menu.closed = True
                self.title.brain_line, self.title.connect_hint = self.brain_lines()
                self.title.say("Settings saved.", "good")
            case DeleteSlot(name=name):
                delete_slot(self.slots, menu, name)
            case NewTown() | LoadSlot():
                self.start = choice
            case QuitGame():
                self.quit = True
            case Back():
                menu.closed = True


class GameFlow:
    """Title → town → title …, in one window, until the player quits."""

    def __init__(
        self,
        options: AppOptions,
        first: TownStart | None = None,
        slots: SaveSlots | None = None,
        player_settings: PlayerSettings | None = None,
    ) -> None:
        self.options = options
        self.first = first  # `smallville --town X` / `--load SLOT` skip the title
        self.slots = slots if slots is not None else SaveSlots()
        self.player_settings = player_settings or player_settings_from_file()
        self.text = PixelText()
        self.towns = town_options()

    def run(self) -> int:
        screen = open_window(self.options.size)
        recovered = self._recover()
        start, error = self.first, recovered
        failed: TownStart | None = None
        while True:
            if start is None:
                start = self.title(screen, error, failed)
                if start is None:
                    return 0
            app, error = self.open(screen, start)
            start, failed = None, start
            if app is None:
                continue
            leave = self.play(app)
            if leave.to == "quit":
                return 0
            error = ""

    def _recover(self) -> str:
        """Finish or roll back a save a crash interrupted; a line for the title, if any."""
        try:
            repaired = self.slots.recover()
        except OSError as problem:
            return f"Could not check the saves: {problem}"
        return f"Recovered after a crash: {', '.join(repaired)}." if repaired else ""

    def title(
        self, screen: pygame.Surface, error: str = "", failed: TownStart | None = None
    ) -> TownStart | None:
        """The title screen's loop; the town to open, or None to quit. `error`: why `failed`
        (the town or save picked last) could not be opened."""
        title = TitleScreen(self.text, self.player_settings, self.slots, self.towns)
        if error:
            title.show_failure(error, failed)
        timer = pygame.time.Clock()
        while title.start is None and not title.quit:
            seconds = timer.tick(self.options.fps) / 1000.0
            title.step(pygame.display.get_surface() or screen, seconds, pygame.event.get())
            pygame.display.flip()
        self.towns = list(title.towns)  # with the towns saved in the editor
        return title.start

    def open(self, screen: pygame.Surface, start: TownStart) -> tuple[App | None, str]:
        """Build the town behind the loading screen; (None, why) when it cannot be built —
        a memory server that cannot be used is said before any town starts."""
        url, setting = memory_server_of(self.options, self.player_settings)
        problem = memory_server_problem(url, setting)
        if problem is not None:
            return None, problem
        try:
            prepared = load_town_with_screen(
                screen, self.options, start, self.player_settings, self.slots
            )
        except LoadFailed as failed:
            return None, describe_failure(start, failed)
        app = enter_town(prepared, self.options, self.player_settings, self.slots, self.towns)
        return app, ""

    def play(self, app: App) -> LeaveTown:
        """Run the town until the player leaves it; open another save in its place."""
        while True:
            leave = app.run_until_left()
            if leave.to != "load" or leave.slot is None:
                self.close_with_screen(app)
                return leave
            app.pause_for_loading()
            start = LoadSlot(leave.slot, leave.previous)
            screen = pygame.display.get_surface() or open_window(self.options.size)
            other, error = self.open(screen, start)
            if other is None:
                app.resume_after_failed_load(error)
                continue
            self.close_with_screen(app)
            app = other

    def close_with_screen(self, app: App) -> LoadingScreen:
        """Close the town (the save finished, the record, the minds, their memories) on a
        worker thread while a screen says what is being done, never a frozen window; the
        screen drawn (its frames, the last step shown)."""
        screen = pygame.display.get_surface() or open_window(self.options.size)
        state = LoadingState()
        picture = LoadingScreen(self.text, "closing the town")
        try:
            load_while_drawing(screen, picture, state, lambda: app.close(state.report))
        except LoadFailed as failed:  # the close raised: the original, to the crash line
            raise (failed.__cause__ or failed) from None
        return picture


def describe_failure(start: TownStart, failed: LoadFailed) -> str:
    """What the player reads when a town cannot be opened (the save layer's words)."""
    cause = failed.__cause__ or failed
    lines = [line.strip() for line in str(cause).splitlines() if line.strip()]
    reason = lines[0] if lines else type(cause).__name__
    if isinstance(start, LoadSlot):
        return reason if start.name in reason else f"{start.name} could not be loaded: {reason}"
    return f"The town could not be started: {reason}"


__all__ = ["GameFlow", "TitleScreen"]

"""Entering a town (composition): build it with minds behind the loading screen, then the
window's `App` on it with the player's session, the menus over the town and the autosave.

    opened = load_town_with_screen(screen, options, NewTown("the_ville_n3", "Ada", "a painter"))
    app = enter_town(opened, options, ...)

Used by the title flow (`game.play.flow`) and by headless runs (`game.play.launch.build_with_minds`,
where nobody plays: a spectator).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.files.settings import UserSettings
from game.play.app import App, AppOptions
from game.play.session import PlaySession
from game.play.town_menus import PlayerSettings, TownMenus
from game.render.scene import TownScene
from game.render.text import PixelText
from game.saves import SaveSlots
from game.town.player import Player
from game.town.population import Population
from game.town.resident import Facing
from game.ui.loading import LoadingScreen, LoadingState, load_while_drawing
from game.ui.menus import LoadSlot, NewTown, TownOption

if TYPE_CHECKING:
    from game.bridge.build import MindsRecipe
    from game.bridge.persist.load import LoadedTown
    from game.bridge.town_minds import LivingTown

TownStart = NewTown | LoadSlot  # what the player picked: a bundled town, or a save slot
BUNDLED_TOWNS = ("the_ville_n25", "the_ville_n3")


def bundled_towns() -> list[TownOption]:
    """The towns in `saves/` the player can start, biggest first."""
    from game.bridge.town_minds import TownFile

    towns = []
    for town_id in BUNDLED_TOWNS:
        try:
            town = TownFile.load(town_id)
        except (OSError, ValueError, KeyError) as error:
            logging.getLogger(__name__).warning("bundled town %s is unreadable: %s", town_id, error)
            continue
        label = town.name[:1].upper() + town.name[1:]
        towns.append(TownOption(town_id, label, town.residents))
    return towns


def town_labels(towns: list[TownOption]) -> dict[str, str]:
    """What the load menu calls each bundled town ("The Ville"; it counts residents itself)."""
    return {town.id: town.label.split(" (")[0] for town in towns}


@dataclass
class OpenedTown:
    """A town built behind the loading screen: the town, its picture, the loading screen
    shown, and whether the window was closed meanwhile."""

    loaded: LoadedTown
    scene: TownScene
    loading: LoadingScreen
    closed: bool
    start: TownStart | None = None
    public_settings: dict[str, object] | None = None  # the model settings a save records


def load_town_with_screen(
    screen: pygame.Surface,
    options: AppOptions,
    start: TownStart | None = None,
    player_settings: PlayerSettings | None = None,
    slots: SaveSlots | None = None,
    first_frame: list[float] | None = None,
    recipe: MindsRecipe | None = None,
) -> OpenedTown:
    """Build the town with minds on a worker thread behind the loading screen (the map
    picture loads on this thread meanwhile): `start` (None: `options.town` as a spectator),
    or `recipe` as given. Returns the town, its picture, and whether the window was closed
    meanwhile. Raises `LoadFailed` (the cause: a `SaveError`, a `ConfigError`, …)."""
    wanted = recipe or town_recipe(options, start, player_settings, slots)
    loading = LoadingScreen(PixelText())
    state = LoadingState()
    scenes: list[TownScene] = []
    public: dict[str, object] = {}

    def work() -> LoadedTown:
        state.report("waking the town", 0.01)
        from game.bridge.build import compose_town
        from game.bridge.persist.save import town_settings

        loaded = compose_town(wanted, state.report)
        public.update(town_settings(wanted.llm_settings(), seed=loaded.seed))
        return loaded

    def load_scene() -> None:  # the first main step: runs right after the first frame
        if first_frame is not None:
            first_frame.append(time.time())
        scenes.append(TownScene.load(options.map_path, options.characters))

    loaded, closed = load_while_drawing(screen, loading, state, work, [load_scene])
    return OpenedTown(loaded, scenes[0], loading, closed, start, public)


def town_recipe(
    options: AppOptions,
    start: TownStart | None,
    player_settings: PlayerSettings | None,
    slots: SaveSlots | None,
) -> MindsRecipe:
    """What to build for `start`, with the player's brain (else the environment's)."""
    from game.bridge.build import MindsRecipe

    llm = None
    if player_settings is not None:
        llm = player_settings.settings.to_llm_settings(player_settings.api_key)
    recipe = MindsRecipe(
        town=options.town or "the_ville_n25",
        settings=llm,
        embedder=options.embedder,
        path_budget_seconds=0.003,
        line_minutes=options.line_minutes,
        saves=slots,
    )
    if isinstance(start, NewTown):
        recipe.town = start.town
    elif isinstance(start, LoadSlot):
        recipe.from_slot, recipe.previous = start.name, start.previous
    return recipe


def enter_town(
    opened: OpenedTown,
    options: AppOptions,
    player_settings: PlayerSettings | None = None,
    slots: SaveSlots | None = None,
    towns: list[TownOption] | None = None,
) -> App:
    """The window's app on a built town: the player's session (who they are: `start`'s
    visitor or resident, a loaded save's visitor, or nobody — a spectator), the menus over
    the town, and the autosave. `towns`: the bundled towns (None: read them)."""
    from game.bridge.desk.player_desk import PlayerDesk
    from game.bridge.persist.autosave import TownAutosaver

    loaded, scene, start = opened.loaded, opened.scene, opened.start
    living = loaded.living
    app = App(living.town, living.population, living.clock, scene, options, living)
    app.loading = opened.loading
    if opened.closed:
        app.view.running = False
    settings = player_settings or PlayerSettings(UserSettings.from_environment())
    population = living.population

    def portrait(who: str) -> pygame.Surface | None:  # a resident's name or sprite slug
        resident = population.get(who) or next((r for r in population if r.slug == who), None)
        return scene.painter.sheets.portrait(resident.slug if resident else who)

    session = PlaySession(
        PlayerDesk(living), population, living.town, scene.text,
        clock=lambda: living.clock.now, portrait=portrait,
        emoji=scene.painter.emoji, panels=app.panels,
    )  # fmt: skip
    app.session = session
    player = player_for(loaded, start)
    if player is not None:
        session.join(player)
    saver = TownAutosaver(
        living,
        slots if slots is not None else SaveSlots(),
        settings.settings.autosave_minutes,
        session.visitor_save,
        town_id=loaded.town_id,
        settings=dict(opened.public_settings or {}),
    )
    labels = town_labels(bundled_towns() if towns is None else towns)
    app.menus = TownMenus(
        app.panels, scene.text, saver, settings, session.toast, slot=loaded.slot, town_labels=labels
    )
    if start is not None:
        app.view.speed.set(settings.settings.speed)
    for warning in loaded.warnings:
        session.toast(warning, "info")
    return app


def player_for(loaded: LoadedTown, start: TownStart | None) -> Player | None:
    """Who the player is in the town they open: the save's visitor (or the resident they
    had taken over), the new visitor or resident picked, or None (a spectator)."""
    living = loaded.living
    if isinstance(start, NewTown):
        if start.take_over is not None:
            return take_over(living.population, start.take_over)
        return Player.new_visitor(
            start.visitor_name, start.visitor_description, visitor_tile(living)
        )
    if isinstance(start, LoadSlot):
        saved = loaded.visitor
        if saved is None or saved.controls != "visitor":  # nobody saved, or a resident
            taken = take_over(living.population, saved.controls) if saved else None
            return taken or Player.new_visitor("", "", visitor_tile(living))
        player = Player.new_visitor(saved.name, saved.description, saved.tile)
        player.body.facing = Facing[saved.facing.upper()]
        if not living.town.grid.is_walkable(saved.tile):
            player.body.tile = visitor_tile(living)
        return player
    return None


def take_over(population: Population, name: str) -> Player | None:
    resident = population.get(name)
    if resident is None:
        return None
    return Player(resident, f"{name}, who lives in town", is_visitor=False)


def visitor_tile(living: LivingTown) -> tuple[int, int]:
    """Where a new visitor walks in: the map's Visitor spawn, else the floor tile nearest
    the middle of the map."""
    town = living.town
    spawn = town.visitor
    if spawn is not None and town.grid.is_walkable(spawn.tile):
        return spawn.tile
    middle = (town.width // 2, town.height // 2)
    floor = [(x, y) for y in range(town.height) for x in range(town.width)]
    floor = [tile for tile in floor if town.grid.is_walkable(tile)]
    return min(floor, key=lambda t: abs(t[0] - middle[0]) + abs(t[1] - middle[1]), default=middle)

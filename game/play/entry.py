"""Entering a town: open it (built fresh or loaded) behind the loading screen, then the
window's `App` on it with the player's session, the menus over the town and the autosave.

    prepared = load_town_with_screen(screen, options, NewTown("the_ville_n3", "Ada", "a painter"))
    app = enter_town(prepared, options, ...)

Used by the title flow (`game.play.flow`) and by headless runs (`game.play.launch`, where
nobody plays: a spectator).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

import pygame

from game.bridge import (
    FromSave,
    LivingTown,
    OpenedTown,
    PlayerDesk,
    RunRecording,
    TownAutosaver,
    TownRecipe,
    check_endpoints,
    llm_settings_for,
    open_town,
    process_environment,
    recipe_for,
    routes_for,
    secrets_of,
    town_settings,
)
from game.files.settings import UserSettings
from game.play.app import App, AppOptions
from game.play.session import PlaySession
from game.play.town_menus import PlayerSettings, TownMenus
from game.records import records_folder
from game.render.scene import TownScene
from game.render.text import PixelText
from game.saves import SaveSlots
from game.town.player import Player
from game.town.resident import Facing
from game.town_files import TownEntry, list_towns
from game.ui.loading import LoadingScreen, LoadingState, load_while_drawing
from game.ui.menus import LoadSlot, NewTown, TownOption

TownStart = NewTown | LoadSlot  # what the player picked: a bundled town, or a save slot
WINDOW_PATH_BUDGET_SECONDS = 0.003  # wall-clock path finding per frame (headless: lockstep)


def town_options() -> list[TownOption]:
    """The towns the player can start or edit: the bundled ones (biggest first), then the
    player's own (`list_towns`); a town whose files cannot be used carries its problem."""
    return [option_of(entry) for entry in list_towns()]


def option_of(entry: TownEntry) -> TownOption:
    """What New town shows of a listed town."""
    return TownOption(entry.id, entry.label, entry.residents, entry.bundled, entry.problem)


def town_labels(towns: list[TownOption]) -> dict[str, str]:
    """What the load menu calls each town ("The Ville"; it counts residents itself)."""
    return {town.id: town.label.split(" (")[0] for town in towns}


@dataclass
class PreparedTown:
    """A town opened behind the loading screen: the town, its picture (drawn from the map the
    town was built on), the loading screen shown, and whether the window was closed
    meanwhile."""

    opened: OpenedTown
    scene: TownScene
    loading: LoadingScreen
    closed: bool
    start: TownStart | None = None
    public_settings: dict[str, object] | None = None  # the model settings a save records
    secrets: tuple[str, ...] = ()  # the API key: never written into the run record


def load_town_with_screen(
    screen: pygame.Surface,
    options: AppOptions,
    start: TownStart | None = None,
    player_settings: PlayerSettings | None = None,
    slots: SaveSlots | None = None,
    first_frame: list[float] | None = None,
    recipe: TownRecipe | None = None,
) -> PreparedTown:
    """Open the town with minds on a worker thread behind the loading screen, then draw its
    map: `start` (None: `options.town` as a spectator), with `recipe` if given. Returns the
    town, its picture, and whether the window was closed meanwhile. Raises `LoadFailed` (the
    cause: a `SaveError`, a `ConfigError`, …)."""
    wanted = recipe or town_recipe(options, start, player_settings)
    save = FromSave(start.name, start.previous, slots) if isinstance(start, LoadSlot) else None
    loading = LoadingScreen(PixelText())
    state = LoadingState()
    public: dict[str, object] = {}
    secrets: list[str] = []

    def work() -> OpenedTown:
        state.report("waking the town", 0.01)
        recipe = wanted
        if recipe.routes is not None and recipe.routes.uses_model:
            # each endpoint tested first: one that fails is left out, its steps start on
            # the fallback route, and the town's first notices say so
            state.report("testing the model endpoints", 0.01)
            tested = check_endpoints(recipe.routes, recipe.llm_settings(), timeout_s=10.0)
            recipe = replace(recipe, routes=tested)
        opened = open_town(recipe, save, lambda what, share: state.report(what, 0.95 * share))
        llm = wanted.llm_settings()
        public.update(town_settings(llm, seed=opened.seed))
        secrets.extend(secrets_of(llm))
        return opened

    def mark_first_frame() -> None:  # runs right after the first loading frame
        if first_frame is not None:
            first_frame.append(time.time())

    opened, closed = load_while_drawing(screen, loading, state, work, [mark_first_frame])
    state.report("drawing the town", 0.97)
    loading.draw(screen, state.status, 0.0)
    pygame.display.flip()
    scene = TownScene.for_town(opened.living.town, options.characters, opened.living.looks)
    return PreparedTown(opened, scene, loading, closed, start, public, tuple(secrets))


def town_recipe(
    options: AppOptions, start: TownStart | None, player_settings: PlayerSettings | None
) -> TownRecipe:
    """What to build for `start`, with the player's brain (else the environment's)."""
    llm = routes = group_strategy = None
    if player_settings is not None:
        llm = llm_settings_for(player_settings.settings, player_settings.api_key)
        routes = routes_for(player_settings.settings)
        group_strategy = player_settings.settings.group_strategy or None
    town = start.town if isinstance(start, NewTown) else options.town or "the_ville_n25"
    return recipe_for(
        town,
        settings=llm,
        routes=routes,
        group_strategy=group_strategy,
        embedder=options.embedder,
        chroma_url=memory_server_of(options, player_settings)[0],
        path_budget_seconds=WINDOW_PATH_BUDGET_SECONDS,
        line_minutes=options.line_minutes,
        think_ahead_minutes=options.think_ahead_minutes,
        think_ahead_idle_minutes=options.think_ahead_idle_minutes,
    )


def memory_server_of(
    options: AppOptions, player_settings: PlayerSettings | None
) -> tuple[str | None, str]:
    """Where the memories go — `smallville --chroma-url`, else the settings' memory server,
    else None (in this process) — and the setting it came from, for messages."""
    if options.chroma_url is not None:
        return options.chroma_url, "--chroma-url"
    url = player_settings.settings.memory_server if player_settings is not None else ""
    return (url or None), "Settings: Memory server"


def enter_town(
    prepared: PreparedTown,
    options: AppOptions,
    player_settings: PlayerSettings | None = None,
    slots: SaveSlots | None = None,
    towns: list[TownOption] | None = None,
) -> App:
    """The window's app on an opened town: the player's session (who they are: `start`'s
    visitor or resident, a loaded save's visitor, or nobody — a spectator), the menus over
    the town, and the autosave. `towns`: the bundled towns (None: read them)."""
    opened, scene, start = prepared.opened, prepared.scene, prepared.start
    living = opened.living
    app = App(living.town, living.population, living.clock, scene, options, living)
    app.loading = prepared.loading
    if prepared.closed:
        app.view.running = False
    settings = player_settings or PlayerSettings(
        UserSettings.from_environment(process_environment())
    )
    population = living.population

    def portrait(who: str) -> pygame.Surface | None:  # a resident's name or sprite slug
        resident = population.get(who) or next((r for r in population if r.slug == who), None)
        return scene.painter.sheets.portrait(resident.slug if resident else who)

    desk = PlayerDesk(living)
    recording = RunRecording.start(opened, records_folder(), "play", secrets=prepared.secrets)
    recording.listen_to(desk)
    recording.observe(living.clock.now)
    app.recording = recording
    session = PlaySession(
        desk, population, living.town, scene.text,
        clock=lambda: living.clock.now, portrait=portrait,
        emoji=scene.painter.emoji, panels=app.panels,
    )  # fmt: skip
    app.session = session
    player = player_for(opened, start)
    if player is not None:
        session.join(player)
    saver = TownAutosaver(
        living,
        slots if slots is not None else SaveSlots(),
        settings.settings.autosave_minutes,
        session.visitor_save,
        town_id=opened.town_id,
        settings=dict(prepared.public_settings or {}),
    )
    saver.record = recording.copy_into
    labels = town_labels(town_options() if towns is None else towns)
    app.menus = TownMenus(
        app.panels, scene.text, saver, settings, session.toast, slot=opened.slot, town_labels=labels
    )
    if start is not None:
        app.view.speed.set(settings.settings.speed)
    for warning in opened.warnings:
        session.toast(warning, "info")
    return app


def player_for(opened: OpenedTown, start: TownStart | None) -> Player | None:
    """Who the player is in the town they open: the save's visitor (or the resident they
    had taken over), the new visitor or resident picked, or None (a spectator)."""
    living = opened.living
    if isinstance(start, NewTown):
        if start.take_over is not None:
            return take_over(living, start.take_over)
        return Player.new_visitor(
            start.visitor_name, start.visitor_description, visitor_tile(living)
        )
    if isinstance(start, LoadSlot):
        saved = opened.visitor
        if saved is None or saved.controls != "visitor":  # nobody saved, or a resident
            taken = take_over(living, saved.controls) if saved else None
            return taken or Player.new_visitor("", "", visitor_tile(living))
        player = Player.new_visitor(saved.name, saved.description, saved.tile)
        player.body.facing = Facing[saved.facing.upper()]
        if not living.town.grid.is_walkable(saved.tile):
            player.body.tile = visitor_tile(living)
        return player
    return None


def take_over(living: LivingTown, name: str) -> Player | None:
    """The player in `name`'s shoes, described as their persona describes them."""
    resident = living.population.get(name)
    if resident is None:
        return None
    description = living.description_of(name) or f"{name}, who lives in town"
    return Player(resident, description, is_visitor=False)


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

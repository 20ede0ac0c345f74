"""The game window's loop for one town: events → update(dt) → draw, at 60 FPS.

Every event takes one route (`game.ui.input.InputRoute`): the panels first, then the town's
input handler, whose typed commands act on this `App` (it is their `TownControls`). The same
loop runs headless (SDL_VIDEODRIVER=dummy) with a fixed dt for benchmarks and screenshots.
Drawing lives in game.render and game.ui; the model in game.world and game.town.
"""

from __future__ import annotations

import gc
import logging
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.bridge import LivingTown, RunRecording, TownFile, remember_learned_output_mode
from game.files.paths import bundled
from game.play.minds_reading import read_minds, start_now, waking_line
from game.play.session import PlaySession
from game.play.town_menus import LeaveTown, TownMenus
from game.render.camera import Camera
from game.render.scene import TownScene
from game.town.director import ResidentDirector
from game.town.population import Population
from game.town.resident import Tile
from game.town.setup import build_population
from game.town.speed import SimulationSpeed
from game.town.speed_meter import Cause, SpeedMeter
from game.ui.hud import Hud, HudInfo
from game.ui.input import InputRoute, TownControls, TownHandler
from game.ui.input.commands import Kind
from game.ui.loading import LoadingScreen
from game.ui.panels import PanelStack
from game.ui.view_state import Point, ViewState
from game.ui.window import FrameTimes, open_window
from game.world.clock import GameClock
from game.world.tmx.loader import load_town
from game.world.town import TownMap

log = logging.getLogger(__name__)
DEFAULT_MAP = bundled("maps/the_ville.tmx")
DEFAULT_CHARACTERS = bundled("assets/characters")
MODEL_NOTICE_SECONDS = 8.0  # how long a model notice stays as a banner when watching
MAX_FRAME_SECONDS = 0.25  # a longer frame moves the town this much (the rest of it is lost)


@dataclass
class AppOptions:
    map_path: Path = DEFAULT_MAP
    characters: Path = DEFAULT_CHARACTERS
    size: tuple[int, int] = (1280, 720)
    zoom: int = 2
    speed: int = 1
    fps: int = 60
    minds: bool = False  # True: the MindDirector (`smallville`); False: the schedule
    town: str | None = None  # a bundled town (None: every resident of the map, no minds)
    embedder: str = "minilm"  # "hashing" in tests: no ONNX load
    line_minutes: float = 2.0  # game minutes each spoken line stays in its bubble
    # in play a resident thinks its next step this early (game minutes): benchmarks/play_wait.py
    think_ahead_minutes: float = 10.0
    # … and up to this early while the server has room (`game/bridge/thinking_ahead.py`): on
    # local-gpu, 25 residents, the decision wait's p95 9.6 -> 4.8 game min (session 8)
    think_ahead_idle_minutes: float = 30.0
    # `smallville --chroma-url`: the memories on this Chroma server (None: the settings')
    chroma_url: str | None = None


class App:
    """One town in the window: the view, the panels, the input route and the loop. The
    town's input commands act on it (`TownControls`)."""

    def __init__(
        self,
        town: TownMap,
        population: Population,
        clock: GameClock,
        scene: TownScene,
        options: AppOptions,
        living: LivingTown | None = None,
    ) -> None:
        self.living = living  # the minds, when the town has them
        self.town = town
        self.population = population
        self.clock = clock
        self.scene = scene
        self.options = options
        self.screen = pygame.display.get_surface() or open_window(options.size)
        width, height = town.width * town.tile_width, town.height * town.tile_height
        camera = Camera(width, height, *self.screen.get_size(), zoom=options.zoom)
        self.view = ViewState(camera, SimulationSpeed(clock, options.speed))
        self.view.pick_resident = scene.resident_at
        self.hud = Hud(scene.text)
        self.view.button_at = self.hud.button_at
        self.real_seconds = 0.0
        self.fps = 0.0
        self.speed_meter = SpeedMeter()  # the effective speed, for the HUD
        # the model's latest notice ("can't do <step>…") and until when it shows as a banner
        self.model_notice: tuple[str, float] | None = None
        self.loading: LoadingScreen | None = None  # the loading screen shown, if any
        self.panels = PanelStack()  # inspector, chat, objects, menus: they get input first
        self.session: PlaySession | None = None  # the player, when the town has minds
        self.menus: TownMenus | None = None  # pause, save, load, settings, quit prompt
        self.recording: RunRecording | None = None  # the run record, when the town has minds
        self.input: InputRoute[TownControls] = InputRoute(self.panels, TownHandler(self.view), self)
        self._paused_before_loading = False  # the player's own pause, kept over a failed load
        self._centre_on_residents()

    @classmethod
    def build(
        cls,
        options: AppOptions,
        director_for: Callable[[TownMap], ResidentDirector] | None = None,
    ) -> App:
        """Open the window, load the map and its residents (schedule director by default)."""
        open_window(options.size)
        town = load_town(options.map_path)
        population = build_population(town, director_for(town) if director_for else None)
        if options.town is not None:  # only the bundled town's residents
            wanted = set(TownFile.load(options.town).residents)
            kept = [r for r in population if r.name in wanted]
            population = Population(kept, population.director, population.pathfinder)
        scene = TownScene.for_town(town, options.characters)
        return cls(town, population, GameClock(), scene, options)

    def close(self, progress: Callable[[str, float], object] = lambda what, share: None) -> None:
        """Let a save being written finish, close the run record, stop the minds' threads
        and flush the memory store (idempotent); `progress(what, share)` before each step
        (`GameFlow` shows it while the town closes)."""
        progress("Finishing the save", 0.0)
        if self.menus is not None and not self.menus.saver.close():
            log.warning("a save was still being written when the town closed")
        progress("Closing the run record", 0.3)
        recording, self.recording = self.recording, None
        if recording is not None:
            recording.close()
        progress("Stopping the minds and writing their memories", 0.5)
        living, self.living = self.living, None
        if living is not None:
            problem = remember_learned_output_mode(living)  # the next town starts on it
            if problem is not None:
                log.warning("%s", problem)
            living.close()

    def _centre_on_residents(self) -> None:
        if len(self.population):
            xs = [r.tile[0] for r in self.population]
            ys = [r.tile[1] for r in self.population]
            tile = self.town.tile_width
            self.view.camera.look_at(statistics.median(xs) * tile, statistics.median(ys) * tile)

    # -- the loop ----------------------------------------------------------------------------

    def step(
        self,
        real_seconds: float,
        events: list[pygame.event.Event] | None = None,
        wall_seconds: float | None = None,
    ) -> None:
        """One frame: handle events, update the model by `real_seconds`, draw.
        `wall_seconds`: the real time the frame took when `real_seconds` was capped (the
        effective speed is measured against it)."""
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
        self.update(real_seconds, wall_seconds)
        self.draw()

    def handle(self, event: pygame.event.Event) -> None:
        self.input.handle(event)

    def update(self, real_seconds: float, wall_seconds: float | None = None) -> None:
        self.real_seconds += real_seconds
        view = self.view
        view.camera.resize(*self.screen.get_size())
        view.steering = self.session is not None and self.session.player is not None
        view.pan_by_keys(real_seconds)
        if self.session is not None:
            self.session.steer(view.held_pan)
        if self.menus is not None:  # before the update: minds done thinking are read first
            self.menus.tick_saves(self.clock.now)
        before = self.clock.now
        held = self.panels.pausing or waking_line(self.living, self.clock.now) is not None
        game_minutes = 0.0 if held else view.speed.tick(real_seconds)
        self.population.update(self.clock.now, game_minutes)
        moved = (self.clock.now - before).total_seconds() / 60.0
        frame = real_seconds if wall_seconds is None else max(wall_seconds, real_seconds)
        self.speed_meter.frame(frame, moved, view.speed.multiplier, self.hold_cause())
        if self.recording is not None:
            self.recording.observe(self.clock.now)
        if self.session is not None:
            self.session.update(real_seconds)
        else:
            self.panels.update(real_seconds, self.clock.now)
        self._show_model_notices()
        if self.menus is not None:
            self.menus.update(self.clock.now)
            if self.menus.leaving is not None:
                view.running = False
        self._follow_selected()

    def hold_cause(self) -> Cause | None:
        """What holds the clock back this frame, if anything: a pause (the player's, a menu,
        the budget), a save being taken or written, or minds thinking. Play mode never
        waits for a mind: thinking minds cost time only by slowing frames past the cap on a
        frame's real time (`run`), so that is what "minds thinking" means here."""
        if self.view.speed.paused or self.panels.pausing:
            return "paused"
        if self.menus is not None and self.menus.saving:
            return "saving"
        if self.living is not None and self.living.director.in_flight:
            return "minds thinking"
        return None

    def _show_model_notices(self) -> None:
        """Each step the model gave up on (or took back), told once: a toast when playing,
        a banner for a few seconds when watching."""
        stack = self.living.stack if self.living is not None else None
        messages = []
        if stack is not None and stack.breaker is not None:
            messages += stack.breaker.take_notices()
        if stack is not None and stack.pool is not None:  # routes: endpoints down and back
            messages += stack.pool.take_notices()
        memory = self.living.director.memory if self.living is not None else None
        if memory is not None:  # the memory server away (thinking paused) and back
            messages += memory.take_notices()
        for message in messages:
            self.notify(message, "info")
            self.model_notice = (message, self.real_seconds + MODEL_NOTICE_SECONDS)

    def _follow_selected(self) -> None:
        resident = self.population.get(self.view.selected) if self.view.selected else None
        if resident is None and self.session is not None and self.session.player is not None:
            resident = self.session.player.body
        if resident is not None:
            x, y = resident.position
            tile = self.town.tile_width
            self.view.camera.look_at((x + 0.5) * tile, (y + 0.5) * tile)

    # -- what the input's commands act on (game.ui.input.TownControls) ----------------------

    @property
    def player(self) -> PlaySession | None:
        return self.session

    def notify(self, message: str, kind: Kind = "info") -> None:
        if self.session is not None:
            self.session.toast(message, kind)
        else:
            log.info("%s", message)

    def tile_at(self, point: Point) -> Tile:
        x, y = self.view.camera.screen_to_map(*point)
        return int(x // self.town.tile_width), int(y // self.town.tile_height)

    def camera_tile(self) -> Tile:
        width, height = self.screen.get_size()
        return self.tile_at((width // 2, height // 2))

    def close_top_panel(self) -> bool:
        top = self.panels.top
        if top is None:
            return False
        top.closed = True
        self.panels.update(0.0, self.clock.now)
        return True

    def start_now(self) -> bool:
        return start_now(self.living)  # the town waking up starts now (Space)

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error as error:
            log.warning("fullscreen toggle failed: %s", error)
        self.screen = pygame.display.get_surface() or self.screen

    def resize_window(self, size: tuple[int, int]) -> None:
        if self.screen.get_size() != size:
            self.screen = open_window(size)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self) -> None:
        if self.view.mouse is not None:  # residents move under a still mouse too
            self.view.hovered = self.scene.resident_at(self.view.mouse)
        labelled = {name for name in (self.view.hovered, self.view.selected) if name}
        self.scene.draw(
            self.screen, self.view.camera, self.population, self.clock.now,
            labelled, self.view.selected, self.real_seconds, self.speech(),
        )  # fmt: skip
        self.hud.draw(self.screen, self.hud_info())
        toasts = self.session.toasts if self.session is not None else None
        under_a_menu = self.panels.modal
        if toasts is not None and under_a_menu:
            toasts.draw(self.screen, self.hud.toast_top(), self._room_left_of_side_panels())
        self.panels.draw(self.screen)
        if toasts is not None and not under_a_menu:
            toasts.draw(self.screen, self.hud.toast_top(), self._room_left_of_side_panels())

    def _room_left_of_side_panels(self) -> int:
        """How much of the window's width lies left of the open side panels (inspector,
        objects): toasts are centred there, never over a panel."""
        width = self.screen.get_width()
        for panel in self.panels:
            if not panel.modal and panel.rect.width and panel.rect.left > width // 2:
                width = min(width, panel.rect.left)
        return width

    def speech(self) -> dict[str, str]:
        """Who says what right now (residents in a conversation)."""
        return self.living.director.talks.speaking(self.clock.now) if self.living else {}

    def hud_info(self) -> HudInfo:
        selected = self.population.get(self.view.selected) if self.view.selected else None
        activity = selected.activity.description if selected and selected.activity else ""
        info = HudInfo(
            now=self.clock.now,
            speed=self.view.speed.multiplier,
            paused=self.view.speed.paused,
            brain=self.population.director.label,
            thinking=self.population.thinking_count,
            fps=self.fps if self.view.show_fps else None,
            selected=selected.name if selected else None,
            selected_activity=activity,
            portrait=self.scene.painter.sheets.portrait(selected.slug) if selected else None,
            show_dialogue=self.view.show_dialogue,
            real_seconds=self.real_seconds,
            speed_reading=self.speed_meter.reading(
                self.view.speed.multiplier, self.view.speed.paused or self.panels.pausing
            ),
        )
        if self.living is not None:
            info.banner = self.living.director.message
            notice = self.model_notice
            if not info.banner and self.session is None and notice is not None:
                info.banner = notice[0] if self.real_seconds < notice[1] else ""
            read_minds(info, self.living, self.clock.now)
        return info

    @staticmethod
    def settle() -> None:
        """Move everything loaded so far out of the garbage collector's way (fewer spikes)."""
        gc.collect()
        gc.freeze()

    def run(self, close: bool = True) -> None:
        """The interactive loop at `options.fps` until the window closes (or the player
        leaves the town); `close`: stop the minds afterwards."""
        self.settle()
        timer = pygame.time.Clock()
        try:
            while self.view.running:
                wall_seconds = timer.tick(self.options.fps) / 1000.0
                self.fps = timer.get_fps()
                self.step(min(wall_seconds, MAX_FRAME_SECONDS), wall_seconds=wall_seconds)
                pygame.display.flip()
        except BaseException:
            self.close()
            raise
        if close:
            self.close()

    def run_until_left(self) -> LeaveTown:
        """Play until the player leaves the town (the menus say how) or the window closes."""
        self.run(close=False)
        leave = self.menus.leaving if self.menus is not None else None
        if self.menus is not None:
            self.menus.leaving = None
        return leave or LeaveTown("quit")

    def pause_for_loading(self) -> None:
        """Another save is loading: hold this town's clock (it stays intact meanwhile)."""
        self._paused_before_loading = self.clock.paused
        self.clock.pause()

    def resume_after_failed_load(self, error: str) -> None:
        """The other save did not load: back in this town (paused only if the player had
        paused it), the load menu saying why."""
        if not self._paused_before_loading:
            self.clock.resume()
        self.view.running = True
        self.screen = pygame.display.get_surface() or self.screen
        if self.menus is not None:
            self.menus.open_load(error)

    def run_frames(self, frames: int, real_seconds: float = 1 / 60) -> FrameTimes:
        """Run `frames` frames with a fixed dt as fast as possible; time each frame."""
        self.settle()
        times = FrameTimes()
        for _ in range(frames):
            started = time.perf_counter()
            self.step(real_seconds)
            pygame.display.flip()
            times.samples.append((time.perf_counter() - started) * 1000.0)
            self.fps = 1000.0 / max(times.samples[-1], 1e-6)
        return times

"""The game window: builds the town and runs the loop events → update(dt) → draw at 60 FPS.

The same loop runs headless (SDL_VIDEODRIVER=dummy) with a fixed dt for benchmarks and
screenshots. Drawing lives in game.render and game.ui; the model in game.world and game.town.
"""

from __future__ import annotations

import gc
import logging
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.files.paths import bundled
from game.render.camera import Camera
from game.render.scene import TownScene
from game.town.director import ResidentDirector
from game.town.population import Population
from game.town.setup import build_population
from game.town.speed import SimulationSpeed
from game.ui.dialogue_panel import LogLine
from game.ui.handlers import Handler, TownHandler
from game.ui.hud import Hud, HudInfo
from game.ui.loading import LoadingScreen
from game.ui.panels import PanelStack
from game.ui.view_state import ViewState
from game.world.clock import GameClock
from game.world.tmx.loader import load_town
from game.world.town import TownMap

if TYPE_CHECKING:  # the minds load on a worker thread, behind the loading screen (launch.py)
    from game.bridge.town_minds import LivingTown
    from game.play.session import PlaySession
    from game.play.town_menus import LeaveTown, TownMenus

log = logging.getLogger(__name__)
DEFAULT_MAP = bundled("maps/the_ville.tmx")
DEFAULT_CHARACTERS = bundled("assets/characters")
WINDOW_TITLE = "Smallville"


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


@dataclass
class FrameTimes:
    """Milliseconds per frame (events + update + draw + present)."""

    samples: list[float] = field(default_factory=list)

    def summary(self, agents: int) -> dict[str, float | int]:
        ordered = sorted(self.samples) or [0.0]
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        median = statistics.median(ordered)
        return {
            "frames": len(self.samples),
            "agents": agents,
            "frame_ms_median": round(median, 3),
            "frame_ms_p99": round(p99, 3),
            "fps": round(1000.0 / median, 1) if median else 0.0,
        }


class App:
    """Owns the window, the view state, the current input handler and the loop."""

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
        camera = Camera(
            town.width * town.tile_width,
            town.height * town.tile_height,
            *self.screen.get_size(),
            zoom=options.zoom,
        )
        self.view = ViewState(camera, SimulationSpeed(clock, options.speed))
        self.view.pick_resident = scene.resident_at
        self.hud = Hud(scene.text)
        self.view.button_at = self.hud.button_at
        self.handler: Handler = TownHandler(self.view)
        self.real_seconds = 0.0
        self.fps = 0.0
        self.loading: LoadingScreen | None = None  # the loading screen shown, if any
        self.panels = PanelStack()  # inspector, chat, objects, menus: they get input first
        self.session: PlaySession | None = None  # the player, when the town has minds
        self.menus: TownMenus | None = None  # pause, save, load, settings, quit prompt
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
            from game.bridge.town_minds import TownFile

            wanted = set(TownFile.load(options.town).residents)
            kept = [r for r in population if r.name in wanted]
            population = Population(kept, population.director, population.pathfinder)
        scene = TownScene.load(options.map_path, options.characters)
        return cls(town, population, GameClock(), scene, options)

    def close(self) -> None:
        """Stop the minds' threads and flush the memory store (idempotent)."""
        living, self.living = self.living, None
        if living is not None:
            living.close()

    def _centre_on_residents(self) -> None:
        if len(self.population):
            xs = [r.tile[0] for r in self.population]
            ys = [r.tile[1] for r in self.population]
            tile = self.town.tile_width
            self.view.camera.look_at(statistics.median(xs) * tile, statistics.median(ys) * tile)

    # -- the loop ----------------------------------------------------------------------------

    def step(self, real_seconds: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: handle events, update the model by `real_seconds`, draw."""
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
        self.update(real_seconds)
        self.draw()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.view.mouse = event.pos
        if self.menus is not None and event.type == pygame.QUIT:
            self.menus.ask_quit()  # "Save before quitting?" (asked again: quit at once)
            return
        if self.panels.handle(event):
            return
        if self.panels.wants_text() and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return  # typing in a panel never steers the town
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self._close_top():
            return
        next_handler = self.handler.handle(event)
        if next_handler is None:
            self.view.running = False
        else:
            self.handler = next_handler

    def update(self, real_seconds: float) -> None:
        self.real_seconds += real_seconds
        self._apply_window_requests()
        self.view.steering = self.session is not None and self.session.player is not None
        self.view.pan_by_keys(real_seconds)
        self._act_on_input()
        game_minutes = 0.0 if self.panels.pausing else self.view.speed.tick(real_seconds)
        self.population.update(self.clock.now, game_minutes)
        if self.session is not None:
            self.session.update(real_seconds)
        else:
            self.panels.update(real_seconds, self.clock.now)
        if self.menus is not None:
            self.menus.update(self.clock.now)
            if self.menus.leaving is not None:
                self.view.running = False
        self._follow_selected()

    def _close_top(self) -> bool:
        """Esc closes the topmost panel first; True when there was one."""
        top = self.panels.top
        if top is None:
            return False
        top.closed = True
        self.panels.update(0.0, self.clock.now)
        return True

    def _act_on_input(self) -> None:
        """Map clicks and key requests the handlers collected this frame."""
        view, session = self.view, self.session
        clicks, view.clicks = view.clicks, []
        requests, view.requests = view.requests, []
        if "menu" in requests and self.menus is not None:
            self.menus.open_pause()  # Esc with no panel to close and nobody followed
        for point in clicks:
            resident = self.scene.resident_at(point)
            if session is None:
                view.selected = resident
                continue
            x, y = view.camera.screen_to_map(*point)
            tile = (int(x // self.town.tile_width), int(y // self.town.tile_height))
            view.selected = session.click(tile, resident)
        if session is None:
            return
        session.steer(view.held_pan)
        for request in requests:
            if request == "talk":
                session.talk(view.selected)
            elif request == "objects":
                session.objects_here(self._camera_tile())
            elif request == "inspect" and view.selected is not None:
                session.inspect(view.selected)

    def _camera_tile(self) -> tuple[int, int]:
        x, y = self.view.camera.screen_to_map(*(v / 2 for v in self.screen.get_size()))
        return int(x // self.town.tile_width), int(y // self.town.tile_height)

    def _follow_selected(self) -> None:
        resident = self.population.get(self.view.selected) if self.view.selected else None
        if resident is None and self.session is not None and self.session.player is not None:
            resident = self.session.player.body
        if resident is not None:
            x, y = resident.position
            tile = self.town.tile_width
            self.view.camera.look_at((x + 0.5) * tile, (y + 0.5) * tile)

    def _apply_window_requests(self) -> None:
        view = self.view
        if view.fullscreen_requested:
            view.fullscreen_requested = False
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error as error:
                log.warning("fullscreen toggle failed: %s", error)
            self.screen = pygame.display.get_surface() or self.screen
        if view.resize_to is not None:
            if self.screen.get_size() != view.resize_to:
                self.screen = open_window(view.resize_to)
            view.resize_to = None
        view.camera.resize(*self.screen.get_size())

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
            toasts.draw(self.screen, room=self._room_left_of_side_panels())
        self.panels.draw(self.screen)
        if toasts is not None and not under_a_menu:
            toasts.draw(self.screen, room=self._room_left_of_side_panels())

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
        extra = {}
        if self.living is not None:
            log_ = self.living.director.dialogue
            extra = {
                "banner": self.living.director.message,
                "dialogue": [LogLine(x.speaker, x.listener, x.text) for x in log_.lines(6)],
                "dialogue_total": log_.total,
                "usage": usage_line(self.living),
            }
        return HudInfo(
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
            **extra,  # type: ignore[arg-type]
        )

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
                real_seconds = min(timer.tick(self.options.fps) / 1000.0, 0.25)
                self.fps = timer.get_fps()
                self.step(real_seconds)
                pygame.display.flip()
        except BaseException:
            self.close()
            raise
        if close:
            self.close()

    def run_until_left(self) -> LeaveTown:
        """Play until the player leaves the town (the menus say how) or the window closes."""
        from game.play.town_menus import LeaveTown

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
            if times.samples:
                self.fps = 1000.0 / max(times.samples[-1], 1e-6)
        return times


def usage_line(living: LivingTown) -> str:
    """What the minds have cost so far: model calls, tokens and (for a server) dollars at the
    configured list prices — "offline" costs nothing."""
    tally = living.stack.meter.snapshot().total
    if living.stack.offline:
        return f"{tally.calls:,} offline answers · no tokens, no cost"
    tokens = tally.total_tokens
    shown = f"{tokens / 1000:.1f}k" if tokens >= 1000 else str(tokens)
    line = f"{tally.calls:,} model calls · {shown} tokens"
    dollars = living.stack.cost_usd()
    if dollars is not None:
        line += f" · about ${dollars:.2f}"
    return line


def open_window(size: tuple[int, int]) -> pygame.Surface:
    """(Re)open the resizable game window."""
    if not pygame.get_init():
        pygame.init()
    pygame.display.set_caption(WINDOW_TITLE)
    return pygame.display.set_mode(size, pygame.RESIZABLE)

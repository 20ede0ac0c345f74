"""The replay window: a run record's town drawn as it was at the replay's time, with the
timeline bar along the bottom, the HUD, the conversation log and the inspector.

One frame (`ReplayApp.step`): events along the input route (the timeline bar and the
panels first, then `ReplayHandler` → typed commands performed on this app, its
`ReplayControls`), the timeline's commands, time moved on at the replay's speed (the town
and the log follow: rows read a few minutes ahead, never the whole state each frame), then
the scene, the HUD, the panels and the bar. The same loop runs headless (dummy video
driver) for screenshots and the benchmark.
"""

from __future__ import annotations

import gc
import statistics
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import pygame

from game.files.paths import bundled
from game.records import Mark, RunRecord
from game.render.camera import Camera
from game.render.emoji import EmojiCache
from game.render.scene import TownScene
from game.replay.dialogue import SpokenLines
from game.replay.opening import OpenedReplay
from game.replay.playback import PlaybackSpeed
from game.replay.port import ASK_REFUSED, RecordPort
from game.replay.town import ReplayTown
from game.town.resident import Tile
from game.ui.dialogue_panel import LogLine
from game.ui.hud import Hud, HudInfo
from game.ui.input import Impossible, InputRoute
from game.ui.input.commands import Kind
from game.ui.input.replay import Edge, MarkKind, ReplayControls, ReplayHandler
from game.ui.inspector import InspectorPanel
from game.ui.object_panel import ObjectPanel
from game.ui.panels import PanelStack
from game.ui.timeline import HEIGHT as TIMELINE_HEIGHT
from game.ui.timeline import TimelineBar, TimelineMark
from game.ui.toasts import Toasts
from game.ui.view_state import Point, ViewState
from game.ui.window import FrameTimes, open_window
from game.world.clock import GameClock
from game.world.pathfinding import PathFinder

__all__ = ["ReplayApp", "ReplayOptions", "ReplayViewer"]

REPLAY_TITLE = "Smallville — replay"
MARK_NAMES = {"conversation": "conversation", "reflection": "reflection", "plan": "plan",
              "player": "player action"}  # fmt: skip


@dataclass
class ReplayOptions:
    size: tuple[int, int] = (1280, 720)
    zoom: int = 2
    speed: int = 10  # ×10: ten game minutes a real second
    fps: int = 60
    playing: bool = True  # False: open paused
    characters: Path = field(default_factory=lambda: bundled("assets/characters"))


class ReplayViewer:
    """The replay's `PlayerControls`: nobody plays, so a click on a resident opens the
    inspector as of the replay's moment, and nothing else happens."""

    def __init__(self, app: ReplayApp) -> None:
        self.app = app

    def click(self, tile: Tile, resident: str | None) -> str | None:
        if resident is not None:
            self.inspect(resident)
        return resident

    def talk(self, selected: str | None) -> None:
        raise Impossible(ASK_REFUSED)

    def objects_here(self, fallback: Tile) -> None:
        """E: the objects around the middle of the view, with their states at that moment."""
        objects = self.app.port.objects_near(fallback)
        if not objects:
            raise Impossible("No objects here.")
        clock = self.app.moment
        self.app.panels.open(ObjectPanel(self.app.port, self.app.text, objects, clock))

    def inspect(self, resident: str) -> None:
        app = self.app
        app.panels.open(
            InspectorPanel(app.port, app.text, resident, app.portrait, app.emoji, app.moment)
        )


class ReplayApp:
    """A record's town in the window (see the module docstring); `ReplayControls`."""

    def __init__(self, replay: OpenedReplay, options: ReplayOptions | None = None) -> None:
        self.options = options = options or ReplayOptions()
        self.replay = replay
        self.record = record = replay.record
        self.town_map = replay.town
        self.start, self.end = replay.span
        self.screen = pygame.display.get_surface() or open_window(options.size, REPLAY_TITLE)
        self.scene = TownScene.for_town(replay.town, options.characters)
        self.text = self.scene.text
        self.emoji = EmojiCache()
        self.clock = GameClock(self.start, paused=not options.playing)
        camera = Camera(
            replay.town.width * replay.town.tile_width,
            replay.town.height * replay.town.tile_height,
            *self.screen.get_size(),
            zoom=options.zoom,
        )
        self.view = ViewState(camera, PlaybackSpeed(self.clock, self.end, options.speed))
        self.view.pick_resident = self.scene.resident_at
        brain = record.meta.model or record.meta.brain
        self.hud = Hud(self.text)
        self.title = f"replay: {record.meta.run_id} · {brain}"  # under the HUD's clock
        self.view.button_at = self.hud.button_at
        looks = looks_of(record, self.start)
        self.town = ReplayTown(record, PathFinder(replay.town.grid), looks)
        self.spoken = SpokenLines(record)
        self.port = RecordPort(record, replay.town.tree, self.moment)
        self.viewer = ReplayViewer(self)
        self.toasts = Toasts(self.text)
        self.panels = PanelStack()
        marks = [TimelineMark(m.time, m.kind, m.text) for m in record.marks()]
        self.timeline = TimelineBar(self.text, self.start, self.end, marks)
        self.panels.open(self.timeline)  # at the bottom of the stack: panels above it first
        self.input: InputRoute[ReplayControls] = InputRoute(
            self.panels, ReplayHandler(self.view), self
        )
        self.real_seconds = 0.0
        self.fps = 0.0
        for warning in replay.warnings:
            self.toasts.show(warning, "error", seconds=8)
        self.seek(self.start)
        self._centre_on_residents()

    def moment(self) -> datetime:
        """The replay's time (the inspector's and the port's clock)."""
        return self.clock.now

    def portrait(self, who: str) -> pygame.Surface | None:
        resident = self.town.population.get(who)
        return self.scene.painter.sheets.portrait(resident.slug if resident else who)

    def close(self) -> None:
        self.record.close()

    def _centre_on_residents(self) -> None:
        if len(self.town.population):
            tile = self.town_map.tile_width
            xs = [r.tile[0] for r in self.town.population]
            ys = [r.tile[1] for r in self.town.population]
            self.view.camera.look_at(statistics.median(xs) * tile, statistics.median(ys) * tile)

    # --- the loop --------------------------------------------------------------------------

    def step(self, real_seconds: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: events, the timeline's commands, time moved on, drawing."""
        for event in pygame.event.get() if events is None else events:
            self.input.handle(event)
        for command in self.timeline.take_commands():
            self.input.perform(command)
        self.update(real_seconds)
        self.draw()

    def update(self, real_seconds: float) -> None:
        self.real_seconds += real_seconds
        width, height = self.screen.get_size()
        self.view.camera.resize(width, max(1, height - TIMELINE_HEIGHT))
        self.view.pan_by_keys(real_seconds)
        if self.view.speed.tick(real_seconds):
            self.town.advance(self.clock.now)
            self.spoken.advance(self.clock.now)
        self.panels.update(real_seconds, self.clock.now)
        inspector = self.panels.find(InspectorPanel)
        if isinstance(inspector, InspectorPanel) and inspector.requested_chat:
            inspector.requested_chat = False  # its Talk button: nobody answers in a replay
            self.toasts.show(ASK_REFUSED, "error")
        self.toasts.update(real_seconds)
        for event in self.port.events():
            self.toasts.show(event.text)
        selected = self.town.population.get(self.view.selected) if self.view.selected else None
        if selected is not None:
            x, y = selected.position
            tile = self.town_map.tile_width
            self.view.camera.look_at((x + 0.5) * tile, (y + 0.5) * tile)

    def run(self) -> None:
        """The interactive loop until the window closes."""
        gc.collect()
        gc.freeze()
        timer = pygame.time.Clock()
        try:
            while self.view.running:
                real_seconds = min(timer.tick(self.options.fps) / 1000.0, 0.25)
                self.fps = timer.get_fps()
                self.step(real_seconds)
                pygame.display.flip()
        finally:
            self.close()

    def run_frames(self, frames: int, real_seconds: float = 1 / 60) -> FrameTimes:
        """`frames` frames with a fixed dt as fast as possible, each timed."""
        gc.collect()
        gc.freeze()
        times = FrameTimes()
        for _ in range(frames):
            started = time.perf_counter()
            self.step(real_seconds, [])
            pygame.display.flip()
            times.samples.append((time.perf_counter() - started) * 1000.0)
        return times

    # --- moving in time (ReplayControls) ----------------------------------------------------

    def seek(self, moment: datetime) -> None:
        moment = max(self.start, min(self.end, moment))
        self.clock.set(moment)
        self.town.seek(moment)
        self.spoken.seek(moment)
        if self.view.selected is not None and self.town.population.get(self.view.selected) is None:
            self.view.selected = None

    def seek_edge(self, edge: Edge) -> None:
        self.seek(self.start if edge == "start" else self.end)

    def jump_to_mark(self, kind: MarkKind | None, forward: bool) -> None:
        kinds = None if kind is None else frozenset((kind,))
        now = self.clock.now
        if forward:
            mark = self.record.next_mark(now, kinds)
        else:
            mark = self.record.previous_mark(now, kinds)
        if mark is None:
            what = "mark" if kind is None else MARK_NAMES[kind]
            way = "after" if forward else "before"
            raise Impossible(f"No {what} {way} this moment.")
        self.seek(mark.time)
        self.toasts.show(mark_line(mark))
        if self.town.population.get(mark.resident) is not None:
            self.view.selected = mark.resident

    # --- TownControls ------------------------------------------------------------------------

    @property
    def player(self) -> ReplayViewer:
        return self.viewer

    @property
    def menus(self) -> None:
        return None

    def notify(self, message: str, kind: Kind = "info") -> None:
        self.toasts.show(message, kind)

    def tile_at(self, point: Point) -> Tile:
        x, y = self.view.camera.screen_to_map(*point)
        return int(x // self.town_map.tile_width), int(y // self.town_map.tile_height)

    def camera_tile(self) -> Tile:
        camera = self.view.camera
        return self.tile_at((camera.viewport_width // 2, camera.viewport_height // 2))

    def close_top_panel(self) -> bool:
        """Close the topmost panel but the timeline bar (which stays)."""
        for panel in reversed(list(self.panels)):
            if panel is not self.timeline:
                panel.closed = True
                self.panels.update(0.0, self.clock.now)
                return True
        return False

    def start_now(self) -> bool:
        """A replay's clock is never held for a town waking up: Space pauses or resumes."""
        return False

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            return
        self.screen = pygame.display.get_surface() or self.screen

    def resize_window(self, size: tuple[int, int]) -> None:
        if self.screen.get_size() != size:
            self.screen = open_window(size, REPLAY_TITLE)

    # --- drawing -------------------------------------------------------------------------------

    def draw(self) -> None:
        width, height = self.screen.get_size()
        town_area = self.screen.subsurface((0, 0, width, max(1, height - TIMELINE_HEIGHT)))
        view = self.view
        if view.mouse is not None:
            view.hovered = self.scene.resident_at(view.mouse)
        labelled = {name for name in (view.hovered, view.selected) if name}
        self.scene.draw(
            town_area, view.camera, self.town.population, self.clock.now, labelled,
            view.selected, self.real_seconds, self.spoken.speaking(),
        )  # fmt: skip
        self.hud.draw(town_area, self.hud_info())
        room = self._room_left_of_side_panels()
        for panel in self.panels:
            if panel is not self.timeline:
                panel.draw(town_area)
        self.toasts.draw(town_area, room=room)
        self.timeline.show(self.clock.now, view.speed.multiplier, view.speed.paused)
        self.timeline.draw(self.screen)

    def _room_left_of_side_panels(self) -> int:
        width = self.screen.get_width()
        for panel in self.panels:
            if panel is not self.timeline and panel.rect.width and panel.rect.left > width // 2:
                width = min(width, panel.rect.left)
        return width

    def hud_info(self) -> HudInfo:
        view = self.view
        selected = self.town.population.get(view.selected) if view.selected else None
        activity = selected.activity.description if selected and selected.activity else ""
        return HudInfo(
            now=self.clock.now,
            speed=view.speed.multiplier,
            paused=view.speed.paused,
            brain=self.town.director.label,
            thinking=0,
            fps=self.fps if view.show_fps else None,
            selected=selected.name if selected else None,
            selected_activity=activity,
            portrait=self.scene.painter.sheets.portrait(selected.slug) if selected else None,
            dialogue=[LogLine(x.speaker, x.listener, x.text) for x in self.spoken.recent],
            dialogue_total=self.spoken.total,
            show_dialogue=view.show_dialogue,
            real_seconds=self.real_seconds,
            detail=self.title,
        )


def looks_of(record: RunRecord, moment: datetime) -> dict[str, str]:
    """Each resident's sprite name, as the record's people say."""
    looks = {}
    for name in record.residents():
        person = record.person_at(name, moment)
        if person is not None and person.look:
            looks[name] = person.look
    return looks


def mark_line(mark: Mark) -> str:
    """A mark as a toast: "conversation · Isabella and Klaus: on the party"."""
    label = MARK_NAMES.get(mark.kind, mark.kind)
    who = f"{mark.resident}: " if mark.resident and mark.kind != "conversation" else ""
    text = " ".join(mark.text.split())
    return f"{label} · {who}{text}"[:160]

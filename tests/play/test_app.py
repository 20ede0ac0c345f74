"""The whole loop, headless: events → update → draw, resize, keys, clicks, headless run."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.play.app import App, AppOptions
from game.play.launch import play
from game.ui.input import DragHandler, TownHandler


@pytest.fixture
def app(tiny_town: Path) -> Iterator[App]:
    pygame.init()
    yield App.build(AppOptions(map_path=tiny_town, characters=tiny_town.parent, size=(640, 360)))
    pygame.quit()


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def test_the_window_survives_a_resize(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=500, size=(800, 500)))
    app.step(1 / 60)
    assert app.screen.get_size() == (800, 500)
    assert (app.view.camera.viewport_width, app.view.camera.viewport_height) == (800, 500)
    app.step(1 / 60)  # and keeps drawing
    assert app.view.running


def test_speed_keys_and_pause(app: App) -> None:
    start = app.clock.now
    app.step(1.0, [key(pygame.K_4)])  # ×5
    assert (app.clock.now - start).total_seconds() == 5 * 60
    app.step(1.0, [key(pygame.K_SPACE)])
    paused_at = app.clock.now
    app.step(1.0)
    assert app.clock.now == paused_at
    assert app.hud_info().paused


def test_clicking_a_speed_button(app: App) -> None:
    app.step(1 / 60)
    button = app.hud.buttons[30]
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.center, button=1)
    app.step(1 / 60, [press])
    assert app.view.speed.multiplier == 30
    assert isinstance(app.input.handler, TownHandler)


def test_click_selects_and_follows_a_resident(app: App) -> None:
    app.step(1 / 60)
    name, rect = app.scene.placed[0][0].name, app.scene.placed[0][1]
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)
    app.step(1 / 60, [down])
    assert isinstance(app.input.handler, DragHandler)
    app.step(1 / 60, [up])
    assert app.view.selected == name and isinstance(app.input.handler, TownHandler)
    assert app.hud_info().selected == name


def test_drag_pans_the_camera(app: App) -> None:
    app.view.camera.set_zoom(4)
    before = app.view.camera.origin
    events = [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 200), button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(280, 190), rel=(-20, -10), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(280, 190), button=1),
    ]
    app.step(1 / 60, events)
    assert app.view.camera.origin != before
    assert app.view.selected is None


def test_pan_keys_and_zoom_keys(app: App) -> None:
    app.view.camera.set_zoom(4)
    app.view.camera.look_at(0, 0)
    before = app.view.camera.origin
    app.step(0.1, [key(pygame.K_d)])
    assert app.view.camera.origin[0] > before[0]
    app.step(0.1, [pygame.event.Event(pygame.KEYUP, key=pygame.K_d, mod=0)])
    app.step(0.1, [key(pygame.K_MINUS)])
    assert app.view.camera.zoom == 3


def test_f3_shows_fps_and_quit_stops_the_loop(app: App) -> None:
    app.step(1 / 60, [key(pygame.K_F3)])
    assert app.hud_info().fps is not None
    app.step(1 / 60, [pygame.event.Event(pygame.QUIT)])
    assert not app.view.running


def test_headless_run_writes_a_screenshot_and_timings(tiny_town: Path, tmp_path: Path) -> None:
    options = AppOptions(map_path=tiny_town, characters=tmp_path)
    shot, bench = tmp_path / "shot.png", tmp_path / "bench.json"
    assert play(headless=True, frames=30, screenshot=shot, bench_json=bench, options=options) == 0
    figures = json.loads(bench.read_text())
    assert set(figures) == {
        "frames", "agents", "frame_ms_median", "frame_ms_p99", "fps",
        "first_frame_unix", "town_ready_unix",
    }  # fmt: skip
    assert figures["first_frame_unix"] <= figures["town_ready_unix"]
    assert figures["frames"] == 30 and figures["agents"] == 2
    pygame.init()
    assert pygame.image.load(str(shot)).get_size() == (1280, 720)
    pygame.quit()


def test_f11_toggles_fullscreen_without_losing_the_window(app: App) -> None:
    app.step(1 / 60, [key(pygame.K_F11)])
    app.step(1 / 60)
    assert app.screen is pygame.display.get_surface()
    assert app.view.running


def test_the_hud_names_the_brain_and_counts_thinking_minds(app: App) -> None:
    info = app.hud_info()
    assert info.brain == "schedule (no minds)" and info.thinking == 0

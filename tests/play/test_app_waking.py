"""The window opens a town waking up: the clock waits at the first moment while the residents
plan their day, the banner counting them, and runs once every first decision has come."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pygame
import pytest

from cognition.llm.task import Completion, LanguageModel, Task
from game.play.app import App, AppOptions
from game.play.launch import build_with_minds
from game.play.town_menus import AUTOSAVE_SLOT

OPTIONS = AppOptions(minds=True, town="the_ville_n3", embedder="hashing", size=(800, 450))
HANG_GUARD_S = 60.0  # never reached unless the minds never decide


class Gated:
    """Every call waits for `gate` (set by the test)."""

    def __init__(self, inner: LanguageModel, gate: threading.Event) -> None:
        self.inner, self.gate = inner, gate

    @property
    def label(self) -> str:
        return self.inner.label

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        if not self.gate.wait(HANG_GUARD_S):
            raise RuntimeError("the gate never opened")
        return self.inner.complete(task, inputs, agent=agent)


@pytest.fixture
def gated_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[App, threading.Event]]:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    app = build_with_minds(OPTIONS)
    gate = threading.Event()
    assert app.living is not None
    for mind in app.living.minds.values():
        mind.model = Gated(mind.model, gate)
    try:
        yield app, gate
    finally:
        gate.set()
        app.close()
        pygame.quit()


def test_the_town_wakes_up_before_its_clock_runs(gated_app: tuple[App, threading.Event]) -> None:
    app, gate = gated_app
    start = app.clock.now
    for _ in range(10):  # ×1: half a game minute a frame, were the clock running
        app.step(0.5)
    assert app.clock.now == start
    assert app.hud_info().banner == (
        "The town is waking up: 0 of 3 residents have planned their day · Space: start now"
    )
    assert app.hold_cause() == "minds thinking"
    gate.set()
    deadline = time.monotonic() + HANG_GUARD_S
    while app.clock.now == start and time.monotonic() < deadline:
        app.step(0.5)
        time.sleep(0.002)
    assert app.clock.now > start and "waking up" not in app.hud_info().banner
    assert all(r.activity is not None for r in app.population)  # each on its plan
    assert app.living is not None and app.living.director.stats.wait_quantiles()["max"] <= 0.5


def space() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")


def test_space_starts_the_town_now_and_residents_follow_their_routine_until_their_plan_comes(
    gated_app: tuple[App, threading.Event],
) -> None:
    """The player does not wait for the waking: Space starts the clock (not the pause), the
    banner goes, and the residents whose day plan is still thinking walk their routine
    meanwhile; no autosave is taken until their plans have come, then the first one is."""
    app, gate = gated_app
    assert app.living is not None and app.menus is not None
    app.menus.saver.set_interval(5)  # an autosave due every 5 game minutes
    app.menus.saver.autosave_gap_seconds = 0.0
    start = app.clock.now
    for _ in range(4):
        app.step(0.5)
    assert app.clock.now == start and "Space: start now" in app.hud_info().banner
    app.step(0.5, [space()])  # the clock runs from this frame on
    assert not app.view.speed.paused and app.hud_info().banner == ""
    for _ in range(39):  # 20 game minutes at ×1 in all, every model call still held
        app.step(0.5)
    assert app.clock.now == start + timedelta(minutes=20)
    assert app.living.director.minds_lag(app.clock.now) == 20.0  # the plans are still to come
    assert all(r.activity is not None for r in app.population)  # their routine, not still
    assert not app.menus.saving and not app.menus.slots.exists(AUTOSAVE_SLOT)
    gate.set()
    deadline = time.monotonic() + HANG_GUARD_S
    while not app.menus.slots.exists(AUTOSAVE_SLOT) and time.monotonic() < deadline:
        app.step(0.05)
        time.sleep(0.002)
    assert app.living.director.minds_lag(app.clock.now) == 0.0  # every plan came
    saved = app.menus.slots.read(AUTOSAVE_SLOT).save
    assert saved.game_time > start + timedelta(minutes=20)  # the first autosave: planned

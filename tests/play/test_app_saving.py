"""Saving from the window while a mind thinks: the clock runs on, the HUD says why the town
is slower (saving, minds thinking), the save is written and loads into a town that plays."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pygame
import pytest

from cognition.config import LLMSettings
from cognition.llm.task import Completion, LanguageModel, Task
from cognition.memory.fakes import HashingEmbedder
from game.bridge.build import TownRecipe
from game.bridge.lockstep import LockstepRunner
from game.bridge.persist.load import load_saved_town
from game.play.app import App, AppOptions
from game.play.launch import build_with_minds
from game.play.town_menus import LeaveTown
from game.ui.menus import LoadSlot, PauseMenu, SaveAs

OPTIONS = AppOptions(minds=True, town="the_ville_n3", embedder="hashing", size=(800, 450))
KLAUS = "Klaus Mueller"
HANG_GUARD_S = 60.0


class HeldModel:
    """Every call waits for `gate` (set by the test): a job really in flight."""

    def __init__(self, inner: LanguageModel) -> None:
        self.inner = inner
        self.gate = threading.Event()
        self.entered = threading.Event()

    @property
    def label(self) -> str:
        return self.inner.label

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        self.entered.set()
        if not self.gate.wait(HANG_GUARD_S):
            raise RuntimeError("the gate never opened")
        return self.inner.complete(task, inputs, agent=agent)


@pytest.fixture
def held_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, HeldModel]]:
    """The three-resident town in the window, Klaus's model calls held."""
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    app = build_with_minds(OPTIONS)
    assert app.living is not None and app.menus is not None
    # Klaus's calls are held from the start: the clock runs from the first frame (a town
    # waking up holds it until every first decision has come, `game.bridge` waking)
    app.living.director.waking.over = True
    held = HeldModel(app.living.minds[KLAUS].model)
    app.living.minds[KLAUS].model = held
    try:
        for _ in range(600):
            app.living.director.wake(KLAUS, app.clock.now)
            app.step(0.5)
            if held.entered.wait(0.01):
                break
        assert held.entered.is_set() and KLAUS in app.living.director.jobs.busy()
        yield app, held
    finally:
        held.gate.set()
        app.close()
        pygame.quit()


def test_a_save_from_the_menu_while_a_mind_thinks_never_stops_the_clock(
    held_app: tuple[App, HeldModel], tmp_path: Path
) -> None:
    app, held = held_app
    assert app.menus is not None
    menu = PauseMenu(app.scene.text, "", over_town=True)
    app.menus.act(menu, SaveAs("busy"))
    moment = app.clock.now
    for _ in range(10):
        app.step(0.5)  # ×1: half a game minute a frame
    assert app.clock.now == moment + timedelta(minutes=5) and not app.clock.paused
    assert app.menus.saving and app.hold_cause() == "saving"
    for _ in range(8):  # slow frames while the save waits: the HUD says why
        app.step(0.25, wall_seconds=0.5)
    reading = app.hud_info().speed_reading
    assert reading is not None and reading.why == "saving"
    assert reading.label.startswith("×1 · 0.") and reading.label.endswith(" · saving")

    held.gate.set()
    deadline = time.monotonic() + HANG_GUARD_S
    while app.menus.slot != "busy" and time.monotonic() < deadline:
        app.step(1 / 60)
        time.sleep(0.002)
    assert app.menus.slot == "busy"  # the save said it was written
    assert not app.menus.saving and not app.clock.paused
    saved = app.menus.slots.read("busy").save
    assert saved.game_time == moment

    recipe = TownRecipe(
        town="the_ville_n3", settings=LLMSettings(offline=True), embedder=HashingEmbedder(),
        memory_dir=tmp_path / "loaded",
    )  # fmt: skip
    loaded = load_saved_town("busy", app.menus.slots, recipe)
    try:
        living = loaded.living
        assert living.clock.now == moment
        LockstepRunner(living).run_until(moment + timedelta(minutes=30))
        assert living.director.stats.decisions > 0 and living.director.stats.errors == 0
    finally:
        loaded.living.close()


def test_slow_frames_while_minds_think_are_put_down_to_the_minds(
    held_app: tuple[App, HeldModel],
) -> None:
    app, _ = held_app
    app.view.speed.set(30)
    for _ in range(8):
        app.step(0.25, wall_seconds=0.5)
    reading = app.hud_info().speed_reading
    assert app.hold_cause() == "minds thinking"
    assert reading is not None and reading.why == "minds thinking"
    assert reading.label == "×30 · 15.0 game-min/s · minds thinking"


def test_a_save_chosen_to_load_while_a_save_is_under_way_waits_for_it(
    held_app: tuple[App, HeldModel],
) -> None:
    app, held = held_app
    assert app.menus is not None
    menu = PauseMenu(app.scene.text, "", over_town=True)
    app.menus.act(menu, SaveAs("busy"))
    app.step(0.5)
    app.menus.act(menu, LoadSlot("busy"))  # the very slot being saved
    for _ in range(5):
        app.step(0.5)
    assert app.menus.leaving is None and app.menus.saving
    held.gate.set()
    deadline = time.monotonic() + HANG_GUARD_S
    while app.menus.leaving is None and time.monotonic() < deadline:
        app.step(1 / 60)
        time.sleep(0.002)
    assert app.menus.leaving == LeaveTown("load", "busy")
    assert app.menus.slots.exists("busy") and not app.menus.saving


def test_save_and_quit_never_waits_for_a_mind_thinking(
    held_app: tuple[App, HeldModel],
) -> None:
    """The close button → "Save & quit" with Klaus's model call held: saved and leaving
    within a few frames; Klaus is saved to think again on loading."""
    from game.play.tour import click_event, menu_point, post
    from game.ui.menus import SavePrompt

    app, held = held_app
    assert app.menus is not None
    post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    prompt = app.panels.top
    assert isinstance(prompt, SavePrompt)
    post(*click_event(menu_point(prompt, prompt.button("Save & quit"))))
    deadline = time.monotonic() + HANG_GUARD_S
    while app.menus.leaving is None and time.monotonic() < deadline:
        app.step(1 / 60)
        time.sleep(0.002)
    assert app.menus.leaving == LeaveTown("quit")
    assert not held.gate.is_set() and KLAUS in app.living.director.jobs.busy()  # type: ignore[union-attr]
    saved = app.menus.slots.read("autosave").save
    assert KLAUS in saved.runtime["rethink"]
    held.gate.set()  # his call goes on to the model, stopped as the town closes
    app.close()

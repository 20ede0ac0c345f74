"""The window with minds: the MindDirector drives the town, lines reach the log, a clean close."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.play.app import App, AppOptions
from game.play.launch import build_with_minds, play
from game.render.text import PixelText
from game.ui.loading import LoadingScreen, LoadingState, load_while_drawing
from game.ui.menus import SavePrompt

OPTIONS = AppOptions(minds=True, town="the_ville_n3", embedder="hashing", size=(800, 450))


@pytest.fixture
def minds_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    app = build_with_minds(OPTIONS)
    yield app
    app.close()
    pygame.quit()


def mind_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("mind")]


def test_the_minds_drive_the_residents(minds_app: App, tmp_path: Path) -> None:
    assert minds_app.loading is not None and minds_app.loading.frames >= 1
    assert {r.name for r in minds_app.population} == {
        "Isabella Rodriguez", "Maria Lopez", "Klaus Mueller",
    }  # fmt: skip
    for _ in range(60):
        minds_app.step(0.5)
        time.sleep(0.002)
    assert minds_app.living is not None and minds_app.living.director.stats.decisions > 0
    assert all(r.activity is not None for r in minds_app.population)
    assert minds_app.hud_info().brain == "offline brain"
    assert list((tmp_path / "data" / "runs").iterdir())  # the memories of this run


def test_a_conversation_reaches_the_bubbles_and_the_log(minds_app: App) -> None:
    minds_app.view.speed.set(30)
    assert minds_app.living is not None
    dialogue = minds_app.living.director.dialogue
    for _ in range(3000):
        minds_app.step(0.25)  # 7.5 game minutes: a step may land on a talk's last moments
        if not (dialogue.total and minds_app.speech()):
            continue
        minds_app.view.selected = next(iter(minds_app.speech()))  # the camera follows a speaker
        minds_app.step(1 / 60)
        if minds_app.speech():  # still talking a frame later (else: the next talk)
            break
    assert dialogue.total > 0, "nobody talked"
    # the log shows the last few lines said (not always the first talk's first line: it may
    # have scrolled out by the time a talk is caught on screen, as it did on a busy machine)
    said = [f"{line.speaker}: {line.text}" for line in dialogue.lines()]
    rendered = minds_app.hud.dialogue.rendered
    assert rendered and all(line in said for line in rendered)
    spoken = minds_app.scene.painter.speech.drawn
    assert spoken and all(lines for _, lines in spoken)
    minds_app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0)])
    assert minds_app.hud.dialogue.rendered == []  # L hides the log


def test_closing_stops_the_worker_threads(minds_app: App) -> None:
    minds_app.step(0.5)
    assert minds_app.living is not None
    executor = minds_app.living.director.jobs.executor
    store = minds_app.living.store
    minds_app.step(0.5, [pygame.event.Event(pygame.QUIT)])
    assert minds_app.view.running  # first the question: save before quitting?
    assert isinstance(minds_app.panels.top, SavePrompt)
    minds_app.step(0.5, [pygame.event.Event(pygame.QUIT)])  # closed again: quit at once
    assert not minds_app.view.running
    minds_app.close()
    assert executor._shutdown and store.closed
    for thread in mind_threads():
        thread.join(timeout=5)
    assert mind_threads() == []


def test_the_loading_screen_is_drawn_while_setting_up(display: pygame.Surface) -> None:
    picture, state = LoadingScreen(PixelText()), LoadingState()
    seen: list[int] = []

    def slow_set_up() -> str:
        state.report("waking Klaus Mueller", 0.6)
        deadline = time.monotonic() + 10
        while picture.frames < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        seen.append(picture.frames)
        return "ready"

    result, closed = load_while_drawing(display, picture, state, slow_set_up, fps=120)
    assert result == "ready" and not closed
    assert seen[0] >= 3  # frames were drawn before the set-up finished
    assert picture.last_status is not None and picture.last_status.share >= 0.6


def test_headless_run_with_minds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    shot = tmp_path / "shot.png"
    assert play(headless=True, frames=40, screenshot=shot, options=OPTIONS) == 0
    assert shot.exists()
    assert mind_threads() == []

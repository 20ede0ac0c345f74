"""The play app tells the watcher once when the model gives up on a step (a banner)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from cognition.llm.breaker import StepBreaker
from cognition.llm.task import Completion, InputT, OutputT, Source, Task
from cognition.offline.brain import OfflineBrain
from cognition.steps.importance import RATE_IMPORTANCE, ImportanceInput, ImportanceRatings
from game.play.app import MODEL_NOTICE_SECONDS, App, AppOptions
from game.play.launch import build_with_minds

OPTIONS = AppOptions(minds=True, town="the_ville_n3", embedder="hashing", size=(800, 450))


class AlwaysFails:
    """A model that answers every step with something it cannot use (an answer, not
    silence: a server answering nothing trips every step at once, with another notice)."""

    @property
    def label(self) -> str:
        return "failing model"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        return Completion(task.fallback(inputs), Source.FALLBACK, error="bad", raw="no JSON")


@pytest.fixture
def minds_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    app = build_with_minds(OPTIONS)
    deadline = time.monotonic() + 60.0  # never reached unless the minds never decide
    while app.living is not None and app.living.director.waking_up(app.clock.now) is not None:
        assert time.monotonic() < deadline, "the town never woke up"
        app.update(1 / 60)  # the town wakes up first: its banner says so meanwhile
        time.sleep(0.002)
    yield app
    app.close()
    pygame.quit()


def tripped() -> StepBreaker:
    breaker = StepBreaker(AlwaysFails(), OfflineBrain(), min_calls=5)
    inputs = ImportanceInput(agent="Isabella", identity="x", memories=["1. a cat"], count=1)
    for _ in range(5):
        breaker.complete(RATE_IMPORTANCE, inputs, agent="Isabella")
    return breaker


def test_a_tripped_step_is_told_once(minds_app: App) -> None:
    living, session = minds_app.living, minds_app.session
    assert living is not None and living.stack.breaker is None  # the offline brain: none
    assert session is not None and session.toasts is not None
    minds_app.update(0.1)
    living.stack.breaker = breaker = tripped()
    minds_app.update(0.1)
    minds_app.update(0.1)
    told = [t.message for t in session.toasts.shown() if "rate_importance" in t.message]
    assert told == ["The model can't do rate_importance; the offline brain answers it for now."]
    assert breaker.take_notices() == []

    minds_app.session = None  # watching: a banner for a few seconds instead
    living.stack.breaker = tripped()
    living.director.message = ""
    minds_app.update(0.1)
    assert "can't do rate_importance" in minds_app.hud_info().banner
    minds_app.real_seconds += MODEL_NOTICE_SECONDS + 1
    assert minds_app.hud_info().banner == ""
    minds_app.session = session


def test_a_pool_s_notices_are_told_and_its_endpoints_counted(minds_app: App) -> None:
    from cognition.config import LLMSettings
    from cognition.llm.pool_stack import build_pool
    from cognition.llm.routes import PoolSettings
    from game.play.minds_reading import usage_line

    living, session = minds_app.living, minds_app.session
    assert living is not None and session is not None and session.toasts is not None
    pool = PoolSettings.read({"routes": {"importance": "nowhere", "default": "offline"}}, env={})
    stack = build_pool(pool, LLMSettings(offline=True), lambda: OfflineBrain(0))
    stack.complete(*importance_call(), agent="Isabella")
    living.stack = stack
    minds_app.update(0.1)
    told = [t.message for t in session.toasts.shown() if "routes.importance" in t.message]
    assert told and "no endpoint named 'nowhere'" in told[0]
    assert usage_line(living) == "1 offline answers · no tokens, no cost"
    stack.offline = False  # as a pool with a model endpoint reports itself
    assert usage_line(living).startswith("1 model calls (offline 1) · 0 tokens")


def importance_call() -> tuple[Task[ImportanceInput, ImportanceRatings], ImportanceInput]:
    inputs = ImportanceInput(agent="Isabella", identity="x", memories=["1. a cat"], count=1)
    return RATE_IMPORTANCE, inputs

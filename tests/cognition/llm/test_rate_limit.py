"""RateLimit: call starts spaced 60/per_minute seconds apart, on an injected clock."""

from __future__ import annotations

from typing import Any

import pytest

from cognition.llm.rate_limit import RateLimit
from cognition.testing.scripted_model import ScriptedModel


class ManualClock:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def test_calls_start_at_most_per_minute(greet_task: Any, greet_inputs: Any) -> None:
    clock = ManualClock()
    limited = RateLimit(ScriptedModel(), 120, clock=clock, sleep=clock.sleep)  # one per 0.5 s
    for _ in range(4):
        limited.complete(greet_task, greet_inputs(), agent="Isabella")
    assert clock.slept == [0.5, 0.5, 0.5]
    assert limited.waited_s == pytest.approx(1.5)
    clock.now += 10  # a quiet spell: no waiting afterwards
    limited.complete(greet_task, greet_inputs(), agent="Isabella")
    assert clock.slept == [0.5, 0.5, 0.5]


def test_a_rate_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        RateLimit(ScriptedModel(), 0)

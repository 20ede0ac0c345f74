"""The run report shows where the calls and tokens go: per step, per resident-day."""

from __future__ import annotations

from collections.abc import Callable

from cognition.steps.importance import RATE_IMPORTANCE, ImportanceInput
from game.bridge.headless.report import per_step, run_report
from game.bridge.town_minds import LivingTown

MakeTown = Callable[..., LivingTown]


def test_per_step_is_per_resident_day_most_first() -> None:
    assert per_step({"emoji": 3, "react": 9, "day_plan": 3}, 1.5) == {
        "react": 6.0,
        "day_plan": 2.0,
        "emoji": 2.0,
    }
    assert list(per_step({}, 1.0)) == []


def test_the_report_breaks_calls_and_tokens_down_by_step(make_town: MakeTown) -> None:
    living = make_town("the_ville_n3")
    inputs = ImportanceInput(agent="Isabella", identity="x", memories=["1. a cat"], count=1)
    for _ in range(6):
        living.stack.model.complete(RATE_IMPORTANCE, inputs, agent="Isabella Rodriguez")
    report = run_report(living, 24.0, 1.0)  # three residents, one day
    assert report["calls_by_step_per_agent_day"] == {"rate_importance": 2.0}
    assert report["tokens_by_step_per_agent_day"] == {"rate_importance": 0.0}  # offline

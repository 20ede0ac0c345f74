"""The run report says which steps the model kept failing (keys present with the offline
brain too, so the report's shape never changes)."""

from __future__ import annotations

from collections.abc import Callable

from cognition.llm.breaker import StepBreaker
from cognition.llm.task import Completion, InputT, OutputT, Source, Task
from cognition.offline.brain import OfflineBrain
from cognition.steps.importance import RATE_IMPORTANCE, ImportanceInput
from game.bridge.headless.report import run_report
from game.bridge.town_minds import LivingTown

MakeTown = Callable[..., LivingTown]


class AlwaysFails:
    @property
    def label(self) -> str:
        return "failing model"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        return Completion(task.fallback(inputs), Source.FALLBACK, error="bad")


def test_the_report_counts_breaker_trips_and_steps_on_standby(make_town: MakeTown) -> None:
    living = make_town("the_ville_n3")
    report = run_report(living, 0.0, 0.0)
    assert living.stack.breaker is None
    assert (report["breaker_trips"], report["steps_on_standby"]) == (0, [])

    breaker = StepBreaker(AlwaysFails(), OfflineBrain(), min_calls=5)
    inputs = ImportanceInput(agent="Isabella", identity="x", memories=["1. a cat"], count=1)
    for _ in range(5):
        breaker.complete(RATE_IMPORTANCE, inputs, agent="Isabella")
    living.stack.breaker = breaker
    report = run_report(living, 0.0, 0.0)
    assert (report["breaker_trips"], report["steps_on_standby"]) == (1, ["rate_importance"])


def test_the_summary_says_when_steps_went_to_the_offline_brain() -> None:
    from game.commands.simulate_text import summary_text

    report = {
        "agents": 3, "game_hours": 1.0, "wall_s": 2.0, "llm_calls": 10,
        "llm_calls_per_agent_day": 80.0, "tokens_per_agent_day": 0.0, "fallbacks": 5,
        "errors": 0, "memories": 9, "reflections": 0, "plans": 3, "conversations": 0,
        "distinct_places_visited": 4, "breaker_trips": 2, "steps_on_standby": ["emoji"],
    }  # fmt: skip
    text = summary_text(report)
    assert "2 trip(s); on standby at the end: emoji" in text
    assert "trip" not in summary_text({**report, "breaker_trips": 0})

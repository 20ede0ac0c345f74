"""The cascade (BOLAA's controller deciding per call): small model first, the large one for
hard calls and for answers that fail validation, every decision counted."""

from __future__ import annotations

from typing import Any

from cognition.config import LLMSettings
from cognition.llm.cascade import Cascade
from cognition.llm.pool_stack import build_pool
from cognition.llm.priority import CallPriority, with_priority
from cognition.llm.retry import RetryPolicy, no_sleep
from cognition.llm.routes import PoolSettings
from cognition.llm.task import Completion, Source, Task
from cognition.testing.fake_openai_server import FakeOpenAIServer, Fault


def named(task: Task[Any, Any], name: str) -> Task[Any, Any]:
    """The test task under a thinking step's task name."""
    return Task(name, task.template, task.input_model, task.output_model, task.fallback)


class Offline:
    """The offline brain's stand-in: answers the typed fallback, counts its calls."""

    label = "offline"

    def __init__(self) -> None:
        self.calls = 0

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        self.calls += 1
        return Completion(task.fallback(inputs), Source.OFFLINE)


def cascade_settings(small_url: str, large_url: str) -> PoolSettings:
    return PoolSettings.read(
        {
            "controller": "cascade",
            "endpoints": {
                "small": {"base_url": small_url, "model": "fake-model"},
                "large": {"base_url": large_url, "model": "fake-model"},
            },
            "routes": {"default": "small"},
        },
        env={},
    )


def build(small: FakeOpenAIServer, large: FakeOpenAIServer) -> Any:
    return build_pool(
        cascade_settings(small.base_url, large.base_url),
        LLMSettings(max_retries=0, breaker_window=0, cache=False),
        Offline,
        env={},
        retry=RetryPolicy(max_retries=0, sleep=no_sleep),
    )


def test_a_failing_small_answer_escalates_and_hard_steps_go_large(
    greet_task: Task[Any, Any], greet_inputs: Any
) -> None:
    importance = named(greet_task, "rate_importance")
    with (
        FakeOpenAIServer(faults=[None, Fault.SCHEMA_VIOLATION, Fault.MALFORMED_JSON]) as small,
        FakeOpenAIServer() as large,
    ):
        stack = build(small, large)
        answers = [stack.complete(importance, greet_inputs(), agent="x") for _ in range(3)]
        insights = stack.complete(
            named(greet_task, "reflection_insights"), greet_inputs(), agent="x"
        )
        player = with_priority(
            CallPriority.PLAYER,
            lambda: stack.complete(named(greet_task, "dialogue_line"), greet_inputs(), agent="x"),
        )
        figures = stack.route_figures()
        stack.close()
        asked = (len(small.chat_requests), len(large.chat_requests))
    assert isinstance(stack.pool, Cascade)
    # 3 importance calls on small; the 2nd and 3rd failed validation and went on to large;
    # reflection and the player's talk went straight to large
    assert asked == (3, 4)
    assert [a.source for a in answers] == [Source.MODEL] * 3
    assert [a.answered_by for a in answers] == [
        "small (fake-model)",
        "large (fake-model) after small",
        "large (fake-model) after small",
    ]
    assert insights.answered_by == player.answered_by == "large (fake-model)"
    assert figures is not None
    cascade = figures["cascade"]
    assert (cascade["small"], cascade["escalated"], cascade["hard"]) == (1, 2, 2)
    assert cascade["by_step"]["importance"] == {"small": 1, "escalated": 2, "hard": 0}
    assert cascade["by_step"]["reflect"] == {"small": 0, "escalated": 0, "hard": 1}
    assert cascade["by_step"]["dialogue"] == {"small": 0, "escalated": 0, "hard": 1}
    # the meter per route sees every request: both tries of an escalated call
    assert figures["by_endpoint"]["small"]["calls"] == 3
    assert figures["by_endpoint"]["large"]["calls"] == 4
    assert figures["pool"]["controller"] == "cascade"


def test_without_a_large_endpoint_escalations_go_to_the_fallback_saying_so(
    greet_task: Task[Any, Any], greet_inputs: Any
) -> None:
    with FakeOpenAIServer(faults=[Fault.SCHEMA_VIOLATION]) as small:
        settings = PoolSettings.read(
            {"controller": "cascade", "endpoints": {"small": {"base_url": small.base_url}}},
            env={},
        )
        stack = build_pool(
            settings,
            LLMSettings(max_retries=0, breaker_window=0, cache=False),
            Offline,
            env={},
            retry=RetryPolicy(max_retries=0, sleep=no_sleep),
        )
        answer = stack.complete(named(greet_task, "emoji"), greet_inputs(), agent="x")
        assert stack.pool is not None
        notices = stack.pool.take_notices()
        stack.close()
    assert answer.source is Source.OFFLINE and answer.answered_by == "offline (offline) after small"
    assert notices == ["cascade: no endpoint named 'large' in the pool; its calls go to offline"]


def test_an_unknown_controller_is_a_problem_and_the_table_decides() -> None:
    settings = PoolSettings.read({"controller": "vote"}, env={})
    assert settings.controller == "routes"
    assert any(p.startswith("controller: one of routes, cascade") for p in settings.problems)

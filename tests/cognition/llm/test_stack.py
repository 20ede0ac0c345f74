"""build_language_model: the wrappers composed from settings."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cognition.llm
from cognition.config import ConfigError, LLMSettings
from cognition.llm import build_language_model
from cognition.llm.openai_backend import OpenAIBackend
from cognition.llm.retry import RetryPolicy, no_sleep
from cognition.llm.task import BudgetReached, Completion, InputT, OutputT, Source, Task, Usage
from cognition.testing.fake_openai_server import FakeOpenAIServer


class OfflineBrain:
    @property
    def label(self) -> str:
        return "offline brain"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        return Completion(task.fallback(inputs), Source.OFFLINE, Usage())


def test_no_server_configured_uses_the_offline_factory(greet_task: Any, greet_inputs: Any) -> None:
    stack = build_language_model(LLMSettings(), offline_factory=OfflineBrain)
    completion = stack.complete(greet_task, greet_inputs(), agent="Isabella")
    assert stack.offline and stack.label == "offline brain"
    assert completion.source is Source.OFFLINE
    assert stack.meter.snapshot().total.offline_answers == 1
    assert stack.cache is None and stack.budget is None
    stack.close()


def test_no_server_and_no_offline_brain_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="OPENAI_BASE_URL"):
        build_language_model(LLMSettings())


def test_the_full_stack_against_the_fake_server(
    server: FakeOpenAIServer,
    settings_for: Callable[..., LLMSettings],
    greet_task: Any,
    greet_inputs: Any,
    api_key: str,
    tmp_path: Path,
) -> None:
    settings = settings_for(
        server,
        max_concurrency=2,
        budget_tokens=10_000,
        audit_log=tmp_path / "audit.jsonl",
        cache_path=tmp_path / "cache.jsonl",
    )
    stack = build_language_model(settings, retry=RetryPolicy(sleep=no_sleep))
    try:
        first = stack.complete(greet_task, greet_inputs(), agent="Isabella")
        again = stack.complete(greet_task, greet_inputs(), agent="Isabella")
    finally:
        stack.close()

    assert isinstance(stack.backend, OpenAIBackend) and not stack.offline
    assert stack.label == "fake-model" and stack.limit.limit == 2
    assert (first.source, again.source) == (Source.MODEL, Source.CACHE)
    assert len(server.chat_requests) == 1
    total = stack.meter.snapshot().total
    assert (total.calls, total.model_answers, total.cache_hits) == (2, 1, 1)
    assert stack.budget is not None and stack.budget.spent_tokens == first.usage.prompt_tokens + (
        first.usage.completion_tokens
    )
    audit = (tmp_path / "audit.jsonl").read_text(encoding="utf-8")
    assert [json.loads(line)["source"] for line in audit.splitlines()] == ["model", "cache"]
    assert api_key not in audit
    assert stack.minds_thinking == 0


def test_budget_reached_passes_through_the_stack(
    server: FakeOpenAIServer,
    settings_for: Callable[..., LLMSettings],
    greet_task: Any,
    greet_inputs: Any,
) -> None:
    stack = build_language_model(settings_for(server, budget_tokens=1, cache=False))
    try:
        stack.complete(greet_task, greet_inputs(), agent="Isabella")
        with pytest.raises(BudgetReached):
            stack.complete(greet_task, greet_inputs(), agent="Isabella")
    finally:
        stack.close()
    assert stack.meter.snapshot().total.errors == 1


def test_package_exports_resolve() -> None:
    for name in cognition.llm.__all__:
        assert getattr(cognition.llm, name) is not None, name
    assert cognition.llm.OpenAIBackend is OpenAIBackend

"""Counts of calls, tokens and fallbacks, per agent and per task."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cognition.llm.task import Completion, InputT, LanguageModel, OutputT, Source, Task

__all__ = ["UsageMeter", "UsageSnapshot", "UsageTally"]


@dataclass(frozen=True)
class UsageTally:
    """What some calls cost. Token counts include estimates; `estimated_tokens` says how many."""

    calls: int = 0
    model_answers: int = 0
    cache_hits: int = 0
    offline_answers: int = 0
    fallbacks: int = 0
    errors: int = 0  # calls that raised (for example `BudgetReached`)
    attempts: int = 0  # requests sent to the model, retries included
    prompt_tokens: int = 0
    completion_tokens: int = 0
    estimated_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    @property
    def failed_attempts(self) -> int:
        """Requests that failed (then retried, or ended in the fallback)."""
        return max(0, self.attempts - self.model_answers - self.offline_answers)

    @property
    def reported_tokens(self) -> int:
        """Tokens the server reported (the rest were estimated at four characters a token)."""
        return self.total_tokens - self.estimated_tokens

    def cost_usd(self, prompt_per_million: float, completion_per_million: float) -> float:
        return (
            self.prompt_tokens * prompt_per_million
            + self.completion_tokens * completion_per_million
        ) / 1_000_000

    def plus(self, completion: Completion[Any]) -> UsageTally:
        usage = completion.usage
        tokens = usage.prompt_tokens + usage.completion_tokens
        return dataclasses.replace(
            self,
            calls=self.calls + 1,
            model_answers=self.model_answers + (completion.source is Source.MODEL),
            cache_hits=self.cache_hits + (completion.source is Source.CACHE),
            offline_answers=self.offline_answers + (completion.source is Source.OFFLINE),
            fallbacks=self.fallbacks + (completion.source is Source.FALLBACK),
            attempts=self.attempts + completion.attempts,
            prompt_tokens=self.prompt_tokens + usage.prompt_tokens,
            completion_tokens=self.completion_tokens + usage.completion_tokens,
            estimated_tokens=self.estimated_tokens + (tokens if usage.estimated else 0),
        )

    def plus_error(self) -> UsageTally:
        return dataclasses.replace(self, calls=self.calls + 1, errors=self.errors + 1)


@dataclass(frozen=True)
class UsageSnapshot:
    total: UsageTally
    by_agent: Mapping[str, UsageTally]
    by_task: Mapping[str, UsageTally]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready figures (for the UI, benchmarks and saves)."""
        return {
            "total": dataclasses.asdict(self.total),
            "by_agent": {k: dataclasses.asdict(v) for k, v in sorted(self.by_agent.items())},
            "by_task": {k: dataclasses.asdict(v) for k, v in sorted(self.by_task.items())},
        }


class UsageMeter:
    """Wraps a `LanguageModel` and counts every call through it. Thread-safe."""

    def __init__(self, inner: LanguageModel) -> None:
        self.inner = inner
        self._lock = threading.Lock()
        self._total = UsageTally()
        self._by_agent: dict[str, UsageTally] = {}
        self._by_task: dict[str, UsageTally] = {}

    @property
    def label(self) -> str:
        return self.inner.label

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        try:
            completion = self.inner.complete(task, inputs, agent=agent)
        except Exception:
            self._count(agent, task.name, None)
            raise
        self._count(agent, task.name, completion)
        return completion

    def snapshot(self) -> UsageSnapshot:
        with self._lock:
            return UsageSnapshot(self._total, dict(self._by_agent), dict(self._by_task))

    def _count(self, agent: str, task: str, completion: Completion[Any] | None) -> None:
        def add(tally: UsageTally) -> UsageTally:
            return tally.plus_error() if completion is None else tally.plus(completion)

        with self._lock:
            self._total = add(self._total)
            self._by_agent[agent] = add(self._by_agent.get(agent, UsageTally()))
            self._by_task[task] = add(self._by_task.get(task, UsageTally()))

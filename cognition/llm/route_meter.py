"""A meter per route: calls, tokens, latency and cost per thinking step and per endpoint.

The labor pool (`pool.py`) records every call it dispatches: the step (`routes.step_of`),
the endpoint that answered, whether it went there because the step's own route was down
(`rerouted`: the fallback route), the completion's source and tokens, and the wall time it
took. `snapshot()` gives JSON-ready figures for the HUD, the inspector, and the simulate and
evaluate reports:

    {"by_endpoint": {"small": {"calls": 812, "p50_ms": 52.1, "p95_ms": 61.0, ...}},
     "by_step": {"importance": {...}}, "by_route": {"importance -> small": {...}}}

Latency percentiles are over the last `samples` calls of each key (a bounded window).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cognition.llm.task import Completion, Source

__all__ = ["RouteMeter", "RouteTally"]

SAMPLES = 2048


@dataclass
class RouteTally:
    """What the calls of one step, one endpoint or one step on one endpoint cost."""

    calls: int = 0
    model_answers: int = 0
    offline_answers: int = 0
    cache_hits: int = 0
    fallbacks: int = 0  # unusable answers: the task's typed fallback was used
    rerouted: int = 0  # sent to the fallback route: the step's own endpoints were down
    errors: int = 0  # calls that raised
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    latencies_ms: deque[float] = field(default_factory=lambda: deque(maxlen=SAMPLES))

    def add(
        self, completion: Completion[Any] | None, ms: float, usd: float, rerouted: bool
    ) -> None:
        self.calls += 1
        self.rerouted += rerouted
        self.latencies_ms.append(ms)
        if completion is None:
            self.errors += 1
            return
        source = completion.source
        self.model_answers += source is Source.MODEL
        self.offline_answers += source is Source.OFFLINE
        self.cache_hits += source is Source.CACHE
        self.fallbacks += source is Source.FALLBACK
        self.prompt_tokens += completion.usage.prompt_tokens
        self.completion_tokens += completion.usage.completion_tokens
        self.cost_usd += usd

    def figures(self) -> dict[str, Any]:
        ordered = sorted(self.latencies_ms)
        return {
            "calls": self.calls,
            "model_answers": self.model_answers,
            "offline_answers": self.offline_answers,
            "cache_hits": self.cache_hits,
            "fallbacks": self.fallbacks,
            "rerouted": self.rerouted,
            "errors": self.errors,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "cost_usd": round(self.cost_usd, 6),
            "p50_ms": _percentile(ordered, 0.50),
            "p95_ms": _percentile(ordered, 0.95),
        }


def _percentile(ordered: list[float], q: float) -> float | None:
    if not ordered:
        return None
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return round(ordered[index], 1)


class RouteMeter:
    """Thread-safe tallies per step, per endpoint and per (step, endpoint)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_step: dict[str, RouteTally] = {}
        self._by_endpoint: dict[str, RouteTally] = {}
        self._by_route: dict[tuple[str, str], RouteTally] = {}

    def record(
        self,
        step: str,
        endpoint: str,
        completion: Completion[Any] | None,
        ms: float,
        usd: float = 0.0,
        *,
        rerouted: bool = False,
    ) -> None:
        with self._lock:
            for tally in (
                self._by_step.setdefault(step, RouteTally()),
                self._by_endpoint.setdefault(endpoint, RouteTally()),
                self._by_route.setdefault((step, endpoint), RouteTally()),
            ):
                tally.add(completion, ms, usd, rerouted)

    def spent(self) -> tuple[int, float]:
        """Tokens and dollars spent so far, over every endpoint."""
        with self._lock:
            tallies = list(self._by_endpoint.values())
        tokens = sum(t.prompt_tokens + t.completion_tokens for t in tallies)
        return tokens, sum(t.cost_usd for t in tallies)

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            return {
                "by_endpoint": _figures(self._by_endpoint),
                "by_step": _figures(self._by_step),
                "by_route": {
                    f"{step} -> {endpoint}": tally.figures()
                    for (step, endpoint), tally in sorted(self._by_route.items())
                },
            }


def _figures(tallies: Mapping[str, RouteTally]) -> dict[str, dict[str, Any]]:
    return {name: tally.figures() for name, tally in sorted(tallies.items())}

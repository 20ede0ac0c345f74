"""Composing the language-model stack from settings.

```
UsageMeter                counts every call (calls, tokens, fallbacks per agent and task)
└── Tracer                always: a CallTrace of every call to its listeners, key redacted
    └── StepBreaker       servers only: a step the model keeps failing goes to the offline
        │                 brain for a while (source=OFFLINE), then the model is tried again
        │                 (its thresholds in the settings; `breaker_window=0`: no breaker)
        └── AuditLog      optional: JSONL of every prompt and answer, key redacted
            └── ResponseCache optional: repeated prompts answered for free (source=CACHE)
                └── BudgetCap optional: raises BudgetReached once the cap is spent
                    └── ConcurrencyLimit   at most max_concurrency calls at the backend
                        └── OpenAIBackend  (or the offline brain: no breaker, cache, budget)
```
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cognition.config import ConfigError, LLMSettings, url_secrets
from cognition.llm.audit_log import AuditLog
from cognition.llm.breaker import StepBreaker, TypedFallbacks
from cognition.llm.budget import BudgetCap
from cognition.llm.cache import ResponseCache
from cognition.llm.concurrency import ConcurrencyLimit
from cognition.llm.pool import LaborPool
from cognition.llm.rate_limit import RateLimit
from cognition.llm.retry import RetryPolicy
from cognition.llm.task import AnswerTally, Completion, InputT, LanguageModel, OutputT, Task
from cognition.llm.tracing import Tracer
from cognition.llm.usage_meter import UsageMeter

__all__ = ["ModelStack", "build_language_model", "key_secrets"]


@dataclass
class ModelStack:
    """The composed model (itself a `LanguageModel`) and handles on its layers for the UI."""

    model: LanguageModel  # the outermost wrapper: call this
    meter: UsageMeter
    limit: ConcurrencyLimit | LaborPool  # calls at the model(s) and waiting
    backend: LanguageModel
    offline: bool
    tracer: Tracer  # `stack.tracer.add_listener(fn)`: a CallTrace of every call
    cache: ResponseCache | None = None
    budget: BudgetCap | None = None
    audit: AuditLog | None = None
    # servers only: sends the steps the model keeps failing to the offline brain for a while
    breaker: StepBreaker | None = None
    # list prices (prompt, completion) in dollars per million tokens; None: costs nothing
    prices_per_million: tuple[float, float] | None = None
    settings: LLMSettings | None = None  # what the stack was built from
    # a labor pool: each step routed to its endpoints (`build_pool`); None: one model
    pool: LaborPool | None = None
    rate: RateLimit | None = None  # the calls-a-minute limit, when one was asked for

    def cost_usd(self) -> float | None:
        """Dollars spent so far at the list prices; None for the offline brain."""
        if self.pool is not None:
            return self.pool.meter.spent()[1]
        if self.prices_per_million is None:
            return None
        return self.meter.snapshot().total.cost_usd(*self.prices_per_million)

    @property
    def label(self) -> str:
        return self.model.label

    @property
    def output_mode(self) -> str | None:
        """The structured-output rung the server has accepted (None: the offline brain)."""
        mode = getattr(self.backend, "output_mode", None)
        return None if mode is None else str(mode)

    def answer_tally(self) -> list[AnswerTally]:
        """Per step and rung, the model's answers and how many were usable (servers)."""
        tally = getattr(self.backend, "answer_tally", None)
        return list(tally()) if callable(tally) else []

    @property
    def minds_thinking(self) -> int:
        """Calls at the model or waiting for a slot: "N minds thinking"."""
        return self.limit.in_flight + self.limit.waiting

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        return self.model.complete(task, inputs, agent=agent)

    def close(self) -> None:
        """Release the backend's HTTP connections (if it holds any)."""
        if self.pool is not None:
            self.pool.close()
            return
        close = getattr(self.backend, "close", None)
        if callable(close):
            close()

    def route_figures(self) -> dict[str, Any] | None:
        """The meter per route (calls, tokens, p50/p95, cost per step and endpoint) and
        each endpoint's health; None with one model."""
        if self.pool is None:
            return None
        decided = self.pool.figures()
        return {
            "pool": self.pool.settings.to_public_dict(),
            **self.pool.meter.snapshot(),
            "health": self.pool.health(),
            **({} if decided is None else {"cascade": decided}),
        }


def build_language_model(
    settings: LLMSettings,
    offline_factory: Callable[[], LanguageModel] | None = None,
    *,
    retry: RetryPolicy | None = None,
    rate_per_minute: float | None = None,
) -> ModelStack:
    """The wrapped stack the settings ask for (at most `rate_per_minute` calls started a
    minute at a model server, when given).

    With no model server configured (`settings.uses_offline_brain`), the backend is
    `offline_factory()` (the offline brain, which lives in `cognition.offline`). With a
    server, `offline_factory()` (or, without one, the tasks' typed fallbacks) is the
    `StepBreaker`'s standby for the steps the model keeps failing.
    """
    if settings.uses_offline_brain:
        return _offline_stack(settings, offline_factory)
    return _server_stack(settings, offline_factory, retry, rate_per_minute)


def _offline_stack(
    settings: LLMSettings, offline_factory: Callable[[], LanguageModel] | None
) -> ModelStack:
    """The offline brain under the concurrency limit, the audit log (when asked), the
    tracer and the meter."""
    if offline_factory is None:
        raise ConfigError(
            "No language model configured (set OPENAI_BASE_URL or OPENAI_API_KEY) "
            "and no offline brain supplied."
        )
    backend: LanguageModel = offline_factory()
    limit = ConcurrencyLimit(backend, settings.max_concurrency)
    audit = _audit(settings, limit)
    tracer = Tracer(audit or limit, redact=key_secrets(settings))
    meter = UsageMeter(tracer)
    return ModelStack(
        meter,
        meter,
        limit,
        backend,
        offline=True,
        tracer=tracer,
        audit=audit,
        settings=settings,
    )


def _server_stack(
    settings: LLMSettings,
    offline_factory: Callable[[], LanguageModel] | None,
    retry: RetryPolicy | None,
    rate_per_minute: float | None,
) -> ModelStack:
    """A model server's backend wrapped in every layer the settings ask for (the module
    docstring's stack), the offline brain or typed fallbacks as the breaker's standby."""
    # lazy: importing openai costs about 0.5 s (measured), and the offline brain needs none
    from cognition.llm.openai_backend import OpenAIBackend

    backend = OpenAIBackend(settings, retry=retry)
    limit = ConcurrencyLimit(backend, settings.max_concurrency)
    model: LanguageModel = limit
    rate = None
    if rate_per_minute is not None:
        rate = RateLimit(limit, rate_per_minute)
        model = rate
    budget = _budget(settings, model)
    if budget is not None:
        model = budget
    cache = None
    if settings.cache:
        cache = ResponseCache(model, path=settings.cache_path)
        model = cache
    audit = _audit(settings, model)
    # just inside the tracer and the meter: they see what really answered (model or standby)
    standby = offline_factory() if offline_factory is not None else TypedFallbacks()
    breaker = _breaker(settings, audit or model, standby)
    tracer = Tracer(breaker or audit or model, redact=key_secrets(settings))
    meter = UsageMeter(tracer)
    return ModelStack(
        meter,
        meter,
        limit,
        backend,
        offline=False,
        tracer=tracer,
        cache=cache,
        budget=budget,
        audit=audit,
        breaker=breaker,
        rate=rate,
        prices_per_million=(
            settings.prompt_usd_per_million_tokens,
            settings.completion_usd_per_million_tokens,
        ),
        settings=settings,
    )


def _budget(settings: LLMSettings, inner: LanguageModel) -> BudgetCap | None:
    """The settings' budget cap in tokens and/or dollars (None: no cap asked for)."""
    if settings.budget_tokens is None and settings.budget_usd is None:
        return None
    return BudgetCap(
        inner,
        max_tokens=settings.budget_tokens,
        max_usd=settings.budget_usd,
        prompt_usd_per_million=settings.prompt_usd_per_million_tokens,
        completion_usd_per_million=settings.completion_usd_per_million_tokens,
    )


def _breaker(
    settings: LLMSettings, inner: LanguageModel, standby: LanguageModel
) -> StepBreaker | None:
    """The settings' circuit breaker (None when its window is 0: turned off)."""
    window = settings.breaker_window
    if window == 0:
        return None
    return StepBreaker(
        inner,
        standby,
        window=window,
        trip_ratio=settings.breaker_trip_ratio,
        min_calls=min(5, window),
        cool_down_calls=settings.breaker_cool_down_calls,
        max_cool_down_calls=max(800, settings.breaker_cool_down_calls),
    )


def _audit(settings: LLMSettings, inner: LanguageModel) -> AuditLog | None:
    if settings.audit_log is None:
        return None
    return AuditLog(inner, settings.audit_log, redact=key_secrets(settings))


def key_secrets(settings: LLMSettings) -> list[str]:
    """What must never be written or shown: the API key, and any secret inside the server's
    URL (a server's error page may echo the URL it was asked at)."""
    key = [settings.api_key.get_secret_value()] if settings.api_key is not None else []
    return key + url_secrets(settings.base_url)

"""Building a labor pool's stack: one lane per endpoint, the controller over them.

```
UsageMeter                every call, per agent and task (as with one model)
└── Tracer                a CallTrace of every call; `answered_by` names the endpoint
    └── AuditLog          optional: one JSONL for the whole pool
        └── LaborPool     the controller: route, least loaded, fallback route, meter per route
            │             (or `Cascade`: small first, large for hard calls and failed answers)
            ├── lane "small": StepBreaker → ResponseCache → RateLimit → ConcurrencyLimit →
            │                 OpenAIBackend (the lane's own `build_language_model` stack)
            ├── lane "large": …
            └── lane "offline": ConcurrencyLimit → the offline brain
```

Each lane's settings are the base `LLMSettings` (timeouts, retries, output budgets, the
breaker…) with the endpoint's URL, model, key (read from the variable it names), concurrency
and timeout; spending caps apply to the pool as a whole, an on-disk cache gets one file per
lane, and the audit log is written once, around the pool.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import SecretStr

from cognition.config import LLMSettings
from cognition.environment import read_environment
from cognition.llm.audit_log import AuditLog
from cognition.llm.cascade import Cascade
from cognition.llm.concurrency import ConcurrencyLimit
from cognition.llm.pool import LaborPool, Lane
from cognition.llm.retry import RetryPolicy
from cognition.llm.routes import OFFLINE_ENDPOINT, EndpointSettings, PoolSettings
from cognition.llm.stack import ModelStack, build_language_model, key_secrets
from cognition.llm.task import LanguageModel
from cognition.llm.tracing import Tracer
from cognition.llm.usage_meter import UsageMeter

__all__ = ["LearnedMode", "build_pool", "lane_settings"]

# the structured-output rung learned for an endpoint (base URL, model), if any
LearnedMode = Callable[[str | None, str], str | None]


def lane_settings(
    base: LLMSettings, endpoint: EndpointSettings, env: Mapping[str, str] | None = None
) -> LLMSettings:
    """The base settings with the endpoint's own where, who, how many and how long."""
    if endpoint.offline:
        return base.model_copy(update={"offline": True, "max_concurrency": endpoint.max_concurrent})
    key: SecretStr | None = None
    if endpoint.api_key_env is not None:
        key = read_environment(env).secret(endpoint.api_key_env) or SecretStr("")
    elif endpoint.base_url is None or endpoint.base_url == base.base_url:
        key = base.api_key  # OpenAI's API, or the same server as the base: the base's key
    update: dict[str, Any] = {
        "offline": False,
        "base_url": endpoint.base_url,
        "model": endpoint.model,
        "api_key": key if key is not None else SecretStr("not-needed"),
        "max_concurrency": endpoint.max_concurrent,
        "budget_usd": None,
        "budget_tokens": None,
        "audit_log": None,
        "prompt_usd_per_million_tokens": endpoint.price_in_per_1k * 1000,
        "completion_usd_per_million_tokens": endpoint.price_out_per_1k * 1000,
    }
    if endpoint.timeout_s is not None:
        update["timeout_s"] = endpoint.timeout_s
    if (endpoint.base_url, endpoint.model) != (base.base_url, base.model):
        update["output_mode"] = None  # another server: learn its own rung
    return base.model_copy(update=update)


def build_pool(
    pool: PoolSettings,
    base: LLMSettings,
    offline_factory: Callable[[], LanguageModel],
    *,
    retry: RetryPolicy | None = None,
    env: Mapping[str, str] | None = None,
    learned_mode: LearnedMode | None = None,
    cool_down_s: float = 30.0,
) -> ModelStack:
    """The pool's stack (see the module docstring). Never raises for a bad endpoint: the
    settings' `problems` are the pool's first notices."""
    lanes: dict[str, Lane] = {}
    secrets = key_secrets(base)  # what never appears in a trace or the audit log
    for name, endpoint in pool.endpoints.items():
        settings = _settings_in_pool(base, name, endpoint, env, learned_mode)
        secrets += key_secrets(settings)
        lanes[name] = _lane(name, endpoint, settings, offline_factory, retry)
    kind = Cascade if pool.controller == "cascade" else LaborPool
    controller = kind(
        pool,
        lanes,
        max_tokens=base.budget_tokens,
        max_usd=base.budget_usd,
        cool_down_s=cool_down_s,
    )
    audit = None
    if base.audit_log is not None:
        audit = AuditLog(controller, base.audit_log, redact=secrets)
    tracer = Tracer(audit or controller, redact=secrets)
    meter = UsageMeter(tracer)
    return ModelStack(
        meter,
        meter,
        controller,
        controller,
        offline=all(
            name == OFFLINE_ENDPOINT
            for names in (*pool.routes.values(), pool.fallback)
            for name in names
        ),
        tracer=tracer,
        audit=audit,
        settings=base,
        pool=controller,
    )


def _settings_in_pool(
    base: LLMSettings,
    name: str,
    endpoint: EndpointSettings,
    env: Mapping[str, str] | None,
    learned_mode: LearnedMode | None,
) -> LLMSettings:
    """`lane_settings`, with a cache file of the lane's own and the rung learned for its
    endpoint (when the settings name none)."""
    settings = lane_settings(base, endpoint, env)
    if settings.cache and settings.cache_path is not None:
        path = settings.cache_path
        settings = settings.model_copy(
            update={"cache_path": path.with_name(f"{path.stem}-{name}{path.suffix}")}
        )
    if learned_mode is not None and not endpoint.offline and settings.output_mode is None:
        settings = settings.model_copy(
            update={"output_mode": learned_mode(endpoint.base_url, endpoint.model)}
        )
    return settings


def _lane(
    name: str,
    endpoint: EndpointSettings,
    settings: LLMSettings,
    offline_factory: Callable[[], LanguageModel],
    retry: RetryPolicy | None,
) -> Lane:
    """One endpoint's lane: its own `build_language_model` stack (one model)."""
    stack = build_language_model(
        settings,
        offline_factory,
        retry=retry,
        rate_per_minute=None if endpoint.offline else endpoint.rate_per_minute,
    )
    if not isinstance(stack.limit, ConcurrencyLimit):
        raise TypeError(f"lane {name}: a lane is one endpoint, not a pool")
    return Lane(
        name,
        endpoint,
        stack.model,
        stack.limit,
        rate=stack.rate,
        breaker=stack.breaker,
        close=stack.close,
    )

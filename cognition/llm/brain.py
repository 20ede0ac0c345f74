"""The brain spec, and the one builder of every brain from it.

    spec = BrainSpec.one_model(settings)             # one model: a pool of one lane
    spec = BrainSpec.labor_pool(settings, pool)      # a labor pool (routes or a cascade)
    stack = build_brain(spec, offline_factory)       # the `ModelStack` either way

`BrainSpec` is what crosses from `game` to `cognition` to build a town's minds, frozen:

- `tunables`: the `LLMSettings` every endpoint shares (timeouts, retries, output budgets,
  the breaker, spending caps, the audit log, the cache) with the key captured once as a
  `SecretStr` (`cognition.environment`);
- `pool`: the `PoolSettings` — endpoints, routes, fallback and controller. One model is a
  pool of one lane: its endpoint is the tunables' own server (or the offline brain).

`build_brain` builds both the same way: each lane is one `build_language_model` stack;
a labor pool puts its controller (`LaborPool`, or `Cascade`) over its lanes (`build_pool`);
a pool of one lane is that lane's stack, with nothing to dispatch between (so the one-model
brain answers, meters and reports exactly as it always has).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cognition.config import LLMSettings
from cognition.llm.pool_stack import LearnedMode, build_pool, lane_settings
from cognition.llm.retry import RetryPolicy
from cognition.llm.routes import DEFAULT_ROUTE, OFFLINE_ENDPOINT, PoolSettings
from cognition.llm.stack import ModelStack, build_language_model
from cognition.llm.task import LanguageModel

if TYPE_CHECKING:
    # lazy: the connection test imports openai (0.5 s); only `check_lanes` needs it
    from cognition.llm.probe import ConnectionReport

__all__ = ["ONE_LANE", "BrainSpec", "LaneCheck", "build_brain", "check_lanes"]

ONE_LANE = "model"  # the lane of a one-model brain


@dataclass(frozen=True)
class BrainSpec:
    """Everything the minds are told about their brain; see the module docstring."""

    tunables: LLMSettings
    pool: PoolSettings
    # False: one model, a pool of one lane (no controller over it); True: a labor pool
    dispatched: bool = True

    @classmethod
    def one_model(cls, settings: LLMSettings) -> BrainSpec:
        """Every step on the settings' model (the offline brain when none is set)."""
        if settings.uses_offline_brain:
            pool = PoolSettings.read({"routes": {DEFAULT_ROUTE: OFFLINE_ENDPOINT}}, env={})
        else:
            endpoint: dict[str, Any] = {
                "base_url": settings.base_url,
                "model": settings.model,
                "max_concurrent": settings.max_concurrency,
                "timeout_s": settings.timeout_s,
            }
            pool = PoolSettings.read(
                {"endpoints": {ONE_LANE: endpoint}, "routes": {DEFAULT_ROUTE: ONE_LANE}}, env={}
            )
        return cls(settings, pool, dispatched=False)

    @classmethod
    def labor_pool(cls, settings: LLMSettings, pool: PoolSettings) -> BrainSpec:
        """Each step on its route's endpoints; `settings` the tunables they share."""
        return cls(settings, pool)

    @property
    def offline(self) -> bool:
        """Only the offline brain answers."""
        return all(endpoint.offline for endpoint in self.pool.endpoints.values())


def build_brain(
    spec: BrainSpec,
    offline_factory: Callable[[], LanguageModel],
    *,
    retry: RetryPolicy | None = None,
    learned_mode: LearnedMode | None = None,
) -> ModelStack:
    """The brain the spec describes (see the module docstring). Never raises for a bad
    endpoint of a pool: its settings' `problems` are the pool's first notices."""
    if not spec.dispatched:
        return build_language_model(spec.tunables, offline_factory, retry=retry)
    return build_pool(
        spec.pool, spec.tunables, offline_factory, retry=retry, learned_mode=learned_mode
    )


@dataclass(frozen=True)
class LaneCheck:
    """Test connection's verdict on one model lane, with the settings it was tested with."""

    name: str
    settings: LLMSettings  # what the lane's backend will use (its server, model and key)
    report: ConnectionReport


def check_lanes(
    spec: BrainSpec, timeout_s: float = 10.0, env: Mapping[str, str] | None = None
) -> list[LaneCheck]:
    """Test connection for every model lane of the brain, one after another, each with the
    settings its backend will be built with: one model's are the tunables themselves, a
    pool's each endpoint's lane settings (`lane_settings`). The offline brain's lanes are
    not tested; a one-model brain on the offline brain reports so."""
    # lazy: imports openai (0.5 s, measured); only a connection test needs it
    from cognition.llm.probe import test_connection

    if not spec.dispatched:
        return [LaneCheck(ONE_LANE, spec.tunables, test_connection(spec.tunables, timeout_s))]
    checks = []
    for name, endpoint in spec.pool.endpoints.items():
        if endpoint.offline:
            continue
        settings = lane_settings(spec.tunables, endpoint, env)
        checks.append(LaneCheck(name, settings, test_connection(settings, timeout_s)))
    return checks

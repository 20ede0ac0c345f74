"""The labor pool's controller: each thinking step to its endpoints, least loaded first.

After BOLAA's controller over labor agents: `LaborPool` is itself a `LanguageModel`. For
each call it looks up the step's route (`PoolSettings.route_of(task.name)`), keeps the
endpoints of the route that are up, and sends the call to the least loaded of them (calls
at it and waiting for it, over its concurrency limit; ties taken in turn), so several
servers share one town. Each endpoint is a `Lane`: its own stack (concurrency limit, rate
limit, cache, the per-step breaker) built by `build_pool` in `stack.py`.

An endpoint that fails `fail_threshold` times in a row — no answer at all: refused, 401,
404, timed out, unreachable; an answer that does not validate is the step breaker's business,
not the endpoint's — is *down* for `cool_down_s` seconds (doubling on each failed trial, up
to `max_cool_down_s`): its steps go to the next endpoint of their route that is up, or else
to the fallback route (by default the offline brain). Every trip and every recovery leaves a
notice (`take_notices()`), and every rerouted call is counted in the route meter; nothing
is silent. After the cool-down one trial call goes to the endpoint; an answer brings it back.

A spending cap (`max_tokens`, `max_usd`) over all endpoints raises `BudgetReached` before a
call to a model endpoint once spent; the offline brain costs nothing and is never capped.
"""

from __future__ import annotations

import dataclasses
import itertools
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cognition.llm.breaker import StepBreaker
from cognition.llm.concurrency import ConcurrencyLimit
from cognition.llm.rate_limit import RateLimit
from cognition.llm.route_meter import RouteMeter
from cognition.llm.routes import OFFLINE_ENDPOINT, EndpointSettings, PoolSettings, step_of
from cognition.llm.task import (
    BudgetReached,
    Completion,
    InputT,
    LanguageModel,
    OutputT,
    Source,
    Task,
)

__all__ = ["EndpointHealth", "LaborPool", "Lane"]


@dataclass
class EndpointHealth:
    """Whether an endpoint is up, by its recent failures. Guarded by the pool's lock."""

    failures_in_a_row: int = 0
    down_until: float | None = None  # None: up
    cool_down_s: float = 0.0
    trial_running: bool = False
    trips: int = 0
    failures: int = 0


@dataclass
class Lane:
    """One endpoint in the pool: its settings, the model to call and its load."""

    name: str
    settings: EndpointSettings
    model: LanguageModel
    limit: ConcurrencyLimit  # its calls at once
    rate: RateLimit | None = None  # its calls a minute, when limited
    breaker: StepBreaker | None = None  # its per-step breaker (a model endpoint's)
    close: Callable[[], None] = lambda: None

    @property
    def in_flight(self) -> int:
        return self.limit.in_flight

    @property
    def waiting(self) -> int:
        return self.limit.waiting + (self.rate.waiting if self.rate is not None else 0)

    def cost_usd(self, completion: Completion[Any]) -> float:
        if completion.source is not Source.MODEL:
            return 0.0
        usage = completion.usage
        return (
            usage.prompt_tokens * self.settings.price_in_per_1k
            + usage.completion_tokens * self.settings.price_out_per_1k
        ) / 1000


class LaborPool:
    """Dispatches each call to an endpoint of its step's route; see the module docstring."""

    def __init__(
        self,
        settings: PoolSettings,
        lanes: Mapping[str, Lane],
        *,
        fail_threshold: int = 3,
        cool_down_s: float = 30.0,
        max_cool_down_s: float = 600.0,
        max_tokens: int | None = None,
        max_usd: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if OFFLINE_ENDPOINT not in lanes:
            raise ValueError("the pool needs the offline brain's lane as its last resort")
        self.settings = settings
        self.lanes = dict(lanes)
        self.meter = RouteMeter()
        self.fail_threshold = fail_threshold
        self.first_cool_down_s = cool_down_s
        self.max_cool_down_s = max_cool_down_s
        self.max_tokens, self.max_usd = max_tokens, max_usd
        self._clock = clock
        self._lock = threading.Lock()
        self._health = {name: EndpointHealth() for name in self.lanes}
        self._turns = itertools.count()
        # calls sent to each lane and not yet back: counted when chosen, under the lock, so
        # threads choosing at the same moment see each other's choices
        self._assigned = dict.fromkeys(self.lanes, 0)
        self._notices: list[str] = list(settings.problems)

    @property
    def label(self) -> str:
        models = [n for n in self.lanes if n != OFFLINE_ENDPOINT]
        return f"labor pool ({self.settings.name}: {', '.join(models) or 'offline'})"

    @property
    def in_flight(self) -> int:
        return sum(lane.in_flight for lane in self.lanes.values())

    @property
    def waiting(self) -> int:
        return sum(lane.waiting for lane in self.lanes.values())

    def take_notices(self) -> list[str]:
        """Trips, recoveries and settings problems since last asked, each once."""
        with self._lock:
            notices, self._notices = self._notices, []
        for lane in self.lanes.values():
            if lane.breaker is not None:
                notices += [f"{lane.name}: {n}" for n in lane.breaker.take_notices()]
        return notices

    @property
    def trips(self) -> int:
        """Endpoint trips and step-breaker trips, over every lane."""
        with self._lock:
            trips = sum(h.trips for h in self._health.values())
        return trips + sum(lane.breaker.trips for lane in self.lanes.values() if lane.breaker)

    def open_steps(self) -> list[str]:
        """Steps some lane's breaker sends to the offline brain now, as "lane: step"."""
        return [
            f"{lane.name}: {step}"
            for lane in self.lanes.values()
            if lane.breaker is not None
            for step in lane.breaker.open_steps()
        ]

    def close(self) -> None:
        for lane in self.lanes.values():
            lane.close()

    def health(self) -> dict[str, dict[str, Any]]:
        """Per endpoint: up or down (and for how long), trips and failures."""
        now = self._clock()
        with self._lock:
            return {
                name: {
                    "up": h.down_until is None,
                    "down_for_s": None if h.down_until is None else max(0.0, h.down_until - now),
                    "trips": h.trips,
                    "failures": h.failures,
                    "where": self.lanes[name].settings.describe(),
                }
                for name, h in self._health.items()
            }

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        return self.complete_on(self.settings.route_of(task.name), task, inputs, agent=agent)

    def figures(self) -> dict[str, Any] | None:
        """What the controller itself decided (a cascade's escalations); None: a fixed
        table decides, and its figures are the route meter's."""
        return None

    def complete_on(
        self, route: tuple[str, ...], task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        """The call on an endpoint of `route` (the least loaded that is up), else on the
        fallback route; metered, the endpoint's health settled."""
        step = step_of(task.name)
        lane, rerouted, trial = self._choose(route)
        if lane.name != OFFLINE_ENDPOINT:
            try:
                self._check_budget()
            except BudgetReached:
                self._settle(lane, failed=None, trial=trial)
                raise
        started = self._clock()
        try:
            completion = lane.model.complete(task, inputs, agent=agent)
        except BudgetReached:
            self._settle(lane, failed=None, trial=trial)
            raise
        except Exception:
            self.meter.record(step, lane.name, None, self._ms(started), rerouted=rerouted)
            self._settle(lane, failed=True, trial=trial)
            raise
        failed = completion.source is Source.FALLBACK and completion.raw is None
        if completion.source is Source.OFFLINE and lane.name != OFFLINE_ENDPOINT:
            failed_or_none: bool | None = None  # the step breaker's standby answered
        else:
            failed_or_none = failed
        self._settle(lane, failed=failed_or_none, trial=trial)
        self.meter.record(
            step,
            lane.name,
            completion,
            self._ms(started),
            lane.cost_usd(completion),
            rerouted=rerouted,
        )
        # the endpoint and what answered there: "small (qwen2.5:0.5b)", or the step
        # breaker's standby: "small (offline brain)"
        who = f"{lane.name} ({completion.answered_by or lane.model.label})"
        return dataclasses.replace(completion, answered_by=who)

    def _ms(self, started: float) -> float:
        return (self._clock() - started) * 1000

    def _check_budget(self) -> None:
        if self.max_tokens is None and self.max_usd is None:
            return
        tokens, usd = self.meter.spent()
        if self.max_tokens is not None and tokens >= self.max_tokens:
            raise BudgetReached(f"token budget reached: {tokens:,} of {self.max_tokens:,}")
        if self.max_usd is not None and usd >= self.max_usd:
            raise BudgetReached(f"budget reached: ${usd:.2f} of ${self.max_usd:.2f}")

    def _choose(self, route: tuple[str, ...]) -> tuple[Lane, bool, bool]:
        """The lane to call, whether it is off the step's route, and whether it is a trial."""
        with self._lock:
            now = self._clock()
            for names, rerouted in ((route, False), (self.settings.fallback, True)):
                up = [n for n in names if n in self.lanes and self._is_up(n)]
                if up:
                    best = self._least_loaded(up)
                    self._assigned[best] += 1
                    return self.lanes[best], rerouted, False
                trial = next((n for n in names if n in self.lanes and self._may_try(n, now)), None)
                if trial is not None:
                    self._health[trial].trial_running = True
                    self._assigned[trial] += 1
                    return self.lanes[trial], rerouted, True
            self._assigned[OFFLINE_ENDPOINT] += 1
            return self.lanes[OFFLINE_ENDPOINT], True, False

    def _least_loaded(self, names: list[str]) -> str:
        """The least busy; among equally busy ones, each in turn."""
        turn = next(self._turns)
        loads = [
            (self._assigned[n] / self.lanes[n].limit.limit, (i - turn) % len(names), n)
            for i, n in enumerate(names)
        ]
        return min(loads)[2]

    def _is_up(self, name: str) -> bool:
        return self._health[name].down_until is None

    def _may_try(self, name: str, now: float) -> bool:
        health = self._health[name]
        return (
            health.down_until is not None and now >= health.down_until and not health.trial_running
        )

    def _settle(self, lane: Lane, *, failed: bool | None, trial: bool) -> None:
        """Count the outcome; trip the endpoint or bring it back. None: no verdict."""
        with self._lock:
            self._assigned[lane.name] -= 1
            health = self._health[lane.name]
            if trial:
                health.trial_running = False
            if failed is None:
                return
            if not failed:
                health.failures_in_a_row = 0
                if health.down_until is not None:
                    health.down_until = None
                    health.cool_down_s = 0.0
                    self._notices.append(
                        f"{lane.name} ({lane.settings.describe()}) answers again: "
                        "its steps are back on it"
                    )
                return
            health.failures += 1
            health.failures_in_a_row += 1
            tripping = health.down_until is None and health.failures_in_a_row >= self.fail_threshold
            if not (tripping or trial) or lane.name == OFFLINE_ENDPOINT:
                return
            health.cool_down_s = min(
                self.max_cool_down_s,
                self.first_cool_down_s if tripping else health.cool_down_s * 2,
            )
            health.down_until = self._clock() + health.cool_down_s
            if tripping:
                health.trips += 1
                elsewhere = " or ".join(self.settings.fallback)
                self._notices.append(
                    f"{lane.name} ({lane.settings.describe()}) failed "
                    f"{health.failures_in_a_row} times in a row: its steps go to other "
                    f"endpoints of their route, else {elsewhere}; "
                    f"tried again in {health.cool_down_s:.0f} s"
                )

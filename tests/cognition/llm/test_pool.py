"""LaborPool: routes, least-loaded choice, endpoints that fail, the meter per route."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from cognition.config import LLMSettings
from cognition.llm.concurrency import ConcurrencyLimit
from cognition.llm.pool import LaborPool, Lane
from cognition.llm.pool_stack import build_pool
from cognition.llm.retry import RetryPolicy, no_sleep
from cognition.llm.routes import OFFLINE, EndpointSettings, PoolSettings
from cognition.llm.task import (
    BudgetReached,
    Completion,
    InputT,
    OutputT,
    Source,
    Task,
    Usage,
)
from cognition.testing.fake_openai_server import FakeOpenAIServer


class Endpoint:
    """A model that answers (or fails, when `down`) and counts its calls."""

    def __init__(self, name: str, *, down: bool = False, gate: threading.Event | None = None):
        self.name, self.down, self.gate = name, down, gate
        self.calls = 0

    @property
    def label(self) -> str:
        return self.name

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        self.calls += 1
        if self.gate is not None:
            self.gate.wait(5)
        if self.down:  # no answer at all: what a refused request or a timeout gives
            return Completion(task.fallback(inputs), Source.FALLBACK, error="connection refused")
        return Completion(task.fallback(inputs), Source.MODEL, Usage(1000, 500), raw="{}")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def lane(name: str, model: Endpoint, slots: int = 4, **settings: Any) -> Lane:
    endpoint = EndpointSettings(base_url=f"http://{name}.lan/v1", model=name, **settings)
    return Lane(name, endpoint, ConcurrencyLimit(model, slots), ConcurrencyLimit(model, slots))


def make_pool(routes: dict[str, Any], lanes: list[Lane], **kwargs: Any) -> LaborPool:
    endpoints = {ln.name: ln.settings.model_dump() for ln in lanes}
    settings = PoolSettings.read({"endpoints": endpoints, "routes": routes}, env={})
    offline = Endpoint("offline brain")
    every = {ln.name: ln for ln in lanes}
    every["offline"] = Lane("offline", OFFLINE, offline, ConcurrencyLimit(offline, 64))
    return LaborPool(settings, every, **kwargs)


def fixed_lane(name: str, model: Endpoint, slots: int = 4, **settings: Any) -> Lane:
    endpoint = EndpointSettings(base_url=f"http://{name}.lan/v1", model=name, **settings)
    limit = ConcurrencyLimit(model, slots)
    return Lane(name, endpoint, limit, limit)


def named(task: Task[Any, Any], name: str) -> Task[Any, Any]:
    """The test task under a thinking step's task name (routes name real steps)."""
    return Task(name, task.template, task.input_model, task.output_model, task.fallback)


@pytest.fixture
def greet_task(greet_task: Task[Any, Any]) -> Task[Any, Any]:
    return named(greet_task, "emoji")  # the "objects" step


def test_each_step_goes_to_its_route(greet_task: Any, greet_inputs: Any) -> None:
    small, large = Endpoint("small"), Endpoint("large")
    pool = make_pool(
        {"objects": "small", "default": "large"},
        [fixed_lane("small", small), fixed_lane("large", large)],
    )
    completion = pool.complete(greet_task, greet_inputs(), agent="Isabella")
    assert completion.answered_by == "small (small)" and (small.calls, large.calls) == (1, 0)
    figures = pool.meter.snapshot()
    assert figures["by_route"]["objects -> small"]["calls"] == 1
    assert figures["by_endpoint"]["small"]["prompt_tokens"] == 1000


def test_the_least_loaded_endpoint_of_a_route_takes_the_call(
    greet_task: Any, greet_inputs: Any
) -> None:
    gate = threading.Event()
    one, two = Endpoint("one", gate=gate), Endpoint("two", gate=gate)
    pool = make_pool({"default": ["one", "two"]}, [fixed_lane("one", one), fixed_lane("two", two)])
    with ThreadPoolExecutor(8) as workers:
        futures = [
            workers.submit(pool.complete, greet_task, greet_inputs(), agent=f"a{i}")
            for i in range(8)
        ]
        while pool.in_flight < 8:
            threading.Event().wait(0.01)
        assert (one.calls, two.calls) == (4, 4)  # four each while both were busy
        gate.set()
        for future in futures:
            future.result()
    idle = [pool.complete(greet_task, greet_inputs(), agent="b").answered_by for _ in range(4)]
    idle = [who.split()[0] for who in idle if who is not None]
    assert sorted(idle) == ["one", "one", "two", "two"]  # equally idle: in turn


def test_an_endpoint_that_keeps_failing_is_rerouted_then_tried_again(
    greet_task: Any, greet_inputs: Any
) -> None:
    clock = Clock()
    small, large = Endpoint("small", down=True), Endpoint("large")
    pool = make_pool(
        {"objects": "small", "default": "large"},
        [fixed_lane("small", small), fixed_lane("large", large)],
        clock=clock,
        cool_down_s=30,
    )
    for _ in range(3):
        assert pool.complete(greet_task, greet_inputs(), agent="x").source is Source.FALLBACK
    notices = pool.take_notices()
    assert len(notices) == 1 and notices[0].startswith("small (small at http://small.lan/v1)")
    assert "failed 3 times in a row" in notices[0] and "else offline" in notices[0]
    rerouted = pool.complete(greet_task, greet_inputs(), agent="x")
    assert rerouted.answered_by == "offline (offline brain)" and small.calls == 3
    assert pool.health()["small"]["up"] is False and pool.trips == 1
    assert pool.meter.snapshot()["by_step"]["objects"]["rerouted"] == 1

    clock.now = 31  # cooled down: one trial call, which fails: down for twice as long
    pool.complete(greet_task, greet_inputs(), agent="x")
    assert small.calls == 4 and pool.health()["small"]["down_for_s"] == pytest.approx(60)
    clock.now = 92
    small.down = False
    assert pool.complete(greet_task, greet_inputs(), agent="x").answered_by == "small (small)"
    assert pool.health()["small"]["up"] is True
    assert pool.take_notices() == [
        "small (small at http://small.lan/v1) answers again: its steps are back on it"
    ]


def test_a_spending_cap_over_the_pool(greet_task: Any, greet_inputs: Any) -> None:
    pool = make_pool(
        {"default": "large"},
        [fixed_lane("large", Endpoint("large"), price_in_per_1k=0.01, price_out_per_1k=0.02)],
        max_usd=0.04,
    )
    for _ in range(2):
        pool.complete(greet_task, greet_inputs(), agent="x")  # $0.02 each
    assert pool.meter.spent() == (3000, pytest.approx(0.04))
    with pytest.raises(BudgetReached, match=r"\$0.04 of \$0.04"):
        pool.complete(greet_task, greet_inputs(), agent="x")


def test_two_fake_servers_share_a_town_and_a_bad_key_reroutes(
    greet_task: Any, greet_inputs: Any
) -> None:
    with (
        FakeOpenAIServer(latency_s=0.05) as first,
        FakeOpenAIServer(latency_s=0.05) as second,
        FakeOpenAIServer(api_key="sk-right") as locked,
    ):
        data = {
            "endpoints": {
                "a": {"base_url": first.base_url, "model": "fake-model", "max_concurrent": 4},
                "b": {"base_url": second.base_url, "model": "fake-model", "max_concurrent": 4},
                "locked": {
                    "base_url": locked.base_url,
                    "model": "fake-model",
                    "api_key_env": "LOCKED_KEY",
                },
            },
            "routes": {"objects": "locked", "default": ["a", "b"]},
        }
        env = {"LOCKED_KEY": "sk-wrong"}
        base = LLMSettings(max_retries=0, breaker_window=0)
        stack = build_pool(
            PoolSettings.read(data, env=env),
            base,
            lambda: Endpoint("offline"),
            env=env,
            retry=RetryPolicy(max_retries=0, sleep=no_sleep),
        )
        other = Task(
            "other",
            greet_task.template,
            greet_task.input_model,
            greet_task.output_model,
            greet_task.fallback,
        )
        with ThreadPoolExecutor(8) as workers:
            list(
                workers.map(
                    lambda i: stack.complete(other, greet_inputs(f"P{i}"), agent="x"), range(16)
                )
            )
        for _ in range(4):
            stack.complete(greet_task, greet_inputs(), agent="x")
        figures = stack.route_figures()
        stack.close()
    assert figures is not None
    load = {n: figures["by_endpoint"][n]["calls"] for n in ("a", "b")}
    assert load["a"] + load["b"] == 16 and min(load.values()) >= 6, load
    assert len(first.chat_requests) == load["a"]
    assert figures["by_endpoint"]["locked"]["calls"] == 3  # then rerouted to offline
    assert figures["by_route"]["objects -> offline"]["rerouted"] == 1
    assert figures["health"]["locked"]["up"] is False
    assert figures["by_endpoint"]["a"]["p50_ms"] >= 50
    assert "sk-wrong" not in str(figures)

"""StepBreaker: a step the model keeps failing goes to the offline brain for a while."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from cognition.config import LLMSettings
from cognition.llm import build_language_model
from cognition.llm.breaker import CircuitState, StepBreaker, TypedFallbacks
from cognition.llm.retry import RetryPolicy, no_sleep
from cognition.llm.task import Completion, InputT, OutputT, Source, Task
from cognition.offline.brain import OfflineBrain
from cognition.steps.importance import RATE_IMPORTANCE, ImportanceInput
from cognition.testing.fake_openai_replies import Fault
from cognition.testing.fake_openai_server import FakeOpenAIServer

RATE = RATE_IMPORTANCE.name
INPUTS = ImportanceInput(agent="Isabella", identity="runs the cafe", memories=["1. a cat"], count=1)


class Switchable:
    """A model that fails (typed fallback) the tasks named in `failing`, answers the rest."""

    def __init__(self, *failing: str) -> None:
        self.failing = set(failing)
        self.calls: dict[str, int] = {}
        self._lock = threading.Lock()

    @property
    def label(self) -> str:
        return "test model"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        with self._lock:
            self.calls[task.name] = self.calls.get(task.name, 0) + 1
        if task.name in self.failing:  # the server answers, but nothing usable
            answer = "not what was asked"
            return Completion(
                task.fallback(inputs), Source.FALLBACK, attempts=3, error="bad", raw=answer
            )
        return Completion(task.fallback(inputs), Source.MODEL)


def rate(breaker: StepBreaker, task: Task[Any, Any] = RATE_IMPORTANCE) -> Completion[Any]:
    return breaker.complete(task, INPUTS, agent="Isabella")


def other_task() -> Task[Any, Any]:
    task = RATE_IMPORTANCE
    return Task("other_step", task.template, task.input_model, task.output_model, task.fallback)


def make(model: Switchable, **options: Any) -> StepBreaker:
    values: dict[str, Any] = {"window": 10, "trip_ratio": 0.7, "min_calls": 5, "cool_down_calls": 3}
    values.update(options)
    return StepBreaker(model, OfflineBrain(seed=1), **values)


def test_it_trips_after_the_threshold_and_the_offline_brain_answers_while_open() -> None:
    model = Switchable(RATE)
    breaker = make(model)
    sources = [rate(breaker).source for _ in range(5)]
    assert sources == [Source.FALLBACK] * 5 and model.calls[RATE] == 5
    state = breaker.state()[RATE]
    assert state.state is CircuitState.OPEN and state.is_open and state.trips == 1
    assert (state.calls, state.model_calls, state.unusable) == (5, 5, 5)
    answered = rate(breaker)
    assert answered.source is Source.OFFLINE  # honest: the rule answered, not the model
    assert model.calls[RATE] == 5 and breaker.state()[RATE].standby_answers == 1
    assert breaker.trips == 1 and breaker.open_steps() == [RATE]


def test_it_does_not_trip_below_the_ratio() -> None:
    model = Switchable()
    breaker = make(model)
    for index in range(40):  # every other answer unusable: 50 % < 70 %
        model.failing = {RATE} if index % 2 else set()
        rate(breaker)
    assert breaker.trips == 0 and breaker.open_steps() == []
    assert model.calls[RATE] == 40


def test_half_open_trial_closes_on_success() -> None:
    model = Switchable(RATE)
    breaker = make(model, cool_down_calls=3)
    for _ in range(5):
        rate(breaker)
    assert [rate(breaker).source for _ in range(3)] == [Source.OFFLINE] * 3
    model.failing.clear()  # the model can do it again
    trial = rate(breaker)
    assert trial.source is Source.MODEL and model.calls[RATE] == 6
    assert breaker.state()[RATE].state is CircuitState.CLOSED
    assert rate(breaker).source is Source.MODEL and breaker.open_steps() == []


def test_a_failed_trial_reopens_for_longer() -> None:
    model = Switchable(RATE)
    breaker = make(model, cool_down_calls=3, max_cool_down_calls=10)
    for _ in range(5):
        rate(breaker)
    routed = [rate(breaker).source for _ in range(3 + 1 + 6 + 1 + 10 + 1 + 10 + 1)]
    # 3 on standby, a failed trial, 6 (twice as long), a trial, 10 (the cap), a trial, 10…
    expected = (
        [Source.OFFLINE] * 3
        + [Source.FALLBACK]
        + [Source.OFFLINE] * 6
        + [Source.FALLBACK]
        + [Source.OFFLINE] * 10
        + [Source.FALLBACK]
        + [Source.OFFLINE] * 10
        + [Source.FALLBACK]
    )
    assert routed == expected
    assert breaker.trips == 1  # re-opening after a trial is not a new trip
    assert breaker.state()[RATE].state is CircuitState.OPEN


def test_one_notice_per_trip_and_one_on_recovery() -> None:
    model = Switchable(RATE)
    breaker = make(model, cool_down_calls=0)
    for _ in range(5):
        rate(breaker)
    assert breaker.take_notices() == [
        "The model can't do rate_importance; the offline brain answers it for now."
    ]
    rate(breaker)  # a failed trial: open again, said nothing new
    assert breaker.take_notices() == []
    model.failing.clear()
    for _ in range(3):
        rate(breaker)
    assert breaker.take_notices() == ["The model answers rate_importance again."]
    model.failing.add(RATE)
    for _ in range(5):
        rate(breaker)
    assert len(breaker.take_notices()) == 1 and breaker.trips == 2


def test_other_tasks_are_unaffected() -> None:
    model = Switchable(RATE)
    breaker = make(model)
    other = other_task()
    for _ in range(6):
        rate(breaker)
        assert rate(breaker, other).source is Source.MODEL
    assert breaker.open_steps() == [RATE]
    assert breaker.state()["other_step"].state is CircuitState.CLOSED
    assert model.calls["other_step"] == 6


def test_without_an_offline_brain_the_typed_fallback_stands_by() -> None:
    model = Switchable(RATE)
    breaker = StepBreaker(model, TypedFallbacks(), min_calls=5)
    for _ in range(5):
        rate(breaker)
    standby = rate(breaker)
    assert standby.source is Source.FALLBACK and standby.attempts == 0
    assert model.calls[RATE] == 5
    assert "built-in fallback" in breaker.take_notices()[0]


def test_an_exception_goes_up_and_a_failed_trial_call_is_retried() -> None:
    class Raising(Switchable):
        def complete(
            self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
        ) -> Completion[OutputT]:
            raise RuntimeError("budget")

    model = Switchable(RATE)
    breaker = make(model, cool_down_calls=0)
    for _ in range(5):
        rate(breaker)
    breaker.inner = Raising()
    with pytest.raises(RuntimeError):
        rate(breaker)  # the trial raised: still open, the next call is a trial again
    breaker.inner = model
    model.failing.clear()
    assert rate(breaker).source is Source.MODEL
    assert breaker.open_steps() == []


def test_bad_thresholds_are_refused() -> None:
    with pytest.raises(ValueError):
        make(Switchable(), min_calls=11)
    with pytest.raises(ValueError):
        make(Switchable(), trip_ratio=0)


def test_many_threads() -> None:
    model = Switchable(RATE)
    breaker = make(model, cool_down_calls=20)
    other = other_task()
    results: list[Source] = []
    lock = threading.Lock()

    def work() -> None:
        for _ in range(200):
            got = [rate(breaker).source, rate(breaker, other).source]
            with lock:
                results.extend(got)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    state = breaker.state()
    assert len(results) == 3200
    assert state[RATE].calls == 1600 and state["other_step"].calls == 1600
    assert state[RATE].model_calls + state[RATE].standby_answers == 1600
    assert state[RATE].model_calls == model.calls[RATE] < 100  # the step stopped costing
    assert state[RATE].trips == 1 and state["other_step"].trips == 0
    assert results.count(Source.MODEL) == 1600  # every other_step call reached the model
    assert len(breaker.take_notices()) == 1


def test_a_server_stack_has_a_breaker_and_the_offline_stack_none(
    make_server: Callable[..., FakeOpenAIServer],
    settings_for: Callable[..., LLMSettings],
) -> None:
    server = make_server(faults=[Fault.SERVER_ERROR] * 3)
    settings = settings_for(server, max_retries=0)
    stack = build_language_model(
        settings,
        offline_factory=lambda: OfflineBrain(seed=2),
        retry=RetryPolicy(max_retries=0, sleep=no_sleep),
    )
    try:
        sources = [
            stack.complete(RATE_IMPORTANCE, INPUTS, agent="Isabella").source for _ in range(4)
        ]
    finally:
        stack.close()
    assert stack.breaker is not None
    # three calls in a row with no answer at all (HTTP 500): the server is down for every step
    assert sources == [Source.FALLBACK] * 3 + [Source.OFFLINE]
    assert len(server.chat_requests) == 3  # the fourth call cost nothing
    total = stack.meter.snapshot().total  # the meter sees what really answered
    assert (total.calls, total.fallbacks, total.offline_answers) == (4, 3, 1)
    assert stack.breaker.open_steps() == [RATE]

    offline = build_language_model(LLMSettings(), offline_factory=OfflineBrain)
    assert offline.breaker is None and offline.offline

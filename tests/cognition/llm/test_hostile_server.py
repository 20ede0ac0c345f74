"""Servers that never answer, close the connection, or answer in the wrong shape now and then:
a call has one deadline for all its attempts, the breaker trips on a server that answers
nothing, Test connection waits out a 429, and the structured-output rung is per step and
comes back."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import httpx2
import openai

from cognition.config import LLMSettings
from cognition.llm.breaker import StepBreaker, TypedFallbacks
from cognition.llm.openai_backend import OpenAIBackend, OutputMode
from cognition.llm.probe import test_connection
from cognition.llm.retry import RetryPolicy
from cognition.llm.task import Completion, Source, Task
from cognition.testing.fake_openai_replies import schema_instance
from cognition.testing.fake_openai_server import ChatRequest, FakeOpenAIServer, Fault

Server = Callable[..., FakeOpenAIServer]
Backend = Callable[..., OpenAIBackend]


class FakeTime:
    """A clock and a sleep on one fake timeline."""

    def __init__(self) -> None:
        self.now = 0.0

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


class NeverAnswering:
    """An `openai.OpenAI` stand-in whose chat requests each time out after their timeout."""

    def __init__(self, time: FakeTime, client_timeout: float) -> None:
        self.time = time
        self.client_timeout = client_timeout
        self.timeouts: list[float] = []
        self.chat = self
        self.completions = self
        self.with_raw_response = self

    def create(self, **request: Any) -> Any:
        timeout = request.get("timeout", self.client_timeout)
        self.timeouts.append(float(timeout))
        self.time.now += float(timeout)
        raise openai.APITimeoutError(request=httpx2.Request("POST", "http://127.0.0.1/v1"))

    def close(self) -> None:
        """Nothing to close."""


def test_one_deadline_covers_every_attempt_of_a_call(greet_task: Any, greet_inputs: Any) -> None:
    time = FakeTime()
    settings = LLMSettings(
        base_url="http://127.0.0.1:9/v1", api_key="x", timeout_s=30.0, max_retries=3
    )
    client = NeverAnswering(time, settings.call_timeout_s)
    retry = RetryPolicy(max_retries=3, sleep=time.sleep, clock=time.clock, rng=random.Random(1))
    backend = OpenAIBackend(settings, retry=retry, client=client)  # type: ignore[arg-type]

    completion = backend.complete(greet_task, greet_inputs(), agent="Isabella")

    assert completion.source is Source.FALLBACK
    assert time.now <= 30.0 + 1e-9  # not 4 × 30 s
    assert sum(client.timeouts) <= 30.0 + 1e-9


def test_a_server_that_never_answers_costs_one_deadline(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    server = make_server(fault_rate=1.0, fault_kinds=(Fault.HANG,))
    backend = make_backend(server, timeout_s=0.5, max_retries=3)
    completion = backend.complete(greet_task, greet_inputs(), agent="Isabella")
    assert completion.source is Source.FALLBACK
    assert len(server.chat_requests) == 1  # the one deadline went to the first attempt


def test_a_server_that_closes_the_connection_is_retried_then_falls_back(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    server = make_server(faults=[Fault.CLOSE, None])
    completion = make_backend(server).complete(greet_task, greet_inputs(), agent="Isabella")
    assert completion.source is Source.MODEL and completion.attempts == 2
    server.script_faults([Fault.CLOSE] * 4)
    completion = make_backend(server).complete(greet_task, greet_inputs(), agent="Isabella")
    assert completion.source is Source.FALLBACK and "connect" in (completion.error or "")


class Unanswered:
    """A model whose server never answers: every call falls back with no raw answer."""

    label = "silent server"

    def __init__(self) -> None:
        self.calls = 0

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        self.calls += 1
        return Completion(task.fallback(inputs), Source.FALLBACK, attempts=1, error="timeout")


def test_the_breaker_trips_every_step_when_the_server_answers_nothing(
    greet_task: Any, greet_inputs: Any
) -> None:
    inner = Unanswered()
    breaker = StepBreaker(inner, TypedFallbacks(), window=10, min_calls=5, silent_calls=3)
    tasks = [Task(f"step{n}", greet_task.template, greet_task.input_model,
                  greet_task.output_model, greet_task.fallback) for n in range(8)]  # fmt: skip
    for task in tasks[:3]:  # three steps, one unanswered call each
        breaker.complete(task, greet_inputs(), agent="Isabella")
    assert inner.calls == 3
    for task in tasks:  # every step, seen or not, is on standby now
        breaker.complete(task, greet_inputs(), agent="Isabella")
    assert inner.calls == 3
    assert breaker.trips >= 1 and "step7" in breaker.open_steps()


def test_test_connection_waits_out_a_429(make_server: Server, api_key: str) -> None:
    server = make_server(faults=[Fault.RATE_LIMIT, Fault.RATE_LIMIT, None], api_key=api_key)
    settings = LLMSettings(base_url=server.base_url, api_key=api_key, model="fake-model")
    waited: list[float] = []
    report = test_connection(settings, 10.0, sleep=waited.append)
    assert report.ok, report.message
    assert len(waited) == 2 and all(wait > 0 for wait in waited)


def fenced_once(task_name: str) -> Callable[[ChatRequest], Any]:
    """Answers normally, except the first answer to `task_name`, fenced in prose."""
    fenced: list[bool] = []

    def answer(request: ChatRequest) -> Any:
        prompt = str(request.messages[-1].get("content", ""))
        if task_name in prompt and not fenced and request.schema is not None:
            fenced.append(True)
            instance = schema_instance(dict(request.schema))
            return f"Sure! Here it is:\n```json\n{json.dumps(instance)}\n```"
        return None

    return answer


def test_one_fenced_answer_drops_only_its_step_and_the_step_recovers(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    other = Task("wave", greet_task.template, greet_task.input_model, greet_task.output_model,
                 greet_task.fallback)  # fmt: skip
    server = make_server(answer=fenced_once("Klaus"))
    backend = make_backend(server)
    assert backend.complete(greet_task, greet_inputs(), agent="I").source is Source.MODEL
    assert backend.step_mode("greet") is not OutputMode.JSON_SCHEMA
    assert backend.output_mode is OutputMode.JSON_SCHEMA  # the server as a whole keeps it
    backend.complete(other, greet_inputs("Maria"), agent="I")
    assert server.chat_requests[-1].body["response_format"]["type"] == "json_schema"
    for _ in range(5):
        backend.complete(greet_task, greet_inputs("Maria"), agent="I")
    assert backend.step_mode("greet") is OutputMode.JSON_SCHEMA  # back on the top rung
    backend.complete(greet_task, greet_inputs("Maria"), agent="I")
    assert server.chat_requests[-1].body["response_format"]["type"] == "json_schema"


def test_a_key_in_the_url_is_in_no_error_message(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    server = make_server(fault_rate=1.0, fault_kinds=(Fault.WEB_PAGE,))
    keyed = server.base_url.replace("http://", "http://user:sk-in-the-url-9876@")
    backend = make_backend(server, base_url=keyed, max_retries=0)
    completion = backend.complete(greet_task, greet_inputs(), agent="Isabella")
    assert completion.source is Source.FALLBACK and "web page" in (completion.error or "")
    assert "sk-in-the-url-9876" not in (completion.error or "")

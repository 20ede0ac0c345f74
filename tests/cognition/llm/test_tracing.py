"""Decision traces: the `Tracer` tells its listeners about every call, in the stack too."""

from __future__ import annotations

import dataclasses
import json
import logging
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from cognition.agent import Agent
from cognition.config import LLMSettings
from cognition.contract import GoTo
from cognition.llm import build_language_model
from cognition.llm.retry import RetryPolicy, no_sleep
from cognition.llm.stack import ModelStack
from cognition.llm.task import BudgetReached, Completion, InputT, Message, OutputT, Source, Task
from cognition.llm.tracing import REDACTED, CallTrace, Tracer
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.testing.fake_openai_server import ChatRequest, FakeOpenAIServer, Fault
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.town import ISABELLA, START, perception

Server = Callable[..., FakeOpenAIServer]


class Traces:
    """A listener that keeps every trace (thread-safe, as listeners must be)."""

    def __init__(self) -> None:
        self.traces: list[CallTrace] = []
        self.threads: set[int] = set()
        self._lock = threading.Lock()

    def __call__(self, trace: CallTrace) -> None:
        with self._lock:
            self.traces.append(trace)
            self.threads.add(threading.get_ident())

    @property
    def last(self) -> CallTrace:
        return self.traces[-1]


@pytest.fixture
def make_stack() -> Iterator[Callable[[LLMSettings], ModelStack]]:
    stacks: list[ModelStack] = []

    def build(settings: LLMSettings) -> ModelStack:
        retry = RetryPolicy(max_retries=settings.max_retries, sleep=no_sleep)
        stack = build_language_model(settings, offline_factory=lambda: OfflineBrain(0), retry=retry)
        stacks.append(stack)
        return stack

    yield build
    for stack in stacks:
        stack.close()


def strings_of(trace: CallTrace) -> list[str]:
    """Every string a trace holds, the messages' included."""
    found: list[str] = []
    for field in dataclasses.fields(trace):
        value = getattr(trace, field.name)
        if isinstance(value, str):
            found.append(value)
        elif field.name == "messages":
            found += [text for message in value for text in (message.role, message.content)]
    return found


# --- the offline brain ------------------------------------------------------------------------


def test_the_stack_always_has_a_tracer_inside_the_meter(
    make_stack: Callable[[LLMSettings], ModelStack],
) -> None:
    stack = make_stack(LLMSettings())
    assert isinstance(stack.tracer, Tracer) and stack.meter.inner is stack.tracer
    assert stack.tracer.label == "offline brain"


def test_an_offline_call_is_traced(
    make_stack: Callable[[LLMSettings], ModelStack], greet_task: Any, greet_inputs: Any
) -> None:
    stack = make_stack(LLMSettings())
    heard = Traces()
    stack.tracer.add_listener(heard)
    day = Agent(ISABELLA, FakeMemoryStream(ISABELLA.name), stack.model, MindSettings())
    before = datetime.now(UTC)
    now, here = START, None
    for _ in range(3):
        action = day.decide(perception(ISABELLA, now, here)).actions[0]
        if isinstance(action, GoTo):
            here = action.address
        now += timedelta(minutes=10)

    calls = stack.meter.snapshot().total.calls
    assert calls > 3 and len(heard.traces) == calls
    for trace in heard.traces:
        assert (trace.source, trace.label, trace.agent) == (
            Source.OFFLINE,
            "offline brain",
            ISABELLA.name,
        )
        assert trace.raw is not None and json.loads(trace.raw) == json.loads(trace.output or "")
        assert not trace.fallback and trace.error is None and trace.exception is None
        assert trace.attempts == 1 and trace.prompt_tokens == trace.completion_tokens == 0
        assert trace.messages and trace.messages[-1].role == "user"
        assert trace.template.endswith(".txt") and before <= trace.started <= datetime.now(UTC)
        assert trace.latency_ms >= 0
    assert {"day_plan", "hourly_schedule", "hour_plan"} <= {t.task for t in heard.traces}


# --- the OpenAI-compatible backend, through the whole stack -----------------------------------


def test_a_model_call_is_traced(
    server: FakeOpenAIServer,
    settings_for: Callable[..., LLMSettings],
    make_stack: Callable[[LLMSettings], ModelStack],
    greet_task: Any,
    greet_inputs: Any,
) -> None:
    stack = make_stack(settings_for(server))
    heard = Traces()
    stack.tracer.add_listener(heard)
    completion = stack.complete(greet_task, greet_inputs(), agent="Isabella")

    trace = heard.last
    assert (trace.task, trace.template, trace.agent, trace.label) == (
        "greet",
        greet_task.template,
        "Isabella",
        "fake-model",
    )
    assert trace.messages == tuple(greet_task.messages(greet_inputs()))
    assert trace.source is Source.MODEL and not trace.fallback and trace.error is None
    assert trace.raw == completion.raw and trace.raw is not None
    assert greet_task.output_model.model_validate_json(trace.raw) == completion.output
    assert trace.output == completion.output.model_dump_json()
    assert (trace.attempts, trace.prompt_tokens, trace.completion_tokens, trace.estimated) == (
        1,
        completion.usage.prompt_tokens,
        completion.usage.completion_tokens,
        False,
    )
    assert trace.prompt_tokens > 0 and trace.latency_ms > 0


def test_a_malformed_answer_that_falls_back_is_traced_with_its_raw_text(
    make_server: Server,
    settings_for: Callable[..., LLMSettings],
    make_stack: Callable[[LLMSettings], ModelStack],
    greet_task: Any,
    greet_inputs: Any,
) -> None:
    server = make_server(faults=[Fault.MALFORMED_JSON] * 2)
    stack = make_stack(settings_for(server, max_retries=1))
    heard = Traces()
    stack.tracer.add_listener(heard)
    completion = stack.complete(greet_task, greet_inputs(), agent="Isabella")

    trace = heard.last
    assert trace.source is Source.FALLBACK and trace.fallback and trace.attempts == 2
    assert trace.error == completion.error and trace.error and "2 failed attempt(s)" in trace.error
    assert trace.raw is not None and trace.raw.startswith("{")  # the cut-off JSON itself
    with pytest.raises(json.JSONDecodeError):
        json.loads(trace.raw)
    assert trace.output == greet_task.fallback(greet_inputs()).model_dump_json()
    assert trace.exception is None


def test_a_cache_hit_is_traced(
    server: FakeOpenAIServer,
    settings_for: Callable[..., LLMSettings],
    make_stack: Callable[[LLMSettings], ModelStack],
    greet_task: Any,
    greet_inputs: Any,
) -> None:
    stack = make_stack(settings_for(server))
    heard = Traces()
    stack.tracer.add_listener(heard)
    stack.complete(greet_task, greet_inputs(), agent="Isabella")
    stack.complete(greet_task, greet_inputs(), agent="Klaus")

    first, hit = heard.traces
    assert (first.source, hit.source) == (Source.MODEL, Source.CACHE)
    assert hit.agent == "Klaus" and hit.label == "fake-model"
    assert hit.raw == first.raw and hit.output == first.output
    assert (hit.attempts, hit.prompt_tokens, hit.completion_tokens) == (0, 0, 0)
    assert len(server.chat_requests) == 1


def test_an_exception_is_traced_and_raised(
    server: FakeOpenAIServer,
    settings_for: Callable[..., LLMSettings],
    make_stack: Callable[[LLMSettings], ModelStack],
    greet_task: Any,
    greet_inputs: Any,
) -> None:
    stack = make_stack(settings_for(server, budget_tokens=1, cache=False))
    heard = Traces()
    stack.tracer.add_listener(heard)
    stack.complete(greet_task, greet_inputs(), agent="Isabella")
    with pytest.raises(BudgetReached, match="token budget reached"):
        stack.complete(greet_task, greet_inputs(), agent="Isabella")

    trace = heard.last
    assert len(heard.traces) == 2
    assert trace.exception and trace.exception.startswith("BudgetReached: token budget reached")
    assert trace.source is None and trace.output is None and trace.raw is None
    assert not trace.fallback and trace.attempts == 0
    assert trace.messages == tuple(greet_task.messages(greet_inputs()))
    assert stack.meter.snapshot().total.errors == 1  # the meter still sees the exception


def test_the_api_key_never_appears_in_a_trace(
    make_server: Server,
    settings_for: Callable[..., LLMSettings],
    make_stack: Callable[[LLMSettings], ModelStack],
    greet_task: Any,
    greet_inputs: Any,
    api_key: str,
) -> None:
    # the key everywhere it could come from: the prompt, the agent, the answer, the error
    def answer(request: ChatRequest) -> str:
        if len(request.messages) > 2:  # the retry after the invalid answer
            return f"no, {api_key}"
        reply = {
            "utterance": f"my key is {api_key}",
            "warmth": 5,
            "gesture": {"kind": "nod", "emoji": "🙂"},
            "topics": [api_key],
        }
        return json.dumps(reply)

    server = make_server(answer=answer, api_key=api_key)
    settings = settings_for(server, max_retries=1, budget_tokens=2_000, cache=True)
    stack = make_stack(settings)
    heard = Traces()
    stack.tracer.add_listener(heard)
    leaky = greet_inputs(other=f"Klaus {api_key}")
    stack.complete(greet_task, leaky, agent=f"Isabella {api_key}")  # the model
    stack.complete(greet_task, leaky, agent=f"Isabella {api_key}")  # the cache
    server.script_faults([Fault.SCHEMA_VIOLATION])
    stack.complete(greet_task, greet_inputs(f"Maria {api_key}"), agent="Maria")  # fallback
    with pytest.raises(BudgetReached):
        for number in range(50):
            stack.complete(greet_task, greet_inputs(f"Agent {number}"), agent=api_key)

    sources = [trace.source for trace in heard.traces]
    assert sources[:3] == [Source.MODEL, Source.CACHE, Source.FALLBACK] and sources[-1] is None
    for trace in heard.traces:
        for text in strings_of(trace):
            assert api_key not in text, (trace.task, text)
    first = heard.traces[0]
    assert first.agent == f"Isabella {REDACTED}" and first.raw and REDACTED in first.raw
    assert first.output and REDACTED in first.output
    assert any(REDACTED in message.content for message in first.messages)
    assert heard.traces[2].raw and f"no, {REDACTED}" in heard.traces[2].raw
    assert heard.last.agent == REDACTED


# --- listeners --------------------------------------------------------------------------------


class Canned:
    """A model answering every task with its fallback as a model answer."""

    label = "canned"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        output = task.fallback(inputs)
        return Completion(output, Source.MODEL, raw=output.model_dump_json())


def test_listeners_hear_calls_from_many_threads(greet_task: Any, greet_inputs: Any) -> None:
    tracer = Tracer(Canned())
    first, second = Traces(), Traces()
    tracer.add_listener(first)
    tracer.add_listener(second)
    start = threading.Barrier(8)

    def think(number: int) -> None:
        start.wait()
        for call in range(25):
            tracer.complete(greet_task, greet_inputs(f"Agent {number}"), agent=f"a{number}-{call}")

    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(think, range(8)))

    for heard in (first, second):
        assert len(heard.traces) == 200 and len(heard.threads) > 1
        assert len({trace.agent for trace in heard.traces}) == 200


def test_listeners_come_and_go_while_calls_run(greet_task: Any, greet_inputs: Any) -> None:
    tracer = Tracer(Canned())
    steady, coming = Traces(), Traces()
    tracer.add_listener(steady)
    stop = threading.Event()

    def churn() -> None:
        while not stop.is_set():
            tracer.add_listener(coming)
            tracer.remove_listener(coming)

    churner = threading.Thread(target=churn)
    churner.start()
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            list(
                pool.map(
                    lambda n: tracer.complete(greet_task, greet_inputs(), agent=str(n)), range(200)
                )
            )
    finally:
        stop.set()
        churner.join()
    assert len(steady.traces) == 200 and len(coming.traces) <= 200


def test_a_listener_that_raises_is_logged_and_breaks_nothing(
    greet_task: Any, greet_inputs: Any, caplog: pytest.LogCaptureFixture
) -> None:
    tracer = Tracer(Canned())
    heard = Traces()

    def broken(trace: CallTrace) -> None:
        raise RuntimeError("the disk is full")

    tracer.add_listener(broken)
    tracer.add_listener(heard)
    with caplog.at_level(logging.ERROR):
        completion = tracer.complete(greet_task, greet_inputs(), agent="Isabella")
    assert completion.output == greet_task.fallback(greet_inputs())
    assert len(heard.traces) == 1  # the others still hear of it
    assert any("the disk is full" in (record.exc_text or "") for record in caplog.records)


def test_a_removed_listener_hears_nothing_more(greet_task: Any, greet_inputs: Any) -> None:
    tracer = Tracer(Canned())
    heard = Traces()
    tracer.add_listener(heard)
    tracer.add_listener(heard)  # once is enough
    tracer.complete(greet_task, greet_inputs(), agent="Isabella")
    tracer.remove_listener(heard)
    tracer.remove_listener(heard)  # a second removal is harmless
    tracer.complete(greet_task, greet_inputs(), agent="Isabella")
    assert len(heard.traces) == 1


def test_without_listeners_the_call_goes_straight_through(
    greet_task: Any, greet_inputs: Any
) -> None:
    readings: list[str] = []

    def reading() -> float:
        readings.append("read")
        return 0.0

    tracer = Tracer(Canned(), clock=reading, timer=reading)
    completion = tracer.complete(greet_task, greet_inputs(), agent="Isabella")
    assert completion.source is Source.MODEL and readings == []  # not even timed


def test_times_come_from_the_clocks_given(greet_task: Any, greet_inputs: Any) -> None:
    ticks = iter([10.0, 10.25])
    tracer = Tracer(Canned(), clock=lambda: 1_676_271_600.0, timer=lambda: next(ticks))
    heard = Traces()
    tracer.add_listener(heard)
    tracer.complete(greet_task, greet_inputs(), agent="Isabella")
    assert heard.last.started == datetime(2023, 2, 13, 7, 0, tzinfo=UTC)
    assert heard.last.latency_ms == 250.0


def test_a_trace_is_frozen(greet_task: Any, greet_inputs: Any) -> None:
    tracer = Tracer(Canned())
    heard = Traces()
    tracer.add_listener(heard)
    tracer.complete(greet_task, greet_inputs(), agent="Isabella")
    with pytest.raises(dataclasses.FrozenInstanceError):
        heard.last.agent = "someone else"  # type: ignore[misc]
    assert all(isinstance(message, Message) for message in heard.last.messages)


def test_the_audit_log_and_the_tracer_agree(
    server: FakeOpenAIServer,
    settings_for: Callable[..., LLMSettings],
    make_stack: Callable[[LLMSettings], ModelStack],
    greet_task: Any,
    greet_inputs: Any,
    tmp_path: Path,
) -> None:
    stack = make_stack(settings_for(server, audit_log=tmp_path / "audit.jsonl"))
    heard = Traces()
    stack.tracer.add_listener(heard)
    stack.complete(greet_task, greet_inputs(), agent="Isabella")
    audit = json.loads((tmp_path / "audit.jsonl").read_text(encoding="utf-8"))
    assert audit["output"] == json.loads(heard.last.output or "")
    assert audit["messages"] == [
        {"role": m.role, "content": m.content} for m in heard.last.messages
    ]

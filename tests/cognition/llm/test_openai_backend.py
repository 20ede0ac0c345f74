"""The real OpenAIBackend against the fake OpenAI-compatible server."""

from __future__ import annotations

import dataclasses
import importlib
import json
import logging
import pkgutil
from collections.abc import Callable
from typing import Any

import pytest

import cognition.steps
from cognition.llm.openai_backend import OpenAIBackend, OutputMode
from cognition.llm.task import Source, Task
from cognition.offline.brain import ROUND_RULES, RULES, TURN_RULES
from cognition.testing.fake_openai_server import ChatRequest, FakeOpenAIServer, Fault

Server = Callable[..., FakeOpenAIServer]
Backend = Callable[..., OpenAIBackend]


def test_happy_path_asks_for_strict_json_schema_and_validates(
    server: FakeOpenAIServer,
    make_backend: Backend,
    greet_task: Any,
    greet_inputs: Any,
    api_key: str,
) -> None:
    backend = make_backend(server)
    completion = backend.complete(greet_task, greet_inputs(), agent="Isabella")

    assert completion.source is Source.MODEL
    assert isinstance(completion.output, greet_task.output_model)
    assert completion.output.gesture.kind == "wave"
    assert 1 <= completion.output.warmth <= 10
    assert completion.attempts == 1 and completion.error is None
    [request] = server.chat_requests
    assert request.headers["authorization"] == f"Bearer {api_key}"
    body = request.body
    assert body["model"] == "fake-model"
    assert "Klaus walks into the cafe" in body["messages"][-1]["content"]
    assert body["messages"][0]["role"] == "system"
    response_format = body["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["strict"] is True
    schema = response_format["json_schema"]["schema"]
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == set(greet_task.output_model.model_fields)


def test_reported_usage_is_used(
    server: FakeOpenAIServer, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    completion = make_backend(server).complete(greet_task, greet_inputs(), agent="Isabella")
    prompt = sum(len(m["content"]) for m in server.chat_requests[0].body["messages"])
    assert completion.usage.estimated is False
    assert completion.usage.prompt_tokens == prompt // 4 + 1  # the fake server's figure


def test_missing_usage_is_estimated(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    server = make_server(report_usage=False)
    completion = make_backend(server).complete(greet_task, greet_inputs(), agent="Isabella")
    assert completion.usage.estimated is True
    assert completion.usage.prompt_tokens > 20 and completion.usage.completion_tokens > 5


@pytest.mark.parametrize("fault", [f for f in Fault if f not in (Fault.TIMEOUT, Fault.HANG)])
def test_each_fault_is_retried_then_succeeds(
    fault: Fault,
    make_server: Server,
    make_backend: Backend,
    greet_task: Any,
    greet_inputs: Any,
    sleep: Any,
) -> None:
    server = make_server(faults=[fault, None])
    backend = make_backend(server)

    completion = backend.complete(greet_task, greet_inputs(), agent="Isabella")

    assert completion.source is Source.MODEL
    assert completion.attempts == 2
    assert [r.fault for r in server.chat_requests] == [fault, None]
    assert len(sleep.delays) == 1  # one backoff between the two attempts
    assert backend.output_mode is OutputMode.JSON_SCHEMA  # a fault is no reason to downgrade


@pytest.mark.parametrize("fault", [Fault.TIMEOUT, Fault.HANG])
def test_a_timeout_spends_the_calls_one_deadline_and_falls_back(
    fault: Fault, make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    server = make_server(faults=[fault, None], timeout_sleep_s=5.0)
    backend = make_backend(server, timeout_s=0.25)
    completion = backend.complete(greet_task, greet_inputs(), agent="Isabella")
    assert completion.source is Source.FALLBACK and completion.attempts == 1
    assert backend.output_mode is OutputMode.JSON_SCHEMA


def test_rate_limit_waits_at_least_retry_after(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any, sleep: Any
) -> None:
    server = make_server(faults=[Fault.RATE_LIMIT, None], retry_after_s=7)
    make_backend(server, timeout_s=30).complete(greet_task, greet_inputs(), agent="Isabella")
    assert sleep.delays[0] >= 7


def test_backoff_grows_exponentially(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any, sleep: Any
) -> None:
    server = make_server(faults=[Fault.SERVER_ERROR] * 3 + [None])
    make_backend(server).complete(greet_task, greet_inputs(), agent="Isabella")
    first, second, third = sleep.delays
    assert 0.25 <= first <= 0.5 and 0.5 <= second <= 1.0 and 1.0 <= third <= 2.0


def test_invalid_output_retry_tells_the_model_what_was_wrong(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    server = make_server(faults=[Fault.SCHEMA_VIOLATION, None])
    make_backend(server).complete(greet_task, greet_inputs(), agent="Isabella")
    retry_messages = server.chat_requests[1].body["messages"]
    assert retry_messages[-2]["role"] == "assistant"
    assert "could not be used" in retry_messages[-1]["content"]


@pytest.mark.parametrize("fault", [Fault.SERVER_ERROR, Fault.SCHEMA_VIOLATION, Fault.EMPTY_CONTENT])
def test_persistent_faults_end_in_the_typed_fallback(
    fault: Fault,
    make_server: Server,
    make_backend: Backend,
    greet_task: Any,
    greet_inputs: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    server = make_server(faults=[fault] * 10)
    backend = make_backend(server, max_retries=2)

    with caplog.at_level(logging.WARNING, logger="cognition.llm.openai_backend"):
        completion = backend.complete(greet_task, greet_inputs(), agent="Isabella")

    assert completion.source is Source.FALLBACK
    assert completion.output == greet_task.fallback(greet_inputs())
    assert completion.attempts == 3 and len(server.chat_requests) == 3
    assert completion.error and "3 failed attempt(s)" in completion.error
    assert backend.fallback_count == 1
    assert any("fell back" in record.message for record in caplog.records)


def test_client_errors_are_not_retried(
    server: FakeOpenAIServer, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    backend = make_backend(server, base_url=server.base_url + "/no-such-route")
    completion = backend.complete(greet_task, greet_inputs(), agent="Isabella")
    assert completion.source is Source.FALLBACK
    assert completion.attempts == 1 and completion.error and "HTTP 404" in completion.error


@pytest.mark.parametrize("status", [400, 422, 500])
def test_json_schema_rejection_downgrades_to_json_object_and_is_remembered(
    status: int,
    make_server: Server,
    make_backend: Backend,
    greet_task: Any,
    greet_inputs: Any,
    sleep: Any,
) -> None:
    server = make_server(reject_json_schema=status)
    backend = make_backend(server)

    first = backend.complete(greet_task, greet_inputs(), agent="Isabella")
    second = backend.complete(greet_task, greet_inputs("Maria"), agent="Isabella")

    assert first.source is Source.MODEL and second.source is Source.MODEL
    assert backend.output_mode is OutputMode.JSON_OBJECT_SCHEMA  # llama.cpp's next best
    formats = [r.body.get("response_format", {}) for r in server.chat_requests]
    assert [f.get("type") for f in formats] == ["json_schema", "json_object", "json_object"]
    assert formats[1]["schema"] == formats[0]["json_schema"]["schema"]  # the schema goes along
    assert "JSON schema:" in server.chat_requests[1].body["messages"][-1]["content"]
    assert sleep.delays == []  # a refused format costs no backoff


def test_rejecting_both_formats_ends_in_text_mode_with_tolerant_parsing(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    server = make_server(reject_json_schema=400, reject_json_object=500)
    backend = make_backend(server)

    completion = backend.complete(greet_task, greet_inputs(), agent="Isabella")
    backend.complete(greet_task, greet_inputs("Maria"), agent="Isabella")

    assert completion.source is Source.MODEL
    assert backend.output_mode is OutputMode.TEXT
    formats = [r.body.get("response_format", {}) for r in server.chat_requests]
    kinds = [f.get("type") for f in formats]
    assert kinds == ["json_schema", "json_object", "json_object", None, None]
    assert "schema" in formats[1] and "schema" not in formats[2]  # with, then without


def test_a_server_that_ignores_json_schema_is_downgraded(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    server = make_server(reject_json_schema="ignore")
    backend = make_backend(server)

    completion = backend.complete(greet_task, greet_inputs(), agent="Isabella")

    assert completion.source is Source.MODEL  # the fenced answer was still read
    assert completion.attempts == 1
    assert backend.step_mode(greet_task.name) is OutputMode.JSON_OBJECT_SCHEMA  # this step
    assert backend.output_mode is OutputMode.JSON_SCHEMA  # not the server for every step


def test_scripted_answers_are_validated(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    def answer(request: ChatRequest) -> str:
        assert request.format_type == "json_schema"
        reply = {
            "utterance": "Klaus! Coming to my party on the 14th?",
            "warmth": 9,
            "gesture": {"kind": "hug", "emoji": "🤗"},
            "topics": ["party", "paper"],
            "follow_up": None,
        }
        return json.dumps(reply)

    server = make_server(answer=answer)
    completion = make_backend(server).complete(greet_task, greet_inputs(), agent="Isabella")
    assert completion.output.utterance.startswith("Klaus!")
    assert completion.output.gesture.kind == "hug"


def test_error_text_is_never_returned_as_data(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    server = make_server(answer=lambda request: "TOKEN LIMIT EXCEEDED")
    completion = make_backend(server, max_retries=1).complete(
        greet_task, greet_inputs(), agent="Isabella"
    )
    assert completion.source is Source.FALLBACK
    assert "TOKEN LIMIT" not in completion.output.model_dump_json()


def test_the_raw_answer_is_the_text_the_server_sent(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    reply = {
        "utterance": "Hi Klaus!",
        "warmth": 7,
        "gesture": {"kind": "wave", "emoji": "👋"},
        "topics": ["party"],
    }
    text = json.dumps(reply, indent=1)  # not how pydantic would write it: the text as sent
    server = make_server(answer=lambda request: text)
    completion = make_backend(server).complete(greet_task, greet_inputs(), agent="Isabella")
    assert completion.source is Source.MODEL and completion.raw == text


def test_a_fallback_keeps_the_last_attempts_raw_answer(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    answers = iter(["TOKEN LIMIT EXCEEDED", '{"utterance": "cut o'])
    server = make_server(answer=lambda request: next(answers))
    completion = make_backend(server, max_retries=1).complete(
        greet_task, greet_inputs(), agent="Isabella"
    )
    assert completion.source is Source.FALLBACK and completion.error
    assert completion.raw == '{"utterance": "cut o'  # the last attempt's, not the first's


def test_no_raw_answer_when_the_last_attempt_got_none(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    server = make_server(faults=[Fault.SCHEMA_VIOLATION, Fault.SERVER_ERROR])
    completion = make_backend(server, max_retries=1).complete(
        greet_task, greet_inputs(), agent="Isabella"
    )
    assert completion.source is Source.FALLBACK and completion.attempts == 2
    assert completion.raw is None


def test_a_llama_cpp_like_server_answers_through_json_object_with_the_schema(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    """llama.cpp's server refuses json_schema (HTTP 500) but constrains json_object to a
    schema sent with it; without the schema a small model misses required fields."""
    server = make_server(schema_only_in_json_object=True)
    backend = make_backend(server)
    attempts = []
    for name in ("Maria", "Klaus", "Ayesha"):
        completion = backend.complete(greet_task, greet_inputs(name), agent="Isabella")
        assert completion.source is Source.MODEL
        attempts.append(completion.attempts)
    assert attempts == [2, 1, 1]  # json_schema refused once, then remembered
    assert backend.output_mode is OutputMode.JSON_OBJECT_SCHEMA
    assert backend.fallback_count == 0


def test_each_step_asks_for_no_more_tokens_than_it_needs(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    """A step's `max_tokens`, scaled by the settings, bounds the answer; scale 0 lifts it."""
    server = make_server()
    bounded = dataclasses.replace(greet_task, max_tokens=120)
    make_backend(server).complete(bounded, greet_inputs(), agent="Isabella")
    make_backend(server, max_tokens_scale=0.5).complete(bounded, greet_inputs(), agent="Isabella")
    make_backend(server, max_tokens_scale=0).complete(bounded, greet_inputs(), agent="Isabella")
    make_backend(server).complete(greet_task, greet_inputs(), agent="Isabella")  # no budget
    sent = [request.body.get("max_tokens") for request in server.chat_requests]
    assert sent == [120, 60, None, None]


def test_every_thinking_step_has_an_output_budget() -> None:
    tasks = [
        value
        for info in pkgutil.iter_modules(cognition.steps.__path__)
        for value in vars(importlib.import_module(f"cognition.steps.{info.name}")).values()
        if isinstance(value, Task)
    ]
    assert len({task.name for task in tasks}) == len(RULES) + len(TURN_RULES) + len(ROUND_RULES)
    assert all(task.max_tokens is not None and task.max_tokens > 0 for task in tasks)

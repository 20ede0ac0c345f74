"""Issue 15's settings for real servers: the rung to start from, stop sequences, per-call
schemas, a timeout that fits where the server is, the breaker's thresholds, the answer
tally per step and rung, and standby answers labelled by what gave them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from cognition.config import (
    DEFAULT_STOP_SEQUENCES,
    LOCAL_TIMEOUT_S,
    REMOTE_TIMEOUT_S,
    ConfigError,
    LLMSettings,
    is_local_url,
)
from cognition.llm.breaker import StepBreaker
from cognition.llm.openai_backend import OpenAIBackend, OutputMode
from cognition.llm.stack import build_language_model
from cognition.llm.task import Completion, InputT, OutputT, Source, Task
from cognition.llm.tracing import CallTrace, Tracer
from cognition.testing.fake_openai_server import FakeOpenAIServer, Fault

Backend = Callable[..., OpenAIBackend]


@pytest.mark.parametrize(
    ("url", "local"),
    [
        ("http://127.0.0.1:8080/v1", True),
        ("http://localhost:11434/v1", True),
        ("http://192.168.1.20:1234/v1", True),
        ("http://gpu-box.local:8000/v1", True),
        ("https://api.openai.com/v1", False),
        ("https://example.org/v1", False),
        (None, False),
    ],
)
def test_a_server_on_this_machine_or_network_gets_the_longer_default_timeout(
    url: str | None, local: bool
) -> None:
    assert is_local_url(url) is local
    settings = LLMSettings(base_url=url, api_key="k")
    assert settings.call_timeout_s == (LOCAL_TIMEOUT_S if local else REMOTE_TIMEOUT_S)
    assert LLMSettings(base_url=url, api_key="k", timeout_s=7).call_timeout_s == 7


def test_the_environment_sets_the_rung_the_stops_and_the_breaker() -> None:
    env = {
        "SMALLVILLE_OUTPUT_MODE": "json_object_schema",
        "SMALLVILLE_STOP": "<eot>|###",
        "SMALLVILLE_BREAKER_WINDOW": "0",
    }
    settings = LLMSettings.load(env)
    assert settings.output_mode == "json_object_schema"
    assert settings.stop_sequences == ("<eot>", "###")
    assert settings.breaker_window == 0
    assert LLMSettings.load({"SMALLVILLE_STOP": "|"}).stop_sequences == ()
    assert LLMSettings.load({"SMALLVILLE_OUTPUT_MODE": "auto"}).output_mode is None
    assert LLMSettings().stop_sequences == DEFAULT_STOP_SEQUENCES
    with pytest.raises(ConfigError, match="output_mode"):
        LLMSettings.load({"SMALLVILLE_OUTPUT_MODE": "xml"})
    with pytest.raises(ConfigError, match="stop_sequences"):
        LLMSettings.load({}, stop_sequences=("a", "b", "c", "d", "e"))  # four at most


def test_a_learned_rung_is_where_the_backend_starts(
    make_server: Callable[..., FakeOpenAIServer],
    make_backend: Backend,
    greet_task: Any,
    greet_inputs: Any,
) -> None:
    server = make_server(schema_only_in_json_object=True)
    backend = make_backend(server, output_mode="json_object_schema")
    completion = backend.complete(greet_task, greet_inputs(), agent="Isabella")
    assert completion.source is Source.MODEL
    [request] = server.chat_requests  # no refused json_schema request first
    assert request.body["response_format"]["type"] == "json_object"
    assert "schema" in request.body["response_format"]
    assert backend.output_mode is OutputMode.JSON_OBJECT_SCHEMA


def test_stop_sequences_go_only_where_decoding_is_not_constrained(
    server: FakeOpenAIServer, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    for mode in OutputMode:
        make_backend(server, output_mode=mode.value).complete(
            greet_task, greet_inputs(), agent="Isabella"
        )
    stops = {
        mode: request.body.get("stop")
        for mode, request in zip(OutputMode, server.chat_requests, strict=True)
    }
    assert stops[OutputMode.JSON_SCHEMA] is None
    assert stops[OutputMode.JSON_OBJECT_SCHEMA] is None
    assert stops[OutputMode.JSON_OBJECT] == list(DEFAULT_STOP_SEQUENCES)
    assert stops[OutputMode.TEXT] == list(DEFAULT_STOP_SEQUENCES)


class Pick(BaseModel):
    options: list[str]


class Picked(BaseModel):
    choice: str


def _pick_schema(inputs: Pick) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"choice": {"type": "string", "enum": inputs.options}},
        "required": ["choice"],
        "additionalProperties": False,
    }


PICK = Task(
    "pick",
    str(Path(__file__).resolve().parent / "prompts" / "pick.txt"),
    Pick,
    Picked,
    lambda inputs: Picked(choice=inputs.options[0]),
    schema_for=_pick_schema,
)


def test_a_per_call_schema_is_what_the_server_is_asked_to_follow(
    server: FakeOpenAIServer, make_backend: Backend
) -> None:
    inputs = Pick(options=["cafe", "park"])
    assert PICK.json_schema(inputs)["properties"]["choice"]["enum"] == ["cafe", "park"]
    for mode in (OutputMode.JSON_SCHEMA, OutputMode.JSON_OBJECT_SCHEMA, OutputMode.TEXT):
        make_backend(server, output_mode=mode.value).complete(PICK, inputs, agent="Klaus")
    strict, with_schema, text = (r.body for r in server.chat_requests)
    assert strict["response_format"]["json_schema"]["schema"]["properties"]["choice"]["enum"] == [
        "cafe",
        "park",
    ]
    assert with_schema["response_format"]["schema"]["properties"]["choice"]["enum"] == [
        "cafe",
        "park",
    ]
    assert '"enum":["cafe","park"]' in text["messages"][-1]["content"]  # in the prompt


def test_the_tally_counts_answers_and_usable_ones_per_step_and_rung(
    make_server: Callable[..., FakeOpenAIServer],
    make_backend: Backend,
    greet_task: Any,
    greet_inputs: Any,
) -> None:
    server = make_server(faults=[Fault.MALFORMED_JSON, Fault.SERVER_ERROR, None, None])
    backend = make_backend(server)
    backend.complete(greet_task, greet_inputs(), agent="Isabella")  # bad JSON, 500, fine
    backend.complete(greet_task, greet_inputs(), agent="Isabella")  # fine
    [tally] = backend.answer_tally()
    assert (tally.task, tally.mode) == ("greet", "json_schema")
    assert (tally.answers, tally.usable) == (3, 2)  # the 500 was no answer
    assert tally.parse_rate == pytest.approx(2 / 3)


class _Unusable:
    """A model whose every answer is unusable."""

    label = "tiny-model"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        return Completion(task.fallback(inputs), Source.FALLBACK, error="no")


class _Rules:
    label = "offline brain"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        return Completion(task.fallback(inputs), Source.OFFLINE)


def test_standby_answers_are_traced_as_the_standby_s(greet_task: Any, greet_inputs: Any) -> None:
    breaker = StepBreaker(_Unusable(), _Rules(), window=2, min_calls=2, cool_down_calls=5)
    tracer = Tracer(breaker)
    traces: list[CallTrace] = []
    tracer.add_listener(traces.append)
    for _ in range(3):
        tracer.complete(greet_task, greet_inputs(), agent="Isabella")
    assert [t.label for t in traces] == ["tiny-model", "tiny-model", "offline brain"]
    assert traces[-1].source is Source.OFFLINE


def test_the_breaker_s_thresholds_come_from_the_settings(server: FakeOpenAIServer) -> None:
    base = {"base_url": server.base_url, "api_key": "k", "model": "fake-model"}
    stack = build_language_model(
        LLMSettings(**base, breaker_window=4, breaker_trip_ratio=0.5, breaker_cool_down_calls=9)
    )
    try:
        assert stack.breaker is not None
        assert (stack.breaker.window, stack.breaker.min_calls) == (4, 4)
        assert (stack.breaker.trip_ratio, stack.breaker.cool_down_calls) == (0.5, 9)
        assert stack.output_mode == "json_schema" and stack.answer_tally() == []
    finally:
        stack.close()
    off = build_language_model(LLMSettings(**base, breaker_window=0))
    try:
        assert off.breaker is None
        assert off.tracer.inner is not None
    finally:
        off.close()

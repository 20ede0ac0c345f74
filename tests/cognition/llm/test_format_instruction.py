"""What the prompt says about the answer's format on each structured-output rung: nothing on
strict `json_schema`, "JSON only" on `json_object` with the schema (a llama.cpp-style server
constrains decoding to it: the schema written out would be prompt tokens the model cannot
disobey), the schema written out on plain `json_object` and text — and on any rung when an
answer is being corrected."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from cognition.llm.openai_backend import OpenAIBackend
from cognition.llm.output_rungs import (
    FORMAT_INSTRUCTION,
    JSON_ONLY,
    OutputMode,
    format_instruction,
)
from cognition.llm.task import Source
from cognition.steps.hour_plan import HOUR_PLAN
from cognition.testing.fake_openai_replies import ChatRequest
from cognition.testing.fake_openai_server import FakeOpenAIServer
from tests.cognition.llm.test_answer_bounds import hour_inputs

Server = Callable[..., FakeOpenAIServer]
Backend = Callable[..., OpenAIBackend]

SCHEMA_TEXT = '{"type":"object"}'


def last_prompt(request: Any) -> str:
    content = request.body["messages"][-1]["content"]
    assert isinstance(content, str)
    return content


def test_each_rung_says_what_it_must() -> None:
    def said(mode: OutputMode, correcting: bool = False) -> str | None:
        return format_instruction(mode, SCHEMA_TEXT, correcting=correcting)

    written_out = FORMAT_INSTRUCTION.format(schema=SCHEMA_TEXT)
    assert said(OutputMode.JSON_SCHEMA) is None
    assert said(OutputMode.JSON_OBJECT_SCHEMA) == JSON_ONLY
    assert said(OutputMode.JSON_OBJECT_SCHEMA, correcting=True) == written_out
    assert said(OutputMode.JSON_OBJECT) == written_out
    assert said(OutputMode.TEXT) == written_out


def test_a_llama_cpp_style_server_gets_the_schema_in_the_format_not_in_the_prompt(
    make_server: Server, make_backend: Backend
) -> None:
    server = make_server(schema_only_in_json_object=True)
    backend = make_backend(server, output_mode="json_object_schema")
    completion = backend.complete(HOUR_PLAN, hour_inputs(60), agent="Klaus Mueller")
    assert completion.source is Source.MODEL and completion.attempts == 1
    (request,) = server.chat_requests
    schema = request.body["response_format"]["schema"]
    assert schema == HOUR_PLAN.json_schema(hour_inputs(60))
    prompt = last_prompt(request)
    assert prompt.endswith(JSON_ONLY) and "JSON schema:" not in prompt
    # the hour plan's schema is as long as its prompt: what the change saves each call
    assert len(json.dumps(schema, separators=(",", ":"))) > len(prompt) / 2


def test_a_corrected_answer_is_shown_the_schema(make_server: Server, make_backend: Backend) -> None:
    asked: list[ChatRequest] = []

    def first_wrong(request: ChatRequest) -> dict[str, Any] | None:
        asked.append(request)
        if len(asked) == 1:  # the first answer: a wrong shape
            return {"stretch_emoji": "x"}
        return None  # then a valid instance of the schema

    server = make_server(schema_only_in_json_object=True, answer=first_wrong)
    backend = make_backend(server, output_mode="json_object_schema")
    completion = backend.complete(HOUR_PLAN, hour_inputs(20), agent="Klaus Mueller")
    assert completion.source is Source.MODEL and completion.attempts == 2
    first, second = server.chat_requests
    assert "JSON schema:" not in last_prompt(first)
    correction = last_prompt(second)
    assert correction.startswith("That reply could not be used")
    assert "JSON schema:" in correction
    written = json.loads(correction[correction.index("JSON schema:") + len("JSON schema:") :])
    assert written == HOUR_PLAN.json_schema(hour_inputs(20))


def test_plain_json_object_still_writes_the_schema_out(
    make_server: Server, make_backend: Backend
) -> None:
    server = make_server()
    backend = make_backend(server, output_mode="json_object")
    completion = backend.complete(HOUR_PLAN, hour_inputs(20), agent="Klaus Mueller")
    (request,) = server.chat_requests
    assert "schema" not in request.body["response_format"]
    assert "JSON schema:" in last_prompt(request)
    assert completion.source is Source.MODEL  # the prompted schema, answered in full

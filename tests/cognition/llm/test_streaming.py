"""The real OpenAIBackend streaming a listened-to answer from the fake server: items reach
the listener while the server is still writing, the whole answer is validated as a plain
call's, broken streams fall back, a timeout closes the stream, and servers that do not
stream are asked plainly (logged once)."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import BaseModel, Field

from cognition.llm.openai_backend import OpenAIBackend
from cognition.llm.partial_answers import listening
from cognition.llm.task import Source, Task
from cognition.testing.fake_openai_server import ChatRequest, FakeOpenAIServer
from cognition.testing.fake_openai_stream import StreamBehaviour
from tests.cognition.llm.conftest import PROMPTS, GreetInputs, make_greet_inputs

Server = Callable[..., FakeOpenAIServer]
Backend = Callable[..., OpenAIBackend]
GUARD_S = 10.0  # a wait that only a broken test reaches


class Line(BaseModel):
    speaker: str = Field(min_length=1)
    text: str = Field(min_length=1)


class Turn(BaseModel):
    lines: list[Line] = Field(default_factory=list)


def excuse(inputs: GreetInputs) -> Turn:
    return Turn(lines=[Line(speaker=inputs.name, text="Sorry, I need to go.")])


TURN = Task("turn", str(PROMPTS / "greet.txt"), GreetInputs, Turn, excuse)
LINES = [
    {"speaker": "Isabella", "text": "Klaus! Good to see you."},
    {"speaker": "Klaus", "text": "Hi Isabella, how is the cafe?"},
    {"speaker": "Isabella", "text": "Busy, the party is on Friday."},
]
ANSWER = json.dumps({"lines": LINES})


def answering(text: str) -> Callable[[ChatRequest], str]:
    return lambda request: text


def heard_calls(
    backend: OpenAIBackend, heard: list[list[str]], inputs: GreetInputs | None = None
) -> Any:
    """One call of TURN with a listener noting the texts of each beginning it hears."""
    with listening(TURN, "lines", lambda turn: heard.append([x.text for x in turn.lines])):
        return backend.complete(TURN, inputs or make_greet_inputs(), agent="Isabella")


def test_each_line_is_heard_while_the_server_is_still_writing(
    make_server: Server, make_backend: Backend
) -> None:
    first_heard = threading.Event()
    finished_when_heard: list[int] = []

    first_line_ends = len('{"lines": [' + json.dumps(LINES[0]))
    after_first_line = -(-first_line_ends // 6) + 1  # chunk 0 is the role's

    def hold(number: int) -> None:  # the stream waits after its first line's chunks
        if number == after_first_line:
            assert first_heard.wait(GUARD_S), "the first line was never heard"

    stream = StreamBehaviour(chunk_chars=6, before_chunk=hold)
    server = make_server(answer=answering(ANSWER), stream=stream)
    heard: list[list[str]] = []

    def hear(turn: Turn) -> None:
        heard.append([line.text for line in turn.lines])
        finished_when_heard.append(stream.finished)
        first_heard.set()

    with listening(TURN, "lines", hear):
        completion = make_backend(server).complete(TURN, make_greet_inputs(), agent="Isabella")
    texts = [line["text"] for line in LINES]
    assert heard == [texts[:1], texts[:2], texts]
    assert finished_when_heard[0] == 0 and stream.finished == 1  # heard mid-stream
    assert completion.source is Source.MODEL and completion.output == Turn.model_validate_json(
        ANSWER
    )
    assert completion.raw == ANSWER
    [request] = server.chat_requests
    assert request.body["stream"] is True
    assert request.body["stream_options"] == {"include_usage": True}


def test_a_streamed_answer_is_the_plain_answer_with_the_same_usage(
    make_server: Server, make_backend: Backend
) -> None:
    server = make_server(answer=answering(ANSWER))
    backend = make_backend(server)
    plain = backend.complete(TURN, make_greet_inputs(), agent="Isabella")  # nobody listens
    streamed = heard_calls(backend, [])
    assert "stream" not in server.chat_requests[0].body  # a call nobody hears: as before
    assert streamed.output == plain.output and streamed.raw == plain.raw
    assert streamed.usage == plain.usage and not streamed.usage.estimated


def test_without_reported_usage_a_stream_is_estimated_as_a_plain_call(
    make_server: Server, make_backend: Backend
) -> None:
    server = make_server(answer=answering(ANSWER), report_usage=False)
    backend = make_backend(server)
    plain = backend.complete(TURN, make_greet_inputs(), agent="Isabella")
    streamed = heard_calls(backend, [])
    assert streamed.usage == plain.usage and streamed.usage.estimated


@pytest.mark.parametrize(
    "stream, text",
    [
        (StreamBehaviour(cut_after=9), ANSWER),  # the connection closes mid-answer
        (StreamBehaviour(), ANSWER[:70]),  # the model stopped mid-answer
        (StreamBehaviour(), "TOKEN LIMIT EXCEEDED"),  # not JSON at all
    ],
    ids=["broken-off", "truncated", "malformed"],
)
def test_a_broken_stream_falls_back_to_the_typed_default_and_is_counted(
    stream: StreamBehaviour, text: str, make_server: Server, make_backend: Backend
) -> None:
    server = make_server(answer=answering(text), stream=stream)
    backend = make_backend(server, max_retries=1)
    completion = heard_calls(backend, [])
    assert completion.source is Source.FALLBACK and completion.error
    assert completion.output == excuse(make_greet_inputs())
    assert "TOKEN LIMIT" not in completion.output.model_dump_json()
    assert backend.fallback_count == 1 and completion.attempts == 2
    assert all(request.body["stream"] for request in server.chat_requests)


def test_a_retry_is_heard_only_past_the_lines_already_heard(
    make_server: Server, make_backend: Backend
) -> None:
    two_lines = json.dumps({"lines": LINES[:2]})
    answers = iter([two_lines[:-3], ANSWER])  # the first attempt stops in its last line
    server = make_server(answer=lambda request: next(answers))
    heard: list[list[str]] = []
    completion = heard_calls(make_backend(server), heard)
    texts = [line["text"] for line in LINES]
    assert completion.source is Source.MODEL and completion.attempts == 2
    assert heard == [texts[:1], texts[:2], texts]  # each count of lines once


def test_a_timeout_closes_the_stream_and_the_server_stops_writing(
    make_server: Server, make_backend: Backend
) -> None:
    many = json.dumps({"lines": LINES * 20})
    slow = threading.Event()  # never set: a pause

    def slow_after_the_first_lines(number: int) -> None:  # about 12 s for the whole
        if number > 60:
            slow.wait(0.02)

    stream = StreamBehaviour(chunk_chars=4, before_chunk=slow_after_the_first_lines)
    server = make_server(answer=answering(many), stream=stream)
    backend = make_backend(server, timeout_s=0.5, max_retries=0)
    heard: list[list[str]] = []
    completion = heard_calls(backend, heard)
    assert completion.source is Source.FALLBACK and completion.error
    assert "timed out" in completion.error
    assert heard  # lines came before the deadline
    gone = threading.Event()
    for _ in range(int(GUARD_S / 0.05)):  # the server notices at its next writes
        if stream.cancelled:
            gone.set()
            break
        gone.wait(0.05)
    assert stream.cancelled == 1 and stream.finished == 0
    assert stream.chunks_sent < len(many) // 4


def test_a_server_that_stalls_mid_answer_is_cut_off_at_the_deadline(
    make_server: Server, make_backend: Backend
) -> None:
    released = threading.Event()

    def stall(number: int) -> None:  # after a few chunks, until the test ends
        if number == 20:
            released.wait(GUARD_S)

    stream = StreamBehaviour(chunk_chars=6, before_chunk=stall)
    server = make_server(answer=answering(ANSWER), stream=stream)
    backend = make_backend(server, timeout_s=0.5, max_retries=0)
    heard: list[list[str]] = []
    try:
        completion = heard_calls(backend, heard)
    finally:
        released.set()
    assert completion.source is Source.FALLBACK and completion.error
    assert "timed out" in completion.error and completion.attempts == 1
    assert heard == [[LINES[0]["text"]]]  # the line before the stall was heard
    assert stream.finished == 0


def test_a_server_that_ignores_stream_is_asked_plainly_after_one_log_line(
    make_server: Server, make_backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    server = make_server(answer=answering(ANSWER), stream=StreamBehaviour(mode="ignore"))
    backend = make_backend(server)
    with caplog.at_level(logging.WARNING, logger="cognition.llm.streaming"):
        first, second = heard_calls(backend, []), heard_calls(backend, [])
    assert first.source is second.source is Source.MODEL and first.attempts == 1
    assert first.output == second.output == Turn.model_validate_json(ANSWER)
    assert [r.body.get("stream") for r in server.chat_requests] == [True, None]
    assert len([r for r in caplog.records if "asked for whole" in r.getMessage()]) == 1


def test_a_server_that_refuses_stream_is_asked_plainly_at_once_after_one_log_line(
    make_server: Server, make_backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    server = make_server(answer=answering(ANSWER), stream=StreamBehaviour(mode="reject"))
    backend = make_backend(server)
    with caplog.at_level(logging.WARNING, logger="cognition.llm.streaming"):
        first, second = heard_calls(backend, []), heard_calls(backend, [])
    assert first.source is second.source is Source.MODEL
    assert first.attempts == 1 and first.error is None  # the refusal cost no retry
    assert [r.body.get("stream") for r in server.chat_requests] == [True, None, None]
    lines = [r.getMessage() for r in caplog.records if "does not stream" in r.getMessage()]
    assert len(lines) == 1 and "\n" not in lines[0]


def test_a_server_that_refuses_stream_options_streams_without_them(
    make_server: Server, make_backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    stream = StreamBehaviour(mode="reject-options")
    server = make_server(answer=answering(ANSWER), stream=stream)
    backend = make_backend(server)
    heard: list[list[str]] = []
    with caplog.at_level(logging.WARNING, logger="cognition.llm.streaming"):
        first, second = heard_calls(backend, heard), heard_calls(backend, [])
    assert first.source is second.source is Source.MODEL and first.attempts == 1
    assert len(heard) == len(LINES) and stream.finished == 2
    assert [("stream_options" in r.body) for r in server.chat_requests] == [True, False, False]
    assert first.usage.estimated  # no usage chunk: estimated, as for a plain call
    assert len([r for r in caplog.records if "without stream_options" in r.getMessage()]) == 1


def test_json_schema_refused_as_llama_cpp_does_steps_down_and_keeps_streaming(
    make_server: Server, make_backend: Backend
) -> None:
    server = make_server(schema_only_in_json_object=True)  # json_schema → HTTP 500
    backend = make_backend(server)
    heard: list[list[str]] = []
    completion = heard_calls(backend, heard)
    assert completion.source is Source.MODEL and completion.output.lines
    assert len(heard) == len(completion.output.lines)
    formats = [r.body["response_format"]["type"] for r in server.chat_requests]
    assert formats == ["json_schema", "json_object"]
    assert all(r.body["stream"] for r in server.chat_requests)
    assert "schema" in server.chat_requests[-1].body["response_format"]


def test_a_line_with_a_raw_newline_is_heard_as_the_reader_takes_it(
    make_server: Server, make_backend: Backend
) -> None:
    # a small model under a llama.cpp grammar writes control characters into strings
    text = '{"lines": [{"speaker": "Isabella", "text": "Hello,\nKlaus."}]}'
    server = make_server(answer=answering(text))
    heard: list[list[str]] = []
    completion = heard_calls(make_backend(server), heard)
    assert completion.source is Source.MODEL
    assert heard == [["Hello,\nKlaus."]] == [[x.text for x in completion.output.lines]]

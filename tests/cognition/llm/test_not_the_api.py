"""Answers that are 2xx but not the OpenAI API (issue 15, part 5), and the fake's
llama.cpp-like "schema only in json_object" mode."""

from __future__ import annotations

import json
import logging
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

import httpx2
import openai
import pytest
from openai.types.chat import ChatCompletion
from pydantic import BaseModel, Field, ValidationError

from cognition.config import LLMSettings
from cognition.llm import probe
from cognition.llm.errors import (
    NotTheAPI,
    RequestFailure,
    classify_request_error,
    first_choice,
    not_the_api,
)
from cognition.llm.openai_backend import FORMAT_INSTRUCTION, OpenAIBackend, OutputMode
from cognition.llm.schema import schema_text, strict_json_schema
from cognition.llm.task import Source
from cognition.testing.fake_openai_server import (
    DEFAULT_FAULT_KINDS,
    HOSTILE,
    NOT_THE_API,
    FakeOpenAIServer,
    Fault,
)

TEST_KEY = "sk-test-DISTINCTIVE-3f9a7c1e5b"  # the conftest's make_backend key


class Gesture(BaseModel):
    kind: Literal["wave", "nod", "hug"]
    emoji: str = Field(min_length=1, max_length=4)


class Greeting(BaseModel):
    utterance: str = Field(min_length=1)
    warmth: int = Field(ge=1, le=10)
    gesture: Gesture
    topics: list[str] = Field(min_length=1, max_length=3)


Server = Callable[..., FakeOpenAIServer]
Backend = Callable[..., OpenAIBackend]


def expected_cause(fault: Fault, server: FakeOpenAIServer) -> str:
    """What the error message must say about each non-API answer."""
    where = f"the server at {server.base_url}"
    origin = server.base_url.removesuffix("/v1")
    return {
        Fault.WEB_PAGE: f"{where} answered a web page ('Welcome to nginx!'), not the OpenAI API"
        " — does the base URL end in /v1?",
        Fault.PLAIN_TEXT: f"{where} answered plain text, not JSON ('Ollama is running')"
        " — does the base URL end in /v1?",
        Fault.NOT_JSON_BODY: f"{where} answered a body that is not JSON",
        Fault.NO_CHOICES: f"{where} answered JSON without `choices` (is it an "
        "OpenAI-compatible endpoint? does the base URL end in /v1?)",
        Fault.REDIRECT: f"{where} redirected to {origin}/login, which answered a web page "
        "('Sign in'), not the OpenAI API — is the base URL right, or is a proxy or sign-in "
        "page in the way?",
    }[fault]


# --- the backend ---------------------------------------------------------------------------


@pytest.mark.parametrize("fault", NOT_THE_API)
def test_a_non_api_answer_is_a_counted_server_fault_then_the_fallback(
    fault: Fault,
    make_server: Server,
    make_backend: Backend,
    greet_task: Any,
    greet_inputs: Any,
    sleep: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    server = make_server(faults=[fault] * 10)
    backend = make_backend(server, max_retries=2)

    with caplog.at_level(logging.WARNING, logger="cognition.llm.openai_backend"):
        completion = backend.complete(greet_task, greet_inputs(), agent="Isabella")

    assert completion.source is Source.FALLBACK
    assert completion.output == greet_task.fallback(greet_inputs())
    assert completion.attempts == 3 and len(server.chat_requests) == 3
    assert len(sleep.delays) == 2  # retried per the retry policy
    assert completion.error is not None
    assert completion.error.startswith("3 failed attempt(s); last: ")
    assert expected_cause(fault, server) in completion.error
    assert completion.raw is None  # no chat answer came back
    assert backend.fallback_count == 1
    assert backend.output_mode is OutputMode.JSON_SCHEMA  # not a reason to downgrade
    assert any(expected_cause(fault, server) in r.message for r in caplog.records)
    assert TEST_KEY not in completion.error


def test_the_redirect_is_followed_to_the_sign_in_page(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    server = make_server(faults=[Fault.REDIRECT, None])
    completion = make_backend(server).complete(greet_task, greet_inputs(), agent="Isabella")
    assert completion.source is Source.MODEL and completion.attempts == 2
    paths = [(r.method, r.path) for r in server.requests]
    assert paths[:2] == [("POST", "/v1/chat/completions"), ("GET", "/login")]


# --- Settings → Test connection ------------------------------------------------------------


@pytest.mark.parametrize("fault", NOT_THE_API)
def test_connection_says_what_is_wrong(fault: Fault, make_server: Server) -> None:
    server = make_server(faults=[fault])
    settings = LLMSettings(base_url=server.base_url, api_key=TEST_KEY, model="fake-model")

    report = probe.test_connection(settings, timeout_s=5)

    assert not report.ok
    assert report.message.startswith(expected_cause(fault, server))
    assert TEST_KEY not in report.message
    assert len(server.chat_requests) == 1  # not retried down the format ladder


class _WebPage(BaseHTTPRequestHandler):
    """A plain web server: the same page at every path, GET or POST."""

    protocol_version = "HTTP/1.0"

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""

    def do_GET(self) -> None:
        data = b"<!DOCTYPE html><html><head><title>Open WebUI</title></head></html>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.do_GET()


def test_connection_survives_a_web_server_at_every_path() -> None:
    """/models answering a web page too: no crash; the chat request says what is wrong."""
    web = ThreadingHTTPServer(("127.0.0.1", 0), _WebPage)
    thread = threading.Thread(target=web.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        where = f"http://127.0.0.1:{web.server_address[1]}"
        settings = LLMSettings(base_url=where, api_key=TEST_KEY, model="fake-model")
        report = probe.test_connection(settings, timeout_s=5)
    finally:
        web.shutdown()
        thread.join()
        web.server_close()
    assert not report.ok
    assert report.message == (
        f"the server at {where} answered a web page ('Open WebUI'), not the OpenAI API — "
        "does the base URL end in /v1?"
    )


# --- the classification on its own ----------------------------------------------------------

WHERE = "http://localhost:11434"
COMPLETION = {"choices": [{"index": 0, "message": {"role": "assistant", "content": "{}"}}]}


def test_a_chat_completion_is_the_api() -> None:
    assert not_the_api(WHERE, json.dumps(COMPLETION), content_type="application/json") is None
    # a JSON completion sent as text/plain is still read (the client parses it)
    assert not_the_api(WHERE, json.dumps(COMPLETION), content_type="text/plain") is None
    assert not_the_api(WHERE, '{"data": []}', expect="data") is None


@pytest.mark.parametrize(
    ("body", "content_type", "cause"),
    [
        ("<html><body>hi</body></html>", "", "answered a web page, not the OpenAI API"),
        ("  \n<!doctype html><title>Open WebUI</title>", "text/plain", "('Open WebUI')"),
        ("", "text/plain", "answered an empty body"),
        ("[1, 2]", "application/json", "answered JSON without `choices`"),
        ('{"error": {"message": "model is loading"}}', "application/json", "loading"),
        ("404 page not found", "text/plain", "plain text, not JSON ('404 page not found')"),
    ],
)
def test_each_non_api_body_names_its_cause(body: str, content_type: str, cause: str) -> None:
    failure = not_the_api(WHERE, body, content_type=content_type)
    assert isinstance(failure, NotTheAPI) and isinstance(failure, RequestFailure)
    assert failure.retryable and not failure.rejects_format
    assert failure.message.startswith(f"the server at {WHERE} ")
    assert cause in failure.message


def test_an_unfollowed_redirect_is_a_server_fault() -> None:
    request = httpx2.Request("POST", f"{WHERE}/chat/completions")
    response = httpx2.Response(302, headers={"location": f"{WHERE}/signin"}, request=request)
    error = openai.APIStatusError("302 Found", response=response, body=None)
    failure = classify_request_error(error)
    assert isinstance(failure, NotTheAPI) and failure.retryable
    assert failure.message.startswith(f"HTTP 302: the server redirected to {WHERE}/signin")


def test_choices_that_are_not_chat_completions_are_not_the_api() -> None:
    odd = ChatCompletion.construct(choices=["oops"])  # lenient parsing lets this through
    with pytest.raises(NotTheAPI, match="`choices` that are not chat completions"):
        first_choice(odd, WHERE)
    none = ChatCompletion.construct(choices=[])
    assert first_choice(none, WHERE) == ("", None)


def test_the_default_random_faults_are_unchanged(server: FakeOpenAIServer) -> None:
    assert not set(DEFAULT_FAULT_KINDS) & set(NOT_THE_API)
    assert not set(HOSTILE) & (set(DEFAULT_FAULT_KINDS) | set(NOT_THE_API))
    assert set(DEFAULT_FAULT_KINDS) | set(NOT_THE_API) | set(HOSTILE) == set(Fault)
    assert server.fault_kinds == DEFAULT_FAULT_KINDS


# --- the fake's schema-only-in-json_object mode ------------------------------------------------


def post_chat(server: FakeOpenAIServer, body: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        f"{server.base_url}/chat/completions",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def greeting_request(response_format: Mapping[str, Any] | None) -> dict[str, Any]:
    prompt = "Greet Klaus."
    if response_format is not None and response_format["type"] == "json_object":
        prompt += "\n\n" + FORMAT_INSTRUCTION.format(schema=schema_text(Greeting))
    body: dict[str, Any] = {"model": "m", "messages": [{"role": "user", "content": prompt}]}
    if response_format is not None:
        body["response_format"] = response_format
    return body


def content_of(reply: Mapping[str, Any]) -> str:
    content = reply["choices"][0]["message"]["content"]
    assert isinstance(content, str)
    return content


def test_schema_only_in_json_object_refuses_json_schema(make_server: Server) -> None:
    server = make_server(schema_only_in_json_object=True)
    schema = {"name": "Greeting", "schema": strict_json_schema(Greeting), "strict": True}
    status, reply = post_chat(
        server, greeting_request({"type": "json_schema", "json_schema": schema})
    )
    assert status == 500
    assert "Input should be 'text' or 'json_object'" in reply["error"]["message"]


def test_schema_only_in_json_object_honours_a_schema_sent_with_json_object(
    make_server: Server,
) -> None:
    server = make_server(schema_only_in_json_object=True)
    response_format = {"type": "json_object", "schema": strict_json_schema(Greeting)}
    status, reply = post_chat(server, greeting_request(response_format))
    assert status == 200
    Greeting.model_validate_json(content_of(reply))  # schema-valid


def test_schema_only_in_json_object_without_a_schema_misses_required_fields(
    make_server: Server,
) -> None:
    server = make_server(schema_only_in_json_object=True)
    status, reply = post_chat(server, greeting_request({"type": "json_object"}))
    assert status == 200
    data = json.loads(content_of(reply))
    assert isinstance(data, dict)  # JSON, just not what the schema asks for
    with pytest.raises(ValidationError, match="Field required"):
        Greeting.model_validate(data)


def test_a_plain_fake_still_ignores_the_json_object_schema_mode(make_server: Server) -> None:
    server = make_server()
    schema = {"name": "Greeting", "schema": strict_json_schema(Greeting), "strict": True}
    status, _ = post_chat(server, greeting_request({"type": "json_schema", "json_schema": schema}))
    assert status == 200
    status, reply = post_chat(server, greeting_request({"type": "json_object"}))
    assert status == 200
    Greeting.model_validate_json(content_of(reply))  # the prompted schema, complete

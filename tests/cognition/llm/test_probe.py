"""The connection test against the fake server: every outcome in plain words."""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import Any

from cognition.config import LLMSettings
from cognition.llm import probe
from cognition.testing.fake_openai_server import FakeOpenAIServer, Fault

Server = Callable[..., FakeOpenAIServer]
KEY = "sk-test-DISTINCTIVE-3f9a7c1e5b"


def settings_for(server: FakeOpenAIServer, **options: Any) -> LLMSettings:
    values: dict[str, Any] = {"base_url": server.base_url, "api_key": KEY, "model": "fake-model"}
    values.update(options)
    return LLMSettings(**values)


def closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def test_success_names_the_model_the_latency_and_json_schema(server: FakeOpenAIServer) -> None:
    report = probe.test_connection(settings_for(server), timeout_s=5)
    assert report.ok, report.message
    assert report.model == "fake-model"
    assert report.latency_ms is not None and report.latency_ms >= 0
    assert report.structured_output == "json_schema"
    assert report.message.startswith("connected: fake-model at http://127.0.0.1:")
    assert "json_schema" in report.message
    assert [r.path for r in server.requests] == ["/v1/models", "/v1/chat/completions"]
    sent = server.chat_requests[0]
    assert sent.body["response_format"]["type"] == "json_schema"
    assert sent.headers["authorization"] == f"Bearer {KEY}"  # the client is built with the key


def test_offline_settings_need_no_model() -> None:
    report = probe.test_connection(LLMSettings(offline=True))
    assert report.ok and report.message == "offline brain, no model needed"
    assert report.latency_ms is None


def test_nothing_configured_says_what_to_set() -> None:
    report = probe.test_connection(LLMSettings())
    assert not report.ok
    assert "server URL" in report.message and "API key" in report.message


def test_a_closed_port_is_unreachable() -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    report = probe.test_connection(LLMSettings(base_url=url, model="m"), timeout_s=5)
    assert not report.ok
    assert report.message.startswith(f"could not reach {url}: connection refused")
    assert report.structured_output == ""


def test_a_wrong_key_is_a_401_and_the_key_is_never_shown(make_server: Server) -> None:
    server = make_server(api_key="sk-the-right-one")
    report = probe.test_connection(settings_for(server), timeout_s=5)
    assert not report.ok
    assert "refused the API key (HTTP 401)" in report.message
    assert KEY not in report.message
    no_key = probe.test_connection(settings_for(server, api_key=None), timeout_s=5)
    assert "needs an API key (HTTP 401)" in no_key.message


def test_the_right_key_passes(make_server: Server) -> None:
    server = make_server(api_key=KEY)
    assert probe.test_connection(settings_for(server), timeout_s=5).ok


def test_an_unknown_model_is_reported_with_what_the_server_offers(make_server: Server) -> None:
    server = make_server(reject_unknown_model=True)
    report = probe.test_connection(settings_for(server, model="llama9"), timeout_s=5)
    assert not report.ok
    assert "the model 'llama9' was not found at http://127.0.0.1:" in report.message
    assert "it offers: fake-model" in report.message


def test_an_ollama_style_tag_counts_as_listed(make_server: Server) -> None:
    server = make_server(model="llama3.2:latest")
    report = probe.test_connection(settings_for(server, model="llama3.2"), timeout_s=5)
    assert report.ok, report.message


def test_a_server_refusing_json_schema_falls_back_to_json_mode(make_server: Server) -> None:
    server = make_server(reject_json_schema=400)
    report = probe.test_connection(settings_for(server), timeout_s=5)
    assert report.ok and report.structured_output == "json_object_schema"
    assert "refuses json_schema: the game will use JSON mode with the schema" in report.message
    formats = [r.body.get("response_format", {}) for r in server.chat_requests]
    assert [f.get("type") for f in formats] == ["json_schema", "json_object"]
    assert "schema" in formats[1]


def test_a_server_ignoring_formats_is_parsed_leniently(make_server: Server) -> None:
    server = make_server(reject_json_schema="ignore", reject_json_object="ignore")
    report = probe.test_connection(settings_for(server), timeout_s=5)
    assert report.ok and report.structured_output == "text"
    assert (
        "the server ignores json_schema: the game will ask for JSON in the prompt and parse "
        "leniently" in report.message
    )


def test_replies_that_are_never_json_are_not_ok(make_server: Server) -> None:
    server = make_server(answer=lambda request: "I am a teapot.")
    report = probe.test_connection(settings_for(server), timeout_s=5)
    assert not report.ok and "not with JSON the game can read" in report.message
    assert report.latency_ms is not None


def test_a_slow_server_times_out(make_server: Server) -> None:
    server = make_server(faults=[Fault.TIMEOUT], timeout_sleep_s=30)
    report = probe.test_connection(settings_for(server), timeout_s=0.5)
    assert not report.ok
    assert "did not answer within 0.5 s" in report.message


def test_a_server_error_is_reported_with_its_status(make_server: Server) -> None:
    server = make_server(faults=[Fault.SERVER_ERROR])
    report = probe.test_connection(settings_for(server), timeout_s=5)
    assert not report.ok and "HTTP 500" in report.message

"""A fake OpenAI-compatible HTTP server on 127.0.0.1, for tests and benchmarks.

    with FakeOpenAIServer(latency_s=0.01, faults=[Fault.RATE_LIMIT, None]) as server:
        settings = LLMSettings(base_url=server.base_url, api_key="anything")
        ...
        assert len(server.chat_requests) == 2

`/v1/chat/completions` answers with a minimal instance of the requested `json_schema` (or of a
schema written into the prompt after "JSON schema:", as the backend does in json_object and
text modes), or with what a test's `answer` function returns. `/v1/models` lists the model;
`/v1/embeddings` returns deterministic hashed 384-dim vectors. With `api_key` set, a request
without that bearer key gets 401; with `reject_unknown_model`, a chat request for another model
than `model` gets 404 (as OpenAI, Ollama and vLLM answer). Faults come from a scripted
sequence (`faults`, consumed one per chat request; `None` = answer normally), then at
`fault_rate` (seeded, drawn from `fault_kinds`: by default the six classic kinds). A hostile
server: `Fault.HANG` accepts a request and never answers (until the server stops),
`Fault.CLOSE` closes the connection without a word; `fault_rate=1.0, fault_kinds=(HANG,)` is
a server that never answers at all. The `NOT_THE_API` faults answer as something else would:
a web page or plain text with 200, a body that is not JSON, JSON without `choices`, a 302 to
`/login` (a sign-in page). With `schema_only_in_json_object` the server behaves like
llama-cpp-python's: `json_schema` gets HTTP 500, `{"type": "json_object", "schema": {…}}` a
schema-valid object, and `json_object` without a schema an object missing a required field.
Every request is recorded; `max_in_flight` is the most chat requests ever handled at once.
`"stream": true` is answered as `stream` says (`StreamBehaviour`: server-sent events).

Run it for benchmarks: `python -m cognition.testing.fake_openai_server --port 8765`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import threading
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from cognition.testing.fake_openai_replies import (
    DEFAULT_FAULT_KINDS,
    HOSTILE,
    JSON_SCHEMA_REFUSAL,
    LOGIN_PAGE,
    NOT_THE_API,
    REDIRECT_PATH,
    AnswerFunction,
    ChatRequest,
    Fault,
    RawReply,
    Rejection,
    chat_content,
    completion_body,
    embeddings_body,
    error_body,
    hashed_embedding,
    incomplete_instance,
    json_object_schema,
    models_body,
    not_the_api_reply,
    prompted_schema,
    requested_schema,
)
from cognition.testing.fake_openai_stream import StreamBehaviour

__all__ = [
    "DEFAULT_FAULT_KINDS",
    "HOSTILE",
    "NOT_THE_API",
    "REDIRECT_PATH",
    "ChatRequest",
    "FakeOpenAIServer",
    "Fault",
    "RecordedRequest",
    "Rejection",
    "hashed_embedding",
]


CHAT_ROUTE = "/v1/chat/completions"


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: Mapping[str, str]  # names lower-cased
    body: Mapping[str, Any]
    fault: Fault | None = None


class FakeOpenAIServer:
    """A threaded HTTP server in the background; use as a context manager."""

    def __init__(
        self,
        *,
        model: str = "fake-model",
        latency_s: float = 0.0,
        faults: Iterable[Fault | None] = (),
        fault_rate: float = 0.0,
        fault_kinds: Sequence[Fault] = DEFAULT_FAULT_KINDS,
        seed: int = 0,
        answer: AnswerFunction | None = None,
        reject_json_schema: Rejection | None = None,
        reject_json_object: Rejection | None = None,
        schema_only_in_json_object: bool = False,
        report_usage: bool = True,
        api_key: str | None = None,
        reject_unknown_model: bool = False,
        retry_after_s: float = 0.01,
        timeout_sleep_s: float = 5.0,
        stream: StreamBehaviour | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        self.model = model
        self.latency_s = latency_s
        self.fault_rate = fault_rate
        self.fault_kinds = tuple(fault_kinds)
        self.answer = answer
        self.reject_json_schema = reject_json_schema
        self.reject_json_object = reject_json_object
        self.schema_only_in_json_object = schema_only_in_json_object
        self.report_usage = report_usage
        self.api_key = api_key
        self.reject_unknown_model = reject_unknown_model
        self.retry_after_s = retry_after_s
        self.timeout_sleep_s = timeout_sleep_s
        self.stream = stream or StreamBehaviour()
        self._scripted_faults: deque[Fault | None] = deque(faults)
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._requests: list[RecordedRequest] = []
        self._in_flight = 0
        self._max_in_flight = 0
        self._http = _HTTPServer((host, port), _Handler, self)
        self._thread: threading.Thread | None = None

    # -- life cycle -------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        host, port = self._http.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def start(self) -> FakeOpenAIServer:
        self._thread = threading.Thread(
            target=self._http.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # wakes handlers sleeping for latency or a timeout fault
        if self._thread is not None:
            self._http.shutdown()
            self._thread.join()
            self._thread = None
        self._http.server_close()  # joins the handler threads

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    # -- what happened ----------------------------------------------------------------------

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    @property
    def chat_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if _route(r.path) == CHAT_ROUTE]

    @property
    def max_in_flight(self) -> int:
        with self._lock:
            return self._max_in_flight

    def script_faults(self, faults: Iterable[Fault | None]) -> None:
        """Queue more scripted faults (one per coming chat request)."""
        with self._lock:
            self._scripted_faults.extend(faults)

    # -- handling (called from handler threads) ---------------------------------------------

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self._requests.append(request)

    def _next_fault(self) -> Fault | None:
        with self._lock:
            if self._scripted_faults:
                return self._scripted_faults.popleft()
            if self.fault_rate > 0 and self._rng.random() < self.fault_rate:
                return self._rng.choice(self.fault_kinds)
            return None

    def _enter(self) -> None:
        with self._lock:
            self._in_flight += 1
            self._max_in_flight = max(self._max_in_flight, self._in_flight)

    def _leave(self) -> None:
        with self._lock:
            self._in_flight -= 1

    def _pause(self, seconds: float) -> None:
        if seconds > 0:
            self._stopping.wait(seconds)

    def refusal(self, headers: Mapping[str, str]) -> tuple[int, dict[str, Any]] | None:
        """401 when `api_key` is set and the request does not carry it, else None."""
        if self.api_key is None or headers.get("authorization") == f"Bearer {self.api_key}":
            return None
        return 401, error_body("Incorrect API key provided.", "invalid_request_error")

    def chat(self, body: Mapping[str, Any], fault: Fault | None) -> tuple[int, dict[str, Any]]:
        """The status and JSON body answering one chat request."""
        requested = body.get("model")
        if self.reject_unknown_model and requested != self.model:
            message = f"The model '{requested}' does not exist or you do not have access to it."
            return 404, error_body(message, "invalid_request_error")
        if (refused_stream := self.stream.refusal(body)) is not None:
            return 400, error_body(refused_stream, "invalid_request_error")
        response_format = body.get("response_format") or {}
        format_type = str(response_format.get("type", "text"))
        rejection = {"json_schema": self.reject_json_schema, "json_object": self.reject_json_object}
        refused = rejection.get(format_type)
        if self.schema_only_in_json_object and format_type == "json_schema":
            return 500, error_body(JSON_SCHEMA_REFUSAL, "server_error")
        if isinstance(refused, int):
            message = f"response_format type '{format_type}' is not supported by this server"
            return refused, error_body(message, "invalid_request_error")
        if fault is Fault.SERVER_ERROR:
            return 500, error_body("The server had an error processing your request.", "server")
        if fault is Fault.RATE_LIMIT:
            return 429, error_body("Rate limit reached. Please try again later.", "rate_limit")
        schema = requested_schema(response_format) or prompted_schema(body)
        answer = self.answer
        if self.schema_only_in_json_object and format_type == "json_object" and answer is None:
            given = json_object_schema(response_format)
            if given is not None:
                schema = given  # decoding constrained to the schema: a valid instance
            else:
                answer = _incomplete  # unconstrained JSON mode: required fields go missing
        request = ChatRequest(body, format_type, schema)
        prose = format_type == "text" or refused == "ignore"
        content = chat_content(request, fault, answer, prose=prose)
        with self._lock:
            number = len(self._requests)
        reply = completion_body(
            body, content, number=number, model=self.model, report_usage=self.report_usage
        )
        return 200, reply


def _incomplete(request: ChatRequest) -> dict[str, Any]:
    return incomplete_instance(request.schema)


def _route(path: str) -> str:
    return path.split("?", 1)[0].rstrip("/")


def _lower(headers: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Header names lower-cased, as HTTP treats them."""
    return {name.lower(): value for name, value in headers}


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = False  # server_close() joins handler threads: nothing outlives a test
    block_on_close = True

    def __init__(
        self, address: tuple[str, int], handler: type[_Handler], fake: FakeOpenAIServer
    ) -> None:
        super().__init__(address, handler)
        self.fake = fake


class _Handler(BaseHTTPRequestHandler):
    server: _HTTPServer
    protocol_version = "HTTP/1.0"  # one request per connection: no idle keep-alive threads

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: tests read `requests` instead."""

    def do_GET(self) -> None:
        fake = self.server.fake
        headers = _lower(self.headers.items())
        fake._record(RecordedRequest("GET", self.path, headers, {}))
        refused = fake.refusal(headers)
        if _route(self.path) == REDIRECT_PATH:  # where Fault.REDIRECT sends the client
            self._send_raw(RawReply(200, "text/html; charset=utf-8", LOGIN_PAGE.encode(), {}))
        elif refused is not None:
            self._send(*refused)
        elif _route(self.path) == "/v1/models":
            self._send(200, models_body(fake.model))
        else:
            self._send(404, error_body(f"no route {self.path}", "not_found"))

    def do_POST(self) -> None:
        fake = self.server.fake
        length = int(self.headers.get("Content-Length", "0"))
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except json.JSONDecodeError:
            self._send(400, error_body("request body is not JSON", "invalid_request_error"))
            return
        path = _route(self.path)
        fault = fake._next_fault() if path == CHAT_ROUTE else None
        headers = _lower(self.headers.items())
        fake._record(RecordedRequest("POST", self.path, headers, body, fault))
        refused = fake.refusal(headers)
        if refused is not None:
            self._send(*refused)
        elif path == "/v1/embeddings":
            self._send(200, embeddings_body(body))
        elif path == CHAT_ROUTE:
            self._chat(fake, body, fault)
        else:
            self._send(404, error_body(f"no route {self.path}", "not_found"))

    def _chat(self, fake: FakeOpenAIServer, body: dict[str, Any], fault: Fault | None) -> None:
        # "in flight" ends before the reply is written: its client may send the next at once
        fake._enter()
        streamed: dict[str, Any] | None = None
        try:
            fake._pause(fake.latency_s)
            if fault is Fault.TIMEOUT:
                fake._pause(fake.timeout_sleep_s)
            if fault is Fault.HANG:
                fake._stopping.wait()  # never answers: the client's deadline must end it
            if fault in (Fault.HANG, Fault.CLOSE):
                self.close_connection = True  # no reply at all: the client sees the close
                return
            raw = not_the_api_reply(fault)  # a proxy or web server answering instead of the API
            if raw is None:
                status, reply = fake.chat(body, fault)
                streamed = reply if status == 200 and fake.stream.wants_stream(body) else None
                headers = {"Retry-After": f"{fake.retry_after_s:g}"} if status == 429 else {}
                raw = RawReply(status, "application/json", json.dumps(reply).encode(), headers)
        finally:
            fake._leave()
        if streamed is None:
            self._send_raw(raw)
        else:
            fake.stream.answer(self, body, streamed, fake._pause)

    def _send(self, status: int, payload: Any, headers: Mapping[str, str] | None = None) -> None:
        data = json.dumps(payload).encode("utf-8")
        self._send_raw(RawReply(status, "application/json", data, headers or {}))

    def _send_raw(self, reply: RawReply) -> None:
        try:
            self.send_response(reply.status)
            self.send_header("Content-Type", reply.content_type)
            self.send_header("Content-Length", str(len(reply.body)))
            for name, value in reply.headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(reply.body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout fault): nothing to tell it


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--model", default="fake-model")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds per chat request")
    parser.add_argument("--fault-rate", type=float, default=0.0, help="share of faulty replies")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    server = FakeOpenAIServer(
        model=args.model,
        latency_s=args.latency,
        fault_rate=args.fault_rate,
        seed=args.seed,
        host=args.host,
        port=args.port,
    )
    with server:
        print(f"fake OpenAI server at {server.base_url} (Ctrl-C stops it)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()


if __name__ == "__main__":
    main()

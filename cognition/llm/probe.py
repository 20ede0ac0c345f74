"""Test connection: can the game reach its model server, and how will it get JSON from it?

`test_connection(settings)` makes a few small requests through the `openai` client from the
factory `OpenAIBackend` uses too (`cognition.llm.client`: the key, the base URL, no
client-side retries; only the timeout is the test's):

1. `GET /models`: is the server there, does it take the key, does it list the model?
2. one tiny chat completion down the backend's structured-output ladder: strict `json_schema`,
   then `json_object` with the schema in the prompt, then plain text read leniently.

Every outcome is a `ConnectionReport` in plain words ("could not reach http://…: connection
refused"; "the server at http://…:11434 answered a web page, not the OpenAI API — does the
base URL end in /v1?"); nothing raises, all requests together take at most `timeout_s`, and
the API key never appears in a message.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import httpx2
import openai
from pydantic import BaseModel, ValidationError

from cognition.config import LLMSettings, redact_url
from cognition.llm.client import openai_client
from cognition.llm.errors import (
    OPENAI_URL,
    NotTheAPI,
    classify_request_error,
    first_choice,
    not_the_api,
)
from cognition.llm.openai_backend import FORMAT_INSTRUCTION, OutputMode, response_format_for
from cognition.llm.parsing import UnparseableReply, parse_json_object, parse_strict_json_object
from cognition.llm.retry import RetryPolicy
from cognition.llm.schema import schema_text

__all__ = ["OFFLINE_MESSAGE", "ConnectionReport", "test_connection"]

OFFLINE_MESSAGE = "offline brain, no model needed"
PROMPT = 'This is a connection test. Answer with a JSON object whose "word" is "pong".'
Clock = Callable[[], float]
RATE_LIMIT_RETRIES = 3  # a 429 is waited out this many times before the test says busy


@dataclass(frozen=True)
class ConnectionReport:
    """What a connection test found. `structured_output` is the mode the game will use
    ("json_schema", "json_object_schema", "json_object" or "text"), or "" when no model
    answered; `check_connection` remembers it for the endpoint (game.files.endpoints)."""

    ok: bool
    model: str
    latency_ms: float | None
    message: str
    structured_output: str = ""


class ConnectionCheck(BaseModel):
    """The tiny answer the test asks for."""

    word: str


class _Stop(Exception):
    """A request failed in a way that ends the test; `report` says how."""

    def __init__(self, report: ConnectionReport) -> None:
        super().__init__(report.message)
        self.report = report


def test_connection(
    settings: LLMSettings,
    timeout_s: float = 10.0,
    *,
    clock: Clock = time.perf_counter,
    sleep: Callable[[float], None] = time.sleep,
) -> ConnectionReport:
    """Reach the server `settings` name and report on it; see the module docstring. A 429
    (a busy server, a rate limit) is waited out with backoff, within `timeout_s`."""
    if settings.offline:
        return ConnectionReport(True, "offline brain", None, OFFLINE_MESSAGE)
    if settings.base_url is None and settings.api_key is None:
        message = (
            "nothing to connect to: set a server URL (Ollama, LM Studio) or an API key for "
            "OpenAI; until then the offline brain runs the town"
        )
        return ConnectionReport(False, settings.model, None, message)
    client = openai_client(settings, timeout_s)
    with client:
        return _Probe(client, settings, timeout_s, clock, sleep).run()


test_connection.__test__ = False  # type: ignore[attr-defined]  # not a pytest test


class _Probe:
    def __init__(
        self,
        client: openai.OpenAI,
        settings: LLMSettings,
        timeout_s: float,
        clock: Clock,
        sleep: Callable[[float], None],
    ) -> None:
        self.client = client
        self.settings = settings
        self.model = settings.model
        self.where = redact_url(settings.base_url) or OPENAI_URL
        self.sleep = sleep
        self.backoff = RetryPolicy(max_retries=RATE_LIMIT_RETRIES, base_delay_s=0.5)
        self.timeout_s = timeout_s
        self.clock = clock
        self.deadline = clock() + timeout_s
        self.offered: list[str] | None = None  # the server's model list, when it has one

    def run(self) -> ConnectionReport:
        try:
            self.offered = self._list_models()
            return self._chat()
        except _Stop as stop:
            return stop.report

    # --- the requests -------------------------------------------------------------------

    def _remaining(self) -> float:
        left = self.deadline - self.clock()
        if left <= 0:
            raise _Stop(self._timed_out())
        return left

    def _list_models(self) -> list[str] | None:
        client = self.client.with_options(timeout=self._remaining())
        try:
            answer = client.models.with_raw_response.list()
            self._check(answer.http_response, expect="data")
            entries = answer.parse().data
        except (openai.AuthenticationError, openai.PermissionDeniedError) as error:
            raise _Stop(self._bad_key(error.status_code)) from None
        except (openai.APIConnectionError, openai.APITimeoutError) as error:
            raise _Stop(self._failed_to_connect(error)) from None
        except (openai.OpenAIError, NotTheAPI):
            return None  # no model list here (llama.cpp, some proxies): the chat decides
        ids = [getattr(entry, "id", None) for entry in entries]
        return [entry for entry in ids if isinstance(entry, str)]

    def _chat(self) -> ConnectionReport:
        notes: list[str] = []
        latency_ms: float | None = None
        for mode in OutputMode:  # best first
            started = self.clock()
            try:
                text = self._ask_patiently(mode)
            except NotTheAPI as not_api:
                raise _Stop(self._failure(not_api.message)) from None
            except openai.OpenAIError as error:
                failure = classify_request_error(error)
                if failure.rejects_format and mode is not OutputMode.TEXT:
                    notes.append(f"refuses {mode.value}")
                    continue
                raise _Stop(self._chat_failed(error)) from None
            if latency_ms is None:
                latency_ms = round((self.clock() - started) * 1000, 1)
            if _readable(text, mode):
                return self._success(mode, latency_ms, notes)
            if mode is not OutputMode.TEXT:
                notes.append(f"ignores {mode.value}")
        message = (
            f"{self.model} at {self.where} answers, but not with JSON the game can read: "
            "its minds will often fall back to simple behaviour; a larger model may do better"
        )
        return ConnectionReport(False, self.model, latency_ms, self._redact(message), "text")

    def _ask_patiently(self, mode: OutputMode) -> str:
        """`_ask`, with a 429 waited out (its Retry-After, else backoff) a few times while
        the test's time lasts; the last 429 goes on up."""
        for retry in range(RATE_LIMIT_RETRIES):
            try:
                return self._ask(mode)
            except openai.RateLimitError as error:
                wait = self.backoff.delay(retry, classify_request_error(error).retry_after_s)
                if wait >= self._remaining():
                    raise
                self.sleep(wait)
        return self._ask(mode)

    def _ask(self, mode: OutputMode) -> str:
        prompt = PROMPT
        response_format = response_format_for(mode, ConnectionCheck)
        if mode is not OutputMode.JSON_SCHEMA:
            prompt += "\n\n" + FORMAT_INSTRUCTION.format(schema=schema_text(ConnectionCheck))
        client = self.client.with_options(timeout=self._remaining())
        answer = client.chat.completions.with_raw_response.create(
            model=self.model,
            messages=cast(Any, [{"role": "user", "content": prompt}]),
            response_format=response_format,
            max_tokens=50,
        )
        self._check(answer.http_response, expect="choices")
        content, _refusal = first_choice(answer.parse(), self.where)
        return content

    def _check(self, http: httpx2.Response, *, expect: str) -> None:
        """Raise `NotTheAPI` when the answer is a web page, plain text, a redirect… (2xx)."""
        failure = not_the_api(
            self.where,
            http.text,
            content_type=http.headers.get("content-type", ""),
            redirected_to=str(http.url) if http.history else None,
            expect=expect,
        )
        if failure is not None:
            raise failure

    # --- the reports --------------------------------------------------------------------

    def _success(self, mode: OutputMode, latency_ms: float, notes: list[str]) -> ConnectionReport:
        message = f"connected: {self.model} at {self.where} answered in {latency_ms:.0f} ms"
        how = notes[0] if notes else ""
        if mode is OutputMode.JSON_SCHEMA:
            message += "; structured output (json_schema) works"
        elif mode is OutputMode.JSON_OBJECT_SCHEMA:
            message += (
                f"; the server {how}: the game will use JSON mode with the schema, which it "
                "follows while it writes (llama.cpp-style)"
            )
        elif mode is OutputMode.JSON_OBJECT:
            message += (
                f"; the server {how}: the game will use JSON mode with the schema in the prompt"
            )
        else:
            message += (
                f"; the server {how}: the game will ask for JSON in the prompt and parse leniently"
            )
        return ConnectionReport(True, self.model, latency_ms, self._redact(message), mode.value)

    def _failure(self, message: str) -> ConnectionReport:
        return ConnectionReport(False, self.model, None, self._redact(message))

    def _timed_out(self) -> ConnectionReport:
        return self._failure(
            f"{self.where} did not answer within {self.timeout_s:g} s "
            "(a local model may still be loading: try again)"
        )

    def _failed_to_connect(self, error: openai.OpenAIError) -> ConnectionReport:
        if isinstance(error, openai.APITimeoutError):
            return self._timed_out()
        return self._failure(f"could not reach {self.where}: {_connection_reason(error)}")

    def _bad_key(self, status: int) -> ConnectionReport:
        if self.settings.api_key is None:
            return self._failure(
                f"{self.where} needs an API key (HTTP {status}): set OPENAI_API_KEY or type "
                "one in Settings"
            )
        return self._failure(
            f"{self.where} refused the API key (HTTP {status}): check OPENAI_API_KEY or the "
            "key typed in Settings"
        )

    def _chat_failed(self, error: openai.OpenAIError) -> ConnectionReport:
        if isinstance(error, openai.APIConnectionError | openai.APITimeoutError):
            return self._failed_to_connect(error)
        if isinstance(error, openai.AuthenticationError | openai.PermissionDeniedError):
            return self._bad_key(error.status_code)
        detail = classify_request_error(error).message
        if isinstance(error, openai.NotFoundError) or _missing_from(self.model, self.offered):
            if self.offered:
                offered = ", ".join(self.offered[:6]) + (", …" if len(self.offered) > 6 else "")
                return self._failure(
                    f"the model {self.model!r} was not found at {self.where}; it offers: {offered}"
                )
            return self._failure(
                f"{self.where} does not know the model {self.model!r} ({detail}); check the "
                "model name, and that the URL is right (it usually ends in /v1)"
            )
        return self._failure(f"{self.where} answered with an error: {detail}")

    def _redact(self, message: str) -> str:
        key = self.settings.api_key.get_secret_value() if self.settings.api_key else ""
        return message.replace(key, "***") if len(key) >= 4 else message


def _readable(text: str, mode: OutputMode) -> bool:
    """True when `text` holds a valid `ConnectionCheck`, read as the backend reads it."""
    try:
        data = (
            parse_json_object(text) if mode is OutputMode.TEXT else parse_strict_json_object(text)
        )
        ConnectionCheck.model_validate(data)
    except (UnparseableReply, ValidationError):
        return False
    return True


def _missing_from(model: str, offered: list[str] | None) -> bool:
    """True when the server listed its models and `model` is not among them (Ollama lists
    "llama3.2:latest" for "llama3.2")."""
    if offered is None:
        return False
    return not any(entry == model or entry.startswith(model + ":") for entry in offered)


def _connection_reason(error: BaseException) -> str:
    """The root cause of a connection error in a few words."""
    causes: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and len(causes) < 10:
        causes.append(current)
        current = current.__cause__ or current.__context__
    text = " ".join(str(cause) for cause in causes).lower()
    if any(isinstance(cause, ConnectionRefusedError) for cause in causes) or "refused" in text:
        return "connection refused (is the server running, and is the port right?)"
    if any(word in text for word in ("name or service", "nodename", "getaddrinfo", "resolve")):
        return "the host name was not found"
    if "ssl" in text or "certificate" in text:
        return "the secure connection failed (is it http or https?)"
    root = str(causes[-1]) or type(causes[-1]).__name__
    return root[:200]

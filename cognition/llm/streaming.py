"""Answers streamed from an OpenAI-compatible server, heard while they are decoded.

A call someone listens to (`partial_answers.listening`: a talk's turn, line by line) is asked
with `stream=True`. `stream_answer` reads the server-sent chunks, hands the answer's text so
far to `on_text` after each piece (the backend's `ItemsHeard` turns it into the listener's
beginnings) and returns the whole text, with the usage the server reported
(`stream_options.include_usage`; None when it sent none: the backend estimates it, as for a
plain call). The whole text is then read and validated exactly as a plain call's answer.

A stream is a call that can be stopped: past the call's deadline the response is closed
(checked at each chunk; a server that stalls mid-answer is waited for as long as the time
left when the call was sent, the read timeout), and llama.cpp's server (and
llama-cpp-python's, vLLM's, Ollama's) stops decoding when its client goes — a plain call
that timed out leaves the server writing an answer nobody reads, holding its slot.

`ServerStreaming` remembers what the server does with `stream`: one that refuses it (an
error naming `stream`) or ignores it (answers the whole at once, as plain JSON — that answer
is used) is asked plainly ever after; one that refuses only `stream_options` streams without
it. Each is logged once, in one line.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import openai
from openai.types.chat import ChatCompletion

from cognition.llm.errors import (
    RequestFailure,
    classify_request_error,
    first_choice,
    not_the_api,
)
from cognition.llm.task import Usage

__all__ = [
    "ServerAnswer",
    "ServerStreaming",
    "StreamRefused",
    "plain_answer",
    "reported_usage",
    "server_answer",
    "stream_answer",
]

logger = logging.getLogger(__name__)

EVENT_STREAM = "text/event-stream"
TIMED_OUT = "request timed out (the stream was closed)"
_STREAM_WORD = re.compile(r"\bstream(_options)?\b", re.IGNORECASE)
_NOT_ABOUT_STREAMING = {408, 409, 429}


class StreamRefused(Exception):
    """The server refused `stream` (or, `options_only`, only `stream_options`)."""

    def __init__(self, message: str, *, options_only: bool) -> None:
        super().__init__(message)
        self.message, self.options_only = message, options_only


@dataclass(frozen=True)
class ServerAnswer:
    text: str
    refusal: str | None
    usage: Usage | None  # as the server reported it; None: none reported
    streamed: bool = True  # False: answered whole (a plain call, or a server ignoring stream)


class ServerStreaming:
    """Whether to ask one server for streams, and with `stream_options`, as learned."""

    def __init__(self, where: str) -> None:
        self._where = where  # the server's URL, redacted: for messages
        self._lock = threading.Lock()
        self._streams = True
        self._usage_option = True

    @property
    def streams(self) -> bool:
        with self._lock:
            return self._streams

    def options(self) -> dict[str, Any]:
        """The request's streaming parameters."""
        with self._lock:
            if self._usage_option:
                return {"stream": True, "stream_options": {"include_usage": True}}
        return {"stream": True}

    def refused(self, refusal: StreamRefused) -> None:
        """Ask without what the server refused from now on (logged once)."""
        with self._lock:
            if refusal.options_only and self._usage_option:
                self._usage_option = False
                what = "streams without stream_options (usage is estimated)"
            elif not refusal.options_only and self._streams:
                self._streams = False
                what = "does not stream; answers are asked for whole"
            else:
                return
        logger.warning("the server at %s %s: %s", self._where, what, refusal.message[:200])

    def ignored(self) -> None:
        """The server answered a stream request whole: ask it plainly from now on."""
        with self._lock:
            if not self._streams:
                return
            self._streams = False
        logger.warning(
            "the server at %s answered a stream request whole; answers are asked for whole",
            self._where,
        )


def server_answer(
    client: openai.OpenAI,
    request: Mapping[str, Any],
    *,
    streaming: ServerStreaming,
    where: str,
    deadline: float,
    clock: Callable[[], float],
    on_text: Callable[[str], None] | None,
) -> ServerAnswer:
    """One attempt at `request` (a chat completion's parameters) within `deadline` (on
    `clock`): a stream when `on_text` hears it and the server streams, else a plain call
    (also when the server refuses the stream: then at once). Raises a `RequestFailure`."""
    for _ in range(3):  # each refusal turns off stream_options, then the stream itself
        if on_text is None or not streaming.streams:
            break
        try:
            answer = stream_answer(
                client,
                request,
                streaming=streaming,
                where=where,
                deadline=deadline,
                clock=clock,
                on_text=on_text,
            )
        except StreamRefused as refusal:
            streaming.refused(refusal)  # asked again: plainly, or without stream_options
            continue
        if not answer.streamed:
            streaming.ignored()
        return answer
    left = deadline - clock()
    if left <= 0:
        raise RequestFailure("request timed out", retryable=True)
    return plain_answer(client, request, where=where, timeout_s=left)


def plain_answer(
    client: openai.OpenAI, request: Mapping[str, Any], *, where: str, timeout_s: float
) -> ServerAnswer:
    """`request` asked whole, within `timeout_s`. Raises a `RequestFailure`."""
    try:
        answer = client.chat.completions.with_raw_response.create(**request, timeout=timeout_s)
        http = answer.http_response
        failure = not_the_api(
            where,
            http.text,
            content_type=http.headers.get("content-type", ""),
            redirected_to=str(http.url) if http.history else None,
        )
        if failure is not None:
            raise failure
        response = answer.parse()
    except openai.OpenAIError as error:
        raise classify_request_error(error) from error
    text, refusal = first_choice(response, where)
    return ServerAnswer(text, refusal, reported_usage(response), streamed=False)


def stream_answer(
    client: openai.OpenAI,
    request: Mapping[str, Any],
    *,
    streaming: ServerStreaming,
    where: str,
    deadline: float,
    clock: Callable[[], float],
    on_text: Callable[[str], None],
) -> ServerAnswer:
    """`request` (a chat completion's parameters) asked as a stream, read within `deadline`
    (on `clock`); `on_text` hears the text so far after each piece. Raises `StreamRefused`,
    or a `RequestFailure` (a timeout closes the stream first)."""
    try:
        answer = client.chat.completions.with_raw_response.create(
            **request, **streaming.options(), timeout=max(deadline - clock(), 0.001)
        )
    except openai.OpenAIError as error:
        raise _refused_or_failed(error) from error
    http = answer.http_response
    if not http.headers.get("content-type", "").lower().startswith(EVENT_STREAM):
        return _whole(http, where)
    chunks = answer.parse()
    try:
        return _read_chunks(chunks, deadline, clock, on_text)
    except openai.OpenAIError as error:
        raise classify_request_error(error) from error
    finally:
        chunks.close()  # the server stops decoding when its client goes


def _read_chunks(
    chunks: Any, deadline: float, clock: Callable[[], float], on_text: Callable[[str], None]
) -> ServerAnswer:
    pieces: list[str] = []
    refusals: list[str] = []
    usage: Usage | None = None
    for chunk in chunks:
        usage = reported_usage(chunk) or usage
        content, refusal = _delta(chunk)
        if refusal:
            refusals.append(refusal)
        if content:
            pieces.append(content)
            on_text("".join(pieces))
        if clock() >= deadline:
            raise RequestFailure(TIMED_OUT, retryable=True)
    return ServerAnswer("".join(pieces), "".join(refusals) or None, usage)


def _delta(chunk: Any) -> tuple[str, str | None]:
    """A chunk's first choice's new content and refusal ("" and None when it has none)."""
    try:
        choices = chunk.choices or []
        delta = choices[0].delta if choices else None
        content = getattr(delta, "content", None)
        refusal = getattr(delta, "refusal", None)
    except (AttributeError, TypeError, IndexError, KeyError):
        return "", None
    return (
        content if isinstance(content, str) else "",
        refusal if isinstance(refusal, str) else None,
    )


def _whole(http: Any, where: str) -> ServerAnswer:
    """The answer of a server that ignored `stream` and sent it whole (or not the API)."""
    http.read()
    body = http.text
    failure = not_the_api(
        where,
        body,
        content_type=http.headers.get("content-type", ""),
        redirected_to=str(http.url) if http.history else None,
    )
    if failure is not None:
        raise failure
    response = ChatCompletion.construct(**json.loads(body))
    text, refusal = first_choice(response, where)
    return ServerAnswer(text, refusal, reported_usage(response), streamed=False)


def _refused_or_failed(error: openai.OpenAIError) -> Exception:
    failure = classify_request_error(error)
    if (
        isinstance(error, openai.APIStatusError)
        and error.status_code >= 400
        and error.status_code not in _NOT_ABOUT_STREAMING
        and not failure.rejects_format
        and (named := _STREAM_WORD.search(failure.message)) is not None
    ):
        return StreamRefused(failure.message, options_only=named.group(1) is not None)
    return failure


def reported_usage(response: Any) -> Usage | None:
    """A response's (or chunk's) token counts, or None when it has none that are numbers."""
    try:
        usage = response.usage
        if usage is None:
            return None
        prompt, completion = usage.prompt_tokens, usage.completion_tokens
    except AttributeError:
        return None
    if isinstance(prompt, int) and isinstance(completion, int):
        return Usage(prompt, completion)
    return None

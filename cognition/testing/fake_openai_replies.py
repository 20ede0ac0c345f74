"""The bodies the fake OpenAI server answers with: pure functions of the request.

Kept apart from the HTTP plumbing in `fake_openai_server` so they can be read (and tested)
on their own.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import struct
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from cognition.testing.schema_instance import schema_instance, schema_violation

__all__ = [
    "DEFAULT_FAULT_KINDS",
    "EMBEDDING_DIMENSIONS",
    "JSON_SCHEMA_REFUSAL",
    "LOGIN_PAGE",
    "NOT_THE_API",
    "REDIRECT_PATH",
    "AnswerFunction",
    "ChatRequest",
    "Fault",
    "RawReply",
    "Rejection",
    "chat_content",
    "completion_body",
    "embeddings_body",
    "error_body",
    "hashed_embedding",
    "incomplete_instance",
    "json_object_schema",
    "models_body",
    "not_the_api_reply",
    "prompted_schema",
    "requested_schema",
]

EMBEDDING_DIMENSIONS = 384
SCHEMA_MARKER = "JSON schema:"


class Fault(StrEnum):
    """What can go wrong with one chat request."""

    SERVER_ERROR = "server_error"  # HTTP 500
    RATE_LIMIT = "rate_limit"  # HTTP 429 with Retry-After
    TIMEOUT = "timeout"  # sleeps past the client's timeout
    HANG = "hang"  # accepts the request and never answers (until the server stops)
    CLOSE = "close"  # closes the connection without a word
    MALFORMED_JSON = "malformed_json"  # the content is cut-off JSON
    EMPTY_CONTENT = "empty_content"  # the content is ""
    SCHEMA_VIOLATION = "schema_violation"  # valid JSON, wrong types
    # answers that are not the OpenAI API (a proxy, a web UI, a base URL without /v1), all 2xx
    # unless said otherwise:
    WEB_PAGE = "web_page"  # an HTML page, text/html
    PLAIN_TEXT = "plain_text"  # "Ollama is running", text/plain
    NOT_JSON_BODY = "not_json_body"  # application/json, but the body is cut-off JSON
    NO_CHOICES = "no_choices"  # a JSON object without `choices` (Ollama's native /api/chat)
    REDIRECT = "redirect"  # 302 to REDIRECT_PATH, which answers a sign-in web page


# The kinds drawn at `fault_rate` unless a test says else (as before the non-API kinds came).
DEFAULT_FAULT_KINDS: tuple[Fault, ...] = (
    Fault.SERVER_ERROR,
    Fault.RATE_LIMIT,
    Fault.TIMEOUT,
    Fault.MALFORMED_JSON,
    Fault.EMPTY_CONTENT,
    Fault.SCHEMA_VIOLATION,
)
HOSTILE: tuple[Fault, ...] = (Fault.HANG, Fault.CLOSE)  # servers that answer nothing
NOT_THE_API: tuple[Fault, ...] = (
    Fault.WEB_PAGE,
    Fault.PLAIN_TEXT,
    Fault.NOT_JSON_BODY,
    Fault.NO_CHOICES,
    Fault.REDIRECT,
)
REDIRECT_PATH = "/login"
WEB_PAGE = (
    "<!DOCTYPE html>\n<html><head><title>Welcome to nginx!</title></head>\n"
    "<body><h1>Welcome to nginx!</h1><p>If you see this page, the web server works.</p>"
    "</body></html>\n"
)
LOGIN_PAGE = (
    "<!DOCTYPE html>\n<html><head><title>Sign in</title></head>\n"
    '<body><form method="post"><input name="user"><input name="password" type="password">'
    "</form></body></html>\n"
)
# what llama-cpp-python's server answers (HTTP 500) to response_format json_schema
JSON_SCHEMA_REFUSAL = (
    "1 validation error for CreateChatCompletionRequest: response_format.type: "
    "Input should be 'text' or 'json_object'"
)


@dataclass(frozen=True)
class RawReply:
    """A reply that is not a JSON API answer: status, content type, body bytes, headers."""

    status: int
    content_type: str
    body: bytes
    headers: Mapping[str, str]


def not_the_api_reply(fault: Fault | None) -> RawReply | None:
    """The answer for a non-API fault (`NOT_THE_API`), else None."""
    if fault is Fault.WEB_PAGE:
        return RawReply(200, "text/html; charset=utf-8", WEB_PAGE.encode(), {})
    if fault is Fault.PLAIN_TEXT:
        return RawReply(200, "text/plain; charset=utf-8", b"Ollama is running", {})
    if fault is Fault.NOT_JSON_BODY:
        return RawReply(200, "application/json", b'{"id": "chatcmpl-1", "choices": [{"ind', {})
    if fault is Fault.NO_CHOICES:
        body = {
            "model": "llama3.2",
            "created_at": "2026-11-23T12:00:00Z",
            "message": {"role": "assistant", "content": "Hello!"},
            "done": True,
        }
        return RawReply(200, "application/json", json.dumps(body).encode(), {})
    if fault is Fault.REDIRECT:
        return RawReply(302, "text/html", b"", {"Location": REDIRECT_PATH})
    return None


def json_object_schema(response_format: Mapping[str, Any]) -> dict[str, Any] | None:
    """The schema sent with `{"type": "json_object", "schema": {…}}` (llama.cpp's form)."""
    if response_format.get("type") != "json_object":
        return None
    schema = response_format.get("schema")
    return schema if isinstance(schema, dict) else None


def incomplete_instance(schema: Mapping[str, Any] | None) -> dict[str, Any]:
    """An instance of `schema` missing its last required field, as a small model writes
    when JSON mode does not constrain it to the schema."""
    if schema is None:
        return {"answer": "fake reply"}
    instance = schema_instance(dict(schema))
    if not isinstance(instance, dict):
        return {}
    required = [name for name in schema.get("required", []) if name in instance]
    if required:
        del instance[required[-1]]
    return instance


# How a server treats a response_format it does not support: an HTTP status, or "ignore"
# (it answers in prose as if no format had been asked for).
Rejection = Literal[400, 422, 500, "ignore"]


@dataclass(frozen=True)
class ChatRequest:
    """What an `answer` function sees."""

    body: Mapping[str, Any]
    format_type: str  # "json_schema", "json_object" or "text"
    schema: Mapping[str, Any] | None  # the requested or prompted schema, if any

    @property
    def messages(self) -> list[Mapping[str, Any]]:
        return list(self.body.get("messages", []))


# returns the content to send (a string as is, a mapping as JSON), or None for the default
AnswerFunction = Callable[[ChatRequest], "str | Mapping[str, Any] | None"]


def chat_content(
    request: ChatRequest, fault: Fault | None, answer: AnswerFunction | None, *, prose: bool
) -> str:
    """The assistant's content: a schema-valid instance unless a fault or `answer` says else.

    With `prose`, the JSON comes wrapped in a sentence and a code fence, as chatty models do.
    """
    if fault is Fault.EMPTY_CONTENT:
        return ""
    schema = dict(request.schema) if request.schema is not None else None
    if fault is Fault.SCHEMA_VIOLATION:
        return json.dumps(schema_violation(schema or {}))
    reply = answer(request) if answer is not None else None
    if reply is None:
        reply = schema_instance(schema) if schema is not None else {"answer": "fake reply"}
    text = reply if isinstance(reply, str) else json.dumps(reply)
    if fault is Fault.MALFORMED_JSON:
        return text[: max(1, len(text) // 2)]
    if prose:
        return f"Sure! Here is my answer:\n```json\n{text}\n```\nLet me know if you need more."
    return text


def completion_body(
    body: Mapping[str, Any], content: str, *, number: int, model: str, report_usage: bool
) -> dict[str, Any]:
    reply: dict[str, Any] = {
        "id": f"chatcmpl-fake-{number}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", model),
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
    }
    if report_usage:
        prompt = sum(len(str(m.get("content", ""))) for m in body.get("messages", []))
        prompt_tokens, completion_tokens = prompt // 4 + 1, len(content) // 4 + 1
        reply["usage"] = {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        }
    return reply


def hashed_embedding(text: str, dimensions: int = EMBEDDING_DIMENSIONS) -> list[float]:
    """A deterministic unit vector: each word adds ±1 at a hashed position."""
    vector = [0.0] * dimensions
    for word in text.lower().split() or [""]:
        digest = hashlib.sha256(word.encode("utf-8")).digest()
        index = int.from_bytes(digest[:4], "little") % dimensions
        vector[index] += 1.0 if digest[4] % 2 == 0 else -1.0
    norm = math.sqrt(sum(v * v for v in vector)) or 1.0
    return [v / norm for v in vector]


def embeddings_body(body: Mapping[str, Any]) -> dict[str, Any]:
    raw = body.get("input", "")
    texts = [raw] if isinstance(raw, str) else [str(item) for item in raw]
    as_base64 = body.get("encoding_format") == "base64"
    data = []
    for index, text in enumerate(texts):
        vector = hashed_embedding(text)
        encoded: Any = vector
        if as_base64:
            packed = struct.pack(f"<{len(vector)}f", *vector)
            encoded = base64.b64encode(packed).decode("ascii")
        data.append({"object": "embedding", "index": index, "embedding": encoded})
    tokens = sum(len(t.split()) for t in texts)
    return {
        "object": "list",
        "data": data,
        "model": body.get("model", "fake-embeddings"),
        "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
    }


def models_body(model: str) -> dict[str, Any]:
    entry = {"id": model, "object": "model", "created": 0, "owned_by": "fake"}
    return {"object": "list", "data": [entry]}


def error_body(message: str, kind: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "param": None, "code": None}}


def requested_schema(response_format: Mapping[str, Any]) -> dict[str, Any] | None:
    if response_format.get("type") != "json_schema":
        return None
    schema = response_format.get("json_schema", {}).get("schema")
    return schema if isinstance(schema, dict) else None


def prompted_schema(body: Mapping[str, Any]) -> dict[str, Any] | None:
    """A JSON schema written into the prompt after "JSON schema:" (json_object/text modes)."""
    for message in reversed(body.get("messages", [])):
        content = str(message.get("content", ""))
        marker = content.rfind(SCHEMA_MARKER)
        if marker < 0:
            continue
        text = content[marker + len(SCHEMA_MARKER) :].lstrip()
        try:
            schema, _ = json.JSONDecoder().raw_decode(text)
        except json.JSONDecodeError:
            continue
        if isinstance(schema, dict):
            return schema
    return None

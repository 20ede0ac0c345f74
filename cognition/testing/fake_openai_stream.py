"""How the fake OpenAI-compatible server answers a request with `"stream": true`.

`StreamBehaviour` says what the server does with it:

- `mode="sse"` (the default): the answer as server-sent events, a few characters a chunk
  (`chunk_chars`), `chunk_s` apart, then `data: [DONE]`; with `stream_options.include_usage`
  (and usage reported) a last chunk with no choices and the usage, as OpenAI and vLLM send;
- `mode="ignore"`: the whole answer at once, as plain JSON (a server that does not stream);
- `mode="reject"`: HTTP 400 "streaming is not supported" (a server that refuses it);
- `mode="reject-options"`: streams, but answers HTTP 400 to a request carrying
  `stream_options` (a server that knows no usage chunk).

`cut_after=N` ends the stream after N chunks without `[DONE]` (the connection closes: a
stream that broke off); `before_chunk(n)`, if given, is called before chunk n is written (a
test holds the stream there). The behaviour counts the streams begun, finished and cancelled (the
client closed the connection before the end: a server would stop decoding there) and the
chunks written.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from io import BufferedIOBase
from typing import Any, Literal

__all__ = ["OPTIONS_REFUSAL", "STREAM_REFUSAL", "StreamBehaviour", "stream_chunks"]

STREAM_REFUSAL = "streaming is not supported by this server (stream: true)"
OPTIONS_REFUSAL = "Unrecognized request argument supplied: stream_options"


@dataclass
class StreamBehaviour:
    """What the fake server does with `"stream": true`, and what it did."""

    mode: Literal["sse", "ignore", "reject", "reject-options"] = "sse"
    chunk_chars: int = 8
    chunk_s: float = 0.0
    cut_after: int | None = None
    before_chunk: Callable[[int], None] | None = None
    begun: int = 0
    finished: int = 0
    cancelled: int = 0
    chunks_sent: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def wants_stream(self, body: Mapping[str, Any]) -> bool:
        return bool(body.get("stream")) and self.mode in ("sse", "reject-options")

    def refusal(self, body: Mapping[str, Any]) -> str | None:
        """The error message refusing `body`'s streaming, if this server refuses it."""
        if self.mode == "reject" and body.get("stream"):
            return STREAM_REFUSAL
        if self.mode == "reject-options" and "stream_options" in body:
            return OPTIONS_REFUSAL
        return None

    def answer(
        self,
        handler: BaseHTTPRequestHandler,
        body: Mapping[str, Any],
        reply: Mapping[str, Any],
        pause: Callable[[float], None],
    ) -> None:
        """Send `reply` (a chat completion) through `handler` as a stream of events (HTTP/1.0:
        the stream ends when the connection closes)."""
        handler.send_response(200)
        handler.send_header("Content-Type", "text/event-stream")
        handler.end_headers()
        self.write(handler.wfile, body, reply, pause)

    def write(
        self,
        out: BufferedIOBase,
        body: Mapping[str, Any],
        reply: Mapping[str, Any],
        pause: Callable[[float], None],
    ) -> None:
        """Write `reply` to `out` as a stream of chunks; a client that goes away ends it
        (counted as cancelled)."""
        options = body.get("stream_options") or {}
        usage = bool(options.get("include_usage")) if isinstance(options, dict) else False
        chunks = stream_chunks(reply, self.chunk_chars, include_usage=usage)
        with self._lock:
            self.begun += 1
        try:
            for number, chunk in enumerate(chunks):
                if self.cut_after is not None and number >= self.cut_after:
                    return  # broken off: no [DONE]
                if number and self.chunk_s > 0:
                    pause(self.chunk_s)
                if self.before_chunk is not None:
                    self.before_chunk(number)
                out.write(f"data: {json.dumps(chunk)}\n\n".encode())
                out.flush()
                with self._lock:
                    self.chunks_sent += 1
            out.write(b"data: [DONE]\n\n")
            out.flush()
            with self._lock:
                self.finished += 1
        except (BrokenPipeError, ConnectionResetError):
            with self._lock:
                self.cancelled += 1


def stream_chunks(
    reply: Mapping[str, Any], chunk_chars: int, *, include_usage: bool
) -> list[dict[str, Any]]:
    """A chat completion as `chat.completion.chunk`s: the role, the content `chunk_chars`
    characters at a time, the finish reason, and (`include_usage`) the usage."""
    content = str(reply["choices"][0]["message"]["content"])
    step = max(1, chunk_chars)
    deltas: list[dict[str, Any]] = [{"role": "assistant", "content": ""}]
    deltas += [{"content": content[at : at + step]} for at in range(0, len(content), step)]
    head = {
        "id": reply.get("id", "chatcmpl-fake"),
        "object": "chat.completion.chunk",
        "created": reply.get("created", int(time.time())),
        "model": reply.get("model", "fake-model"),
    }
    chunks = [
        {**head, "choices": [{"index": 0, "delta": delta, "finish_reason": None}]}
        for delta in deltas
    ]
    chunks.append({**head, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    if include_usage and reply.get("usage"):
        chunks.append({**head, "choices": [], "usage": reply["usage"]})
    return chunks

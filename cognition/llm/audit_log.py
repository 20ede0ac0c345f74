"""A JSONL record of every prompt and answer. The API key is never written.

One line per call: time, agent, task, model label, source, attempts, usage, the rendered
messages, the output (or the exception raised), and the fallback error if any. Any secret
passed as `redact` (build_language_model passes the API key) is replaced by `[redacted]`
before a line is written, wherever it appears.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cognition.llm.task import Completion, InputT, LanguageModel, OutputT, Task

__all__ = ["PRIVATE_FILE_MODE", "REDACTED", "AuditLog", "private_opener"]

REDACTED = "[redacted]"
PRIVATE_FILE_MODE = 0o600  # prompts and answers: the player's alone


def private_opener(path: str, flags: int) -> int:
    """For `open(..., opener=private_opener)`: a file made here is 0600 and its folder 0700."""
    os.makedirs(os.path.dirname(path) or ".", mode=0o700, exist_ok=True)
    return os.open(path, flags, PRIVATE_FILE_MODE)


class AuditLog:
    """Wraps a `LanguageModel` and appends one JSON line per call to `path`."""

    def __init__(
        self,
        inner: LanguageModel,
        path: Path,
        *,
        redact: Iterable[str] = (),
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.inner = inner
        self.path = path
        self._secrets = [secret for secret in redact if secret]
        self._clock = clock
        self._lock = threading.Lock()
        path.parent.mkdir(parents=True, exist_ok=True)

    @property
    def label(self) -> str:
        return self.inner.label

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        started = self._clock()
        record: dict[str, Any] = {
            "time": datetime.fromtimestamp(started, UTC).isoformat(),
            "agent": agent,
            "task": task.name,
            "model": self.label,
            "messages": [{"role": m.role, "content": m.content} for m in task.messages(inputs)],
        }
        try:
            completion = self.inner.complete(task, inputs, agent=agent)
        except Exception as error:
            record["exception"] = f"{type(error).__name__}: {error}"
            record["duration_s"] = round(self._clock() - started, 4)
            self._write(record)
            raise
        record.update(
            {
                "source": completion.source.value,
                "attempts": completion.attempts,
                "prompt_tokens": completion.usage.prompt_tokens,
                "completion_tokens": completion.usage.completion_tokens,
                "estimated": completion.usage.estimated,
                "output": completion.output.model_dump(mode="json"),
                "error": completion.error,
                "duration_s": round(self._clock() - started, 4),
            }
        )
        self._write(record)
        return completion

    def _write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, ensure_ascii=False)
        for secret in self._secrets:
            line = line.replace(secret, REDACTED)
        with self._lock, open(self.path, "a", encoding="utf-8", opener=private_opener) as file:
            file.write(line + "\n")

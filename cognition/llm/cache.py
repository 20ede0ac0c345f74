"""A response cache: the same prompt to the same model gets the same answer, for free.

Keyed by the model label, the task name, the rendered messages and the output schema. Held
in an in-memory LRU; with `path`, also appended to a JSONL file and reloaded from it (the most
recent `max_entries` lines). Only validated model answers are cached, never fallbacks.
Hits come back with `source=CACHE`, zero usage and zero attempts, and the model's answer
text as `raw`. A file line is `{"key", "output", "raw"}`; lines written before `raw` was
kept have none (their hits have `raw=None`), and a reader that knows no `raw` ignores it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import ValidationError

from cognition.llm.audit_log import private_opener
from cognition.llm.schema import schema_text
from cognition.llm.task import (
    Completion,
    InputT,
    LanguageModel,
    OutputT,
    Source,
    Task,
    Usage,
)

__all__ = ["ResponseCache", "cache_key"]

logger = logging.getLogger(__name__)


def cache_key(label: str, task: Task[InputT, OutputT], inputs: InputT) -> str:
    messages = [[m.role, m.content] for m in task.messages(inputs)]
    material = json.dumps([label, task.name, messages, schema_text(task.output_model)])
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


class _Entry(NamedTuple):
    output: dict[str, Any]
    raw: str | None  # the model's answer text, when known


class ResponseCache:
    """Wraps a `LanguageModel`; answers repeated prompts from the cache."""

    def __init__(
        self, inner: LanguageModel, *, max_entries: int = 4096, path: Path | None = None
    ) -> None:
        self.inner = inner
        self.max_entries = max_entries
        self.path = path
        self.hits = 0
        self.misses = 0
        self._lock = threading.Lock()
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        if path is not None:
            self._load(path)

    @property
    def label(self) -> str:
        return self.inner.label

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        key = cache_key(self.label, task, inputs)
        stored = self._get(key)
        if stored is not None:
            try:
                output = task.output_model.model_validate(stored.output)
            except ValidationError:
                logger.warning("cached answer for %s no longer validates; asking again", task.name)
            else:
                with self._lock:
                    self.hits += 1
                return Completion(output, Source.CACHE, Usage(), attempts=0, raw=stored.raw)
        with self._lock:
            self.misses += 1
        completion = self.inner.complete(task, inputs, agent=agent)
        if completion.source is Source.MODEL:
            self._put(key, _Entry(completion.output.model_dump(mode="json"), completion.raw))
        return completion

    def _get(self, key: str) -> _Entry | None:
        with self._lock:
            stored = self._entries.get(key)
            if stored is not None:
                self._entries.move_to_end(key)
            return stored

    def _put(self, key: str, entry: _Entry) -> None:
        with self._lock:
            self._remember(key, entry)
            if self.path is not None:
                fields: dict[str, Any] = {"key": key, "output": entry.output}
                if entry.raw is not None:
                    fields["raw"] = entry.raw
                line = json.dumps(fields, ensure_ascii=False)
                with open(self.path, "a", encoding="utf-8", opener=private_opener) as file:
                    file.write(line + "\n")

    def _remember(self, key: str, entry: _Entry) -> None:
        self._entries[key] = entry
        self._entries.move_to_end(key)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)

    def _load(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            return
        with path.open(encoding="utf-8") as file:
            for number, line in enumerate(file, start=1):
                try:
                    fields = json.loads(line)
                    raw = fields.get("raw")
                    entry = _Entry(dict(fields["output"]), raw if isinstance(raw, str) else None)
                    self._remember(str(fields["key"]), entry)
                except (json.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
                    logger.warning("%s:%d: unreadable cache line skipped", path, number)

"""A cap on how many model calls run at once, and a count of them for the UI."""

from __future__ import annotations

import threading

from cognition.llm.task import Completion, InputT, LanguageModel, OutputT, Task

__all__ = ["ConcurrencyLimit"]


class ConcurrencyLimit:
    """Wraps a `LanguageModel` so at most `limit` calls reach it at the same time.

    `in_flight` is how many calls are at the model now ("N minds thinking"); `waiting` is how
    many more are queued for a slot.
    """

    def __init__(self, inner: LanguageModel, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"limit must be at least 1 (got {limit})")
        self.inner = inner
        self.limit = limit
        self._slots = threading.BoundedSemaphore(limit)
        self._lock = threading.Lock()
        self._in_flight = 0
        self._waiting = 0

    @property
    def label(self) -> str:
        return self.inner.label

    @property
    def in_flight(self) -> int:
        with self._lock:
            return self._in_flight

    @property
    def waiting(self) -> int:
        with self._lock:
            return self._waiting

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        with self._lock:
            self._waiting += 1
        self._slots.acquire()
        with self._lock:
            self._waiting -= 1
            self._in_flight += 1
        try:
            return self.inner.complete(task, inputs, agent=agent)
        finally:
            with self._lock:
                self._in_flight -= 1
            self._slots.release()

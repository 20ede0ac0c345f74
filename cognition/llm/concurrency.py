"""A cap on how many model calls run at once, and a count of them for the UI."""

from __future__ import annotations

import heapq
import itertools
import threading

from cognition.llm.priority import call_order, call_priority
from cognition.llm.task import Completion, InputT, LanguageModel, OutputT, Task

__all__ = ["ConcurrencyLimit"]


class ConcurrencyLimit:
    """Wraps a `LanguageModel` so at most `limit` calls reach it at the same time; calls
    waiting for a slot are served by their priority (`cognition.llm.priority`: the player's
    first, then decisions, talk, background), then by their job's order (the calls of the job
    begun first go first), then in the order they came.

    `in_flight` is how many calls are at the model now ("N minds thinking"); `waiting` is how
    many more are queued for a slot.
    """

    def __init__(self, inner: LanguageModel, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"limit must be at least 1 (got {limit})")
        self.inner = inner
        self.limit = limit
        self._lock = threading.Lock()
        self._turn = threading.Condition(self._lock)
        # (priority, job order, arrival) of the waiting calls
        self._queue: list[tuple[int, int, int]] = []
        self._arrivals = itertools.count()
        self._in_flight = 0

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
            return len(self._queue)

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        ticket = (int(call_priority()), call_order(), next(self._arrivals))
        with self._turn:
            heapq.heappush(self._queue, ticket)
            while self._in_flight >= self.limit or self._queue[0] != ticket:
                self._turn.wait()
            heapq.heappop(self._queue)
            self._in_flight += 1
            self._turn.notify_all()  # the next in line may have a slot too
        try:
            return self.inner.complete(task, inputs, agent=agent)
        finally:
            with self._turn:
                self._in_flight -= 1
                self._turn.notify_all()

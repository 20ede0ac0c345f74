"""A cap on how many calls start a minute, for endpoints that meter requests (hosted APIs).

`RateLimit(inner, per_minute)` spaces call starts `60 / per_minute` seconds apart: a call
that comes early waits (outside any lock) for its turn. Turns are handed out in arrival order,
so many threads waiting at once start one per interval. The clock and the sleep are injected
for tests.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from cognition.llm.task import Completion, InputT, LanguageModel, OutputT, Task

__all__ = ["RateLimit"]


class RateLimit:
    """Wraps a `LanguageModel` so at most `per_minute` calls start in any minute."""

    def __init__(
        self,
        inner: LanguageModel,
        per_minute: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if per_minute <= 0:
            raise ValueError(f"per_minute must be positive (got {per_minute})")
        self.inner = inner
        self.per_minute = per_minute
        self.interval_s = 60.0 / per_minute
        self._clock, self._sleep = clock, sleep
        self._lock = threading.Lock()
        self._next_start: float | None = None
        self._waiting = 0
        self.waited_s = 0.0  # total time calls spent waiting for their turn

    @property
    def label(self) -> str:
        return self.inner.label

    @property
    def waiting(self) -> int:
        """Calls waiting for their turn to start."""
        with self._lock:
            return self._waiting

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        with self._lock:
            now = self._clock()
            start = now if self._next_start is None else max(now, self._next_start)
            self._next_start = start + self.interval_s
            delay = start - now
            self._waiting += delay > 0
            self.waited_s += delay
        if delay > 0:
            try:
                self._sleep(delay)
            finally:
                with self._lock:
                    self._waiting -= 1
        return self.inner.complete(task, inputs, agent=agent)

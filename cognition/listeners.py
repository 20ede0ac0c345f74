"""`Listeners`: callbacks told about one kind of event (a model call traced, memories stored).

Added and removed from any thread. `notify` calls each in turn on the notifying thread; one
that raises is logged and the others still run, so a listener never breaks what it watches.
With none added, `bool(listeners)` is False and the owner skips building the event at all.
Standard library only: `cognition.llm` and `cognition.memory` both use it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["Listeners"]

EventT = TypeVar("EventT")


class Listeners(Generic[EventT]):
    """A thread-safe set of callbacks, called in the order added."""

    def __init__(self, what: str, logger: logging.Logger) -> None:
        self._what = what  # "trace", "memory": for the log line of a failing listener
        self._logger = logger
        self._lock = threading.Lock()
        # replaced (never changed in place) under the lock, so `notify` reads it without one
        self._callbacks: tuple[Callable[[EventT], None], ...] = ()

    def add(self, callback: Callable[[EventT], None]) -> None:
        """Call `callback` with every later event (adding it again changes nothing)."""
        with self._lock:
            if callback not in self._callbacks:
                self._callbacks = (*self._callbacks, callback)

    def remove(self, callback: Callable[[EventT], None]) -> None:
        """Stop calling `callback` (one never added is ignored)."""
        with self._lock:
            self._callbacks = tuple(c for c in self._callbacks if c != callback)

    def __bool__(self) -> bool:
        return bool(self._callbacks)

    def __len__(self) -> int:
        return len(self._callbacks)

    def notify(self, event: EventT) -> None:
        """Hand `event` to every callback; a callback that raises is logged and skipped."""
        for callback in self._callbacks:
            try:
                callback(event)
            except Exception:
                self._logger.exception("a %s listener (%r) failed", self._what, callback)

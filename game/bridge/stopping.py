"""Thinking that stops when the town closes: the minds' model, refusing calls once stopped.

    model = StoppableModel(stack.model)   # what every `Agent` of a living town calls
    ...closing:  model.stop()              # each job ends at its next model call

A town that closes throws its jobs in flight away (a save taken as the player leaves keeps
each mind as it was before its job: `persist/capture.py`), so closing need not wait for their
work to end: their next model call raises `ThinkingStopped`, and the job ends as a failure
nobody applies.
"""

from __future__ import annotations

import threading
from typing import Any

from cognition import Completion, LanguageModel, Task


class ThinkingStopped(Exception):
    """The town is closing: a job's next model call is not made."""


class StoppableModel:
    """`inner`, until `stop()`: then every call raises `ThinkingStopped` (thread-safe)."""

    def __init__(self, inner: LanguageModel) -> None:
        self.inner = inner
        self._stopped = threading.Event()

    @property
    def label(self) -> str:
        return self.inner.label

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    def stop(self) -> None:
        self._stopped.set()

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        if self._stopped.is_set():
            raise ThinkingStopped(f"{agent}'s {task.name}: the town is closing")
        return self.inner.complete(task, inputs, agent=agent)

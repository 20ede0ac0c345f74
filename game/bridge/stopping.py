"""Thinking that stops when the town closes: the minds' model, refusing calls once stopped.

    model = StoppableModel(stack.model)   # what every `Agent` of a living town calls
    ...saving as the player leaves:  model.hold()   # calls wait: the machine is the writer's
    ...the save failed, play on:     model.release()
    ...closing:  model.stop()              # each job ends at its next model call
    embedder = StoppableEmbedder(embedder, model)  # … or its next embedding, once stopped

A town that closes throws its jobs in flight away (a save taken as the player leaves keeps
each mind as it was before its job: `persist/capture.py`), so closing need not wait for their
work to end: their next model call raises `ThinkingStopped`, and the job ends as a failure
nobody applies.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cognition import Completion, Embedder, LanguageModel, Task


class ThinkingStopped(Exception):
    """The town is closing: a job's next model call is not made."""


class StoppableModel:
    """`inner`, until `stop()`: then every call raises `ThinkingStopped`; while held
    (`hold()` until `release()` or `stop()`), calls wait before reaching the model
    (thread-safe)."""

    def __init__(self, inner: LanguageModel) -> None:
        self.inner = inner
        self._stopped = threading.Event()
        self._going = threading.Event()  # cleared while held
        self._going.set()

    @property
    def label(self) -> str:
        return self.inner.label

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    @property
    def held(self) -> bool:
        return not self._going.is_set()

    def hold(self) -> None:
        """Calls from now on wait (those at the model go on) until `release` or `stop`."""
        self._going.clear()

    def release(self) -> None:
        self._going.set()

    def stop(self) -> None:
        self._stopped.set()
        self._going.set()  # the calls waiting end now

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        self._going.wait()
        if self._stopped.is_set():
            raise ThinkingStopped(f"{agent}'s {task.name}: the town is closing")
        return self.inner.complete(task, inputs, agent=agent)


class StoppableEmbedder:
    """`inner`, until `switch` is stopped: then every embedding raises `ThinkingStopped`
    (a job between two model calls ends at its next memory or retrieval). Never held: the
    main thread embeds too (the player's memory search)."""

    def __init__(self, inner: Embedder, switch: StoppableModel) -> None:
        self.inner = inner
        self.switch = switch

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        if self.switch.stopped:
            raise ThinkingStopped("embedding: the town is closing")
        return self.inner.embed(texts)

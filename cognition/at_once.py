"""Calls of several minds at once: each on a thread of its own, results in order.

Minds share no state (each its memory and its books; the embedder is thread-safe), so what
each member of a talk does with its own mind once the talk is over — keeping it, taking a
stance on a meeting's question — runs at once instead of one mind after another, the
caller's context (a job's game time, its call priority) going along. Each call's model
answers are the same whichever finishes first (the offline brain seeds a call by its own
inputs), so the run is too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextvars import copy_context
from typing import TypeVar

T = TypeVar("T")


def at_once(calls: Sequence[Callable[[], T]], name: str = "minds") -> list[T]:
    """The results of `calls`, in order, each run on a thread of its own; once all are done
    the first error is raised."""
    if len(calls) <= 1:
        return [call() for call in calls]
    with ThreadPoolExecutor(max_workers=len(calls), thread_name_prefix=name) as threads:
        running = [threads.submit(copy_context().run, call) for call in calls]
        return [done.result() for done in running]

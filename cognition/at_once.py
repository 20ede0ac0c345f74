"""Calls of several minds at once, and a call aside on a long-lived thread.

Minds share no state (each its memory and its books; the embedder is thread-safe), so what
each member of a talk does with its own mind once the talk is over — keeping it, taking a
stance on a meeting's question — runs at once instead of one mind after another, the
caller's context (a job's game time, its call priority) going along. Each call's model
answers are the same whichever finishes first (the offline brain seeds a call by its own
inputs), so the run is too.

`aside` runs one call beside the caller's work — texts embedded while the model rates them,
a batch of observations rated while the mind decides — on a thread of a pool the process
keeps (one pool per kind of call), not on a thread started for it: starting and joining a
thread waits for the interpreter's lock, which a busy town's threads hold for a switch
interval at a time (the offline day: ~2 s of a thinking thread's time went to starting the
embedding threads alone, measured 2026-11-29).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextvars import copy_context
from typing import TypeVar

T = TypeVar("T")

# threads of each pool at most: more than a town's residents, so a call aside never waits
# for a thread (a pool's calls never wait on calls of the same pool: no deadlock either way)
ASIDE_THREADS = 64

_pools: dict[str, ThreadPoolExecutor] = {}
_pools_lock = threading.Lock()


def at_once(calls: Sequence[Callable[[], T]], name: str = "minds") -> list[T]:
    """The results of `calls`, in order, each run on a thread of its own; once all are done
    the first error is raised."""
    if len(calls) <= 1:
        return [call() for call in calls]
    with ThreadPoolExecutor(max_workers=len(calls), thread_name_prefix=name) as threads:
        running = [threads.submit(copy_context().run, call) for call in calls]
        return [done.result() for done in running]


def aside(pool: str, call: Callable[[], T]) -> Future[T]:
    """`call` run on a thread of the process's `pool` (made at its first call), the caller's
    context going along; its result or error in the future. A call aside must not wait for
    another call of its own pool."""
    with _pools_lock:
        threads = _pools.get(pool)
        if threads is None:
            threads = _pools[pool] = ThreadPoolExecutor(ASIDE_THREADS, thread_name_prefix=pool)
    return threads.submit(copy_context().run, call)


def _forget_pools() -> None:
    """In a forked child (an evaluation's worker process): the parent's pools have no
    threads here, so the child makes its own."""
    global _pools_lock
    _pools.clear()
    _pools_lock = threading.Lock()


if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=_forget_pools)

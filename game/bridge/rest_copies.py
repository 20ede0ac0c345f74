"""Minds as they were before their jobs began: what a save taken as the player leaves keeps.

    copies = RestCopies()
    copies.keep(copier)                     # copier(name) -> a copy of that mind (any object)
    ...a job, holding its minds' locks:      copies.take(names, stack)   # before its work
    ...the main thread:                      copies.read(name, mind_lock)

`JobBoard` owns one and calls `take` inside `JobBoard.owning`, so each job (and errand) first
copies the minds it holds, and the copies go as it ends — before their locks are released.
`read` answers at once: the mind itself when no job holds it (a job queued waits for its lock
meanwhile), else the copy its job took.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

RestCopier = Callable[[str], object]  # a copy of a mind at rest (e.g. for a save), by name
COPY_WAIT_S = 2.0  # how long `read` waits for a job that holds a mind to copy it


class RestCopies:
    """The copies of the minds jobs hold now (thread-safe)."""

    def __init__(self) -> None:
        self.copier: RestCopier | None = None
        self._lock = threading.Lock()
        self._copies: dict[str, object] = {}  # each held mind as it was before its job

    def keep(self, copier: RestCopier) -> None:
        """From now on, each job first takes `copier(name)` of the minds it holds."""
        self.copier = copier

    def take(self, names: tuple[str, ...], stack: contextlib.ExitStack) -> None:
        """Copy the minds of a job about to begin (worker thread, holding their locks); the
        copies go when `stack` closes, before it releases the locks."""
        copier = self.copier
        if copier is None:
            return
        copies: dict[str, object] = {}
        for name in names:
            try:
                copies[name] = copier(name)
            except Exception:  # never let a copy stop the job: a save then waits for it
                log.exception("copying %s's mind at rest failed", name)
                copies[name] = None
        with self._lock:
            self._copies.update(copies)

        def forget() -> None:
            with self._lock:
                for name in names:
                    self._copies.pop(name, None)

        stack.callback(forget)

    def read(self, name: str, mind: threading.Lock, wait_s: float = COPY_WAIT_S) -> object:
        """`name`'s mind at rest (main thread): `copier(name)` now when no job holds `mind`
        (its lock), else the copy its job took as it began. None when there is no copier,
        or the job holding it has no copy (it began before `keep`, or its copy failed;
        waited for up to `wait_s`)."""
        copier = self.copier
        if copier is None:
            return None
        deadline = time.monotonic() + wait_s
        while True:
            if mind.acquire(blocking=False):
                try:
                    return copier(name)
                finally:
                    mind.release()
            with self._lock:
                if name in self._copies:
                    return self._copies[name]
            if time.monotonic() > deadline:
                return None
            time.sleep(0.0005)  # the job holding it is taking its copy

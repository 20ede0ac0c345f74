"""Ending a command promptly after Ctrl-C.

`prompt_ctrl_c()` wraps a command's work: the first Ctrl-C raises `KeyboardInterrupt` as
usual (so the run report is written and the record closed on the way out), and a watchdog
ends the process `GRACE_S` seconds later if it is still not done — threads waiting on a
model server that never answers would otherwise hold it for minutes (the interpreter joins
them at exit). `leave_now()` ends it at once, output flushed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import NoReturn

from game.files.scratch import remove_scratch, remove_scratch_on_sigterm

__all__ = ["GRACE_S", "INTERRUPTED", "leave_now", "prompt_ctrl_c"]

INTERRUPTED = 130  # the shell's status for a process ended by SIGINT
GRACE_S = 3.0  # seconds between Ctrl-C and the end, whatever is still running


def leave_now(status: int = INTERRUPTED) -> NoReturn:
    """End the process now, output flushed: threads still waiting on a model server are
    abandoned."""
    sys.stdout.flush()
    sys.stderr.flush()
    remove_scratch()  # os._exit unwinds nothing: the scratch folders would stay
    os._exit(status)


def _watchdog(grace_s: float, farewell: list[str]) -> None:
    """End the process `grace_s` from now, printing `farewell[0]` (as it is then)."""

    def end() -> None:
        print(f"\n{farewell[0]}", file=sys.stderr)
        leave_now()

    timer = threading.Timer(grace_s, end)
    timer.daemon = True
    timer.start()


@contextlib.contextmanager
def prompt_ctrl_c(
    grace_s: float = GRACE_S, on_interrupt: Callable[[], str | None] | None = None
) -> Iterator[None]:
    """Within: Ctrl-C raises `KeyboardInterrupt` and the process ends `grace_s` later at the
    latest. `on_interrupt` runs first, at once (write a partial report: the way out may be
    cut by the watchdog); the line it returns is what the watchdog says at the end. SIGTERM
    meanwhile removes the scratch folders before it ends the process (`game.files.scratch`).
    Only in the main thread (elsewhere nothing changes); the old handlers come back."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupted(signum: int, frame: FrameType | None) -> None:
        farewell = ["smallville: interrupted"]
        _watchdog(grace_s, farewell)
        if on_interrupt is None:
            raise KeyboardInterrupt
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C: the watchdog ends it
        try:
            farewell[0] = on_interrupt() or farewell[0]
        finally:
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, interrupted)
    terminated = remove_scratch_on_sigterm()  # SIGTERM leaves no scratch folder either
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if terminated is not None:  # None: a handler not set from Python, left as it is
            signal.signal(signal.SIGTERM, terminated)

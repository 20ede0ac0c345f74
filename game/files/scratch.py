"""Scratch folders that do not outlive their process.

A command works in a temporary folder — a town's memories while it is simulated or
interviewed — removed when the work ends. `scratch_dir` also removes it when the process is
ended another way: Ctrl-C's watchdog (`game.commands.exits.leave_now`, which ends the process
without unwinding) calls `remove_scratch`, and after `remove_scratch_on_sigterm` so does
SIGTERM: an evaluation's worker process stopped by its parent at Ctrl-C, `smallville
simulate` stopped at a benchmark's time limit (`prompt_ctrl_c` sets it while a headless
command works; not for the window, whose SDL turns SIGTERM into a quit). Either way the
folder was left in the temp folder before, a Chroma database half written in it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

Handler = Any  # what `signal.signal` returns: a handler, SIG_DFL / SIG_IGN, or None

__all__ = ["before_removal", "remove_scratch", "remove_scratch_on_sigterm", "scratch_dir"]

_live: set[Path] = set()  # the scratch folders in use in this process
_enders: set[Callable[[], None]] = set()  # what `remove_scratch` ends first
_lock = threading.Lock()


@contextlib.contextmanager
def scratch_dir(prefix: str) -> Iterator[Path]:
    """A new temporary folder named `prefix…`, removed with all it holds when the block
    ends — or when the process is ended by `remove_scratch` (SIGTERM, Ctrl-C's watchdog)."""
    with tempfile.TemporaryDirectory(prefix=prefix) as name:
        path = Path(name)
        with _lock:
            _live.add(path)
        try:
            yield path
        finally:
            with _lock:
                _live.discard(path)


def in_use() -> frozenset[Path]:
    """The scratch folders this process works in now."""
    with _lock:
        return frozenset(_live)


def before_removal(ender: Callable[[], None]) -> None:
    """`remove_scratch` calls `ender` first (once, however often it is given): it ends what
    still works in the folders — a memory database's child process would make them again."""
    with _lock:
        _enders.add(ender)


def remove_scratch() -> None:
    """Remove every scratch folder still in use: the process is ending without unwinding."""
    with _lock:
        paths = list(_live)
        _live.clear()
        enders = list(_enders)
    for ender in enders:
        with contextlib.suppress(Exception):  # the process is ending: remove the folders anyway
            ender()
    for path in paths:
        shutil.rmtree(path, ignore_errors=True)


def remove_scratch_on_sigterm() -> Handler:
    """From now on SIGTERM first removes the scratch folders, then ends the process as
    SIGTERM does (its status says so); the handler it replaces is returned (to put back).
    Only from the main thread; elsewhere nothing changes (None is returned)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _terminated)


def _terminated(signum: int, frame: FrameType | None) -> None:
    remove_scratch()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)

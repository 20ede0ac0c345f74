"""Durable file-system steps for the slot swap: fsync, rename, remove.

`fsync` of directories is skipped where the platform cannot do it (Windows); renames there
still need the target to be absent, which the slot code guarantees.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import uuid
from collections.abc import Callable
from pathlib import Path

__all__ = [
    "Rename",
    "fsync_directory",
    "fsync_tree",
    "remove_entry",
    "remove_tree",
    "replace_durably",
    "write_durably",
]

Rename = Callable[[Path, Path], None]
"""How directories are renamed; injectable so tests can stop a save between two renames."""


def fsync_directory(directory: Path) -> None:
    """Make a directory's entries (new names, renames) durable, where the OS allows it."""
    if os.name == "nt":
        return
    descriptor = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def write_durably(path: Path, text: str) -> None:
    """Write `text` as UTF-8 and fsync it before returning."""
    with path.open("w", encoding="utf-8", newline="\n") as stream:
        stream.write(text)
        stream.flush()
        os.fsync(stream.fileno())


def replace_durably(path: Path, text: str) -> None:
    """Put `text` at `path` atomically: written to a temporary sibling, fsynced, renamed over
    the old file, the directory fsynced. Raises `OSError`; the old file is then untouched and
    no temporary is left behind."""
    temporary = path.with_name(f".{path.name}.tmp-{uuid.uuid4().hex}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_durably(temporary, text)
        os.replace(temporary, path)
        fsync_directory(path.parent)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise


def fsync_tree(root: Path) -> None:
    """fsync every file and directory under `root` (and `root` itself)."""
    for directory, _, files in os.walk(root):
        for name in files:
            with open(os.path.join(directory, name), "rb") as stream:
                os.fsync(stream.fileno())
        fsync_directory(Path(directory))


def remove_tree(path: Path, rename: Rename = os.rename) -> None:
    """Remove a directory so no half-deleted copy can ever be mistaken for a save: first
    renamed to a hidden `.trash-…` sibling (atomic), then deleted. `recover()` removes any
    trash a crash leaves behind."""
    trash = path.with_name(f".{path.name}.trash-{uuid.uuid4().hex}")
    rename(path, trash)
    remove_entry(trash)


def remove_entry(path: Path) -> None:
    """Delete `path`: a directory with all it holds, but a symlink (or a file) only itself —
    never what a link points at."""
    if path.is_symlink() or not path.is_dir():
        path.unlink(missing_ok=True)
    else:
        shutil.rmtree(path)

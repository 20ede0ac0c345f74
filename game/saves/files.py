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
    "PRIVATE_DIRECTORY_MODE",
    "PRIVATE_FILE_MODE",
    "Rename",
    "fsync_directory",
    "fsync_tree",
    "make_private",
    "private_directory",
    "remove_entry",
    "remove_tree",
    "replace_durably",
    "write_durably",
]

PRIVATE_FILE_MODE = 0o600  # files holding prompts, answers, settings or endpoints
PRIVATE_DIRECTORY_MODE = 0o700  # and the folders holding them: the player's alone

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


def private_directory(directory: Path) -> Path:
    """`directory`, made (with its parents) if missing; a folder made here is 0700."""
    directory.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIRECTORY_MODE)
    return directory


def make_private(root: Path) -> None:
    """Make `root` and everything under it the player's alone: folders 0700, files 0600
    (what a library wrote there — the memory store's database — included). Links are left."""
    if os.name == "nt":
        return
    os.chmod(root, PRIVATE_DIRECTORY_MODE)
    for directory, folders, files in os.walk(root):
        for name in folders:
            path = os.path.join(directory, name)
            if not os.path.islink(path):
                os.chmod(path, PRIVATE_DIRECTORY_MODE)
        for name in files:
            path = os.path.join(directory, name)
            if not os.path.islink(path):
                os.chmod(path, PRIVATE_FILE_MODE)


def write_durably(path: Path, text: str) -> None:
    """Write `text` as UTF-8 into a file only the player may read (0600), and fsync it
    before returning."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE_MODE)
    with open(descriptor, "w", encoding="utf-8", newline="\n") as stream:
        stream.write(text)
        stream.flush()
        os.fsync(stream.fileno())


def replace_durably(path: Path, text: str) -> None:
    """Put `text` at `path` atomically: written to a temporary sibling, fsynced, renamed over
    the old file, the directory fsynced. Raises `OSError`; the old file is then untouched and
    no temporary is left behind."""
    temporary = path.with_name(f".{path.name}.tmp-{uuid.uuid4().hex}")
    try:
        private_directory(path.parent)
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

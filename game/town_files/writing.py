"""Writing a town's files all at once, keeping what they replace.

Every new text is written beside its file first (`.name.new`); only when all are written do
they replace the files. The files they replace are copied into `backups/<time>/` in the
town's folder first, so nothing of the user's is lost to a save. When a replacement fails
half-way, the replaced files are put back from the backup.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

from game.town_files.problems import TownFileError

__all__ = ["BACKUPS", "write_files"]

BACKUPS = "backups"


def _backup_folder(directory: Path, now: datetime) -> Path:
    stamp = now.strftime("%Y%m%d-%H%M%S")
    folder, number = directory / BACKUPS / stamp, 1
    while folder.exists():
        number += 1
        folder = directory / BACKUPS / f"{stamp}-{number}"
    return folder


def write_files(
    directory: Path, texts: Mapping[str, str], now: datetime | None = None
) -> Path | None:
    """Write `texts` (file name → text) into `directory` together; the backup folder of the
    files replaced (None when none changed); TownFileError when nothing could be written
    (the folder as it was)."""
    changed = {
        name: text
        for name, text in texts.items()
        if not (directory / name).is_file()
        or (directory / name).read_text(encoding="utf-8") != text
    }
    if not changed:
        return None
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise TownFileError([f"{directory}: cannot create the folder ({error})"]) from None
    backup = None
    replaced = [name for name in changed if (directory / name).is_file()]
    staged: list[Path] = []
    try:
        if replaced:
            backup = _backup_folder(directory, now or datetime.now())
            backup.mkdir(parents=True)
            for name in replaced:
                shutil.copy2(directory / name, backup / name)
        for name, text in changed.items():
            new = directory / f".{name}.new"
            new.write_text(text, encoding="utf-8")
            staged.append(new)
    except OSError as error:
        for new in staged:
            new.unlink(missing_ok=True)
        raise TownFileError([f"{directory}: nothing was saved: {error}"]) from None
    done: list[str] = []
    try:
        for name in changed:
            os.replace(directory / f".{name}.new", directory / name)
            done.append(name)
    except OSError as error:
        _undo(directory, done, replaced, backup)
        raise TownFileError([f"{directory}: nothing was saved: {error}"]) from None
    return backup


def _undo(directory: Path, done: list[str], replaced: list[str], backup: Path | None) -> None:
    """Put back what a half-done save changed."""
    for name in done:
        if backup is not None and name in replaced:
            shutil.copy2(backup / name, directory / name)
        else:
            (directory / name).unlink(missing_ok=True)
    for leftover in directory.glob(".*.new"):
        leftover.unlink(missing_ok=True)

"""Save slots on disk: `<root>/<slot>/town.json` + `<root>/<slot>/memory/`, swapped in whole.

Writing `slot` (see `SaveSlots.write`):
  1. everything goes into a hidden sibling `.<slot>.tmp-<uuid>/`, every file fsynced, and the
     town and its memory read back from there (verified on disk);
  2. an older `<slot>.previous/` is set aside as `.<slot>.retired-<uuid>/` (not deleted yet);
  3. `<slot>/` is renamed to `<slot>.previous/`;
  4. the temporary directory is renamed to `<slot>/`;
  5. only then is the retired directory deleted.
Crash windows — a killed process or a power cut leaves two generations at every moment:
  during 1        `<slot>/` and `<slot>.previous/` untouched (plus a stale tmp directory);
  after 2         `<slot>/` and the retired previous;
  after 3         no `<slot>/`, but `<slot>.previous/` is the old save, whole, and the retired;
  after 4 or 5    the new save, and the old one as `<slot>.previous/` (and the retired).
`recover()` (call once at start-up, before any write) deletes stale tmp and trash directories,
renames `<slot>.previous/` back to `<slot>/` when `<slot>/` is missing, then a retired
directory back to `<slot>.previous/` when that is missing (else deletes it). One process
writes a slot at a time; nothing here locks against two.
"""

from __future__ import annotations

import builtins
import os
import re
import shutil
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import platformdirs

from game.saves.errors import SaveError
from game.saves.files import (
    PRIVATE_DIRECTORY_MODE as PRIVATE,
)
from game.saves.files import (
    Rename,
    fsync_directory,
    fsync_tree,
    make_private,
    private_directory,
    remove_entry,
    remove_tree,
    write_durably,
)
from game.saves.format import TownSave, file_sha256
from game.saves.quoting import quoted
from game.saves.town_file import read_town, serialise

__all__ = [
    "DATA_DIR_VARIABLE",
    "LoadedSlot",
    "SaveSlots",
    "SlotInfo",
    "check_slot_name",
    "default_saves_root",
    "map_warnings",
]

DATA_DIR_VARIABLE = "SMALLVILLE_DATA_DIR"
TOWN_FILE = "town.json"
MEMORY_DIRECTORY = "memory"
MEMORY_DATABASE = "chroma.sqlite3"  # the memory store's database: a slot without it is broken
SQLITE_HEADER = b"SQLite format 3\x00"  # how every SQLite database file begins
RECORD_FILE = "record.sqlite"  # the run record of the town's history (game.records), if kept
PREVIOUS_SUFFIX = ".previous"
RETIRED_MARK = ".retired-"  # `.<slot>.retired-<uuid>`: a previous set aside during a swap
_NAME = re.compile(r"[A-Za-z0-9_-](?:[A-Za-z0-9 _-]{0,62}[A-Za-z0-9_-])?")  # use fullmatch
_WINDOWS_RESERVED = {"con", "prn", "aux", "nul"} | {
    f"{port}{number}" for port in ("com", "lpt") for number in range(1, 10)
}


def default_saves_root() -> Path:
    """`$SMALLVILLE_DATA_DIR/saves` when that is set (tests, CI), else the platform's user data
    directory for "smallville" + `/saves`."""
    override = os.environ.get(DATA_DIR_VARIABLE, "").strip()
    base = Path(override) if override else Path(platformdirs.user_data_dir("smallville"))
    return base / "saves"


def check_slot_name(name: str) -> str:
    """`name` if it can name a slot, else `SaveError` saying why."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise SaveError(
            f"{quoted(name)} cannot name a save: use 1 to 64 letters, digits, spaces, '-' or '_', "
            "not starting or ending with a space"
        )
    if name.lower() in _WINDOWS_RESERVED:
        raise SaveError(f"{quoted(name)} cannot name a save: Windows reserves that name")
    return name


@dataclass(frozen=True)
class LoadedSlot:
    """A fully validated save: the town, its memory store's directory and any warnings."""

    name: str
    save: TownSave
    memory_dir: Path
    directory: Path
    warnings: tuple[str, ...] = ()
    record: Path | None = None  # the town's run record up to the save, when it kept one


@dataclass(frozen=True)
class SlotInfo:
    """One line of the load menu. A broken slot has `ok=False` and says why in `problem`."""

    name: str
    town: str | None
    game_time: datetime | None
    saved_at: datetime | None
    residents: int | None
    ok: bool
    problem: str | None = None
    has_previous: bool = False


class SaveSlots:
    """The save slots under `root` (default: `default_saves_root()`)."""

    def __init__(self, root: Path | None = None, rename: Rename = os.rename) -> None:
        self.root = Path(root) if root is not None else default_saves_root()
        self._rename = rename

    def path(self, slot: str) -> Path:
        return self.root / check_slot_name(slot)

    def previous_path(self, slot: str) -> Path:
        return self.root / (check_slot_name(slot) + PREVIOUS_SUFFIX)

    def exists(self, slot: str) -> bool:
        return self.path(slot).is_dir()

    # --- writing ----------------------------------------------------------------------------

    def write(
        self,
        slot: str,
        save: TownSave,
        write_memory: Callable[[Path], None],
        write_record: Callable[[Path], None] | None = None,
    ) -> Path:
        """Save `save` as `slot`, keeping the slot's last save as `<slot>.previous`.
        `write_memory(directory)` fills an existing empty directory with the memory store
        (`MemoryStore.copy_to`); `write_record(path)`, if given, writes the town's run record
        to `path` (`RECORD_FILE` in the slot). Returns the slot's directory; raises
        `SaveError`, leaving the old slot as it was, when anything fails before the swap."""
        name = check_slot_name(slot)
        text = serialise(save, name)
        temporary = self.root / f".{name}.tmp-{uuid.uuid4().hex}"
        finished = False
        try:
            try:
                private_directory(self.root)
                temporary.mkdir(mode=PRIVATE)
                write_durably(temporary / TOWN_FILE, text)
                (temporary / MEMORY_DIRECTORY).mkdir(mode=PRIVATE)
            except OSError as exc:
                raise SaveError(f"Could not save {name!r} in {self.root}: {exc}") from exc
            try:
                write_memory(temporary / MEMORY_DIRECTORY)
            except Exception as exc:
                raise SaveError(f"Could not save {name!r}: writing memories failed: {exc}") from exc
            if write_record is not None:
                try:
                    write_record(temporary / RECORD_FILE)
                except Exception as exc:
                    raise SaveError(
                        f"Could not save {name!r}: copying the run record failed: {exc}"
                    ) from exc
            try:
                make_private(temporary)  # memories and record hold what the minds said
                fsync_tree(temporary)
            except OSError as exc:
                raise SaveError(f"Could not save {name!r} in {self.root}: {exc}") from exc
            self._verify(name, temporary, save)
            try:
                self._swap(name, temporary)
            except OSError as exc:
                raise SaveError(f"Could not save {name!r} in {self.root}: {exc}") from exc
            finished = True
        finally:
            if not finished:
                shutil.rmtree(temporary, ignore_errors=True)
        return self.path(name)

    def _verify(self, name: str, temporary: Path, save: TownSave) -> None:
        """Read the written save back from disk before anything old is touched."""
        label = f"The new save {name!r}"
        if read_town(temporary / TOWN_FILE, label) != save:
            raise SaveError(f"Could not save {name!r}: it did not read back as written.")
        check_memory_directory(temporary / MEMORY_DIRECTORY, label)

    def _swap(self, name: str, temporary: Path) -> None:
        slot, previous = self.path(name), self.previous_path(name)
        retired = self.root / f".{name}{RETIRED_MARK}{uuid.uuid4().hex}"
        moved_old = retired_old = False
        if slot.exists():
            if previous.exists():
                self._rename(previous, retired)  # kept until the new save is in place
                retired_old = True
            self._rename(slot, previous)
            moved_old = True
        try:
            self._rename(temporary, slot)
        except OSError:
            if moved_old and not slot.exists():
                self._rename(previous, slot)
            if retired_old and not previous.exists():
                self._rename(retired, previous)
            raise
        fsync_directory(self.root)
        if retired_old:
            remove_entry(retired)  # recover() finishes this if it is cut off

    # --- reading ----------------------------------------------------------------------------

    def read(
        self, slot: str, *, previous: bool = False, map_root: Path | None = None
    ) -> LoadedSlot:
        """The slot (or, with `previous=True`, the save before it), validated in full.
        `map_root`: where the map path is relative to; a changed or missing map file becomes a
        warning. Raises `SaveError` — with nothing half-loaded — for any problem."""
        name = check_slot_name(slot)
        directory = self.previous_path(name) if previous else self.path(name)
        label = f"The save {name!r}" + (" (previous)" if previous else "")
        if not directory.is_dir():
            raise SaveError(self._missing_message(name, previous))
        save = read_town(directory / TOWN_FILE, label)
        memory = directory / MEMORY_DIRECTORY
        check_memory_directory(memory, label)
        warnings = _map_warnings(save, map_root)
        record = directory / RECORD_FILE
        return LoadedSlot(
            name, save, memory, directory, warnings, record if record.is_file() else None
        )

    def _missing_message(self, name: str, previous: bool) -> str:
        if previous:
            return f"The save {name!r} has no previous save in {self.root}."
        message = f"There is no save called {name!r} in {self.root}."
        if self.previous_path(name).is_dir():
            message += " Its last save was interrupted; recover() restores the one before it."
        return message

    def list(self) -> list[SlotInfo]:
        """Every slot by name, the broken ones too (with `ok=False` and the problem)."""
        if not _is_directory(self.root):
            return []
        names: set[str] = set()
        try:
            entries = builtins.list(self.root.iterdir())
        except OSError:
            return []
        for entry in entries:
            name = entry.name.removesuffix(PREVIOUS_SUFFIX)
            if _is_slot_name(name) and _is_directory(entry):
                names.add(name)
        return [self._info(name) for name in sorted(names, key=str.casefold)]

    def _recover_retired(self, restore_previous: bool) -> builtins.list[str]:
        """A previous set aside by a cut-off swap goes back where it was, or away when the
        swap had finished (a newer previous is in place)."""
        done: builtins.list[str] = []
        for entry in sorted(self.root.iterdir()):
            name = _retired_slot(entry.name)
            if name is None:
                continue
            previous = self.previous_path(name)
            try:
                if restore_previous and not previous.exists() and _is_directory(entry):
                    self._rename(entry, previous)
                    done.append(f"restored the save before {name!r} (a save was cut off)")
                elif previous.exists():
                    remove_entry(entry)
                    done.append(f"removed {entry.name!r}, left by an interrupted save")
            except OSError as exc:
                done.append(f"could not tidy {entry.name!r}: {exc.strerror}")
        return done

    def _info(self, name: str) -> SlotInfo:
        has_previous = self.previous_path(name).is_dir()
        try:
            save = self.read(name).save
        except (SaveError, OSError) as exc:
            return SlotInfo(name, None, None, None, None, False, str(exc), has_previous)
        return SlotInfo(
            name, save.town, save.game_time, save.saved_at, len(save.residents), True, None,
            has_previous,
        )  # fmt: skip

    # --- housekeeping -----------------------------------------------------------------------

    def delete(self, slot: str) -> None:
        """Remove the slot and its previous save; `SaveError` if neither exists."""
        found = [path for path in (self.path(slot), self.previous_path(slot)) if path.is_dir()]
        if not found:
            raise SaveError(f"There is no save called {quoted(slot)} in {self.root}.")
        for path in found:
            remove_tree(path, self._rename)

    def recover(self, restore_previous: bool = True) -> builtins.list[str]:
        """Repair what an interrupted save left; returns what was done, in words."""
        if not _is_directory(self.root):
            return []
        done: builtins.list[str] = []
        for entry in sorted(self.root.iterdir()):
            unfinished = ".tmp-" in entry.name or ".trash-" in entry.name
            if entry.name.startswith(".") and unfinished:
                try:
                    remove_entry(entry)  # a symlink named so goes, not what it points at
                except OSError as exc:
                    done.append(f"could not remove {entry.name!r}: {exc.strerror}")
                    continue
                done.append(f"removed {entry.name!r}, left by an interrupted save")
        for entry in sorted(self.root.iterdir()):
            name = entry.name.removesuffix(PREVIOUS_SUFFIX)
            orphan = entry.name.endswith(PREVIOUS_SUFFIX) and not (self.root / name).exists()
            if restore_previous and orphan and _is_directory(entry) and _is_slot_name(name):
                self._rename(entry, self.root / name)
                done.append(f"restored {name!r} from its previous save (its last save was cut off)")
        done += self._recover_retired(restore_previous)
        if done:
            fsync_directory(self.root)
        return done


def _retired_slot(entry_name: str) -> str | None:
    """The slot a `.<slot>.retired-<uuid>` directory belongs to, else None."""
    if not entry_name.startswith(".") or RETIRED_MARK not in entry_name:
        return None
    name = entry_name[1:].rpartition(RETIRED_MARK)[0]
    return name if _is_slot_name(name) else None


def _is_slot_name(name: str) -> bool:
    return bool(_NAME.fullmatch(name)) and name.lower() not in _WINDOWS_RESERVED


def _is_directory(entry: Path) -> bool:
    try:
        return entry.is_dir()
    except OSError:  # a symlink loop, a folder we may not look into
        return False


def check_memory_directory(memory: Path, label: str) -> None:
    """`SaveError` unless `memory` holds a memory store's database (an empty or garbage
    folder would otherwise load as residents who remember nothing, or fail deep in Chroma)."""
    if not _is_directory(memory):
        raise SaveError(f"{label} is incomplete: its memory directory {memory} is missing.")
    database = memory / MEMORY_DATABASE
    try:
        if not database.is_file():
            raise SaveError(f"{label} is incomplete: its memory directory {memory} is empty.")
        with database.open("rb") as stream:
            header = stream.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise SaveError(f"{label}'s memory cannot be read: {exc.strerror}.") from None
    if header != SQLITE_HEADER:
        raise SaveError(f"{label}'s memory is damaged: {database} is not a memory database.")


def _map_warnings(save: TownSave, map_root: Path | None) -> tuple[str, ...]:
    if map_root is None:
        return ()
    return map_warnings(save, Path(map_root) / save.map.path)


def map_warnings(save: TownSave, map_file: Path) -> tuple[str, ...]:
    """What `map_file` — the map the saved town is opened on — says against the one it was
    saved on: missing, or changed since (places it no longer has are dropped)."""
    if not map_file.is_file():
        return (f"The map {save.map.path} this town was saved on is missing.",)
    if file_sha256(map_file) != save.map.sha256:
        return (
            f"The map {save.map.path} has changed since this town was saved; "
            "places it no longer has are dropped.",
        )
    return ()

"""The towns a player can start or edit: the bundled ones, then the user's own (folders in
`user_towns_dir()`, made by the editor or by `smallville new-town`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.files.paths import bundled, user_data_dir
from game.town_files.loading import read_town_files
from game.town_files.problems import TownFileError
from game.town_files.town_json import TOWN_FILE

__all__ = ["BUNDLED_TOWNS", "TownEntry", "entry_for", "is_bundled", "list_towns", "user_towns_dir"]

BUNDLED_TOWNS = ("the_ville_n25", "the_ville_open_mic", "the_ville_n3")


@dataclass(frozen=True)
class TownEntry:
    """A town the player can start or edit."""

    id: str  # a bundled town's folder name, or a user town's folder path
    label: str  # "The Ville (3 residents)"
    residents: tuple[str, ...]
    bundled: bool
    problem: str = ""  # non-empty: the town cannot be started, and why


def user_towns_dir() -> Path:
    """Where the player's own towns are kept."""
    return user_data_dir() / "towns"


def is_bundled(directory: Path) -> bool:
    return directory.resolve().parent == bundled("saves").resolve()


def _label(name: str, residents: int) -> str:
    label = name[:1].upper() + name[1:]
    return label if "(" in label else f"{label} ({residents} residents)"


def entry_for(directory: Path) -> TownEntry:
    """The town in `directory` as the title lists it (its files read, the map not)."""
    town_id = directory.name if is_bundled(directory) else str(directory)
    try:
        files = read_town_files(directory, with_map=False)
    except TownFileError as error:
        return TownEntry(town_id, directory.name, (), is_bundled(directory), str(error))
    residents = tuple(entry.name for entry in files.residents())
    label = _label(files.town_json.town, len(residents))
    return TownEntry(town_id, label, residents, is_bundled(directory))


def list_towns(user_dir: Path | None = None) -> list[TownEntry]:
    """The bundled towns (biggest first), then the user's towns by name."""
    towns = [entry_for(bundled("saves") / name) for name in BUNDLED_TOWNS]
    folder = user_dir or user_towns_dir()
    if folder.is_dir():
        mine = sorted(p.parent for p in folder.glob(f"*/{TOWN_FILE}"))
        towns += [entry_for(directory) for directory in mine]
    return towns

"""A town's three files read together and checked against its map.

    files = read_town_files(Path("saves/the_ville_n3"))     # TownFileError: every problem
    files.personas()      # the residents' personas, in town order
    files.start           # the scenario's start, else town.json's

`town_directory("the_ville_n3")` finds a bundled town by name; a folder path is taken as is.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from cognition import Persona
from game.files.paths import bundled
from game.saves import quoted
from game.town_files.checks import (
    PERSONAS_FILE,
    SCENARIO_FILE,
    resident_problems,
    scenario_problems,
)
from game.town_files.problems import TownFileError, read_model
from game.town_files.residents import ResidentEntry, persona_of, read_residents
from game.town_files.scenario import Scenario
from game.town_files.town_json import TOWN_FILE, TownJson, map_path_of, read_town_json
from game.world import MapError, TownMap, load_town

__all__ = ["TownFiles", "load_map", "read_scenario", "read_town_files", "town_directory"]


def town_directory(town: str | Path) -> Path:
    """The folder of `town`: a folder holding town.json, else the bundled town of that name;
    TownFileError listing the bundled towns when neither exists, and saying so when the folder
    is a saved game (loaded with `--load`, not opened as a town)."""
    directory = Path(town).expanduser()
    for candidate in (directory, bundled("saves") / str(town)):
        if _holds_town_file(candidate):
            if _is_saved_game(candidate / TOWN_FILE):
                raise TownFileError(
                    [
                        f"{quoted(str(town))} is a saved game, not a town: load it with "
                        "--load SLOT (`smallville saves` lists them)"
                    ]
                )
            return candidate
    known = ", ".join(sorted(p.parent.name for p in bundled("saves").glob(f"*/{TOWN_FILE}")))
    raise TownFileError(
        [
            f"unknown town {quoted(str(town))}: no folder of that name holds a {TOWN_FILE} "
            f"(bundled towns: {known})"
        ]
    )


def _holds_town_file(directory: Path) -> bool:
    try:
        return (directory / TOWN_FILE).is_file()
    except (OSError, ValueError):  # a name too long for the file system, a NUL in it
        return False


def _is_saved_game(town_file: Path) -> bool:
    """True when the file begins like a save's town.json (its `format_version` comes first)."""
    try:
        with town_file.open("rb") as stream:
            head = stream.read(4096)
    except OSError:
        return False
    return b'"format_version"' in head


def read_scenario(path: Path) -> Scenario | None:
    """The scenario in `path`, None when the town has none; TownFileError when unusable."""
    return read_model(path, Scenario) if path.is_file() else None


@dataclass(frozen=True)
class TownFiles:
    """What a town's folder holds, read and checked."""

    directory: Path
    town_json: TownJson
    entries: tuple[ResidentEntry, ...]  # every entry of personas.json (some may not live here)
    scenario: Scenario | None
    map_path: Path
    town_map: TownMap | None  # None when read without the map

    @property
    def start(self) -> datetime:
        if self.scenario is not None and self.scenario.start is not None:
            return self.scenario.start
        return self.town_json.start

    def residents(self) -> list[ResidentEntry]:
        """The entries of the residents who live here, in personas.json's order (the order
        their minds are made in)."""
        living = set(self.town_json.residents)
        return [entry for entry in self.entries if entry.name in living]

    def personas(self) -> list[Persona]:
        return [persona_of(entry) for entry in self.residents()]

    def looks(self) -> dict[str, dict[str, str]]:
        return {entry.name: dict(entry.look) for entry in self.residents() if entry.look}


def read_town_files(town: str | Path, with_map: bool = True) -> TownFiles:
    """Read and check the town (see the module's doc); TownFileError with every problem,
    each naming its file and field."""
    directory = town_directory(town)
    town_json = read_town_json(directory)
    problems: list[str] = []
    entries: tuple[ResidentEntry, ...] = ()
    scenario = None
    try:
        entries = tuple(read_residents(directory / PERSONAS_FILE))
    except TownFileError as error:
        problems += error.problems
    try:
        scenario = read_scenario(directory / SCENARIO_FILE)
    except TownFileError as error:
        problems += error.problems
    names = {entry.name for entry in entries}
    for number, name in enumerate(town_json.residents):
        if entries and name not in names:
            problems.append(
                f"{TOWN_FILE}: residents[{number}]: {name!r} has no entry in {PERSONAS_FILE}"
            )
    map_path = map_path_of(directory, town_json.map)
    town_map = None
    if with_map:
        town_map = load_map(map_path)
        living = set(town_json.residents)
        for number, entry in enumerate(entries):
            if entry.name in living:
                problems += resident_problems(entry, number, town_map, town_json.residents)
        if scenario is not None:
            problems += scenario_problems(scenario, town_map, town_json.residents, town_json.start)
    if problems:
        raise TownFileError(problems)
    return TownFiles(directory, town_json, entries, scenario, map_path, town_map)


def load_map(map_path: Path) -> TownMap:
    """The town's map; TownFileError listing the map's problems under town.json's `map`."""
    try:
        return load_town(map_path)
    except MapError as error:
        lines = [f"{TOWN_FILE}: map: {map_path} cannot be used:"]
        raise TownFileError(lines + [f"  {problem}" for problem in error.problems]) from None

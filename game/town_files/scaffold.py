"""`smallville new-town DIR --map MAP.tmx --from the_ville_n3`: a playable town folder, made
from a map and the people and scenario of another town.

Residents whose homes and workplaces are on the map come along. When none can (a map of its
own), each spawn on the map that names someone becomes a resident with a starter persona
(home and work from the spawn's properties) to fill in later. The scenario keeps the items
whose people and places the new town has. Nothing is overwritten: the folder must not hold a
town already.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.files.paths import bundle_root
from game.town.looks import default_look
from game.town_files.checks import resident_problems, scenario_problems
from game.town_files.loading import load_map, read_town_files
from game.town_files.problems import TownFileError
from game.town_files.residents import ResidentEntry
from game.town_files.scenario import Scenario
from game.town_files.serialise import town_texts
from game.town_files.town_json import TOWN_FILE, TownJson
from game.town_files.writing import write_files
from game.world import Spawn, TownMap

__all__ = ["Scaffolded", "scaffold_town"]


@dataclass(frozen=True)
class Scaffolded:
    """The new town: its folder, its residents, and what was left out, one line each."""

    directory: Path
    residents: tuple[str, ...]
    notes: tuple[str, ...]


def _map_reference(directory: Path, map_path: Path) -> str:
    """How town.json names the map: relative to the town's folder when inside it, the
    bundle's own path for a bundled map, else absolute."""
    resolved = map_path.resolve()
    for base in (directory.resolve(), bundle_root().resolve()):
        if resolved.is_relative_to(base):
            return resolved.relative_to(base).as_posix()
    return str(resolved)


def _starter(spawn: Spawn) -> ResidentEntry | None:
    """A persona to fill in for a spawn that names nobody known yet."""
    if spawn.home is None or spawn.work is None or spawn.home.arena is None:
        return None
    first = spawn.name.split()[0]
    return ResidentEntry(
        name=spawn.name,
        age=30,
        innate="friendly, curious, steady",
        learned=f"{spawn.name} lives in {spawn.home.sector} and works at {spawn.work.sector}.",
        currently=f"{spawn.name} is settling into a new routine in town.",
        lifestyle=f"{first} gets up at seven and goes to bed around eleven.",
        home_sector=spawn.home.sector,
        home_arena=spawn.home.arena,
        work_sector=spawn.work.sector,
        work_arena=spawn.work.arena,
        look=default_look(spawn.name),
    )


def scaffold_town(
    directory: Path, map_path: Path | None = None, from_town: str | Path = "the_ville_n3"
) -> Scaffolded:
    """Make the town (see the module's doc); TownFileError naming the problem otherwise,
    and nothing written."""
    if (directory / TOWN_FILE).exists():
        raise TownFileError(
            [
                f"{directory}: already holds a town ({TOWN_FILE}); choose a new folder "
                "(nothing was changed)"
            ]
        )
    # the source's own map only when the new town keeps it: its people are checked on the new one
    source = read_town_files(from_town, with_map=map_path is None)
    town_map = source.town_map if map_path is None else load_map(map_path)
    assert town_map is not None
    chosen_map = source.map_path if map_path is None else map_path
    notes: list[str] = []
    entries: list[ResidentEntry] = []
    candidates = source.residents()
    names = [entry.name for entry in candidates]
    for entry in candidates:
        problems = resident_problems(entry, 0, town_map, names, where="")
        home_problems = [p for p in problems if not p.startswith("relationships")]
        if home_problems:
            notes.append(f"left out {entry.name}: {home_problems[0]}")
            continue
        entries.append(entry)
    if not entries:  # a map of its own: its spawns name its people
        for spawn in town_map.residents():
            starter = _starter(spawn)
            if starter is not None:
                entries.append(starter)
                notes.append(f"added {spawn.name} from the map's spawn: fill in their persona")
    if not entries:
        raise TownFileError(
            [
                f"{chosen_map}: no resident can live on this map: none of "
                f"{source.town_json.town}'s residents' homes are on it and it has no spawns "
                "naming residents (layer "
                "'spawns', properties home_sector, home_arena, work_sector — see maps/README.md)"
            ]
        )
    living = [entry.name for entry in entries]
    entries = [
        entry.model_copy(
            update={"relationships": {o: t for o, t in entry.relationships.items() if o in living}}
        )
        for entry in entries
    ]
    scenario = _fitting_scenario(source.scenario, town_map, living, source.start, notes)
    town_json = TownJson(
        town=directory.name.replace("_", " "),
        map=_map_reference(directory, chosen_map),
        start=source.start,
        residents=living,
        mind=source.town_json.mind,
    )
    write_files(directory, town_texts(town_json, entries, scenario))
    return Scaffolded(directory, tuple(living), tuple(notes))


def _fitting_scenario(
    scenario: Scenario | None,
    town_map: TownMap,
    living: list[str],
    start: datetime,
    notes: list[str],
) -> Scenario | None:
    if scenario is None:
        return None
    kept = []
    for item in scenario.news:
        single = scenario.model_copy(update={"news": [item]})
        problems = scenario_problems(single, town_map, living, start)
        if problems:
            notes.append(f"left out the scenario's {item.id!r}: {problems[0].split(': ', 2)[-1]}")
        else:
            kept.append(item)
    return scenario.model_copy(update={"news": kept})

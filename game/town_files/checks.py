"""A town's files checked against each other and against its map: every listed resident has
an entry, homes and workplaces are places on the map, relationships name residents of this
town, everyone can be placed, the scenario's people, places and times fit the town.

Each problem is one line naming the file, the field and what is wrong, with a "did you
mean" when a name is close to one on the map.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from game.town_files.placing import place_residents
from game.town_files.residents import ResidentEntry
from game.town_files.scenario import Scenario
from game.world.address import Address
from game.world.town import TownMap

__all__ = [
    "PERSONAS_FILE",
    "SCENARIO_FILE",
    "resident_problems",
    "scenario_problems",
    "values_problems",
]

PERSONAS_FILE = "personas.json"
SCENARIO_FILE = "scenario.json"


def _hint(name: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, sorted(known), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def _place_problem(
    outline: dict[str, dict[str, list[str]]], sector: str, arena: str | None
) -> tuple[str, str] | None:
    """("sector" or "arena", what is wrong), or None when the place is on the map."""
    if sector not in outline:
        return "sector", f"{sector!r} is not a place on the map{_hint(sector, outline)}"
    if arena is not None and arena not in outline[sector]:
        rooms = ", ".join(outline[sector]) or "none"
        hint = _hint(arena, outline[sector])
        return "arena", f"{sector} has no {arena!r}{hint} (it has: {rooms})"
    return None


def resident_problems(
    entry: ResidentEntry,
    number: int,
    town: TownMap,
    residents: Iterable[str],
    where: str | None = None,
    relationships_here: bool = False,
) -> list[str]:
    """What is wrong with one entry in this town: "field: problem" lines, each after
    `where` (default: the file and the entry, "personas.json: personas[2] (Ada Quill).").
    A relationship must name someone (a file may name people who live elsewhere); with
    `relationships_here`, someone who lives in this town (what the editor offers)."""
    prefix = f"{PERSONAS_FILE}: personas[{number}] ({entry.name})." if where is None else where
    return values_problems(entry.model_dump(), town, residents, prefix, relationships_here)


def values_problems(
    values: Mapping[str, Any],
    town: TownMap,
    residents: Iterable[str],
    prefix: str = "",
    relationships_here: bool = True,
    known_elsewhere: frozenset[str] = frozenset(),
) -> list[str]:
    """`resident_problems` on plain values, as a form holds them (fields that are not text
    are left to the model's own checks); `known_elsewhere`: people outside the town a
    relationship may name all the same (those the entry knew already)."""
    outline = town.tree.outline()
    problems = []
    places = {}
    for kind in ("home", "work"):
        sector, arena = values.get(f"{kind}_sector"), values.get(f"{kind}_arena")
        if not isinstance(sector, str) or not isinstance(arena, str | None):
            continue
        places[kind] = Address(sector, arena or None)
        found = _place_problem(outline, sector, arena or None)
        if found is not None:
            problems.append(f"{prefix}{kind}_{found[0]}: {found[1]}")
    people = set(residents)
    relationships = values.get("relationships")
    for other in relationships if isinstance(relationships, dict) else {}:
        if not str(other).strip():
            problems.append(f"{prefix}relationships: a relationship to nobody (no name given)")
        elif relationships_here and other not in people and other not in known_elsewhere:
            problems.append(
                f"{prefix}relationships: {other!r} does not live in this town"
                f"{_hint(str(other), people)}"
            )
    home = places.get("home")
    if home is not None and not any(p.startswith(f"{prefix}home_") for p in problems):
        work = places.get("work", home)
        _, unplaced = place_residents(town, [(str(values.get("name")), home, work)])
        problems += [f"{prefix}home_arena: {line}" for line in unplaced]
    return problems


def scenario_problems(
    scenario: Scenario, town: TownMap, residents: Iterable[str], town_start: datetime
) -> list[str]:
    """What in the scenario does not fit this town: people who do not live here, places not
    on the map, times before the start."""
    outline = town.tree.outline()
    people = set(residents)
    start = scenario.start or town_start
    problems = []
    if scenario.run_until <= start:
        problems.append(
            f"{SCENARIO_FILE}: run_until: {scenario.run_until} is not after the town's start "
            f"({start})"
        )
    for number, item in enumerate(scenario.news):
        where = f"{SCENARIO_FILE}: news[{number}] ({item.id})"
        for seed in item.seeds:
            if seed not in people:
                problems.append(
                    f"{where}.seeds: {seed!r} does not live in this town{_hint(seed, people)}"
                )
        if item.event is None:
            continue
        sector, _, arena = item.event.place.partition(":")
        place = _place_problem(outline, sector.strip(), arena.strip() or None)
        if place is not None:
            problems.append(f"{where}.event.place: {place[1]}")
        if item.event.ends <= start:
            problems.append(
                f"{where}.event: it ends {item.event.ends}, before the town starts ({start}): "
                "an event in the past"
            )
    return problems

"""The scenario a town is evaluated on — the news seeded in it, who knows each item at the
start, the event an item announces, and the paper's figures to compare with — read from
`scenario.json` beside the town's `town.json`, never from code.

    town = read_town("the_ville_n3")
    scenario = load_scenario(town)          # EvaluationError with a one-line message

A text *carries* a news item when it holds every phrase of at least one of the item's
`carried_by` lists: phrases match whole words, ignoring case, and a plural "s" may follow
("valentine" matches "Valentine's Day" and "valentines", not "valentinesday").
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.files.paths import bundle_root
from game.town_files import (
    Event,
    ItemFigures,
    NewsItem,
    PaperFigures,
    Scenario,
    TownFileError,
    carries,
    read_town_files,
)
from game.world import MapError, load_town

__all__ = [
    "SCENARIO_FILE",
    "EvaluationError",
    "Event",
    "ItemFigures",
    "NewsItem",
    "PaperFigures",
    "Scenario",
    "TownInfo",
    "carries",
    "load_scenario",
    "read_town",
]

SCENARIO_FILE = "scenario.json"
_MAX_LISTED_PROBLEMS = 3


class EvaluationError(Exception):
    """The evaluation cannot go on: an unknown town, a bad scenario, an unusable run record.
    `str()` is one line for people, naming the file and the field."""


# --- the town the scenario belongs to -------------------------------------------------------


@dataclass(frozen=True)
class TownInfo:
    """What the evaluation needs of a town: its folder, start, residents, map, the text of
    each resident's persona, and its scenario.json as read with its other files (None: it
    has none)."""

    id: str  # the bundled town's folder name, or the folder's path for a town from elsewhere
    directory: Path
    start: datetime
    residents: tuple[str, ...]
    map_path: Path
    persona_texts: dict[str, str]
    scenario: Scenario | None


def read_town(town: str | Path) -> TownInfo:
    """The town `town` (a bundled town's name or a folder holding town.json);
    `EvaluationError` when there is no such town or its files cannot be read."""
    try:
        files = read_town_files(town, with_map=False)  # finds the folder (town_directory)
    except TownFileError as error:
        raise EvaluationError("; ".join(error.problems[:_MAX_LISTED_PROBLEMS])) from None
    directory = files.directory
    residents = tuple(files.town_json.residents)
    bundled_saves = (bundle_root() / "saves").resolve()
    town_id = directory.name if directory.resolve().parent == bundled_saves else str(directory)
    texts = {
        entry.name: "\n".join(_texts_in(entry.model_dump(mode="json")))
        for entry in files.residents()
    }
    return TownInfo(
        town_id, directory, files.start, residents, files.map_path, texts, files.scenario
    )


def _texts_in(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for inner in value.values() for text in _texts_in(inner)]
    if isinstance(value, list):
        return [text for inner in value for text in _texts_in(inner)]
    return []


# --- loading and checking -------------------------------------------------------------------


def load_scenario(town: TownInfo) -> Scenario:
    """The town's scenario.json (validated when the town was read), checked against the
    town (seeds are residents — who are given the item's text at the start unless their
    persona carries it — places are on the map, the run ends after the town starts);
    `EvaluationError` naming the file and the field otherwise."""
    path = town.directory / SCENARIO_FILE
    scenario = town.scenario
    if scenario is None:
        raise EvaluationError(
            f"the town {town.id!r} has no {SCENARIO_FILE} (expected at {path}): it lists "
            "the news to follow — see game/evaluation/README.md"
        )
    if not scenario.news:
        raise EvaluationError(
            f"{path} has no news items: 'news' must list at least one item "
            "(id, text, carried_by, seeds)"
        )
    _check_against_town(scenario, town, path)
    return scenario


def _check_against_town(scenario: Scenario, town: TownInfo, path: Path) -> None:
    if scenario.run_until <= town.start:
        raise EvaluationError(
            f"{path}: run_until: {scenario.run_until} is not after the town's start ({town.start})"
        )
    for number, item in enumerate(scenario.news):
        where = f"{path}: news[{number}]"
        for seed in item.seeds:
            if seed not in town.residents:
                raise EvaluationError(
                    f"{where}.seeds: {seed!r} is not a resident of {town.id} "
                    f"(residents: {', '.join(town.residents)})"
                )
    places = _map_places(town)
    for number, item in enumerate(scenario.news):
        if item.event is not None and item.event.place not in places:
            close = difflib.get_close_matches(item.event.place, sorted(places), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise EvaluationError(
                f"{path}: news[{number}].event.place: {item.event.place!r} is not a place on "
                f"the map {town.map_path.name} (a sector, or 'sector: arena'){hint}"
            )


def _map_places(town: TownInfo) -> set[str]:
    """Every sector of the town's map, and every "sector: arena"."""
    try:
        outline = load_town(town.map_path).tree.outline()
    except MapError as error:
        problems = "; ".join(error.problems)
        raise EvaluationError(f"the map of {town.id} cannot be used: {problems}") from None
    return {*outline, *(f"{sector}: {arena}" for sector in outline for arena in outline[sector])}

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
import json
import re
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from game.files.paths import bundle_root, bundled
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


# --- the scenario file --------------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Event(_Strict):
    """Where and when a news item's event happens, e.g. the party at Hobbs Cafe, 5–7 pm."""

    place: str = Field(min_length=1)  # a sector of the map ("Hobbs Cafe") or "sector: arena"
    starts: datetime
    ends: datetime
    # a resident counts as there when at the place at least this long during the event
    min_minutes: float = Field(default=10.0, ge=0)

    @field_validator("starts", "ends")
    @classmethod
    def _game_time(cls, moment: datetime) -> datetime:
        if moment.tzinfo is not None:
            raise ValueError("a game time has no time zone: write it as 2023-02-14T17:00:00")
        return moment

    @field_validator("ends")
    @classmethod
    def _after_start(cls, ends: datetime, info: ValidationInfo) -> datetime:
        starts = info.data.get("starts")
        if isinstance(starts, datetime) and ends <= starts:
            raise ValueError(f"{ends} is not after starts ({starts})")
        return ends


class ItemFigures(_Strict):
    """The paper's figures for one item (residents, not shares); None where it has none."""

    knew_start: int | None = Field(default=None, ge=0)
    knew_end: int | None = Field(default=None, ge=0)
    invited: int | None = Field(default=None, ge=0)
    attended: int | None = Field(default=None, ge=0)


class NewsItem(_Strict):
    """A piece of news: who knows it at the start (`seeds`), how a text shows it (see the
    module's doc), and, for an event, its place and time window."""

    id: str = Field(pattern=r"^[a-z0-9_-]+$")  # lower-case letters, digits, "-" and "_"
    # what the interviewer asks to learn who knows it ("Did you know there is a party?")
    question: str = Field(min_length=1)
    text: str = Field(min_length=1)
    carried_by: list[list[str]] = Field(min_length=1)
    seeds: list[str] = Field(min_length=1)
    event: Event | None = None
    paper: ItemFigures = ItemFigures()

    @field_validator("carried_by")
    @classmethod
    def _phrases(cls, alternatives: list[list[str]]) -> list[list[str]]:
        for number, phrases in enumerate(alternatives):
            if not phrases:
                raise ValueError(f"alternative [{number}] is empty: list the phrases it needs")
            if any(not phrase.strip() for phrase in phrases):
                raise ValueError(f"alternative [{number}] holds an empty phrase")
        return alternatives

    def carried_in(self, text: str) -> bool:
        return carries(text, self.carried_by)


class PaperFigures(_Strict):
    """The run the paper measured, and its town-wide figures."""

    source: str = Field(min_length=1)
    residents: int = Field(gt=0)
    density_start: float | None = Field(default=None, ge=0, le=1)
    density_end: float | None = Field(default=None, ge=0, le=1)


class Scenario(_Strict):
    """A town's `scenario.json`."""

    title: str = Field(min_length=1)
    run_until: datetime  # the evaluation's default end (the start is the town's)
    paper: PaperFigures | None = None
    news: list[NewsItem] = Field(min_length=1)

    @field_validator("news")
    @classmethod
    def _unique_ids(cls, news: list[NewsItem]) -> list[NewsItem]:
        seen: set[str] = set()
        for item in news:
            if item.id in seen:
                raise ValueError(f"the id {item.id!r} is used twice; each item needs its own")
            seen.add(item.id)
        return news

    def item(self, id: str) -> NewsItem:
        return next(item for item in self.news if item.id == id)


def carries(text: str, alternatives: list[list[str]]) -> bool:
    """True when `text` holds every phrase of at least one list (see the module's doc)."""
    return any(
        all(_phrase_pattern(phrase).search(text) for phrase in phrases) for phrases in alternatives
    )


@lru_cache(maxsize=512)
def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    words = r"\s+".join(re.escape(word) for word in phrase.split())
    return re.compile(rf"(?<!\w){words}s?(?!\w)", re.IGNORECASE)


# --- the town the scenario belongs to -------------------------------------------------------


@dataclass(frozen=True)
class TownInfo:
    """What the evaluation needs of a town: its folder, start, residents, map and the text
    of each resident's persona (to check the scenario's seeds)."""

    id: str  # the bundled town's folder name, or the folder's path for a town from elsewhere
    directory: Path
    start: datetime
    residents: tuple[str, ...]
    map_path: Path
    persona_texts: dict[str, str]


def read_town(town: str | Path) -> TownInfo:
    """The town `town` (a bundled town's name or a folder holding town.json);
    `EvaluationError` when there is no such town or its files cannot be read."""
    directory = Path(town)
    if not (directory / "town.json").is_file():
        directory = bundled("saves") / str(town)
    if not (directory / "town.json").is_file():
        known = ", ".join(sorted(p.parent.name for p in bundled("saves").glob("*/town.json")))
        raise EvaluationError(
            f"unknown town {str(town)!r}: no folder of that name holds a town.json "
            f"(bundled towns: {known})"
        )
    town_json = _read_json(directory / "town.json")
    try:
        start = datetime.fromisoformat(str(town_json["start"]))
        residents = tuple(str(name) for name in town_json["residents"])
        map_path = bundle_root() / str(town_json["map"])
    except (KeyError, TypeError, ValueError) as error:
        raise EvaluationError(
            f"{directory / 'town.json'} is damaged: {type(error).__name__} {error}"
        ) from None
    bundled_saves = (bundle_root() / "saves").resolve()
    town_id = directory.name if directory.resolve().parent == bundled_saves else str(directory)
    return TownInfo(
        town_id, directory, start, residents, map_path, _persona_texts(directory, residents)
    )


def _persona_texts(directory: Path, residents: tuple[str, ...]) -> dict[str, str]:
    data = _read_json(directory / "personas.json")
    personas = data.get("personas") if isinstance(data, dict) else None
    if not isinstance(personas, list):
        raise EvaluationError(f"{directory / 'personas.json'} has no list 'personas'")
    wanted = set(residents)
    return {
        str(persona["name"]): "\n".join(_texts_in(persona))
        for persona in personas
        if isinstance(persona, dict) and persona.get("name") in wanted
    }


def _texts_in(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for inner in value.values() for text in _texts_in(inner)]
    if isinstance(value, list):
        return [text for inner in value for text in _texts_in(inner)]
    return []


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise EvaluationError(f"{path} is missing") from None
    except OSError as error:
        raise EvaluationError(f"{path} cannot be read: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise EvaluationError(f"{path} is not valid JSON: {error}") from None


# --- loading and checking -------------------------------------------------------------------


def load_scenario(town: TownInfo) -> Scenario:
    """The town's scenario.json, validated and checked against the town (seeds are
    residents whose personas carry the item, places are on the map, the run ends after the
    town starts); `EvaluationError` naming the file and the field otherwise."""
    path = town.directory / SCENARIO_FILE
    if not path.is_file():
        raise EvaluationError(
            f"the town {town.id!r} has no {SCENARIO_FILE} (expected at {path}): it lists "
            "the news to follow — see game/evaluation/README.md"
        )
    raw = _read_json(path)
    if not isinstance(raw, dict):
        raise EvaluationError(f"{path} holds a {type(raw).__name__}, not an object")
    if not raw.get("news"):
        raise EvaluationError(
            f"{path} has no news items: 'news' must list at least one item "
            "(id, text, carried_by, seeds)"
        )
    try:
        scenario = Scenario.model_validate(raw)
    except ValidationError as error:
        raise EvaluationError(f"{path}: {_problems(error)}") from None
    _check_against_town(scenario, town, path)
    return scenario


def _problems(error: ValidationError) -> str:
    """The validation errors on one line, each naming its field ("news[1].seeds: …")."""
    problems = [f"{_field_name(found['loc'])}: {found['msg']}" for found in error.errors()]
    shown = "; ".join(problems[:_MAX_LISTED_PROBLEMS])
    more = len(problems) - _MAX_LISTED_PROBLEMS
    return shown + (f" (and {more} more)" if more > 0 else "")


def _field_name(location: tuple[int | str, ...]) -> str:
    name = ""
    for part in location:
        name += f"[{part}]" if isinstance(part, int) else (f".{part}" if name else str(part))
    return name or "the file"


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
            if not item.carried_in(town.persona_texts.get(seed, "")):
                raise EvaluationError(
                    f"{where}.carried_by: nothing in {seed}'s persona carries the news, so "
                    f"{seed} would not know it at the start (no text holds all phrases of "
                    f"any of {item.carried_by})"
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

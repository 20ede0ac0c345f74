"""`town.json`: a town's name, map, start, the residents who live in it, and its mind
settings; and where its map file is.

    {"town": "the Ville (3 residents)", "map": "maps/the_ville.tmx",
     "start": "2023-02-13T07:00:00", "residents": ["Isabella Rodriguez", …]}

`map` is a path relative to the town's folder, or to the game's own files (the bundled
maps: "maps/the_ville.tmx"), or absolute.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from game.files.paths import bundle_root
from game.town_files.problems import read_model

__all__ = ["TOWN_FILE", "TownJson", "map_path_of", "read_town_json"]

TOWN_FILE = "town.json"


class TownJson(BaseModel):
    """The content of a `town.json` file."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    schema_: str | None = Field(default=None, alias="$schema")
    town: str = Field(min_length=1, description="the town's name, shown on the title screen")
    map: str = Field(min_length=1, description="the .tmx map (see the module's doc)")
    start: datetime = Field(description="when the town starts, unless scenario.json says")
    residents: list[str] = Field(description="who lives here: names in personas.json")
    mind: dict[str, Any] = Field(
        default_factory=dict, description="mind settings (cognition.MindSettings) for this town"
    )

    @field_validator("start")
    @classmethod
    def _no_zone(cls, start: datetime) -> datetime:
        if start.tzinfo is not None:
            raise ValueError("a game time has no time zone: write it as 2023-02-13T07:00:00")
        return start

    @model_validator(mode="after")
    def _unique(self) -> Self:
        twice = sorted({n for n in self.residents if self.residents.count(n) > 1})
        if twice:
            raise ValueError(f"residents: {', '.join(twice)} listed twice")
        return self


def read_town_json(directory: Path) -> TownJson:
    return read_model(directory / TOWN_FILE, TownJson)


def map_path_of(directory: Path, map_text: str) -> Path:
    """Where the map of the town in `directory` is (see the module's doc); the first that
    exists, else the path relative to the town's folder."""
    given = Path(map_text).expanduser()
    if given.is_absolute():
        return given
    for base in (directory, bundle_root()):
        if (base / given).is_file():
            return base / given
    return directory / given

"""A town as files people make: `town.json`, `personas.json`, `scenario.json` — read, checked
against the map, edited and written. See README.md."""

from __future__ import annotations

from game.town_files.editor import TownEditor
from game.town_files.listing import TownEntry, list_towns, user_towns_dir
from game.town_files.loading import TownFiles, read_town_files, town_directory
from game.town_files.placing import Placement, place_residents
from game.town_files.problems import TownFileError
from game.town_files.scaffold import scaffold_town
from game.town_files.scenario import Event, ItemFigures, NewsItem, PaperFigures, Scenario, carries
from game.town_files.schema import SCHEMAS, schema_texts

__all__ = [
    "SCHEMAS",
    "Event",
    "ItemFigures",
    "NewsItem",
    "PaperFigures",
    "Placement",
    "Scenario",
    "TownEditor",
    "TownEntry",
    "TownFileError",
    "TownFiles",
    "carries",
    "list_towns",
    "place_residents",
    "read_town_files",
    "scaffold_town",
    "schema_texts",
    "town_directory",
    "user_towns_dir",
]

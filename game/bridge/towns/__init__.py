"""A town as files people make: `town.json`, `personas.json`, `scenario.json` — read, checked
against the map, edited and written. See README.md."""

from __future__ import annotations

from game.bridge.towns.editor import TownEditor
from game.bridge.towns.listing import TownEntry, list_towns, user_towns_dir
from game.bridge.towns.loading import TownFiles, read_town_files, town_directory
from game.bridge.towns.placing import Placement, place_residents
from game.bridge.towns.problems import TownFileError
from game.bridge.towns.scaffold import scaffold_town
from game.bridge.towns.scenario import Event, ItemFigures, NewsItem, PaperFigures, Scenario, carries
from game.bridge.towns.schema import SCHEMAS, schema_texts

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

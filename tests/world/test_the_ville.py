"""The real map, maps/the_ville.tmx: it loads, holds the town, and nothing is out of reach."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.world.map_check import unreachable_objects
from game.world.tmx.loader import load_town
from game.world.town import TownMap

THE_VILLE = Path(__file__).resolve().parents[2] / "maps" / "the_ville.tmx"

RESIDENTS = {
    "Isabella Rodriguez", "Klaus Mueller", "Maria Lopez", "Latoya Williams", "Rajiv Patel",
    "Abigail Chen", "Francisco Lopez", "Hailey Johnson", "Arthur Burton", "Ryan Park",
    "Giorgio Rossi", "Carlos Gomez", "Ayesha Khan", "Wolfgang Schulz", "Mei Lin", "John Lin",
    "Eddy Lin", "Tom Moreno", "Jane Moreno", "Tamara Taylor", "Carmen Ortiz", "Sam Moore",
    "Jennifer Moore", "Yuriko Yamamoto", "Adam Smith",
}  # fmt: skip


@pytest.fixture(scope="module")
def ville() -> TownMap:
    return load_town(THE_VILLE)


def test_the_ville_loads_with_its_sectors(ville: TownMap) -> None:
    assert ville.world
    assert len(ville.tree.sectors) >= 19
    assert 100 <= ville.width <= 140 and 70 <= ville.height <= 100


def test_all_25_residents_and_the_visitor_are_placed(ville: TownMap) -> None:
    assert {spawn.name for spawn in ville.residents()} == RESIDENTS
    assert ville.visitor is not None
    for spawn in ville.residents():
        assert spawn.home is not None and ville.tree.has(spawn.home), spawn.name
        assert spawn.work is not None and ville.tree.has(spawn.work), spawn.name


def test_every_object_is_reachable_from_every_spawn(ville: TownMap) -> None:
    # One breadth-first search per spawn, not an A* run per (spawn, object) pair.
    unreachable = unreachable_objects(ville)
    assert {address.describe(): names for address, names in unreachable.items()} == {}

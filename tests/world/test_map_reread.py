"""A map read again in the same process (an evaluation opens its town's some ten times) is a
copy of the first reading: equal to a fresh parse, its own grid and area tree, and read anew
once its file or tileset changes."""

from __future__ import annotations

from pathlib import Path

from townmaker import TownSpec

from game.world.address import Address
from game.world.tmx import loader
from game.world.tmx.loader import load_town


def test_a_map_read_again_is_an_equal_copy_of_its_own(tmp_path: Path) -> None:
    path = TownSpec.small().write(tmp_path)
    first, again = load_town(path), load_town(path)
    loader._LOADED.clear()
    fresh = load_town(path)  # parsed anew
    for town in (again, fresh):
        assert (town.path, town.world, town.width, town.height) == (
            first.path, first.world, first.width, first.height
        )  # fmt: skip
        assert town.spawns == first.spawns and town.art == first.art
        assert town.tree.outline() == first.tree.outline()
        assert list(town.grid.adjacency) == list(first.grid.adjacency)
    assert again.grid is not first.grid and again.tree is not first.tree
    assert again.spawns is not first.spawns
    kitchen = Address("Lin family's house", "kitchen")
    assert again.tree.arena(kitchen) is not first.tree.arena(kitchen)
    assert again.tree.arena(kitchen).objects == first.tree.arena(kitchen).objects
    first.grid.set_blocked((2, 8), True)  # a change to one copy is that copy's alone
    assert again.grid.is_walkable((2, 8)) and again.grid.version == 0
    assert load_town(path).grid.is_walkable((2, 8))


def test_a_changed_map_or_tileset_is_read_anew(tmp_path: Path) -> None:
    spec = TownSpec.small()
    path = spec.write(tmp_path)
    assert load_town(path).grid.is_walkable((2, 8))
    spec.walls.add((2, 8))
    spec.write(tmp_path)
    assert not load_town(path).grid.is_walkable((2, 8))
    assert {tile.source.name for tile in load_town(path).art.tiles} == {"tiny.png"}
    (tmp_path / "other.png").write_bytes((tmp_path / "tiny.png").read_bytes())
    tileset = tmp_path / spec.tileset_source
    tileset.write_text(tileset.read_text().replace('"tiny.png"', '"other.png"'))
    assert {tile.source.name for tile in load_town(path).art.tiles} == {"other.png"}
    assert len(loader._LOADED) <= loader._LOADED_KEPT

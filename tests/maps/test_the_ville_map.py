"""maps/the_ville.tmx keeps the map contract (maps/README.md), read with pytmx alone."""

from __future__ import annotations

from collections import Counter, deque
from pathlib import Path

import pytest
import pytmx

MAP_PATH = Path(__file__).resolve().parents[2] / "maps" / "the_ville.tmx"
TILE = 16
Cell = tuple[int, int]


@pytest.fixture(scope="module")
def town() -> pytmx.TiledMap:
    return pytmx.TiledMap(str(MAP_PATH))


def blocked_cells(town: pytmx.TiledMap) -> set[Cell]:
    layer = town.get_layer_by_name("collision")
    return {(x, y) for x, y, gid in layer.iter_data() if gid}


def arenas(town: pytmx.TiledMap) -> list[pytmx.TiledObject]:
    return [a for a in town.get_layer_by_name("areas") if "arena" in a.properties]


def cells_of(obj: pytmx.TiledObject) -> list[Cell]:
    x0, y0 = int(obj.x) // TILE, int(obj.y) // TILE
    w, h = int(obj.width) // TILE, int(obj.height) // TILE
    return [(x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w)]


def spawn_cell(spawn: pytmx.TiledObject) -> Cell:
    return int(spawn.x) // TILE, int(spawn.y) // TILE


def test_size_layers_and_world(town: pytmx.TiledMap) -> None:
    assert 100 <= town.width <= 140 and 70 <= town.height <= 100
    assert (town.tilewidth, town.tileheight) == (TILE, TILE)
    assert town.properties["world"] == "the Ville"
    names = [layer.name for layer in town.layers]
    assert names[:5] == ["ground", "walls", "furniture", "overhead", "collision"]
    assert {"areas", "objects", "spawns"} <= set(names)
    assert not town.get_layer_by_name("collision").visible


def test_every_object_sits_in_one_arena_with_a_unique_name(town: pytmx.TiledMap) -> None:
    places = arenas(town)
    names: Counter[tuple[str, str, str]] = Counter()
    for obj in town.get_layer_by_name("objects"):
        centre = (obj.x + obj.width / 2, obj.y + obj.height / 2)
        inside = [
            a
            for a in places
            if a.x <= centre[0] < a.x + a.width and a.y <= centre[1] < a.y + a.height
        ]
        assert len(inside) == 1, obj.name
        arena = inside[0].properties
        names[(arena["sector"], arena["arena"], obj.name)] += 1
        assert "state" in obj.properties
    assert [key for key, count in names.items() if count > 1] == []


def test_the_town_has_its_places(town: pytmx.TiledMap) -> None:
    sectors = {a.properties["sector"]: a.properties for a in town.get_layer_by_name("areas")}
    for sector in (
        "Hobbs Cafe",
        "The Rose and Crown Pub",
        "The Willows Market and Pharmacy",
        "Harvey Oak Supply Store",
        "Oak Hill College",
        "Johnson Park",
        "Artist's co-living space",
        "Dorm for Oak Hill College",
        "Lin family's house",
        "Isabella Rodriguez's apartment",
    ):
        assert sector in sectors
    kinds = {
        a.properties["sector"]: a.properties.get("kind")
        for a in town.get_layer_by_name("areas")
        if "arena" not in a.properties
    }
    assert kinds["Hobbs Cafe"] == "public" and kinds["Lin family's house"] == "home"
    bathrooms = [
        a
        for a in arenas(town)
        if a.properties["sector"] == "Dorm for Oak Hill College"
        and a.properties["arena"] == "bathroom"
    ]
    assert bathrooms and bathrooms[0].properties["one_person"] is True


def test_spawns_are_residents_on_walkable_tiles_at_home(town: pytmx.TiledMap) -> None:
    blocked = blocked_cells(town)
    spawns = list(town.get_layer_by_name("spawns"))
    assert len(spawns) == 26 and "Visitor" in {s.name for s in spawns}
    places = arenas(town)
    for spawn in spawns:
        cell = spawn_cell(spawn)
        assert cell not in blocked, spawn.name
        if spawn.name == "Visitor":
            continue
        props = spawn.properties
        assert {"home_sector", "home_arena", "work_sector"} <= set(props)
        home = [a for a in places if cell in cells_of(a)]
        assert home and home[0].properties["sector"] == props["home_sector"], spawn.name
        assert home[0].properties["arena"] == props["home_arena"], spawn.name


def test_everyone_reaches_every_object(town: pytmx.TiledMap) -> None:
    blocked = blocked_cells(town)
    spawns = [spawn_cell(s) for s in town.get_layer_by_name("spawns")]
    seen = {spawns[0]}
    queue = deque([spawns[0]])
    while queue:
        x, y = queue.popleft()
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            inside = 0 <= nxt[0] < town.width and 0 <= nxt[1] < town.height
            if inside and nxt not in blocked and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    assert set(spawns) <= seen
    for obj in town.get_layer_by_name("objects"):
        cells = set(cells_of(obj))
        around = {
            (x + dx, y + dy) for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        }
        assert (around - cells) & seen, f"{obj.name} cannot be reached"

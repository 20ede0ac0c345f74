"""Every kind of broken map is rejected with MapError naming what is wrong and where."""

from __future__ import annotations

from pathlib import Path

import pytest
from townmaker import Thing, TownSpec

from game.world.tmx.loader import MapError, load_town


def problems_of(spec: TownSpec, folder: Path) -> list[str]:
    with pytest.raises(MapError) as caught:
        load_town(spec.write(folder))
    assert str(caught.value).startswith(str(folder / "town.tmx"))
    return caught.value.problems


def only(problems: list[str], *fragments: str) -> str:
    """The single problem holding every fragment."""
    matching = [p for p in problems if all(fragment in p for fragment in fragments)]
    assert len(matching) == 1, (fragments, problems)
    return matching[0]


def test_the_small_town_loads(small_town_path: Path) -> None:
    town = load_town(small_town_path)
    assert (town.width, town.height, town.tile_width) == (24, 16, 16)
    assert town.visitor is not None and town.visitor.tile == (11, 15)
    assert [spawn.name for spawn in town.residents()] == ["John Lin", "Sam Moore"]


def test_missing_layers(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.tile_layers = ("ground", "walls", "furniture", "overhead")
    spec.object_layers = ("areas", "objects")
    problems = problems_of(spec, tmp_path)
    only(problems, "missing tile layer 'collision'")
    only(problems, "missing object layer 'spawns'")


def test_area_outside_the_map(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.areas.append(Thing("attic", (20, 14, 6, 4), {"sector": "Hobbs Cafe", "arena": "attic"}))
    only(problems_of(spec, tmp_path), "'attic'", "x=20..25, y=14..17", "outside the 24×16 map")


def test_object_outside_every_arena(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.objects.append(Thing("lamp post", (11, 8, 1, 1), {"state": "lit"}))
    only(
        problems_of(spec, tmp_path),
        "objects layer",
        "'lamp post'",
        "x=11..11",
        "outside every arena",
    )


def test_missing_tileset_file(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.tileset_source = "missing.tsx"
    only(problems_of(spec, tmp_path), "'missing.tsx'", "not found", str(tmp_path / "missing.tsx"))


def test_missing_tileset_image(tmp_path: Path) -> None:
    path = TownSpec.small().write(tmp_path)
    (tmp_path / "tiny.png").unlink()
    with pytest.raises(MapError) as caught:
        load_town(path)
    only(caught.value.problems, "'tiny.tsx'", "image 'tiny.png' not found")


def test_malformed_tileset_file(tmp_path: Path) -> None:
    path = TownSpec.small().write(tmp_path)
    (tmp_path / "tiny.tsx").write_text("<tileset><image", encoding="utf-8")
    with pytest.raises(MapError) as caught:
        load_town(path)
    only(caught.value.problems, "tiny.tsx", "malformed XML at line 1")


def test_tile_from_an_unknown_tileset(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.extra_gids = {(5, 9): 99}
    only(problems_of(spec, tmp_path), "layer 'ground'", "tile id 99", "(5, 9)", "unknown tileset")


def test_spawn_on_a_wall_and_outside_the_map(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.spawns[0].rect = (1, 1, 0, 0)
    spec.spawns[1].rect = (30, 3, 0, 0)
    problems = problems_of(spec, tmp_path)
    only(problems, "'John Lin'", "blocked tile (1, 1)")
    only(problems, "'Sam Moore'", "outside the 24×16 map")


def test_duplicate_names(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.areas.append(
        Thing("k2", (2, 5, 2, 1), {"sector": "Lin family's house", "arena": "kitchen"})
    )
    spec.objects.append(Thing("stove", (5, 6, 1, 1), {"state": "idle"}))
    spec.spawns.append(Thing("Visitor", (0, 0, 0, 0)))
    problems = problems_of(spec, tmp_path)
    only(problems, "duplicate arena 'kitchen' in sector \"Lin family's house\"")
    only(problems, "duplicate object 'stove' in kitchen, Lin family's house", "x=5..5, y=6..6")
    only(problems, "duplicate spawn 'Visitor'")


def test_missing_required_properties(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.world = None
    spec.areas.append(Thing("shed", (1, 10, 2, 2), {"arena": "shed"}))
    del spec.objects[0].properties["state"]
    del spec.spawns[0].properties["home_sector"]
    spec.spawns[1].properties["work_sector"] = "Atlantis"
    problems = problems_of(spec, tmp_path)
    only(problems, "map property 'world' is missing")
    spec.world = "Test Ville"
    problems = problems_of(spec, tmp_path / "again")
    only(problems, "'shed'", "missing required property 'sector'")
    only(problems, "'stove'", "missing required property 'state'")
    only(problems, "'John Lin'", "missing required property 'home_sector'")
    only(problems, "'Sam Moore'", "unknown place: Atlantis")


def test_bad_property_values(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.areas[3].properties["open_hours"] = "9 to 5"
    spec.areas[4].properties["capacity"] = "lots"
    spec.areas[0].properties["kind"] = "castle"
    problems = problems_of(spec, tmp_path)
    only(problems, "'9 to 5' are not like '08:00-17:00'")
    only(problems, "'cafe'", "capacity 'lots'")
    only(problems, "kind 'castle'")


def test_property_named_like_a_tiled_attribute(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.objects[1].properties["type"] = "fridge"
    only(problems_of(spec, tmp_path), "objects layer, object 1101 'refrigerator'", "'type'")


def test_malformed_xml(tmp_path: Path) -> None:
    path = TownSpec.small().write(tmp_path)
    path.write_text(path.read_text(encoding="utf-8")[:500], encoding="utf-8")
    with pytest.raises(MapError) as caught:
        load_town(path)
    only(caught.value.problems, "town.tmx", "malformed XML at line")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(MapError) as caught:
        load_town(tmp_path / "nowhere.tmx")
    assert caught.value.problems == [f"map file not found: {tmp_path / 'nowhere.tmx'}"]


def test_not_a_map(tmp_path: Path) -> None:
    path = tmp_path / "town.tmx"
    path.write_text("<html></html>", encoding="utf-8")
    with pytest.raises(MapError, match="root element is <html>"):
        load_town(path)


def test_all_problems_are_listed_together(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.objects.append(Thing("lamp post", (11, 8, 1, 1), {"state": "lit"}))
    spec.spawns[0].rect = (1, 1, 0, 0)
    spec.spawns.append(Thing("Visitor", (0, 0, 0, 0)))
    assert len(problems_of(spec, tmp_path)) == 3

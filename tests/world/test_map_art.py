"""The map's drawn layers come out of the one parse as plain data (`TownMap.art`)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from townmaker import TILE, TownSpec, write_png

from game.world.map_art import DRAWN_LAYERS, TileImage
from game.world.tmx.loader import MapError, load_town
from game.world.town import TownMap

FLIP_HORIZONTALLY, FLIP_VERTICALLY, FLIP_DIAGONALLY = 1 << 31, 1 << 30, 1 << 29


def tile_at(town: TownMap, layer: str, cell: tuple[int, int]) -> TileImage | None:
    found = town.art.layer(layer)
    assert found is not None
    return next((town.art.tiles[t] for x, y, t in found.cells if (x, y) == cell), None)


def test_every_drawn_layer_keeps_its_cells(small_town: TownMap, small_town_path: Path) -> None:
    spec = TownSpec.small()
    art = small_town.art
    assert [layer.name for layer in art.layers] == list(DRAWN_LAYERS)
    assert art.layer("collision") is None
    ground, walls, furniture, overhead = art.layers
    assert len(ground.cells) == spec.width * spec.height
    assert {(x, y) for x, y, _ in walls.cells} == spec.walls
    assert {(x, y) for x, y, _ in furniture.cells} == spec.blocked() - spec.walls
    assert overhead.cells == ()
    assert [(x, y) for x, y, _ in ground.cells][:3] == [(0, 0), (1, 0), (2, 0)]  # row by row
    assert len(art.tiles) == 3  # ground, wall, furniture: each distinct tile once
    assert art.sources() == [(small_town_path.parent / "tiny.png").resolve()]


def test_a_tile_names_its_rectangle_in_the_tileset_image(small_town: TownMap) -> None:
    wall = tile_at(small_town, "walls", (1, 1))  # gid 2: the second 16×16 tile of tiny.png
    assert wall is not None
    assert wall.rect == (TILE, 0, TILE, TILE)
    assert wall.source.name == "tiny.png" and wall.source.is_absolute()
    assert not (wall.flipped_horizontally or wall.flipped_vertically or wall.flipped_diagonally)
    assert wall.colorkey is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        wall.rect = None  # type: ignore[misc]


def test_flipped_tiles_keep_their_flags(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.extra_gids = {
        (23, 0): 3 | FLIP_HORIZONTALLY,
        (22, 0): 3 | FLIP_VERTICALLY | FLIP_DIAGONALLY,
    }
    town = load_town(spec.write(tmp_path))
    mirrored, turned = tile_at(town, "ground", (23, 0)), tile_at(town, "ground", (22, 0))
    assert mirrored is not None and turned is not None
    assert mirrored.rect == turned.rect == (2 * TILE, 0, TILE, TILE)
    flags = (
        mirrored.flipped_horizontally,
        mirrored.flipped_vertically,
        mirrored.flipped_diagonally,
    )
    assert flags == (True, False, False)
    flags = (turned.flipped_horizontally, turned.flipped_vertically, turned.flipped_diagonally)
    assert flags == (False, True, True)
    assert tile_at(town, "overhead", (23, 0)) == mirrored  # the same tile, listed once
    assert len(town.art.tiles) == 5


def test_a_transparent_colour_is_kept(tmp_path: Path) -> None:
    path = TownSpec.small().write(tmp_path)
    tileset = (tmp_path / "tiny.tsx").read_text(encoding="utf-8")
    tileset = tileset.replace('<image source="tiny.png"', '<image source="tiny.png" trans="ff00ff"')
    (tmp_path / "tiny.tsx").write_text(tileset, encoding="utf-8")
    assert {tile.colorkey for tile in load_town(path).art.tiles} == {"ff00ff"}


def write_image_collection(folder: Path, spec: TownSpec) -> Path:
    """The small town drawn from a tileset of separate images; tile 4 has none."""
    spec.tileset_source = "collection.tsx"
    path = spec.write(folder)
    write_png(folder / "one.png", TILE, TILE)
    tiles = "".join(
        f'<tile id="{n}"><image source="one.png" width="{TILE}" height="{TILE}"/></tile>'
        for n in range(3)
    )
    (folder / "collection.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tileset version="1.10" name="collection" tilewidth="{TILE}" tileheight="{TILE}" '
        f'tilecount="4" columns="0">{tiles}<tile id="3"/></tileset>',
        encoding="utf-8",
    )
    return path


def test_tiles_of_an_image_collection_are_whole_images(tmp_path: Path) -> None:
    town = load_town(write_image_collection(tmp_path, TownSpec.small()))
    assert {(tile.source.name, tile.rect) for tile in town.art.tiles} == {("one.png", None)}


def test_a_drawn_tile_without_an_image_is_a_map_error(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.extra_gids = {(23, 0): 4}
    with pytest.raises(MapError) as caught:
        load_town(write_image_collection(tmp_path, spec))
    assert "layer 'ground': tile id 4 (first at (23, 0)) has no image" in caught.value.problems

"""Maps that are not ours — gzipped, empty or cut-short files, JSON where XML belongs,
Tiled's own example maps — are refused with one line per problem saying what is missing or
what to do. (Tiled's JSON maps load: test_tiled_json.py.)"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from townmaker import TownSpec

from game.world.map_art import DRAWN_LAYERS
from game.world.map_check import check_map
from game.world.tmx.layout import TILE_LAYERS
from game.world.tmx.loader import MapError, load_town

TILED_EXAMPLES = Path("/usr/share/doc/tiled/examples")


def problems(path: Path) -> list[str]:
    with pytest.raises(MapError) as caught:
        load_town(path)
    assert str(caught.value).startswith(f"{path}: ")
    return caught.value.problems


def test_the_layout_names_every_layer_the_loader_reads() -> None:
    assert list(TILE_LAYERS) == [*DRAWN_LAYERS, "collision"]


def test_a_json_tileset_says_save_it_as_tsx(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.tileset_source = "tiny.tsx"
    path = spec.write(tmp_path)
    (tmp_path / "tiny.tsx").write_text('{"type": "tileset"}', encoding="utf-8")
    (line,) = problems(path)
    assert "tiny.tsx is a Tiled JSON tileset: open it in Tiled and save it as .tsx" in line


def test_a_gzipped_map_says_unpack_it(tmp_path: Path) -> None:
    path = TownSpec.small().write(tmp_path)
    packed = tmp_path / "town.tmx.gz"
    packed.write_bytes(gzip.compress(path.read_bytes()))
    assert problems(packed) == [
        "map file town.tmx.gz is gzip-compressed: unpack it first (gunzip town.tmx.gz)"
    ]


def test_an_empty_or_binary_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty.tmx"
    empty.write_bytes(b"")
    assert problems(empty) == ["map file empty.tmx is empty"]
    binary = tmp_path / "picture.tmx"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n....")
    (line,) = problems(binary)
    assert line.startswith("map file picture.tmx is not an XML file (it starts with b'\\x89PNG")
    assert "a Tiled map must be saved as .tmx" in line


def test_cut_short_xml_says_where_and_what_to_suspect(tmp_path: Path) -> None:
    path = TownSpec.small().write(tmp_path)
    path.write_text(path.read_text(encoding="utf-8")[:300], encoding="utf-8")
    (line,) = problems(path)
    assert line.startswith("map file town.tmx: malformed XML at line ")
    assert "was the file cut short or edited by hand?" in line


def test_layers_in_a_group_count_and_doubles_are_named(tmp_path: Path) -> None:
    path = TownSpec.small().write(tmp_path)
    text = path.read_text(encoding="utf-8")
    start = text.index('<objectgroup id="10"')
    end = text.index("</objectgroup>", start) + len("</objectgroup>")
    grouped = text[:start] + '<group id="20" name="places">' + text[start:end] + "</group>"
    path.write_text(grouped + text[end:], encoding="utf-8")
    assert load_town(path).tree.sectors  # the areas layer inside a group is read

    doubled = text.replace('name="overhead"', 'name="walls"')
    path.write_text(doubled, encoding="utf-8")
    assert problems(path) == [
        "2 layers are named 'walls': keep one",
        "missing tile layer 'overhead' (tree tops and wall tops drawn over the characters)",
    ]


def test_a_layer_of_the_wrong_kind(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.tile_layers = ("ground", "walls", "furniture", "overhead", "collision", "areas")
    spec.object_layers = ("objects", "spawns")
    assert problems(spec.write(tmp_path)) == [
        "layer 'areas' is a tile layer; it must be an object layer"
    ]


def test_an_old_tileset_image_without_a_size(tmp_path: Path) -> None:
    path = TownSpec.small().write(tmp_path)
    tileset = tmp_path / "tiny.tsx"
    text = tileset.read_text(encoding="utf-8")
    tileset.write_text(text.replace(' width="64" height="16"', ""), encoding="utf-8")
    assert problems(path) == [
        "tileset (firstgid 1) 'tiny.tsx': image 'tiny.png' has no width and height "
        "(written by an old Tiled): open the tileset in Tiled and save it again"
    ]


EXAMPLES = ["desert.tmx", "sewers.tmx", "rpg/island.tmx"]


@pytest.mark.parametrize("name", EXAMPLES)
def test_tiled_example_maps_get_the_list_of_what_is_missing(name: str) -> None:
    path = TILED_EXAMPLES / name
    if not path.is_file():
        pytest.skip(f"Tiled's example maps are not installed ({path} missing: apt install tiled)")
    report = check_map(path)
    missing_layers = [error.split("'")[1] for error in report.errors if "missing" in error]
    assert missing_layers == [*TILE_LAYERS, "areas", "objects", "spawns", "world"], report.errors
    text = report.to_text(path)
    assert text.startswith(f"{path}: the map cannot be used (9 problems):")
    assert text.endswith(
        "adds the missing layers and the world property (empty, with a backup of the map)."
    )


def test_the_old_tiled_example_with_a_sizeless_tileset_is_named() -> None:
    path = TILED_EXAMPLES / "perspective_walls.tmx"
    if not path.is_file():
        pytest.skip(f"Tiled's example maps are not installed ({path} missing: apt install tiled)")
    errors = check_map(path).errors
    assert "image 'perspective_walls.png' has no width and height" in errors[0]
    assert "missing tile layer 'ground'" in errors[1]

"""Tiled's JSON maps (.tmj) load as the same town as the .tmx they were saved from.

The fixture `fixtures/small_town_json/` was written by Tiled 1.8.2 itself
(`tiled --export-map json` of `TownSpec.small()`, and `--export-tileset json` of its
tileset), so the JSON is Tiled's own, not a guess at it."""

from __future__ import annotations

import base64
import gzip
import json
import shutil
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from townmaker import TownSpec

from game.cli import main
from game.world.tmx.loader import MapError, load_town
from game.world.town import TownMap

FIXTURE = Path(__file__).parent / "fixtures" / "small_town_json"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return shutil.copytree(FIXTURE, tmp_path / "json")


@pytest.fixture(scope="module")
def from_tmx(tmp_path_factory: pytest.TempPathFactory) -> TownMap:
    return load_town(TownSpec.small().write(tmp_path_factory.mktemp("tmx")))


def same_town(json_town: TownMap, tmx_town: TownMap) -> None:
    assert (json_town.world, json_town.width, json_town.height) == (
        tmx_town.world,
        tmx_town.width,
        tmx_town.height,
    )
    assert json_town.tree.sectors == tmx_town.tree.sectors
    assert json_town.spawns == tmx_town.spawns
    assert list(json_town.grid.walkable_tiles()) == list(tmx_town.grid.walkable_tiles())
    assert json_town.art.layers == tmx_town.art.layers
    assert [(tile.source.name, tile.rect) for tile in json_town.art.tiles] == [
        (tile.source.name, tile.rect) for tile in tmx_town.art.tiles
    ]


def edit(path: Path, change: Any) -> Path:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_tiled_json_map_loads_as_its_tmx(folder: Path, from_tmx: TownMap) -> None:
    same_town(load_town(folder / "town.tmj"), from_tmx)


def test_map_check_reads_it_too(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map-check", str(folder / "town.tmj")]) == 0
    assert "24×16 tiles, 4 sectors, 5 arenas" in capsys.readouterr().out


def test_json_under_a_tmx_name_is_read_as_json(folder: Path, from_tmx: TownMap) -> None:
    renamed = folder / "town.tmx"
    shutil.copy(folder / "town.tmj", renamed)
    same_town(load_town(renamed), from_tmx)


@pytest.mark.parametrize("compression", ["", "zlib", "gzip"])
def test_base64_layer_data(folder: Path, from_tmx: TownMap, compression: str) -> None:
    def to_base64(data: dict[str, Any]) -> None:
        for layer in data["layers"]:
            if layer["type"] == "tilelayer":
                raw = struct.pack(f"<{len(layer['data'])}I", *layer["data"])
                packed = {"": raw, "zlib": zlib.compress(raw), "gzip": gzip.compress(raw)}
                layer["data"] = base64.b64encode(packed[compression]).decode("ascii")
                layer["encoding"] = "base64"
                layer["compression"] = compression

    same_town(load_town(edit(folder / "town.tmj", to_base64)), from_tmx)


def test_a_json_tileset_file(folder: Path, from_tmx: TownMap) -> None:
    def use_tsj(data: dict[str, Any]) -> None:
        data["tilesets"] = [{"firstgid": 1, "source": "tiny.tsj"}]

    (folder / "tiny.tsx").unlink()
    same_town(load_town(edit(folder / "town.tmj", use_tsj)), from_tmx)


def test_an_embedded_tileset_with_its_image_in_another_folder(
    folder: Path, from_tmx: TownMap
) -> None:
    art = folder / "art"
    art.mkdir()
    (folder / "tiny.png").rename(art / "tiny.png")
    tileset = json.loads((folder / "tiny.tsj").read_text(encoding="utf-8"))

    def embed(data: dict[str, Any]) -> None:
        data["tilesets"] = [{**tileset, "firstgid": 1, "image": "art/tiny.png"}]

    town = load_town(edit(folder / "town.tmj", embed))
    same_town(town, from_tmx)
    assert town.art.tiles[0].source == art / "tiny.png"


def test_a_tmx_map_may_use_a_json_tileset(tmp_path: Path, from_tmx: TownMap) -> None:
    spec = TownSpec.small()
    spec.tileset_source = "tiny.tsj"
    path = spec.write(tmp_path)
    shutil.copy(FIXTURE / "tiny.tsj", tmp_path / "tiny.tsj")
    same_town(load_town(path), from_tmx)


def problems(path: Path) -> list[str]:
    with pytest.raises(MapError) as caught:
        load_town(path)
    assert str(caught.value).startswith(f"{path}: ")
    return caught.value.problems


def test_broken_json_maps_say_what_is_wrong(tmp_path: Path) -> None:
    cases = {
        "cut.tmj": ('{"type": "map",\n "layers": [', "malformed JSON at line 2, column 13"),
        "list.tmj": ("[1, 2]", "the JSON holds no Tiled map"),
        "tileset.tmj": ('{"type": "tileset"}', "the JSON is a Tiled tileset, not a map"),
        "layer.tmj": (
            '{"type": "map", "layers": [{"type": "tilelayer", "name": "ground"}]}',
            "not a map as Tiled writes it (no field 'data'): open it in Tiled and save it as",
        ),
        "odd.tmj": (
            '{"type": "map", "layers": [{"type": "sketch", "name": "x"}]}',
            "layer 'x' has the unknown type 'sketch'",
        ),
    }
    for name, (text, message) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        (line,) = problems(path)
        assert line.startswith(f"map file {name}: ") and message in line, line


def test_a_broken_or_missing_json_tileset(folder: Path) -> None:
    tilesets = [{"firstgid": 1, "source": "tiny.tsj"}]
    path = edit(folder / "town.tmj", lambda data: data.update(tilesets=tilesets))
    (folder / "tiny.tsj").write_text('{"type": "map"}', encoding="utf-8")
    assert problems(path) == [
        "tileset (firstgid 1) file 'tiny.tsj': the JSON is a Tiled map, not a tileset"
    ]
    (folder / "tiny.tsj").unlink()
    assert problems(path) == [
        f"tileset (firstgid 1) file 'tiny.tsj' not found: {folder / 'tiny.tsj'}"
    ]


def test_an_infinite_json_map_is_refused(folder: Path) -> None:
    path = edit(folder / "town.tmj", lambda data: data.update(infinite=True))
    assert "town.tmj: infinite maps are not supported; give it a fixed size" in problems(path)

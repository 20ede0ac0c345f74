"""The Tiled editor re-saves our maps and the game loads the result: the real `tiled
--export-map` (Debian's Tiled 1.8 headless) writes maps/the_ville.tmx as .tmx and as JSON
(.tmj), each with its tileset in its own file or embedded; a map that went through map-init
opens and re-saves in Tiled too.
Skipped, saying why, where Tiled is not installed (`.ci/run` installs it on Debian)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from game.world.map_check import check_map
from game.world.tmx.init import init_map
from game.world.tmx.loader import load_town
from game.world.town import TownMap

ROOT = Path(__file__).resolve().parents[2]
THE_VILLE = ROOT / "maps" / "the_ville.tmx"
FOREST = Path(__file__).parent / "fixtures" / "forest_camp"
TILED = shutil.which("tiled")

pytestmark = pytest.mark.skipif(
    TILED is None,
    reason="the Tiled editor is not installed (`apt-get install tiled`): no round trip",
)


def export(source: Path, target: Path, *options: str) -> Path:
    """`tiled --export-map [options] FORMAT SOURCE TARGET`, headless."""
    assert TILED is not None
    fmt = "json" if target.suffix == ".tmj" else "tmx"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(target.parent)}
    done = subprocess.run(
        [TILED, "--export-map", *options, fmt, str(source), str(target)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and target.is_file(), done.stderr
    return target


def same_town(ours: TownMap, theirs: TownMap) -> None:
    assert (theirs.world, theirs.width, theirs.height) == (ours.world, ours.width, ours.height)
    assert theirs.tree.sectors == ours.tree.sectors
    assert theirs.spawns == ours.spawns
    assert list(theirs.grid.walkable_tiles()) == list(ours.grid.walkable_tiles())
    assert theirs.art == ours.art


@pytest.fixture(scope="module")
def the_ville() -> TownMap:
    return load_town(THE_VILLE)


@pytest.mark.parametrize("options", [(), ("--embed-tilesets",)], ids=["plain", "embedded"])
def test_the_ville_saved_by_tiled_loads_unchanged(
    tmp_path: Path, the_ville: TownMap, options: tuple[str, ...]
) -> None:
    # Tiled rewrites the tileset path relative to the new file: it still finds the art
    folder = tmp_path / "maps"
    folder.mkdir()
    saved = export(THE_VILLE, folder / "the_ville.tmx", *options)
    text = saved.read_text(encoding="utf-8")
    assert 'tiledversion="' in text
    if options:
        assert '<tileset firstgid="1" name=' in text and ".tsx" not in text
    report = check_map(saved)
    assert report.ok, report.to_text(saved)
    same_town(the_ville, load_town(saved))


@pytest.mark.parametrize("options", [(), ("--embed-tilesets",)], ids=["plain", "embedded"])
def test_the_ville_saved_as_tiled_json_loads_unchanged(
    tmp_path: Path, the_ville: TownMap, options: tuple[str, ...]
) -> None:
    saved = export(THE_VILLE, tmp_path / "the_ville.tmj", *options)
    assert saved.read_text(encoding="utf-8").startswith("{")
    same_town(the_ville, load_town(saved))


def test_a_map_init_map_opens_in_tiled_with_its_new_layers(tmp_path: Path) -> None:
    folder = shutil.copytree(FOREST, tmp_path / "forest_camp")
    path = folder / "forest_camp.tmx"
    init_map(path, world="Pine Hollow")
    before = check_map(path).errors
    saved = export(path, folder / "resaved.tmx")
    text = saved.read_text(encoding="utf-8")
    for layer in ("walls", "furniture", "overhead", "collision", "areas", "objects", "spawns"):
        assert f'name="{layer}"' in text, layer
    assert '<property name="world" value="Pine Hollow"/>' in text
    assert '<property name="author" value="someone else"/>' in text
    assert check_map(saved).errors == before

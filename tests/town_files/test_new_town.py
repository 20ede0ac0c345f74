"""`smallville new-town`: a town folder from a map and another town, that plays and saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.bridge import SimulationOptions, TownFile, simulate
from game.cli import main
from game.files.paths import bundled

MAP = bundled("maps/the_ville.tmx")


def test_new_town_makes_a_town_that_plays_and_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SMALLVILLE_CONFIG_DIR", str(tmp_path / "config"))
    town = tmp_path / "harbour"
    assert main(["new-town", str(town), "--map", str(MAP), "--from", "the_ville_n3"]) == 0
    out = capsys.readouterr().out
    assert "Made" in out and "3 residents" in out and f"smallville --town {town}" in out
    data = json.loads((town / "town.json").read_text(encoding="utf-8"))
    assert data["map"] == "maps/the_ville.tmx"  # the bundled map, named as the bundle does
    assert TownFile.load(town).residents == (
        "Isabella Rodriguez",
        "Klaus Mueller",
        "Maria Lopez",
    )
    saves = tmp_path / "saves"
    options = SimulationOptions(
        town=str(town), hours=1, embedder="hashing", workers=2, save="harbour", saves_dir=saves
    )
    report, _ = simulate(options)
    assert report["agents"] == 3
    again = SimulationOptions(
        town=str(town), hours=0.5, embedder="hashing", workers=2, load="harbour", saves_dir=saves
    )
    loaded, _ = simulate(again)
    assert loaded["agents"] == 3


def test_new_town_never_overwrites_a_town(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    town = tmp_path / "mine"
    assert main(["new-town", str(town)]) == 0
    before = (town / "personas.json").read_bytes()
    assert main(["new-town", str(town), "--from", "the_ville_n25"]) == 2
    assert "already holds a town" in capsys.readouterr().err
    assert (town / "personas.json").read_bytes() == before


def test_new_town_on_a_map_that_cannot_be_used_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map>", encoding="utf-8")
    assert main(["new-town", str(tmp_path / "t"), "--map", str(broken)]) == 2
    err = capsys.readouterr().err
    assert "the town was not made" in err and "broken.tmx" in err
    assert not (tmp_path / "t" / "town.json").exists()


def test_new_town_from_an_unknown_town_lists_the_bundled_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new-town", str(tmp_path / "t"), "--from", "atlantis"]) == 2
    assert "unknown town 'atlantis'" in capsys.readouterr().err


def test_a_town_on_a_map_of_its_own_saves_and_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A map outside the game's files (a player's own, here the Ville copied elsewhere with
    its tileset named absolutely): the town saves — once refused as 'not bundled' — and
    loads again without a warning about its map."""
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SMALLVILLE_CONFIG_DIR", str(tmp_path / "config"))
    tileset = bundled("assets/tiles/ville.tsx").as_posix()
    text = MAP.read_text(encoding="utf-8").replace('"../assets/tiles/ville.tsx"', f'"{tileset}"')
    assert tileset in text
    own_map = tmp_path / "maps" / "harbour.tmx"
    own_map.parent.mkdir()
    own_map.write_text(text, encoding="utf-8")
    town = tmp_path / "harbour"
    assert main(["new-town", str(town), "--map", str(own_map)]) == 0
    assert json.loads((town / "town.json").read_text(encoding="utf-8"))["map"] == str(own_map)
    saves = tmp_path / "saves"
    options = SimulationOptions(
        town=str(town), hours=0.5, embedder="hashing", workers=2, save="own", saves_dir=saves
    )
    simulate(options)
    warnings: list[str] = []
    again = SimulationOptions(
        town=str(town), hours=0.5, embedder="hashing", workers=2, load="own", saves_dir=saves
    )
    loaded, _ = simulate(again, warn=warnings.append)
    assert loaded["agents"] == 3
    assert not [line for line in warnings if "map" in line]

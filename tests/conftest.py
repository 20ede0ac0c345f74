"""Shared test set-up: pygame runs headless everywhere, and no test writes into the user's
own data or config folders (saves, run records, memories, settings, the log go to a
temporary folder unless a test points them elsewhere). A small town on disk (`tiny_town`:
the world tests' map maker with a colourful tileset) and a `display` for the play, town and
render tests; the test helpers' folders are put on sys.path (`--import-mode=importlib` does
not), so tests can `from townmaker import TownSpec` (tests/world) and
`from fake_port import FakePort` (tests/ui)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # after the headless settings above

TESTS = Path(__file__).resolve().parent
for helpers in (TESTS / "world", TESTS / "ui"):  # townmaker.py; fake_port.py
    if str(helpers) not in sys.path:
        sys.path.insert(0, str(helpers))

from townmaker import TownSpec  # noqa: E402

TILE_COLOURS = ((86, 150, 72), (120, 88, 60), (176, 140, 96), (40, 40, 40))


def write_tiny_town(folder: Path) -> Path:
    """The world tests' 24×16 town, with a tileset of four distinct colours."""
    path = TownSpec.small().write(folder)
    tileset = pygame.Surface((16 * len(TILE_COLOURS), 16))
    for index, colour in enumerate(TILE_COLOURS):
        tileset.fill(colour, (index * 16, 0, 16, 16))
        tileset.fill((255, 255, 255), (index * 16 + 4, 4, 2, 2))
    pygame.image.save(tileset, str(folder / "tiny.png"))
    return path


@pytest.fixture
def tiny_town(tmp_path: Path) -> Path:
    return write_tiny_town(tmp_path / "town")


@pytest.fixture
def display() -> Iterator[pygame.Surface]:
    pygame.init()
    surface = pygame.display.set_mode((320, 240))
    yield surface
    pygame.quit()


@pytest.fixture(autouse=True)
def town_memories_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Towns built in this process keep Chroma in it: a child of its own would import
    chromadb anew for each town (~3 s). `tests/cognition/memory/test_chroma_child.py`
    and `tests/bridge/test_memory_child.py` test the child; a `smallville` command run as a
    subprocess uses it as players do."""
    # lazy: the bridge imports the whole game
    from game.bridge import town_minds

    monkeypatch.setattr(town_minds, "MEMORY_IN_CHILD", False)


@pytest.fixture(autouse=True)
def user_folders_in_a_temporary_place(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """`SMALLVILLE_DATA_DIR` and `SMALLVILLE_CONFIG_DIR` point into a fresh folder."""
    root = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(root / "data"))
    monkeypatch.setenv("SMALLVILLE_CONFIG_DIR", str(root / "config"))
    yield root
    # a test that ran `game.cli.main` set up the log file (under the data folder): take it away
    from game.files.logs import close_logging

    close_logging()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files marked `long_running` (a minute-long run, a server to start) come first, in
    their order: the workers (pytest-xdist, one file at a time, in collection order with
    `--no-loadscope-reorder` in pyproject's addopts) take them at the start, so no core waits
    alone on one at the end while the other is idle."""
    items.sort(key=lambda item: item.get_closest_marker("long_running") is None)

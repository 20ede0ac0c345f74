"""Game tests: a small town on disk (the world tests' map maker, with a colourful tileset)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

WORLD_TESTS = str(Path(__file__).resolve().parent.parent / "world")
if WORLD_TESTS not in sys.path:
    sys.path.insert(0, WORLD_TESTS)

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

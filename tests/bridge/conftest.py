"""Bridge tests: the real map and the three-resident town, the offline brain, instant embeddings."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from cognition.config import LLMSettings
from cognition.llm.brain import BrainSpec
from cognition.memory.fakes import HashingEmbedder
from game.bridge.town_minds import LivingTown, TownFile, build_living_town, model_stack

MakeTown = Callable[..., LivingTown]


@pytest.fixture
def make_town(tmp_path: Path) -> Iterator[MakeTown]:
    """Builds living towns (closed after the test); keyword arguments go to the builder."""
    built: list[LivingTown] = []

    def make(town: str = "the_ville_n3", seed: int = 0, **options: object) -> LivingTown:
        stack = model_stack(BrainSpec.one_model(LLMSettings(offline=True, max_concurrency=8)), seed)
        living = build_living_town(
            TownFile.load(town),
            stack,
            tmp_path / f"memory{len(built)}",
            HashingEmbedder(),
            seed=seed,
            **options,  # type: ignore[arg-type]
        )
        built.append(living)
        return living

    yield make
    for living in built:
        living.close()


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    """A headless window for the panels drawn on a live town."""
    pygame.init()
    surface = pygame.display.set_mode((1280, 720))
    yield surface
    pygame.quit()

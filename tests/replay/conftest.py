"""Replay tests: a real 3-hour lockstep run of the 3-resident town, recorded, with what the
live town looked like at sampled moments; and small hand-written records on the world tests'
tiny map."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

HERE = Path(__file__).resolve().parent
for folder in (HERE, HERE.parent / "records", HERE.parent / "game", HERE.parent / "world"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from replay_records import RecordedRun, Seen  # noqa: E402

SAMPLE_EVERY_MINUTES = 7


@pytest.fixture(scope="session")
def recorded_run(tmp_path_factory: pytest.TempPathFactory) -> RecordedRun:
    """The 3-resident town lived for 3 game hours in lockstep (offline brain, hashing
    embedder), recorded; every resident sampled every few game minutes."""
    from game.bridge import LivingTown, SimulationOptions, simulate

    root = tmp_path_factory.mktemp("lockstep")
    seen: list[Seen] = []

    def observe(town: LivingTown) -> None:
        now = town.clock.now
        if now.minute % SAMPLE_EVERY_MINUTES:
            return
        for resident in town.population:
            activity = resident.activity.description if resident.activity else ""
            seen.append(
                Seen(now, resident.name, resident.tile, resident.facing.name.lower(), activity)
            )

    options = SimulationOptions(
        town="the_ville_n3", hours=3, embedder="hashing", record_dir=root / "records"
    )
    with pytest.MonkeyPatch.context() as patch:  # nothing goes to the user's folders
        patch.setenv("SMALLVILLE_DATA_DIR", str(root / "data"))
        patch.setenv("SMALLVILLE_CONFIG_DIR", str(root / "config"))
        report, _ = simulate(options, observe=observe)
    return RecordedRun(Path(report["record"]), seen)


@pytest.fixture
def display() -> Iterator[pygame.Surface]:
    pygame.init()
    surface = pygame.display.set_mode((1280, 720))
    yield surface
    pygame.quit()

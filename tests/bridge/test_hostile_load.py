"""Loading a whole town from a hostile save: only `SaveError`, nothing half-loaded."""

from __future__ import annotations

import json
import random
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from cognition.config import LLMSettings
from cognition.memory.fakes import HashingEmbedder
from game.bridge.build import TownRecipe
from game.bridge.lockstep import LockstepRunner
from game.bridge.persist.load import load_saved_town
from game.bridge.persist.save import save_town, town_settings
from game.saves import SaveError, SaveSlots

TOWN = "the_ville_n3"
SQLITE_HEADER = b"SQLite format 3\x00"


def recipe(memory_dir: Path) -> TownRecipe:
    return TownRecipe(
        town=TOWN,
        settings=LLMSettings(offline=True, max_concurrency=8),
        embedder=HashingEmbedder(),
        memory_dir=memory_dir,
    )


@pytest.fixture
def slots(make_town: Any, tmp_path: Path) -> SaveSlots:
    saves = SaveSlots(tmp_path / "saves")
    living = make_town(TOWN)
    LockstepRunner(living).run_until(living.clock.now + timedelta(minutes=10))
    settings = town_settings(LLMSettings(offline=True), seed=0)
    save_town(living, saves, "town", town_id=TOWN, settings=settings)
    return saves


def test_a_memory_database_that_is_garbage_is_a_save_error_not_a_chroma_traceback(
    slots: SaveSlots, tmp_path: Path
) -> None:
    database = slots.path("town") / "memory" / "chroma.sqlite3"
    database.write_bytes(SQLITE_HEADER + random.Random(1).randbytes(20_000))
    with pytest.raises(SaveError, match="memor"):
        load_saved_town("town", slots, recipe(tmp_path / "loaded"))


@pytest.mark.parametrize("seed", range(4))
def test_a_fuzzed_save_loads_or_is_a_save_error(
    slots: SaveSlots, tmp_path: Path, seed: int
) -> None:
    """A few whole loads of mistyped saves (the many cheap cases: tests/saves)."""
    rng = random.Random(seed)
    path = slots.path("town") / "town.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    resident = rng.randrange(len(data["residents"]))
    part = rng.choice(["mind", "spatial_memory", "relationships", "activity"])
    data["residents"][resident][part] = rng.choice([{"x": [1, {"y": None}]}, {}, None, [1]])
    path.write_text(json.dumps(data), encoding="utf-8")
    try:
        opened = load_saved_town("town", slots, recipe(tmp_path / "loaded"))
    except SaveError:
        return
    opened.living.close()

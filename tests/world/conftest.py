"""World tests: small maps written on the fly by `townmaker` (this folder is put on sys.path
so tests can `from townmaker import TownSpec`)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from townmaker import TownSpec  # noqa: E402

from game.world.tmx.loader import load_town  # noqa: E402
from game.world.town import TownMap  # noqa: E402


@pytest.fixture(scope="session")
def small_town_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return TownSpec.small().write(tmp_path_factory.mktemp("small"))


@pytest.fixture
def small_town(small_town_path: Path) -> TownMap:
    """A fresh load of the 24×16 test town (its grid may be changed by the test)."""
    return load_town(small_town_path)

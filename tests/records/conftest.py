"""Record tests: an isolated SMALLVILLE_DATA_DIR for every test; `town_records` importable."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own SMALLVILLE_DATA_DIR; nothing touches the real user data."""
    directory = tmp_path / "data"
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(directory))
    return directory

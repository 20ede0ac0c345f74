"""Shared test set-up: pygame runs headless everywhere, and no test writes into the user's
own data or config folders (saves, run records, memories, settings, the log go to a
temporary folder unless a test points them elsewhere)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


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

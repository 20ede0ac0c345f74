"""A real Chroma server for the memory-server tests (`chroma_process.py`): always stopped
after the tests; skipped, saying why, only when the `chroma` executable is absent."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # chroma_process, next to this file

from chroma_process import ChromaProcess, chroma_executable, free_port


def _server(folder: Path) -> Iterator[ChromaProcess]:
    executable = chroma_executable()
    if executable is None:
        pytest.skip("the `chroma` executable (chromadb's server) is not installed")
    server = ChromaProcess(executable, folder, free_port())
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def chroma_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ChromaProcess]:
    """One server for the tests that only read and write (each uses its own database)."""
    yield from _server(tmp_path_factory.mktemp("chroma") / "data")


@pytest.fixture
def own_chroma_server(tmp_path: Path) -> Iterator[ChromaProcess]:
    """A server of the test's own, which the test may stop and start again."""
    yield from _server(tmp_path / "chroma-data")

"""Fixtures for the memory tests: a temporary store, no network, one shared MiniLM model."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

from cognition.memory import LocalMiniLM, MemoryStore


def _refuse_network(*args: object, **kwargs: object) -> NoReturn:
    raise OSError("network disabled in this test")


def disable_network(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket.socket, "connect", _refuse_network)
    monkeypatch.setattr(socket.socket, "connect_ex", _refuse_network)
    monkeypatch.setattr(socket, "create_connection", _refuse_network)


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    disable_network(monkeypatch)


@pytest.fixture(scope="session")
def minilm() -> LocalMiniLM:
    """The real model, loaded once per test run — with the network switched off."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        disable_network(monkeypatch)
        model = LocalMiniLM()
        model.load()
    return model


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    opened = MemoryStore(tmp_path / "memory")
    yield opened
    opened.close()

"""The town's memories kept by a child process, as players and `smallville simulate` have
them (`town_minds.MEMORY_IN_CHILD`; the suite's other in-process towns keep Chroma in
process): a simulated hour is saved and loads back with every memory, and the run's own
memory folder holds what the minds remembered."""

from __future__ import annotations

from pathlib import Path

import pytest

from cognition import MemoryStore
from game.bridge import town_minds
from game.cli import main
from game.saves import SaveSlots

BASE = ["simulate", "--town", "the_ville_n3", "--embedder", "hashing", "--quiet"]
RESIDENTS = ("Isabella Rodriguez", "Klaus Mueller", "Maria Lopez")


def saved_memories(slots: SaveSlots, slot: str) -> dict[str, list[str]]:
    """Each resident's memories in a save slot, read in process (the same files)."""
    with MemoryStore(slots.read(slot).memory_dir) as saved:
        return {
            name: [record.text for record in saved.collection(name).mirror.records]
            for name in RESIDENTS
        }


def test_an_hour_kept_by_the_child_saves_and_loads_back_as_one_kept_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    slots = SaveSlots(tmp_path / "data" / "saves")
    for slot, in_child in (("process", False), ("child", True)):
        monkeypatch.setattr(town_minds, "MEMORY_IN_CHILD", in_child)
        assert main([*BASE, "--hours", "1", "--save", slot]) == 0
        assert f"saved as '{slot}'" in capsys.readouterr().out
    remembered = saved_memories(slots, "child")
    assert remembered == saved_memories(slots, "process")
    assert all(remembered.values())

    assert main([*BASE, "--load", "child", "--hours", "0"]) == 0
    out = capsys.readouterr().out
    for name, texts in remembered.items():
        assert f"  {name}: {len(texts)} memories" in out, out

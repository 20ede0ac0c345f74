"""The town's memories kept by a child process, as players and `smallville simulate` have
them (`town_minds.MEMORY_IN_CHILD`; the suite's other in-process towns keep Chroma in
process): a simulated hour is saved and loads back with every memory, and the run's own
memory folder holds what the minds remembered; a child that dies mid-run pauses the town
with one line, not a traceback per job, and a save still keeps every memory; one that dies
while nothing is written pauses the town at the next update."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from datetime import timedelta
from multiprocessing import connection
from pathlib import Path
from typing import Any

import pytest

from cognition import MemoryStore
from cognition.memory.chroma_child import ChromaChild
from game.bridge import town_minds
from game.bridge.lockstep import LockstepRunner
from game.bridge.town_minds import LivingTown
from game.cli import main
from game.saves import SaveSlots

MakeTown = Callable[..., LivingTown]
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


def test_a_memory_process_killed_mid_run_stops_the_run_with_one_line_and_saves_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(town_minds, "MEMORY_IN_CHILD", True)
    monkeypatch.setattr(town_minds, "LOCAL_WRITE_BEHIND", 8)  # writes while the town lives
    call, children = ChromaChild.call, []

    def killed_at_its_first_write(
        self: ChromaChild, op: str, name: str = "", wait: bool = True, **kwargs: Any
    ) -> Any:
        if self not in children:
            children.append(self)
        if op == "upsert" and self is children[0] and self._process.is_alive():
            self._process.kill()  # the town's own child, as the OOM killer would: it ends,
            connection.wait([self._process.sentinel])  # not reaped here
        return call(self, op, name, wait, **kwargs)

    monkeypatch.setattr(ChromaChild, "call", killed_at_its_first_write)
    assert main([*BASE, "--hours", "3", "--save", "kept"]) == 1
    out, err = capsys.readouterr()
    gone = "the memory database's process ended (killed by signal 9)"
    assert f"The town is paused: {gone}" in out, err
    assert "smallville: the run stopped at 2023-02-13 " in err and gone in err
    assert "Traceback" not in err and err.count(gone) <= 2, err
    assert "saved as 'kept'" in out  # from the minds' mirrors, by a child of its own
    assert all(
        texts for texts in saved_memories(SaveSlots(tmp_path / "data" / "saves"), "kept").values()
    )


def test_a_memory_process_that_dies_while_nothing_is_written_pauses_the_town_at_once(
    make_town: MakeTown, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The OOM killer takes the child between two writes (an agent's records go to it 128
    at a time): the next update pauses the town, says so once, and no thinking job starts;
    before, nothing noticed until the town closed."""
    monkeypatch.setattr(town_minds, "MEMORY_IN_CHILD", True)
    living = make_town()
    LockstepRunner(living).run_until(living.clock.now + timedelta(minutes=10))
    store = living.store
    assert store.process_ended() is None  # alive and well
    child = store._client
    assert isinstance(child, ChromaChild) and child.pid is not None
    sent = child.round_trips
    os.kill(child.pid, signal.SIGKILL)
    connection.wait([child._process.sentinel])  # ended, not reaped here
    living.population.update(living.clock.now, 0.0)  # one update of the town, on the main thread
    gone = "the memory database's process ended (killed by signal 9)"
    director = living.director
    assert director.memory_lost == gone and child.round_trips == sent  # no call noticed it
    assert living.clock.paused and director.thinking_paused
    assert director.message == (
        f"The town is paused: {gone}. Its minds still hold every memory: save to keep them."
    )
    living.population.update(living.clock.now, 0.0)
    assert [r.message for r in caplog.records if r.levelname == "ERROR"] == [
        f"the town is paused: {gone}"
    ]

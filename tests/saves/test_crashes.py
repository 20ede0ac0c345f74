"""A save cut off at any moment leaves a loadable slot; `recover()` tidies up afterwards.

The kills are real: a child process saves and is SIGKILLed mid-way."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from town_saves import fake_memory, memory_text, rich_save

from game.saves import SaveError, SaveSlots

PROJECT = Path(__file__).resolve().parents[2]

SLOW_SAVE = """
import sys, time
from pathlib import Path
from game.saves import SaveSlots, TownSave

root, slot, save_file = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
save = TownSave.model_validate_json(save_file.read_text(encoding="utf-8"))

def slow_memory(directory: Path) -> None:
    with (directory / "chroma.sqlite3").open("wb") as stream:
        for _ in range(100_000):  # ~6 GB at full speed: never finishes before the kill
            stream.write(b"m" * 65536)
            stream.flush()
            time.sleep(0.01)

SaveSlots(root).write(slot, save, slow_memory)
"""

KILLED_BETWEEN_RENAMES = """
import os, signal, sys
from pathlib import Path
from game.saves import SaveSlots, TownSave

root, slot, save_file = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
save = TownSave.model_validate_json(save_file.read_text(encoding="utf-8"))

def rename_then_die(source: Path, target: Path) -> None:
    os.rename(source, target)
    if target.name.endswith(".previous"):  # the old slot just moved aside
        os.kill(os.getpid(), signal.SIGKILL)

def memory(directory: Path) -> None:
    (directory / "chroma.sqlite3").write_bytes(b"SQLite format 3\\x00new")

SaveSlots(root, rename=rename_then_die).write(slot, save, memory)
"""

needs_sigkill = pytest.mark.skipif(os.name == "nt", reason="SIGKILL is POSIX")


def start_saver(script: str, root: Path, tmp_path: Path) -> subprocess.Popen[bytes]:
    """A child process saving `rich_save(hour=17)` as "slot"; its stderr goes to errors.txt."""
    save_file = tmp_path / "new-save.json"
    save_file.write_text(rich_save(hour=17, note="new").model_dump_json(), encoding="utf-8")
    with (tmp_path / "errors.txt").open("wb") as errors:
        return subprocess.Popen(
            [sys.executable, "-c", script, str(root), "slot", str(save_file)],
            cwd=PROJECT,
            env={**os.environ, "PYTHONPATH": str(PROJECT)},
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )


def child_errors(tmp_path: Path) -> str:
    return (tmp_path / "errors.txt").read_text(encoding="utf-8", errors="replace")


def unfinished_memory(root: Path) -> Path | None:
    for directory in root.glob(".slot.tmp-*"):
        memory = directory / "memory" / "chroma.sqlite3"
        if memory.is_file() and memory.stat().st_size > 0:
            return directory
    return None


@needs_sigkill
def test_a_save_killed_while_writing_memories_leaves_the_old_save(tmp_path: Path) -> None:
    slots = SaveSlots(tmp_path / "saves")
    old = rich_save(hour=8, note="old")
    slots.write("slot", old, fake_memory("old memories"))

    saver = start_saver(SLOW_SAVE, slots.root, tmp_path)
    try:
        deadline = time.monotonic() + 60
        while (temporary := unfinished_memory(slots.root)) is None:
            assert saver.poll() is None, child_errors(tmp_path)
            assert time.monotonic() < deadline, "the child never started writing"
            time.sleep(0.02)
    finally:
        saver.kill()
        saver.wait(timeout=30)
    assert saver.returncode == -9
    assert temporary.is_dir()

    loaded = slots.read("slot")
    assert loaded.save == old
    assert memory_text(loaded.memory_dir) == "old memories"
    assert [info.ok for info in slots.list()] == [True]

    done = slots.recover()
    assert done == [f"removed {temporary.name!r}, left by an interrupted save"]
    assert sorted(path.name for path in slots.root.iterdir()) == ["slot"]
    assert slots.read("slot").save == old
    assert slots.recover() == []


@needs_sigkill
def test_a_save_killed_between_the_two_renames_is_recovered(tmp_path: Path) -> None:
    slots = SaveSlots(tmp_path / "saves")
    older, old = rich_save(hour=7, note="older"), rich_save(hour=8, note="old")
    slots.write("slot", older, fake_memory("older"))
    slots.write("slot", old, fake_memory("old"))

    saver = start_saver(KILLED_BETWEEN_RENAMES, slots.root, tmp_path)
    saver.wait(timeout=60)
    assert saver.returncode == -9, child_errors(tmp_path)

    names = sorted(path.name for path in slots.root.iterdir())
    assert names[2:] == ["slot.previous"] and names[0].startswith(".slot.retired-")
    assert names[1].startswith(".slot.tmp-")  # the save before the last kept aside, not lost
    with pytest.raises(SaveError, match=r"no save called 'slot'.*recover\(\) restores"):
        slots.read("slot")
    (info,) = slots.list()
    assert (info.name, info.ok, info.has_previous) == ("slot", False, True)
    assert "interrupted" in (info.problem or "")

    done = slots.recover()
    assert done[0].startswith("removed '.slot.tmp-")
    assert done[1] == "restored 'slot' from its previous save (its last save was cut off)"
    assert done[2] == "restored the save before 'slot' (a save was cut off)"
    loaded = slots.read("slot")
    assert loaded.save == old
    assert memory_text(loaded.memory_dir) == "old"
    assert slots.read("slot", previous=True).save == older  # two generations, as before
    assert sorted(path.name for path in slots.root.iterdir()) == ["slot", "slot.previous"]


def test_a_failed_final_rename_puts_the_old_slot_back(tmp_path: Path) -> None:
    calls: list[str] = []
    failing = False

    def rename(source: Path, target: Path) -> None:
        calls.append(f"{source.name} -> {target.name}")
        if failing and source.name.startswith(".slot.tmp-"):
            raise PermissionError("the folder is open in another program")
        os.rename(source, target)

    slots = SaveSlots(tmp_path / "saves", rename=rename)
    old = rich_save(note="old")
    slots.write("slot", old, fake_memory("old"))
    failing = True
    with pytest.raises(SaveError, match="open in another program"):
        slots.write("slot", rich_save(note="new"), fake_memory("new"))
    assert calls[-3] == "slot -> slot.previous" and calls[-1] == "slot.previous -> slot"
    assert slots.read("slot").save == old
    assert sorted(path.name for path in slots.root.iterdir()) == ["slot"]


def test_recover_removes_leftover_trash_and_can_leave_the_previous_alone(
    tmp_path: Path,
) -> None:
    slots = SaveSlots(tmp_path / "saves")
    slots.write("slot", rich_save(), fake_memory())
    slots.write("slot", rich_save(hour=12), fake_memory())
    os.rename(slots.path("slot"), slots.root / ".slot.trash-0123")  # cut off while deleting
    (slots.root / ".slot.trash-0123" / "town.json").unlink()

    done = slots.recover(restore_previous=False)
    assert done == ["removed '.slot.trash-0123', left by an interrupted save"]
    assert sorted(path.name for path in slots.root.iterdir()) == ["slot.previous"]
    assert slots.read("slot", previous=True).save == rich_save()

    assert slots.recover() == ["restored 'slot' from its previous save (its last save was cut off)"]
    assert slots.read("slot").save == rich_save()


def test_recover_on_a_missing_root_does_nothing(tmp_path: Path) -> None:
    assert SaveSlots(tmp_path / "nothing here").recover() == []
    assert SaveSlots(tmp_path / "nothing here").list() == []

"""A save killed at any step keeps two generations: after `recover()` the slot and its
previous are either the two saves before it or the new one and the one before."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from town_saves import fake_memory, rich_save

from game.saves import SaveSlots


class Killed(BaseException):
    """The process dying: nothing below catches it."""


def killing_after(renames: int) -> tuple[list[str], Callable[[Path, Path], None]]:
    done: list[str] = []

    def rename(source: Path, target: Path) -> None:
        os.rename(source, target)
        done.append(f"{source.name} -> {target.name}")
        if len(done) == renames:
            raise Killed

    return done, rename


def generations(slots: SaveSlots) -> tuple[str, str]:
    latest = slots.read("slot").save.residents[0].mind["currently"]
    before = slots.read("slot", previous=True).save.residents[0].mind["currently"]
    return latest, before


@pytest.mark.parametrize("renames", [1, 2, 3, 4])
def test_a_save_killed_after_any_rename_keeps_two_generations(tmp_path: Path, renames: int) -> None:
    root = tmp_path / "saves"
    SaveSlots(root).write("slot", rich_save(note="oldest"), fake_memory())
    SaveSlots(root).write("slot", rich_save(note="older"), fake_memory())
    done, rename = killing_after(renames)
    with contextlib.suppress(Killed):
        SaveSlots(root, rename=rename).write("slot", rich_save(note="new"), fake_memory())
    slots = SaveSlots(root)
    slots.recover()
    latest, before = generations(slots)
    assert (latest, before) in {
        ("planning the Valentine's party (older)", "planning the Valentine's party (oldest)"),
        ("planning the Valentine's party (new)", "planning the Valentine's party (older)"),
    }, done
    assert slots.recover() == []


def test_the_oldest_save_goes_only_after_the_new_one_is_in_place(tmp_path: Path) -> None:
    root = tmp_path / "saves"
    SaveSlots(root).write("slot", rich_save(note="oldest"), fake_memory())
    SaveSlots(root).write("slot", rich_save(note="older"), fake_memory())
    seen: list[list[str]] = []

    def rename(source: Path, target: Path) -> None:
        os.rename(source, target)
        seen.append(sorted(path.name for path in root.iterdir() if "tmp" not in path.name))

    SaveSlots(root, rename=rename).write("slot", rich_save(note="new"), fake_memory())
    for names in seen:  # at every moment two whole generations are on disk
        assert sum(name in ("slot", "slot.previous") or ".retired-" in name for name in names) >= 2
    assert generations(SaveSlots(root))[0].endswith("(new)")

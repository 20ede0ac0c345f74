"""Hostile slots: a bad slot is listed with its reason, never crashes the listing or the
others, and `recover()` / `delete()` survive symlinks where temporary folders go."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from town_saves import fake_memory, rich_save

from game.saves import SaveError, SaveSlots

needs_symlinks = pytest.mark.skipif(os.name == "nt", reason="symlinks need privileges on Windows")


def two_slots(tmp_path: Path) -> SaveSlots:
    slots = SaveSlots(tmp_path / "saves")
    slots.write("good", rich_save(), fake_memory())
    slots.write("bad", rich_save(), fake_memory())
    return slots


def listed(slots: SaveSlots) -> dict[str, str | None]:
    """Slot name → its problem (None when it loads)."""
    return {info.name: info.problem for info in slots.list()}


def assert_only_bad_is_broken(slots: SaveSlots, reason: str) -> None:
    problems = listed(slots)
    assert problems["good"] is None
    assert problems["bad"] is not None and reason in problems["bad"]
    assert slots.read("good").save == rich_save()
    with pytest.raises(SaveError, match=reason):
        slots.read("bad")


def test_a_town_file_nested_200000_deep_is_a_bad_slot(tmp_path: Path) -> None:
    slots = two_slots(tmp_path)
    (slots.path("bad") / "town.json").write_text("[" * 200_000 + "]" * 200_000)
    assert_only_bad_is_broken(slots, "nested too deep")


def test_an_integer_of_5000_digits_is_a_bad_slot(tmp_path: Path) -> None:
    slots = two_slots(tmp_path)
    text = (slots.path("bad") / "town.json").read_text()
    huge = text.replace('"llm_calls": 1234', '"llm_calls": ' + "9" * 5000)
    (slots.path("bad") / "town.json").write_text(huge)
    assert_only_bad_is_broken(slots, "number too long")


@needs_symlinks
def test_a_town_file_that_is_not_a_regular_file_is_refused_without_reading_it(
    tmp_path: Path,
) -> None:
    slots = two_slots(tmp_path)
    town = slots.path("bad") / "town.json"
    town.unlink()
    os.mkfifo(town)  # reading it would wait forever
    assert_only_bad_is_broken(slots, "not a regular file")
    town.unlink()
    town.symlink_to("/dev/zero")  # reading it would never end
    assert_only_bad_is_broken(slots, "not a regular file")


def test_memory_files_that_are_garbage_make_a_bad_slot(tmp_path: Path) -> None:
    slots = two_slots(tmp_path)
    (slots.path("bad") / "memory" / "chroma.sqlite3").write_bytes(b"\x00garbage" * 100)
    assert_only_bad_is_broken(slots, "memory")


def test_an_empty_memory_folder_is_a_bad_slot_not_a_town_without_memories(
    tmp_path: Path,
) -> None:
    slots = two_slots(tmp_path)
    (slots.path("bad") / "memory" / "chroma.sqlite3").unlink()
    assert_only_bad_is_broken(slots, "memory")


@needs_symlinks
def test_recover_removes_a_symlink_named_like_a_temporary_save_and_spares_its_target(
    tmp_path: Path,
) -> None:
    slots = two_slots(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "precious.txt").write_text("keep me")
    (slots.root / ".x.tmp-0123").symlink_to(elsewhere, target_is_directory=True)
    (slots.root / ".y.trash-0123").symlink_to(tmp_path / "nowhere")

    done = slots.recover()

    assert len(done) == 2
    assert not (slots.root / ".x.tmp-0123").is_symlink()
    assert not (slots.root / ".y.trash-0123").is_symlink()
    assert (elsewhere / "precious.txt").read_text() == "keep me"
    slots.write("good", rich_save(hour=10), fake_memory())  # later saves still work
    assert slots.recover() == []


@needs_symlinks
def test_deleting_a_symlinked_slot_removes_the_link_and_leaves_no_trash(tmp_path: Path) -> None:
    slots = two_slots(tmp_path)
    real = tmp_path / "kept elsewhere"
    (slots.path("bad")).rename(real)
    slots.path("linked").symlink_to(real, target_is_directory=True)
    assert listed(slots)["linked"] is None

    slots.delete("linked")

    assert not slots.path("linked").exists() and not slots.path("linked").is_symlink()
    assert [entry.name for entry in slots.root.iterdir() if "trash" in entry.name] == []
    assert (real / "town.json").is_file()  # the link went, not what it pointed at
    assert slots.recover() == []

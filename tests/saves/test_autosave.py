"""Autosave: due every N game minutes after the last mark; saving marks."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from town_saves import fake_memory, rich_save

from game.saves import Autosave, SaveSlots

NINE = datetime(2023, 2, 13, 9, 0)


def test_due_every_hour_of_game_time_after_a_mark() -> None:
    autosave = Autosave(SaveSlots())
    assert autosave.due(NINE)  # nothing saved this session yet
    autosave.mark(NINE)
    assert not autosave.due(NINE)
    assert not autosave.due(NINE + timedelta(minutes=59, seconds=59))
    assert autosave.due(NINE + timedelta(minutes=60))
    assert autosave.due(NINE - timedelta(minutes=1))  # the clock went back: a loaded save


def test_save_writes_the_autosave_slot_and_marks_its_game_time() -> None:
    slots = SaveSlots()
    autosave = Autosave(slots, every_game_minutes=15, slot="auto")
    save = rich_save(hour=10)
    autosave.save(save, fake_memory())
    assert slots.read("auto").save == save
    assert autosave.last == save.game_time
    assert not autosave.due(save.game_time + timedelta(minutes=14))
    assert autosave.due(save.game_time + timedelta(minutes=15))


def test_the_interval_must_be_positive() -> None:
    with pytest.raises(ValueError, match="must be positive"):
        Autosave(SaveSlots(), every_game_minutes=0)

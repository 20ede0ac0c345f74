"""When to autosave: every N game minutes. Pure timekeeping; the game loop asks and saves."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from game.saves.format import TownSave
from game.saves.slots import SaveSlots

__all__ = ["Autosave"]


class Autosave:
    """`due(now)` once `every_game_minutes` of game time passed since `mark(now)`.

    Call `mark(clock.now)` after starting or loading a town, or the first `due()` is True.
    Time going backwards (a loaded earlier save) also makes it due."""

    def __init__(
        self, slots: SaveSlots, every_game_minutes: float = 60, slot: str = "autosave"
    ) -> None:
        if every_game_minutes <= 0:
            raise ValueError(f"every_game_minutes must be positive, not {every_game_minutes}")
        self.slots = slots
        self.every = timedelta(minutes=every_game_minutes)
        self.slot = slot
        self.last: datetime | None = None

    def due(self, now: datetime) -> bool:
        if self.last is None or now < self.last:
            return True
        return now - self.last >= self.every

    def mark(self, now: datetime) -> None:
        self.last = now

    def save(
        self,
        save: TownSave,
        write_memory: Callable[[Path], None],
        write_record: Callable[[Path], None] | None = None,
    ) -> Path:
        """Write the autosave slot (with the run record, if `write_record`) and mark its game
        time."""
        directory = self.slots.write(self.slot, save, write_memory, write_record)
        self.mark(save.game_time)
        return directory

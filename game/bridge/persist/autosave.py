"""Saving from the game window without stalling a frame: autosaves and the save menu.

    saver = TownAutosaver(living, SaveSlots(), every_game_minutes=60, town_id="the_ville_n25",
                          visitor_provider=session_visitor, settings=town_settings(llm, seed=0))
    ...each frame:  message = saver.tick(clock.now)    # "Autosaved at 9:00 am", or None
    ...save menu:   saver.request("Day 3")             # saved at the next quiet frame

A save needs the town at rest (see persistence.py). When a save is due and minds are still
thinking, the saver pauses the clock (no new decisions start) and checks again each frame;
once no job is in flight it saves, then resumes the clock if it paused it. `tick` never
raises: a failure comes back as a message, and the next autosave is tried an interval later.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from game.bridge.persist.save import RecordCopier, snapshot, thinking
from game.bridge.town_minds import LivingTown
from game.saves import Autosave, SaveError, SaveSlots, VisitorSave
from game.world.clock import format_clock

log = logging.getLogger(__name__)

VisitorProvider = Callable[[], VisitorSave | None]


class TownAutosaver:
    """Autosaves every `every_game_minutes` into `slot` (0: never), and manual saves on
    `request`. After a message, `last_ok` and `last_slot` say which save it was and whether
    it was written."""

    def __init__(
        self,
        living: LivingTown,
        slots: SaveSlots,
        every_game_minutes: float = 60,
        visitor_provider: VisitorProvider | None = None,
        *,
        town_id: str,
        settings: dict[str, Any] | None = None,
        slot: str = "autosave",
    ) -> None:
        self.living = living
        self.every_game_minutes = every_game_minutes  # 0: no autosaves (saves on request)
        self.autosave = Autosave(slots, max(every_game_minutes, 1), slot)
        self.autosave.mark(living.clock.now)
        self.last_ok: bool | None = None  # how the save behind the last message went
        self.last_slot: str | None = None
        self.visitor_provider = visitor_provider or (lambda: None)
        self.town_id = town_id
        self.settings = dict(settings or {})
        self.requested: str | None = None
        self.record: RecordCopier | None = None  # copies the run record into each save
        self._paused_by_saver = False

    @property
    def slots(self) -> SaveSlots:
        return self.autosave.slots

    @property
    def waiting(self) -> bool:
        """True while a save waits for minds to finish thinking (the clock is held)."""
        return self._paused_by_saver

    def set_interval(self, every_game_minutes: float) -> None:
        """Autosave every `every_game_minutes` from now on (0: never)."""
        self.every_game_minutes = every_game_minutes
        self.autosave.every = timedelta(minutes=max(every_game_minutes, 1))

    def request(self, slot: str) -> None:
        """Save into `slot` at the next frame the town is at rest (replaces an earlier ask)."""
        self.requested = slot

    def tick(self, now: datetime) -> str | None:
        """Call once per frame: saves when due and at rest; a message when a save happened
        or failed, else None."""
        slot = self.requested
        if slot is None and self.every_game_minutes > 0 and self.autosave.due(now):
            slot = self.autosave.slot
        if slot is None:
            return None
        try:
            if thinking(self.living):
                self._hold_clock()
                return None
            return self._save(slot, now)
        except (SaveError, OSError, ValueError) as error:  # ValidationError is a ValueError
            log.warning("saving %r failed: %s", slot, error)
            self._finish(slot, now)
            return self._report(slot, False, f"Could not save {slot!r}: {first_line(error)}")
        except Exception as error:  # never let a save take the game down
            log.exception("saving %r failed", slot)
            self._finish(slot, now)
            message = f"Could not save {slot!r}: {type(error).__name__}: {first_line(error)}"
            return self._report(slot, False, message)

    def _report(self, slot: str, ok: bool, message: str) -> str:
        self.last_ok, self.last_slot = ok, slot
        return message

    def _save(self, slot: str, now: datetime) -> str:
        living = self.living
        save = snapshot(
            living,
            town_id=self.town_id,
            visitor=self.visitor_provider(),
            settings=self.settings,
        )
        living.store.flush()
        automatic = slot == self.autosave.slot and self.requested is None
        if automatic:
            self.autosave.save(save, living.store.copy_to, self.record)
        else:
            self.slots.write(slot, save, living.store.copy_to, self.record)
        self._finish(slot, now)
        if automatic:
            return self._report(slot, True, f"Autosaved at {format_clock(now)}")
        return self._report(slot, True, f"Saved {slot!r} at {format_clock(now)}")

    def _hold_clock(self) -> None:
        clock = self.living.clock
        if not clock.paused:
            clock.pause()
            self._paused_by_saver = True

    def _finish(self, slot: str, now: datetime) -> None:
        if slot == self.requested:
            self.requested = None
        else:
            self.autosave.mark(now)  # a failed autosave is tried again an interval later
        if self._paused_by_saver:
            self._paused_by_saver = False
            if not self.living.director.message:  # the budget may have paused it meanwhile
                self.living.clock.resume()


def first_line(error: BaseException) -> str:
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[0] if lines else type(error).__name__

"""Writing a captured town into its slot on a worker thread, one save at a time.

    writer = SaveWriter(SaveSlots())
    writer.start(SaveJob("Day 3", automatic=False), captured, record)  # returns at once
    ...each frame:  written = writer.poll()     # a `Written` once the write is over, else None

`SaveSlots.write` does the work as ever: everything into a hidden temporary directory, then
swapped in, so a failed or interrupted write never touches the slot's last save. The run
record is copied first (so its history ends as close to the save's moment as it can), then
the town (validated into a `TownSave` here, off the main thread) and the memory images.
Nothing the thread reads is shared with the game: the capture holds copies. A failure comes
back as a `Written` with the error in words.
"""

from __future__ import annotations

import logging
import os
import shutil
import threading
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.bridge.persist.capture import CapturedTown, MemoryImage, write_memories
from game.bridge.persist.save import RecordCopier
from game.saves import SaveError, SaveSlots, TownSave, check_slot_name

log = logging.getLogger(__name__)

RECORD_NAME = "record.sqlite"


@dataclass(frozen=True)
class SaveJob:
    """Which slot a save goes to, and whether it is the autosave (else the player's)."""

    slot: str
    automatic: bool = False


@dataclass(frozen=True)
class Written:
    """How a write ended: `error` is None when the slot holds the new save."""

    job: SaveJob
    game_time: datetime
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


class SaveWriter:
    """One background thread per write; `start` refuses while one runs (`busy`)."""

    def __init__(self, slots: SaveSlots) -> None:
        self.slots = slots
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._finished: Written | None = None

    @property
    def busy(self) -> bool:
        """True from `start` until the write's result was taken by `poll`."""
        with self._lock:
            return self._thread is not None

    def start(
        self,
        job: SaveJob,
        captured: CapturedTown,
        record: RecordCopier | None = None,
    ) -> None:
        with self._lock:
            if self._thread is not None:
                raise RuntimeError("a save is still being written")
            self._thread = threading.Thread(
                target=self._run,
                args=(job, captured, record),
                name=f"save writer {job.slot}",
                daemon=True,  # `wait` at closing lets a write finish; a hung disk cannot hang exit
            )
            self._thread.start()

    def poll(self) -> Written | None:
        """The finished write's result, once (None while it runs or when none ran)."""
        with self._lock:
            finished, self._finished = self._finished, None
            if finished is not None:
                self._thread = None
            return finished

    def wait(self, timeout: float | None = None) -> bool:
        """Wait up to `timeout` seconds for a running write; True when none runs now."""
        with self._lock:
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def _run(
        self,
        job: SaveJob,
        captured: CapturedTown,
        record: RecordCopier | None,
    ) -> None:
        error: str | None = None
        try:
            save = captured.town_save()
            write(self.slots, job.slot, save, captured.memories, record)
        except SaveError as exc:
            error = str(exc)
        except ValueError as exc:  # a pydantic ValidationError: a save that is not valid
            error = f"the town is not a valid save: {exc}"
        except Exception as exc:  # the game must hear of any failure, never lose the thread
            log.exception("writing the save %r failed", job.slot)
            error = f"{type(exc).__name__}: {exc}"
        if error is not None:
            log.warning("saving %r failed: %s", job.slot, error)
        with self._lock:
            self._finished = Written(job, captured.game_time, error)


def write(
    slots: SaveSlots,
    slot: str,
    save: TownSave,
    memories: Sequence[MemoryImage],
    record: RecordCopier | None = None,
) -> Path:
    """Write `save` with `memories` (and the run record) as `slot`; `SaveError` on failure,
    the slot's last save untouched. Any thread."""
    check_slot_name(slot)
    if record is None:
        return slots.write(slot, save, lambda directory: write_memories(memories, directory))
    staging = slots.root / f".{slot}.tmp-record-{uuid.uuid4().hex}"
    try:
        try:
            staging.mkdir(parents=True)
        except OSError as exc:
            raise SaveError(f"Could not save {slot!r} in {slots.root}: {exc}") from exc
        staged = staging / RECORD_NAME
        record(staged)  # logs and leaves no file when the record cannot be copied

        def move_record(path: Path) -> None:
            if staged.is_file():
                os.replace(staged, path)

        return slots.write(
            slot, save, lambda directory: write_memories(memories, directory), move_record
        )
    finally:
        shutil.rmtree(staging, ignore_errors=True)

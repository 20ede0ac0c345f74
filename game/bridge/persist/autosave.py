"""Saving from the game window while the town plays on: autosaves and the save menu.

    saver = TownAutosaver(living, SaveSlots(), every_game_minutes=60, town_id="the_ville_n25",
                          visitor_provider=session_visitor, settings=town_settings(llm, seed=0))
    ...each frame, before the population's update:
        message = saver.tick(clock.now)    # "Autosaved at 9:00 am", or None
    ...save menu:   saver.request("Day 3")
    ...save & quit: saver.request("Day 3", leaving=True)   # no wait for minds thinking
    ...closing:     saver.close()          # lets a write in progress finish

A save is taken in two steps and the clock never stops for it. The snapshot: on the main
thread between frames, the town as it is then and every mind at rest; a mind thinking then
is read the frame its job is over, its outcome kept as not yet applied (`capture.py`) — unless
the player is leaving the town: then it is saved as it was before its job began, to think again
on loading, and the save never waits for the minds (each job keeps that copy as it begins).
The write: on a worker thread (`writer.py`), into a temporary directory swapped in whole, so
the slot's last save is never half overwritten. One save at a time: a request or a due
autosave waits until the save before it is written; no autosave while the town still wakes
up (`LivingTown.still_waking`: its first plans not all in); and autosaves come at most every
`autosave_gap_seconds` of real time (at ×60 an hour of game time is a second: saving each one
would keep the writer busy for good). `tick` never raises: a failure comes back as a message
on a later frame, and the next autosave is tried an interval later.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from game.bridge.persist.capture import TownCapture, rest_copier
from game.bridge.persist.save import RecordCopier
from game.bridge.persist.writer import SaveJob, SaveWriter, Written
from game.bridge.town_minds import LivingTown
from game.saves import Autosave, SaveError, SaveSlots, VisitorSave, check_slot_name
from game.world.clock import format_clock

log = logging.getLogger(__name__)

VisitorProvider = Callable[[], VisitorSave | None]
WAIT_SECONDS = 120.0  # real seconds a save waits for minds thinking at its moment
AUTOSAVE_GAP_SECONDS = 30.0  # real seconds at least between two autosaves (×60: 1 h = 1 s)
CLOSE_SECONDS = 60.0  # real seconds closing waits for a write in progress


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
        wait_seconds: float = WAIT_SECONDS,
        autosave_gap_seconds: float = AUTOSAVE_GAP_SECONDS,
        timer: Callable[[], float] = time.monotonic,
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
        self.leaving = False  # the save requested is the last before the town closes
        self._holding = False  # the minds' model calls wait while the leaving save runs
        self.record: RecordCopier | None = None  # copies the run record into each save
        self.wait_seconds = wait_seconds
        self.autosave_gap_seconds = autosave_gap_seconds
        self.timer = timer
        self._last_autosave: float | None = None  # when the last autosave began (real time)
        self.writer = SaveWriter(slots)
        self._capture: tuple[SaveJob, TownCapture, float] | None = None  # and when it began
        self._messages: deque[tuple[str, str, bool]] = deque()  # (message, slot, ok)
        living.director.thinking_now().keep_rest_copies(rest_copier(living))

    @property
    def slots(self) -> SaveSlots:
        return self.autosave.slots

    @property
    def waiting(self) -> bool:
        """True while a save waits for minds thinking at its moment (the clock runs on)."""
        return self._capture is not None

    @property
    def writing(self) -> bool:
        """True while a save is being written on the worker thread."""
        return self.writer.busy

    @property
    def saving(self) -> bool:
        """True from a save's snapshot until its write is over."""
        return self.waiting or self.writing

    def set_interval(self, every_game_minutes: float) -> None:
        """Autosave every `every_game_minutes` from now on (0: never)."""
        self.every_game_minutes = every_game_minutes
        self.autosave.every = timedelta(minutes=max(every_game_minutes, 1))

    def request(self, slot: str, *, leaving: bool = False) -> None:
        """Save into `slot` at the next frame no other save is under way (replaces an
        earlier request not started yet). `leaving`: the town closes once it is written, so
        minds thinking are saved as they were before their jobs, to think again on loading."""
        self.requested, self.leaving = slot, leaving

    def tick(self, now: datetime) -> str | None:
        """Call once per frame, before the population's update (so a mind whose job just
        ended is read before its outcome is applied): takes snapshots, hands them to the
        writer, reports. A message when a save was written or failed, else None."""
        try:
            self._collect_written()
            self._go_on()
            self._begin(now)
        except Exception as error:  # never let a save take the game down
            log.exception("saving failed")
            slot = self._capture[0].slot if self._capture else self.requested or "the town"
            self._capture = None
            self._fail(slot, f"{type(error).__name__}: {first_line(error)}")
        if not self._messages:
            return None
        message, self.last_slot, self.last_ok = self._messages.popleft()
        return message

    def close(self, timeout: float = CLOSE_SECONDS) -> bool:
        """Give up a snapshot still waiting for minds; let a write in progress finish (up to
        `timeout` seconds). True when no write runs any more."""
        if self._capture is not None:
            job, capture, _ = self._capture
            waiting = ", ".join(sorted(capture.waiting))
            log.warning("the save %r is given up: %s still thinking at closing", job.slot, waiting)
            self._capture = None
        return self.writer.wait(timeout)

    # --- the steps ------------------------------------------------------------------------

    def _collect_written(self) -> None:
        written = self.writer.poll()
        if written is not None:
            self._report_written(written)

    def _go_on(self) -> None:
        """The snapshot under way reads the minds whose jobs are over; once all are read,
        the writer gets it."""
        if self._capture is None:
            return
        job, capture, began = self._capture
        capture.step()
        if not capture.done:
            if self.timer() - began > self.wait_seconds:
                self._capture = None
                names = ", ".join(sorted(capture.waiting))
                seconds = f"{self.wait_seconds:.0f} s"
                self._fail(job.slot, f"{names} still thinking after {seconds}; try again")
            return
        self._capture = None
        self.writer.start(job, capture.finish(), self.record)

    def _begin(self, now: datetime) -> None:
        """A new snapshot when one is asked for or due, and no other save is under way."""
        if self.saving:
            return  # the request, or the due autosave, waits for the save before it
        job = self._due(now)
        if job is None:
            return
        settled = False
        if job.automatic:
            self.autosave.mark(now)  # a failed autosave is tried again an interval later
            self._last_autosave = self.timer()
        else:
            self.requested, settled, self.leaving = None, self.leaving, False
        try:
            check_slot_name(job.slot)
            capture = TownCapture.begin(
                self.living,
                town_id=self.town_id,
                visitor=self.visitor_provider(),
                settings=self.settings,
                settled=settled,
            )
        except (SaveError, OSError, ValueError) as error:  # ValidationError is a ValueError
            self._fail(job.slot, first_line(error))
            return
        if settled:
            self._hold_thinking()
        self._capture = (job, capture, self.timer())
        self._go_on()  # nobody thinking: straight to the writer

    def _due(self, now: datetime) -> SaveJob | None:
        if self.requested is not None:
            return SaveJob(self.requested)
        if self.every_game_minutes > 0 and self.autosave.due(now) and not self._waking():
            last = self._last_autosave
            if last is None or self.timer() - last >= self.autosave_gap_seconds:
                return SaveJob(self.autosave.slot, automatic=True)
        return None

    def _waking(self) -> bool:
        """The town still wakes up (`waking.py`): an autosave then would keep residents
        without a plan, so the first one waits until every first plan has come."""
        return self.living.still_waking()

    # --- messages -------------------------------------------------------------------------

    def _report_written(self, written: Written) -> None:
        slot, moment = written.job.slot, format_clock(written.game_time)
        if written.error is not None:
            self._fail(slot, first_line(written.error))
        elif written.job.automatic:
            self._messages.append((f"Autosaved at {moment}", slot, True))
        else:
            self._messages.append((f"Saved {slot!r} at {moment}", slot, True))

    def _hold_thinking(self) -> None:
        """The town closes once this save is written: the minds' next model calls wait, so
        the write has the machine (closing then stops them, `LivingTown.close`)."""
        if self.living.thinking is not None:
            self.living.thinking.hold()
            self._holding = True

    def _fail(self, slot: str, why: str) -> None:
        if self._holding and self.living.thinking is not None:  # the town plays on
            self.living.thinking.release()
            self._holding = False
        log.warning("saving %r failed: %s", slot, why)
        self._messages.append((f"Could not save {slot!r}: {why}", slot, False))


def first_line(error: BaseException | str) -> str:
    text = error if isinstance(error, str) else str(error)
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if lines:
        return lines[0]
    return "unknown error" if isinstance(error, str) else type(error).__name__

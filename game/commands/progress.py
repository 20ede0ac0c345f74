"""`simulate`'s progress: one line redrawn in place on a terminal; into a file or a pipe
(a log, CI) plain lines instead, one per tenth of the run, never a carriage return."""

from __future__ import annotations

import sys
import time
from datetime import datetime
from typing import TextIO

PLAIN_LINES = 10  # off a terminal: a line each time another tenth of the run is done


class ProgressBar:
    """Game time, share done, model calls, tokens, ETA, on stderr."""

    def __init__(
        self, total_minutes: float, stream: TextIO = sys.stderr, live: bool | None = None
    ) -> None:
        self.total = total_minutes
        self.stream = stream
        self.live = stream.isatty() if live is None else live
        self.started = time.perf_counter()
        self.last_drawn = 0.0
        self.plain_shown = -1  # the tenths done at the last plain line
        self.first: datetime | None = None  # the game time of the first step seen
        self.last: tuple[datetime, int, int] | None = None

    def draw(self, now: datetime, calls: int, tokens: int, force: bool = False) -> None:
        """After a step: the game time and the model's usage (at most twice a second)."""
        self.first = self.first or now
        self.last = (now, calls, tokens)
        wall = time.perf_counter()
        if not force and self.live and wall - self.last_drawn < 0.5:
            return
        done = (now - self.first).total_seconds() / 60
        share = 1.0 if force or not self.total else min(1.0, done / self.total)
        tenths = int(share * PLAIN_LINES + 1e-9)
        if not self.live and tenths <= self.plain_shown and not force:
            return
        self.last_drawn = wall
        elapsed = wall - self.started
        eta = elapsed / share - elapsed if share > 0 else 0.0
        text = f"{now:%a %H:%M} {share:4.0%} calls {calls} tokens {tokens} ETA {eta:4.0f}s"
        if self.live:
            self.stream.write(f"\r[{'#' * int(share * 30):<30}] {text} ")
        else:
            self.plain_shown = tenths
            self.stream.write(f"{text.rstrip()}\n")
        self.stream.flush()

    def finish(self) -> None:
        """The bar at 100 % (a last line off a terminal), then a new line on one."""
        if self.last is not None and (self.live or self.plain_shown < PLAIN_LINES):
            self.draw(*self.last, force=True)
        if self.live:
            self.stream.write("\n")
        self.stream.flush()

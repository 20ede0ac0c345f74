"""What residents say: a thread-safe log of dialogue lines the UI can read."""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class SpokenLine:
    """One line said aloud in the town, at game time `time`."""

    time: datetime
    speaker: str
    listener: str
    text: str


class DialogueLog:
    """The last `limit` lines spoken, safe to read from any thread."""

    def __init__(self, limit: int = 500) -> None:
        self._lines: deque[SpokenLine] = deque(maxlen=limit)
        self._lock = threading.Lock()
        self._total = 0

    def add(self, line: SpokenLine) -> None:
        with self._lock:
            self._lines.append(line)
            self._total += 1

    def lines(self, last: int | None = None) -> list[SpokenLine]:
        """The most recent lines, oldest first (all kept lines when `last` is None)."""
        with self._lock:
            kept = list(self._lines)
        return kept if last is None else kept[-last:]

    @property
    def total(self) -> int:
        """Lines ever spoken (including ones the log no longer keeps)."""
        with self._lock:
            return self._total

    def between(self, first: str, second: str) -> list[SpokenLine]:
        """Kept lines of conversations between the two residents."""
        pair = {first, second}
        return [line for line in self.lines() if {line.speaker, line.listener} == pair]

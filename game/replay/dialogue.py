"""What was being said at a moment of a replay: the conversation log's last lines up to `t`
and who is speaking right now (their speech bubbles), following the replay's time.

Seeking asks the record for the last lines (`RunRecord.last_lines`); playing forward reads
the lines of the next half hour at once and moves them into the log as their times come.
"""

from __future__ import annotations

from collections import deque
from datetime import datetime, timedelta

from game.records import LineRow, RunRecord

__all__ = ["SPEECH_MINUTES", "SpokenLines"]

SHOWN_LINES = 6  # the conversation log's lines
SPEECH_MINUTES = 2.0  # how long a line stays in its speaker's bubble (the town's default)
READ_AHEAD = timedelta(minutes=30)


class SpokenLines:
    """The lines spoken up to `now` (the last `SHOWN_LINES`), kept in step with the replay."""

    def __init__(self, record: RunRecord) -> None:
        self.record = record
        self.now = record.meta.start_time
        self.recent: deque[LineRow] = deque(maxlen=SHOWN_LINES)
        self.total = 0  # grows by one per line arriving (and on a seek): "the log changed"
        self._upcoming: deque[LineRow] = deque()
        self._read_until = self.now

    def seek(self, moment: datetime) -> None:
        self.recent = deque(self.record.last_lines(moment, SHOWN_LINES), maxlen=SHOWN_LINES)
        self.total += 1
        self.now = self._read_until = moment
        self._upcoming.clear()
        self._read_ahead(moment)

    def advance(self, moment: datetime) -> None:
        """Move the log on to `moment` (backwards is a seek)."""
        if moment < self.now:
            self.seek(moment)
            return
        self._read_ahead(moment)
        while self._upcoming and self._upcoming[0].time <= moment:
            self.recent.append(self._upcoming.popleft())
            self.total += 1
        self.now = moment

    def _read_ahead(self, moment: datetime) -> None:
        if not self._upcoming and self._read_until <= moment:
            until = max(moment, self._read_until) + READ_AHEAD
            found = self.record.lines_between(self._read_until, until)
            self._upcoming.extend(line for line in found if line.time > self._read_until)
            self._read_until = until

    def speaking(self) -> dict[str, str]:
        """Who says what at `now`: each conversation's latest line, for `SPEECH_MINUTES`."""
        latest: dict[int, LineRow] = {}
        for line in self.recent:
            latest[line.conversation] = line
        said: dict[str, str] = {}
        for line in latest.values():
            if (self.now - line.time) / timedelta(minutes=1) < SPEECH_MINUTES:
                said[line.speaker] = line.text
        return said

"""The game clock and pure helpers for game time. Speed multipliers live in the game loop."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

DEFAULT_START = datetime(2023, 2, 13, 7, 0)
"""Monday, February 13, 2023, 7:00 am: the morning the paper's simulation starts."""


def day_start(moment: datetime) -> datetime:
    """Midnight at the start of `moment`'s day."""
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def minutes_since_midnight(moment: datetime) -> float:
    return (moment - day_start(moment)).total_seconds() / 60


def format_clock(moment: datetime) -> str:
    """ "7:00 am", "12:30 pm"."""
    hour = moment.hour % 12 or 12
    half = "am" if moment.hour < 12 else "pm"
    return f"{hour}:{moment.minute:02d} {half}"


def format_date(moment: datetime) -> str:
    """ "Monday February 13, 2023"."""
    return f"{moment:%A %B} {moment.day}, {moment.year}"


def format_moment(moment: datetime) -> str:
    """ "Monday February 13, 2023, 7:00 am"."""
    return f"{format_date(moment)}, {format_clock(moment)}"


class GameClock:
    """Holds game time `now` and whether the game is `paused`. Injected wherever time is
    needed, so tests can set it freely."""

    def __init__(self, start: datetime = DEFAULT_START, paused: bool = False) -> None:
        self.now = start
        self.paused = paused

    def advance(self, minutes: float) -> datetime:
        """Move time forward by game minutes (fractions allowed); no effect while paused."""
        if minutes < 0:
            raise ValueError(f"the clock cannot go back ({minutes} minutes)")
        if not self.paused:
            self.now += timedelta(minutes=minutes)
        return self.now

    def set(self, moment: datetime) -> None:
        self.now = moment

    def pause(self) -> None:
        self.paused = True

    def resume(self) -> None:
        self.paused = False

    def minutes_since_midnight(self) -> float:
        return minutes_since_midnight(self.now)

    def describe(self) -> str:
        return format_moment(self.now)

    def get_state(self) -> dict[str, Any]:
        return {"now": self.now.isoformat(), "paused": self.paused}

    def set_state(self, data: dict[str, Any]) -> None:
        self.now = datetime.fromisoformat(data["now"])
        self.paused = bool(data.get("paused", False))

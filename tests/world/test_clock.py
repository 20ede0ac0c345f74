from __future__ import annotations

from datetime import datetime

import pytest

from game.world.clock import (
    DEFAULT_START,
    GameClock,
    day_start,
    format_clock,
    format_moment,
    minutes_since_midnight,
)


def test_default_start_is_the_papers_monday_morning() -> None:
    clock = GameClock()
    assert clock.now == datetime(2023, 2, 13, 7, 0) == DEFAULT_START
    assert clock.describe() == "Monday February 13, 2023, 7:00 am"


def test_advance_by_fractional_minutes_and_not_while_paused() -> None:
    clock = GameClock()
    clock.advance(0.5)
    clock.advance(0.5)
    assert clock.now == datetime(2023, 2, 13, 7, 1)
    clock.pause()
    assert clock.advance(30) == datetime(2023, 2, 13, 7, 1)
    clock.resume()
    clock.advance(17 * 60)
    assert clock.describe() == "Tuesday February 14, 2023, 12:01 am"
    with pytest.raises(ValueError):
        clock.advance(-1)


def test_helpers() -> None:
    moment = datetime(2023, 2, 14, 17, 45, 30)
    assert day_start(moment) == datetime(2023, 2, 14)
    assert minutes_since_midnight(moment) == 17 * 60 + 45.5
    assert format_clock(moment) == "5:45 pm"
    assert format_clock(datetime(2023, 2, 14, 12, 0)) == "12:00 pm"
    assert format_moment(datetime(2023, 2, 14, 0, 5)) == "Tuesday February 14, 2023, 12:05 am"


def test_clock_state_round_trips() -> None:
    clock = GameClock(datetime(2023, 2, 13, 9, 15), paused=True)
    other = GameClock()
    other.set_state(clock.get_state())
    assert (other.now, other.paused) == (clock.now, True)
    assert other.minutes_since_midnight() == 555

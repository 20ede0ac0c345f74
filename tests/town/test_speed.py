from __future__ import annotations

from datetime import timedelta

import pytest

from game.town.speed import SimulationSpeed
from game.world.clock import DEFAULT_START, GameClock


def test_one_real_second_at_x1_is_one_game_minute() -> None:
    clock = GameClock()
    SimulationSpeed(clock, 1).tick(1.0)
    assert clock.now - DEFAULT_START == timedelta(minutes=1)


@pytest.mark.parametrize("multiplier", [2, 5, 10, 30, 60])
def test_speed_multiplies_the_clock_rate(multiplier: int) -> None:
    clock = GameClock()
    minutes = SimulationSpeed(clock, multiplier).tick(0.5)
    assert minutes == 0.5 * multiplier
    assert clock.now - DEFAULT_START == timedelta(minutes=0.5 * multiplier)


def test_pause_stops_the_clock_and_resume_keeps_the_speed() -> None:
    clock = GameClock()
    speed = SimulationSpeed(clock, 5)
    speed.toggle_pause()
    assert speed.tick(10.0) == 0.0
    assert clock.now == DEFAULT_START
    assert speed.label == "paused"
    speed.toggle_pause()
    assert speed.tick(1.0) == 5.0


def test_choosing_a_speed_resumes_play() -> None:
    clock = GameClock(paused=True)
    speed = SimulationSpeed(clock, 1)
    assert speed.paused
    speed.set(30)
    assert not speed.paused and speed.label == "×30"


def test_unknown_speeds_are_refused() -> None:
    with pytest.raises(ValueError):
        SimulationSpeed(GameClock(), 3)

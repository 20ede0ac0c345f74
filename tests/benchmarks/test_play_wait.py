"""`benchmarks/play_wait.py` measures play as the window plays: its defaults are the window's."""

from __future__ import annotations

from game.play.app import AppOptions
from tests.benchmark_scripts import load_benchmark

play_wait = load_benchmark("play_wait.py")


def test_the_benchmark_thinks_ahead_as_the_window_does() -> None:
    args = play_wait.arguments().parse_args([])
    window = AppOptions()
    assert args.think_ahead == window.think_ahead_minutes
    assert args.think_ahead_idle == window.think_ahead_idle_minutes
    assert args.speed == 1.0 and args.profile == "local-gpu"

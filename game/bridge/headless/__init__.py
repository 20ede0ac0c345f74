"""Headless runs: a town opened, lived in lockstep for some game hours, reported, saved
(`simulate(SimulationOptions(...))`, `smallville simulate`), and the checks over a recorded
day. It sits on top of the rest of the bridge: no other bridge module imports it
(tests/test_layers.py). See README.md."""

from __future__ import annotations

from game.bridge.headless.day_check import day_problems
from game.bridge.headless.options import SimulationOptions, model_settings, settings_problem
from game.bridge.headless.report import TownRecorder, run_report
from game.bridge.headless.run import simulate, simulation_recipe

__all__ = [
    "SimulationOptions",
    "TownRecorder",
    "day_problems",
    "model_settings",
    "run_report",
    "settings_problem",
    "simulate",
    "simulation_recipe",
]

"""The window's recipe and a headless run's are both assembled by `recipe_for`, each with
the knobs it has: the window paths on a wall-clock budget with its line minutes, the
headless run in lockstep with its seed, threads and memory folder."""

from __future__ import annotations

from pathlib import Path

from game.bridge import SimulationOptions, TownRecipe, recipe_for, simulation_recipe
from game.play.app import AppOptions
from game.play.entry import WINDOW_PATH_BUDGET_SECONDS, town_recipe
from game.ui.menus import NewTown


def test_recipe_for_passes_every_knob_through_and_defaults_as_a_bare_recipe() -> None:
    assert recipe_for("the_ville_n25") == TownRecipe()
    assembled = recipe_for(
        "the_ville_n3", seed=4, workers=2, embedder="hashing", memory_dir=Path("m"),
        path_budget_seconds=0.01, line_minutes=3.0, think_ahead_minutes=5.0,
        group_strategy="off", variant="no reflection", chroma_url="http://127.0.0.1:8000",
    )  # fmt: skip
    wanted = TownRecipe(
        town="the_ville_n3", seed=4, workers=2, embedder="hashing", memory_dir=Path("m"),
        path_budget_seconds=0.01, line_minutes=3.0, think_ahead_minutes=5.0,
        group_strategy="off", variant="no reflection", chroma_url="http://127.0.0.1:8000",
    )  # fmt: skip
    assert assembled == wanted


def test_the_window_recipe_runs_on_a_path_budget_with_its_line_minutes() -> None:
    options = AppOptions(town="the_ville_n3", embedder="hashing", line_minutes=2.5)
    recipe = town_recipe(options, NewTown("the_ville_n3", "Visitor", ""), None)
    assert recipe.town == "the_ville_n3"
    assert recipe.path_budget_seconds == WINDOW_PATH_BUDGET_SECONDS
    assert recipe.line_minutes == 2.5
    assert recipe.think_ahead_minutes == options.think_ahead_minutes
    # while the server has room, further ahead than the near window (session 8's play wait)
    assert recipe.think_ahead_idle_minutes == options.think_ahead_idle_minutes
    assert options.think_ahead_idle_minutes > options.think_ahead_minutes
    assert recipe.embedder == "hashing" and recipe.memory_dir is None and recipe.seed == 0


def test_the_headless_recipe_runs_in_lockstep_with_the_options_seed_and_threads() -> None:
    options = SimulationOptions(town="the_ville_n3", seed=9, workers=3, embedder="hashing")
    recipe = simulation_recipe(options, Path("memory"))
    assert recipe.path_budget_seconds is None  # lockstep: no wall-clock budget
    assert (recipe.town, recipe.seed, recipe.workers) == ("the_ville_n3", 9, 3)
    assert recipe.memory_dir == Path("memory") and not isinstance(recipe.embedder, str)
    assert recipe.line_minutes == TownRecipe().line_minutes

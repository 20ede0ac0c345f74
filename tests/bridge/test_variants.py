"""A town lived under each architecture variant: the mechanism turned off makes no calls."""

from __future__ import annotations

from collections import Counter

import pytest

from game.bridge import LivingTown, SimulationOptions, settings_problem, simulate


def calls_by_task(variant: str | None) -> tuple[Counter[str], dict[str, object]]:
    seen: dict[str, LivingTown] = {}

    def keep(town: LivingTown) -> None:
        seen["town"] = town

    options = SimulationOptions(
        town="the_ville_n3", hours=6, embedder="hashing", variant=variant, seed=3
    )
    report, _ = simulate(options, observe=keep)
    by_task = seen["town"].stack.meter.snapshot().by_task
    return Counter({task: tally.calls for task, tally in by_task.items()}), report


def test_each_variant_turns_its_mechanism_off() -> None:
    full, _ = calls_by_task(None)
    assert full["day_plan"] and full["hour_plan"]
    no_planning, report = calls_by_task("no planning")
    assert no_planning["day_plan"] == no_planning["hourly_schedule"] == 0
    # each stretch of the routine is one action: the hour plan only places it, once
    # the routine, remembered (a plan waiting to be rated with the next batch counts)
    assert no_planning["hour_plan"] > 0 and report["plans"] == 3
    assert no_planning["hour_plan"] < full["hour_plan"]
    no_reaction, _ = calls_by_task("no reaction")
    assert no_reaction["react"] == 0 and no_reaction["dialogue_line"] == 0
    assert no_reaction["day_plan"] == full["day_plan"]


@pytest.mark.parametrize(("variant", "reflects"), [("full", True), ("no reflection", False)])
def test_reflection_only_when_not_turned_off(variant: str, reflects: bool) -> None:
    options = SimulationOptions(town="the_ville_n3", hours=14, embedder="hashing", variant=variant)
    report, _ = simulate(options)
    assert (report["reflections"] > 0) is reflects


def test_an_unknown_variant_is_named() -> None:
    problem = settings_problem(SimulationOptions(variant="no memory"))
    assert problem is not None and problem.startswith("variant 'no memory' is none of: full")

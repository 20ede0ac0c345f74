"""Did everyone live a sensible day? Checks over a recorded run (tests and benchmarks).

Each check returns a list of problems (empty: fine), each naming the resident and why.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cognition import Persona
from game.bridge.headless.report import Footprint
from game.world.grid import WalkableGrid

EATING_WORDS = ("eat", "breakfast", "lunch", "dinner", "meal", "snack")


def hour_of(start_hour: float, step: Footprint) -> float:
    return (start_hour + step.minute / 60) % 24


def slept_at_home(persona: Persona, trail: Iterable[Footprint]) -> list[str]:
    at_home = [
        s
        for s in trail
        if "sleep" in s.activity.lower()
        and not s.walking
        and s.sector is not None
        and s.sector.sector == persona.home_sector
    ]
    return [] if at_home else [f"{persona.name} never slept at home"]


def worked_at_work(
    persona: Persona, trail: Iterable[Footprint], start_hour: float, min_share: float = 0.5
) -> list[str]:
    """At least `min_share` of the working hours spent in the work sector."""
    routine = persona.routine
    if routine.work_start_hour is None or routine.work_end_hour is None:
        return []
    during = [
        s
        for s in trail
        if routine.work_start_hour <= hour_of(start_hour, s) < routine.work_end_hour
    ]
    if not during:
        return [f"{persona.name}: no record during working hours"]
    at_work = sum(1 for s in during if s.sector and s.sector.sector == persona.work_sector)
    share = at_work / len(during)
    if share < min_share:
        return [f"{persona.name} spent {share:.0%} of working hours at {persona.work_sector}"]
    return []


def ate(persona: Persona, trail: Iterable[Footprint]) -> list[str]:
    eating = any(word in s.activity.lower() for s in trail for word in EATING_WORDS)
    return [] if eating else [f"{persona.name} never ate"]


def talked(persona: Persona, talked_with: Mapping[str, set[str]]) -> list[str]:
    return [] if talked_with.get(persona.name) else [f"{persona.name} talked to nobody"]


def walked_only_on_floor(name: str, trail: Iterable[Footprint], grid: WalkableGrid) -> list[str]:
    bad = sorted({s.tile for s in trail if not grid.is_walkable(s.tile)})
    return [f"{name} stood on unwalkable tiles {bad[:5]}"] if bad else []


def never_stuck(name: str, trail: list[Footprint], limit_minutes: float = 60) -> list[str]:
    """Nobody stays on one tile for more than `limit_minutes` while said to be walking."""
    since: Footprint | None = None
    for step in trail:
        if not step.walking or since is None or step.tile != since.tile:
            since = step if step.walking else None
            continue
        if step.minute - since.minute > limit_minutes:
            return [f"{name} stuck at {step.tile} from minute {since.minute:.0f}"]
    return []


def day_problems(
    personas: Iterable[Persona],
    trails: Mapping[str, list[Footprint]],
    talked_with: Mapping[str, set[str]],
    grid: WalkableGrid,
    start_hour: float,
) -> list[str]:
    problems: list[str] = []
    for persona in personas:
        trail = trails.get(persona.name, [])
        problems += slept_at_home(persona, trail)
        problems += worked_at_work(persona, trail, start_hour)
        problems += ate(persona, trail)
        problems += talked(persona, talked_with)
        problems += walked_only_on_floor(persona.name, trail, grid)
        problems += never_stuck(persona.name, trail)
    return problems

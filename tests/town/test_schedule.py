"""The schedule director sends residents home → work → cafe → home by the clock, on foot."""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta
from pathlib import Path

from game.town.population import Population
from game.town.resident import Pose, Resident
from game.town.schedule import Routine, ScheduleDirector
from game.town.setup import build_population, schedule_director
from game.world.address import Address
from game.world.clock import GameClock
from game.world.tmx.loader import load_town
from game.world.town import TownMap

MONDAY = datetime(2023, 2, 13)
SAM = "Sam Moore"
STEP_MINUTES = 1 / 6


def run_until(population: Population, clock: GameClock, until: datetime) -> list[tuple]:
    """Advance ten game seconds (one tile of walking) at a time; return Sam's tiles."""
    sam = population.get(SAM)
    assert sam is not None
    tiles = [sam.tile]
    while clock.now < until:
        clock.advance(STEP_MINUTES)
        population.update(clock.now, STEP_MINUTES)
        if sam.tile != tiles[-1]:
            tiles.append(sam.tile)
    return tiles


def sector_of(town: TownMap, resident: Resident) -> str | None:
    found = town.tree.sector_at(resident.tile)
    return found.sector if found else None


def assert_walked(town: TownMap, tiles: list[tuple]) -> None:
    for (x1, y1), (x2, y2) in itertools.pairwise(tiles):
        assert abs(x1 - x2) + abs(y1 - y2) == 1, "steps are 4-neighbour"
        assert town.grid.is_walkable((x2, y2))


def test_a_day_home_work_cafe_home(tiny_town: Path) -> None:
    town = load_town(tiny_town)
    population = build_population(town, schedule_director(town, stagger_minutes=0))
    clock = GameClock(MONDAY + timedelta(hours=5))
    sam = population.get(SAM)
    assert sam is not None

    walk = run_until(population, clock, MONDAY + timedelta(hours=6))
    assert sector_of(town, sam) == "Moore family's house" and sam.pose is Pose.SLEEP
    assert sam.emoji == "😴"

    walk = run_until(population, clock, MONDAY + timedelta(hours=8, minutes=59))
    assert sector_of(town, sam) == "Johnson Park"
    assert sam.activity is not None and sam.activity.key.startswith("work@")
    assert sam.activity.emoji == "🌳"  # he works in Johnson Park
    assert len(walk) > 10
    assert_walked(town, walk)

    walk = run_until(population, clock, MONDAY + timedelta(hours=17, minutes=59))
    assert sector_of(town, sam) == "Hobbs Cafe"
    assert_walked(town, walk)

    walk = run_until(population, clock, MONDAY + timedelta(hours=19, minutes=59))
    assert sector_of(town, sam) == "Moore family's house"
    assert_walked(town, walk)


def test_the_switch_happens_at_the_hour(tiny_town: Path) -> None:
    town = load_town(tiny_town)
    director = schedule_director(town, stagger_minutes=0)
    sam = Resident(SAM, town.spawns[SAM].tile)
    assert director.entry_at(SAM, MONDAY + timedelta(hours=7, minutes=59)).place == "home"
    assert director.entry_at(SAM, MONDAY + timedelta(hours=8)).place == "work"
    assert director.entry_at(SAM, MONDAY + timedelta(hours=17)).place == "cafe"
    assert director.entry_at(SAM, MONDAY + timedelta(hours=19)).place == "home"
    first = director.next_activity(sam, MONDAY + timedelta(hours=8))
    assert first is not None
    sam.activity = first
    assert director.next_activity(sam, MONDAY + timedelta(hours=9)) is None  # same slot


def test_sleepers_go_beside_their_bed(tiny_town: Path) -> None:
    town = load_town(tiny_town)
    director = schedule_director(town, stagger_minutes=0)
    bed = Address("Moore family's house", "bedroom", "bed")
    assert director.routines[SAM].bed == bed
    activity = director.next_activity(Resident(SAM, (0, 0)), MONDAY + timedelta(hours=23))
    assert activity is not None and activity.pose is Pose.SLEEP
    bed_rect = town.tree.game_object(bed).rect
    assert activity.destination in bed_rect.border()
    sleeper = Resident(SAM, activity.destination, activity=activity)
    assert bed_rect.contains(activity.rest_at or (-1, -1))
    assert sleeper.position == activity.rest_at and sleeper.pose is Pose.SLEEP


def test_stagger_spreads_departures_but_is_stable(tiny_town: Path) -> None:
    town = load_town(tiny_town)
    director = schedule_director(town, stagger_minutes=20)
    offset = director.offset_minutes(SAM)
    assert 0 <= offset <= 20
    assert offset == schedule_director(town, stagger_minutes=20).offset_minutes(SAM)
    late = MONDAY + timedelta(hours=8, minutes=offset)
    assert director.entry_at(SAM, late).place == "work"


def test_the_schedule_director_never_thinks(tiny_town: Path) -> None:
    town = load_town(tiny_town)
    population = build_population(town)
    population.update(MONDAY + timedelta(hours=9), 1.0)
    assert population.thinking_count == 0
    assert population.director.label == "schedule (no minds)"


class OneRoom:
    """Places for a unit test: every place is the same three tiles."""

    def walkable_tiles(self, place: Address) -> list[tuple[int, int]]:
        return [(0, 0), (1, 0), (2, 0)]

    def tiles_beside(self, place: Address) -> list[tuple[int, int]]:
        return []

    def resting_tile(self, place: Address) -> None:
        return None


def test_residents_headed_to_one_place_get_different_tiles() -> None:
    home = Address("Dorm")
    routines = {name: Routine(home, home) for name in ("Ann", "Bob", "Cy")}
    director = ScheduleDirector(routines, OneRoom(), home, stagger_minutes=0)
    noon = MONDAY + timedelta(hours=12)
    goals = []
    for name in routines:
        activity = director.next_activity(Resident(name, (0, 0)), noon)
        assert activity is not None
        goals.append(activity.destination)
    assert sorted(goals) == [(0, 0), (1, 0), (2, 0)]

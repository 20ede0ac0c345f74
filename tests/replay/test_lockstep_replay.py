"""The issue's central test: a recorded 3-hour lockstep run replays to exactly the tiles,
facings and activities the live run had at sampled moments — by seeking to each moment, and
by playing forward through the whole run in small steps."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from replay_records import RecordedRun, Seen

from game.records import RunRecord
from game.replay import ReplayTown, open_replay
from game.world.pathfinding import PathFinder


@pytest.fixture
def replay_town(recorded_run: RecordedRun) -> Iterator[ReplayTown]:
    record = RunRecord.open(recorded_run.path)
    replay = open_replay(record)
    assert replay.warnings == []  # the bundled map, unchanged since the run
    yield ReplayTown(record, PathFinder(replay.town.grid))
    record.close()


def shown(town: ReplayTown, seen: Seen) -> tuple[tuple[int, int], str, str]:
    resident = town.population.get(seen.name)
    assert resident is not None, f"{seen.name} is missing at {seen.time}"
    activity = resident.activity.description if resident.activity else ""
    return resident.tile, resident.facing.name.lower(), activity


def test_the_run_was_sampled_while_residents_moved(recorded_run: RecordedRun) -> None:
    seen = recorded_run.seen
    assert len({s.time for s in seen}) >= 20
    assert len({s.name for s in seen}) == 3
    assert len({(s.name, s.tile) for s in seen}) > 10  # they went places
    assert len({s.activity for s in seen}) > 5


def test_seeking_to_a_sampled_moment_shows_the_live_town(
    recorded_run: RecordedRun, replay_town: ReplayTown
) -> None:
    for seen in recorded_run.seen:
        replay_town.seek(seen.time)
        assert shown(replay_town, seen) == (seen.tile, seen.facing, seen.activity), seen


def test_playing_through_the_run_shows_the_live_town_at_every_sample(
    recorded_run: RecordedRun, replay_town: ReplayTown
) -> None:
    by_time: dict[object, list[Seen]] = {}
    for seen in recorded_run.seen:
        by_time.setdefault(seen.time, []).append(seen)
    start, end = replay_town.record.span()
    replay_town.seek(start)
    moment, step, checked = start, timedelta(seconds=15), 0
    while moment < end:
        moment += step
        replay_town.advance(moment)
        for seen in by_time.get(moment, []):
            assert shown(replay_town, seen) == (seen.tile, seen.facing, seen.activity), seen
            checked += 1
    assert checked == len(recorded_run.seen)


def test_between_rows_a_walker_walks_the_path_between_them(
    recorded_run: RecordedRun, replay_town: ReplayTown
) -> None:
    """Between a walking row and the next one a minute later, a resident walks the A* path
    from one row's tile to the other's at the town's pace (6 tiles a game minute): halfway
    along it after half the walk's time, never jumping."""
    record = replay_town.record
    walkers = 0
    for seen in recorded_run.seen:
        here = record.positions_at(seen.time)[seen.name]
        there = record.positions_at(seen.time + timedelta(minutes=1))[seen.name]
        if (here.x, here.y) == (there.x, there.y) or not here.walking:
            continue
        path = replay_town.pathfinder.find_path((here.x, here.y), (there.x, there.y))
        assert path is not None
        steps = len(path) - 1
        replay_town.seek(seen.time + timedelta(seconds=10 * steps / 2))
        resident = replay_town.population.get(seen.name)
        assert resident is not None and resident.is_walking
        assert resident.tile == path[steps // 2]
        assert resident.path == path[steps // 2 + 1 :]
        walkers += 1
    assert walkers > 0

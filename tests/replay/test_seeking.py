"""Moving in a replay's time: any path to a moment (a fresh seek, seeking back, seeking
forward, playing forward) shows the same town; playback stops at the record's end."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from replay_records import RecordedRun

from game.records import RunRecord
from game.replay import ReplayTown, open_replay
from game.replay.playback import REPLAY_SPEEDS, PlaybackSpeed
from game.world.clock import GameClock
from game.world.pathfinding import PathFinder

State = dict[str, tuple[tuple[float, float], str, str, str, bool]]


@pytest.fixture
def record(recorded_run: RecordedRun) -> Iterator[RunRecord]:
    with RunRecord.open(recorded_run.path) as opened:
        yield opened


def new_town(record: RunRecord) -> ReplayTown:
    replay = open_replay(record)
    return ReplayTown(record, PathFinder(replay.town.grid))


def state(town: ReplayTown) -> State:
    """Everything drawn of each resident: where (between tiles too), facing, pose, emoji
    and whether they walk."""
    return {
        r.name: (r.position, r.facing.name, r.pose.name, r.emoji, r.is_walking)
        for r in town.population
    }


def moments(record: RunRecord, count: int, seed: int = 3) -> list[datetime]:
    start, end = record.span()
    chance = random.Random(seed)
    seconds = (end - start).total_seconds()
    return [start + timedelta(seconds=round(chance.uniform(0, seconds))) for _ in range(count)]


def test_seeking_back_and_forth_shows_what_a_fresh_seek_shows(record: RunRecord) -> None:
    wandering, fresh = new_town(record), new_town(record)
    for moment in moments(record, 40):
        wandering.seek(moment)
        fresh.seek(moment)
        assert state(wandering) == state(fresh), moment
        fresh = new_town(record)


def test_playing_forward_shows_what_a_seek_shows(record: RunRecord) -> None:
    playing, seeking = new_town(record), new_town(record)
    start, end = record.span()
    playing.seek(start)
    moment = start
    while moment < end:
        moment += timedelta(seconds=37)
        playing.advance(moment)
        seeking.seek(moment)
        assert state(playing) == state(seeking), moment


def test_a_step_back_or_a_long_jump_forward_is_a_seek(record: RunRecord) -> None:
    start, end = record.span()
    town, fresh = new_town(record), new_town(record)
    town.seek(end)
    town.advance(start + timedelta(minutes=30))  # backwards
    fresh.seek(start + timedelta(minutes=30))
    assert state(town) == state(fresh)
    town.seek(start)
    town.advance(end)  # three hours in one step
    fresh.seek(end)
    assert state(town) == state(fresh)


def test_playback_stops_and_pauses_at_the_end() -> None:
    start = datetime(2023, 2, 13, 7, 0)
    clock = GameClock(start)
    speed = PlaybackSpeed(clock, start + timedelta(minutes=10), multiplier=60)
    assert speed.tick(0.1) == pytest.approx(6.0)  # ×60: a game hour a real second
    assert speed.tick(1.0) == pytest.approx(4.0)  # only what is left
    assert clock.now == start + timedelta(minutes=10) and speed.paused
    assert speed.tick(1.0) == 0.0


def test_replay_speeds_go_past_the_games() -> None:
    speed = PlaybackSpeed(GameClock(), datetime(2030, 1, 1), multiplier=60)
    speed.faster()
    assert speed.multiplier == 300
    speed.faster()
    speed.faster()
    assert speed.multiplier == 1000 == REPLAY_SPEEDS[-1]
    speed.slower()
    assert speed.multiplier == 300
    with pytest.raises(ValueError):
        speed.set(7)

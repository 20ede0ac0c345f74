"""`ReplayTown` on hand-written records of the tiny map: residents join at their first row,
poses, facings and resting tiles come from the rows, and walks follow the map's paths."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from replay_records import START, row, tiny_record, walk_rows, write_tiny_town

from game.records import RunRecord
from game.replay import ReplayTown, open_replay
from game.town.resident import Facing, Pose
from game.world.pathfinding import PathFinder

LANE = [(12, y) for y in range(8, 15)]


@pytest.fixture
def town(tmp_path: Path) -> Iterator[ReplayTown]:
    root = tmp_path / "project"
    write_tiny_town(root / "town")
    sleeping = replace(
        row(START, "Sam Moore", (16, 11), False, True, activity="sleeping"),
        pose="sleep", emoji="😴", facing="left", rest_x=16, rest_y=12,
    )  # fmt: skip
    late = row(START + timedelta(minutes=3), "Ada Late", (11, 15), False, True)
    path = tiny_record(tmp_path, root, [*walk_rows("John Lin", START, LANE), sleeping, late])
    record = RunRecord.open(path)
    replay = open_replay(record, root)
    yield ReplayTown(record, PathFinder(replay.town.grid))
    record.close()


def test_a_resident_joins_at_their_first_row(town: ReplayTown) -> None:
    town.seek(START)
    assert town.population.get("Ada Late") is None
    town.advance(START + timedelta(minutes=2, seconds=59))
    assert town.population.get("Ada Late") is None
    town.advance(START + timedelta(minutes=3))
    late = town.population.get("Ada Late")
    assert late is not None and late.tile == (11, 15)
    town.seek(START + timedelta(minutes=1))
    assert town.population.get("Ada Late") is None


def test_pose_emoji_and_the_bed_come_from_the_row(town: ReplayTown) -> None:
    town.seek(START + timedelta(minutes=1))
    sam = town.population.get("Sam Moore")
    assert sam is not None
    assert (sam.pose, sam.emoji, sam.facing) == (Pose.SLEEP, "😴", Facing.LEFT)
    assert sam.tile == (16, 11) and sam.position == (16.0, 12.0)  # lying on the bed


def test_a_walk_down_the_lane_moves_a_tile_every_ten_seconds(town: ReplayTown) -> None:
    town.seek(START + timedelta(minutes=1))
    john = town.population.get("John Lin")
    assert john is not None and john.tile == LANE[1] and john.is_walking
    town.advance(START + timedelta(minutes=1, seconds=5))
    assert john.position == pytest.approx((12.0, 9.5))
    assert john.facing is Facing.DOWN and john.pose is Pose.WALK
    town.advance(START + timedelta(minutes=1, seconds=30))
    assert john.tile == LANE[2] and not john.is_walking  # arrived: waits for the next row
    town.advance(START + timedelta(minutes=6))
    assert john.tile == LANE[-1] and john.emoji == "☕"

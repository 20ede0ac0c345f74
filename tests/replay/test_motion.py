"""Walks between two rows (`game.replay.motion`) and plans read from JSON
(`game.replay.plans`): pure functions of their inputs."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from replay_records import row

from game.replay.motion import leg_between, straight_path
from game.replay.plans import plan_lines

T = datetime(2023, 2, 13, 8, 0)


class Line:
    """A pathfinder on an open floor: straight across, then down."""

    def find_path(self, start: tuple[int, int], goal: tuple[int, int]) -> list[tuple[int, int]]:
        return straight_path(start, goal)


class Nowhere:
    def find_path(self, start: tuple[int, int], goal: tuple[int, int]) -> None:
        return None


def test_a_walker_sets_off_at_once_at_the_towns_pace() -> None:
    leg = leg_between(
        row(T, "A", (0, 0), walking=True), row(T + timedelta(minutes=1), "A", (3, 0), True), Line()
    )
    assert leg is not None and leg.start == T and leg.tiles == 3
    assert leg.walked(T + timedelta(seconds=10)) == 1.0  # 6 tiles a game minute
    assert leg.walked(T + timedelta(seconds=45)) == 3.0  # arrived, waits for the next row
    assert leg.walked(T - timedelta(seconds=1)) is None


def test_a_resident_standing_sets_off_in_time_to_arrive() -> None:
    leg = leg_between(
        row(T, "A", (0, 0), walking=False), row(T + timedelta(minutes=5), "A", (0, 3), True), Line()
    )
    assert leg is not None and leg.start == T + timedelta(minutes=5) - timedelta(seconds=30)


def test_a_path_too_long_for_the_time_is_walked_faster() -> None:
    leg = leg_between(
        row(T, "A", (0, 0), walking=True), row(T + timedelta(minutes=1), "A", (12, 0), True), Line()
    )
    assert leg is not None and leg.walked(T + timedelta(seconds=30)) == 6.0


def test_no_leg_without_a_move_and_a_straight_slide_without_a_path() -> None:
    still = leg_between(
        row(T, "A", (1, 1), True), row(T + timedelta(minutes=1), "A", (1, 1), True), Line()
    )
    assert still is None
    slide = leg_between(
        row(T, "A", (0, 0), True), row(T + timedelta(minutes=1), "A", (2, 1), True), Nowhere()
    )
    assert slide is not None and slide.path == ((0, 0), (1, 0), (2, 0), (2, 1))


def test_todays_plan_marks_the_step_in_progress_and_fills_hours_without_actions() -> None:
    plan = {
        "day": "2023-02-13",
        "outline": [{"start": 0, "minutes": 1440, "activity": "live"}],
        "hourly": [
            {"start": 420, "minutes": 60, "activity": "breakfast"},
            {"start": 480, "minutes": 60, "activity": "work"},
        ],
        "actions": [{"start": 420, "minutes": 15, "activity": "make coffee"}],
    }
    lines = plan_lines(json.dumps(plan), T.replace(hour=7, minute=20))
    assert [(step.start, step.minutes, step.activity, step.current) for step in lines] == [
        ("7:00 am", 15, "make coffee", False),
        ("7:15 am", 45, "breakfast", True),
        ("8:00 am", 60, "work", False),
    ]


def test_a_plan_of_another_day_or_not_a_plan_shows_nothing() -> None:
    other_day = {"day": "2023-02-12", "hourly": [{"start": 0, "minutes": 60, "activity": "x"}]}
    assert plan_lines(json.dumps(other_day), T) == ()
    assert plan_lines("not json", T) == ()
    assert plan_lines('["a list"]', T) == ()
    broken = {
        "day": "2023-02-13",
        "hourly": [
            {"start": "7", "minutes": 60, "activity": "x"},
            {"start": 480, "minutes": True, "activity": "y"},
            {"start": 480, "minutes": 30, "activity": "ok"},
        ],
    }
    assert [step.activity for step in plan_lines(json.dumps(broken), T)] == ["ok"]

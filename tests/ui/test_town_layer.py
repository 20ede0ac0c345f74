"""The population layer stays pure (no pygame), so tests and benchmarks run it anywhere."""

from __future__ import annotations

import ast
from datetime import datetime
from pathlib import Path

from game.render.daylight import tint_at
from game.town.resident import Facing, Resident
from game.ui.hud import format_hud_time

TOWN = Path(__file__).resolve().parents[2] / "game" / "town"


def test_game_town_imports_neither_pygame_nor_cognition_nor_drawing() -> None:
    forbidden = ("pygame", "cognition", "game.render", "game.ui", "game.bridge", "game.play.app")
    offenders = []
    for path in TOWN.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in forbidden
                          or any(n.startswith(f + ".") or n == f for f in forbidden)]  # fmt: skip
    assert offenders == []


def test_walking_interpolates_and_turns() -> None:
    walker = Resident("Ada", (0, 0))
    walker.path = [(1, 0), (1, 1)]
    walker.facing = Facing.RIGHT
    walker.advance(0.25)
    assert walker.position == (0.25, 0.0)
    walker.advance(1.25)
    assert walker.tile == (1, 0) and walker.facing is Facing.DOWN
    assert walker.position == (1.0, 0.5)
    walker.advance(5)
    assert walker.tile == (1, 1) and not walker.is_walking


def test_hud_time_reads_like_a_calendar() -> None:
    assert format_hud_time(datetime(2023, 2, 13, 7, 42)) == "Mon Feb 13 2023 · 7:42 am"
    assert format_hud_time(datetime(2023, 2, 13, 19, 5)) == "Mon Feb 13 2023 · 7:05 pm"


def test_daylight_changes_smoothly() -> None:
    previous = tint_at(0.0)
    for minute in range(1, 24 * 60 + 1):
        tint = tint_at(minute / 60)
        assert max(abs(a - b) for a, b in zip(tint, previous, strict=True)) <= 3
        previous = tint
    assert tint_at(12.0) == (255, 255, 255)
    assert sum(tint_at(1.0)) < sum(tint_at(19.0)) < sum(tint_at(12.0))

"""`smallville map-check PATH [--json]` through game.cli.main."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from townmaker import Thing, TownSpec

from game.cli import main


def run_json(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, object]]:
    code = main(["map-check", str(path), "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_a_good_map_reports_counts_and_exits_0(
    small_town_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report = run_json(small_town_path, capsys)
    assert code == 0
    assert report == {
        "width": 24,
        "height": 16,
        "sectors": 4,
        "arenas": 5,
        "objects": 12,
        "residents_placed": 2,
        "unreachable": [],
        "errors": [],
    }


def test_an_unreachable_object_is_named_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = TownSpec.small()
    spec.walls.add((16, 6))  # brick up the cafe door
    code, report = run_json(spec.write(tmp_path), capsys)
    assert code == 1
    assert report["errors"] == []
    assert report["unreachable"] == [
        "counter, cafe, Hobbs Cafe — not reachable from any spawn",
        "coffee machine, cafe, Hobbs Cafe — not reachable from any spawn",
        "customer table, cafe, Hobbs Cafe — not reachable from any spawn",
    ]


def test_an_object_reachable_from_some_spawns_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = TownSpec.small()
    spec.walls.add((16, 6))
    spec.spawns[1].rect = (15, 4, 0, 0)  # Sam Moore starts inside the bricked-up cafe
    code, report = run_json(spec.write(tmp_path), capsys)
    assert code == 1
    unreachable = report["unreachable"]
    assert isinstance(unreachable, list)
    assert "stove, kitchen, Lin family's house — not reachable from Sam Moore" in unreachable
    assert (
        "coffee machine, cafe, Hobbs Cafe — not reachable from John Lin and Visitor" in unreachable
    )


def test_a_malformed_map_gives_errors_in_json_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = TownSpec.small()
    spec.objects.append(Thing("lamp post", (11, 8, 1, 1), {"state": "lit"}))
    code, report = run_json(spec.write(tmp_path), capsys)
    assert code == 1
    assert report["objects"] == 0
    errors = report["errors"]
    assert isinstance(errors, list) and len(errors) == 1
    assert "'lamp post'" in errors[0] and "outside every arena" in errors[0]


def test_broken_xml_as_text_is_readable_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.tmx"
    path.write_text("<map><layer", encoding="utf-8")
    assert main(["map-check", str(path)]) == 1
    captured = capsys.readouterr()
    assert "the map cannot be used" in captured.out
    assert "malformed XML at line 1" in captured.out
    assert "Traceback" not in captured.out + captured.err


def test_missing_file_in_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = run_json(tmp_path / "none.tmx", capsys)
    assert code == 1
    assert report["errors"] == [f"map file not found: {tmp_path / 'none.tmx'}"]


def test_text_report_of_a_good_map(
    small_town_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["map-check", str(small_town_path)]) == 0
    out = capsys.readouterr().out
    assert "24×16 tiles, 4 sectors, 5 arenas, 12 objects, 2 residents placed." in out
    assert "Every object can be reached from every spawn." in out

"""`smallville simulate --save/--load` and `smallville saves`, as a player types them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from game.cli import main
from game.saves import FORMAT_VERSION, SaveSlots

BASE = ["simulate", "--town", "the_ville_n3", "--embedder", "hashing", "--quiet"]


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_save_at_the_end_then_load_and_describe(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*BASE, "--hours", "1", "--save", "smoke"]) == 0
    out = capsys.readouterr().out
    assert "saved as 'smoke'" in out
    assert (data_dir / "saves" / "smoke" / "town.json").is_file()

    assert main([*BASE, "--load", "smoke", "--hours", "0"]) == 0
    out = capsys.readouterr().out
    assert "the_ville_n3 (loaded from 'smoke'): Monday February 13, 2023, 8:00 am" in out
    assert "3 residents" in out
    for name in ("Isabella Rodriguez", "Klaus Mueller", "Maria Lopez"):
        assert f"  {name}: " in out and " memories" in out

    report_path = data_dir / "report.json"
    argv = [*BASE, "--load", "smoke", "--hours", "0.5", "--save", "smoke"]
    assert main([*argv, "--json", str(report_path)]) == 0
    report = json.loads(report_path.read_text(encoding="utf-8"))
    assert report["town"]["loaded_from"] == "smoke"
    assert report["town"]["game_time"] == "2023-02-13T08:30:00"
    assert SaveSlots(data_dir / "saves").read("smoke", previous=True).save.game_time.hour == 8

    assert main(["saves"]) == 0
    listed = capsys.readouterr().out
    assert "smoke: the_ville_n3, Monday February 13, 2023, 8:30 am, 3 residents" in listed


def damage_garbage(path: Path) -> None:
    path.write_bytes(b"\x00\xff garbage \x13" * 20)


def damage_truncated(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")


def damage_future(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["format_version"] = FORMAT_VERSION + 6
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        (damage_garbage, "not UTF-8 text"),
        (damage_truncated, "not valid JSON"),
        (damage_future, "newer Smallville"),
    ],
    ids=["garbage", "truncated", "newer format"],
)
def test_a_damaged_save_is_one_line_and_exit_2_and_the_previous_still_loads(
    data_dir: Path,
    capsys: pytest.CaptureFixture[str],
    damage: Callable[[Path], None],
    says: str,
) -> None:
    assert main([*BASE, "--hours", "0.25", "--save", "Day 1"]) == 0
    assert main([*BASE, "--hours", "0.5", "--save", "Day 1"]) == 0  # the first is now previous
    damage(data_dir / "saves" / "Day 1" / "town.json")
    capsys.readouterr()

    assert main([*BASE, "--load", "Day 1", "--hours", "0"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    error = captured.err.strip()
    assert error.startswith("smallville: The save 'Day 1'") and says in error
    assert "\n" not in error and "Traceback" not in error

    assert main([*BASE, "--load", "Day 1", "--previous", "--hours", "0"]) == 0
    assert "7:15 am" in capsys.readouterr().out

    assert main(["saves"]) == 0
    assert "Day 1: problem: The save 'Day 1'" in capsys.readouterr().out


def test_unknown_and_unnameable_slots_fail_fast_with_exit_2(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*BASE, "--load", "nowhere", "--hours", "0"]) == 2
    assert "There is no save called 'nowhere'" in capsys.readouterr().err
    assert main([*BASE, "--hours", "5", "--save", "../escape"]) == 2  # before the 5 hours
    captured = capsys.readouterr()
    assert "cannot name a save" in captured.err and captured.out == ""
    assert not (data_dir / "saves").exists()
    assert main(["saves"]) == 0
    assert capsys.readouterr().out.strip() == "No saves yet."


def test_a_schema_problem_is_reported_on_one_line(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*BASE, "--hours", "0.1", "--save", "odd"]) == 0
    path = data_dir / "saves" / "odd" / "town.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["residents"][0]["tile"] = ["x", -1]
    data["residents"][1]["facing"] = "sideways"
    path.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main([*BASE, "--load", "odd", "--hours", "0"]) == 2
    error = capsys.readouterr().err.strip()
    assert "\n" not in error
    assert "residents[0].tile[0]" in error and "residents[1].facing" in error


def test_saves_dir_keeps_slots_elsewhere(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    elsewhere = tmp_path / "elsewhere"
    argv = [*BASE, "--hours", "0.1", "--save", "mine", "--saves-dir", str(elsewhere)]
    assert main(argv) == 0
    assert SaveSlots(elsewhere).exists("mine") and not (data_dir / "saves").exists()
    capsys.readouterr()
    assert main(["saves", "--saves-dir", str(elsewhere), "--json"]) == 0
    (line,) = capsys.readouterr().out.strip().splitlines()
    listed = json.loads(line)
    assert listed["name"] == "mine" and listed["ok"] and listed["residents"] == 3

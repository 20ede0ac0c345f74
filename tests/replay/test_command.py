"""`smallville replay` through `game.cli.main`: headless --json and --screenshot, records
found by run id, a town on another map, a record cut off by a crash, and every kind of bad
input as one line on stderr with exit status 2."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pygame
import pytest
from replay_records import START, RecordedRun, row, tiny_record, walk_rows, write_tiny_town

from game.cli import main
from game.records import RecordWriter, RunRecord
from game.replay import ReplayError, open_replay
from game.ui.timeline import PLAYED
from game.ui.widgets import FIELD

ISABELLA = "Isabella Rodriguez"
LANE = [(12, y) for y in range(8, 15)]  # John Lin walks down the street of the tiny town


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err
    return lines[0]


def test_json_prints_everyones_state_at_the_moment(
    recorded_run: RecordedRun, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(recorded_run.path), "--at", "2023-02-13 08:30", "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    with RunRecord.open(recorded_run.path) as record:
        rows = record.positions_at(START.replace(hour=8, minute=30))
        assert state["run_id"] == record.meta.run_id
    assert state["time"] == "2023-02-13T08:30:00"
    assert set(state["residents"]) == set(rows)
    for name, shown in state["residents"].items():
        expected = rows[name]
        assert (shown["x"], shown["y"], shown["activity"], shown["facing"]) == (
            expected.x, expected.y, expected.activity, expected.facing
        )  # fmt: skip


def test_a_run_id_is_looked_up_in_the_records_folder(
    recorded_run: RecordedRun,
    user_folders_in_a_temporary_place: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = user_folders_in_a_temporary_place / "data" / "records"
    folder.mkdir(parents=True)
    shutil.copyfile(recorded_run.path, folder / recorded_run.path.name)
    assert main(["replay", recorded_run.path.stem, "--at", "9:00", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["time"] == "2023-02-13T09:00:00"


def test_screenshot_renders_the_frame_at_the_moment(
    recorded_run: RecordedRun, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shot = tmp_path / "shot.png"
    argv = ["replay", str(recorded_run.path), "--at", "2023-02-13 09:00", "--screenshot"]
    assert main([*argv, str(shot), "--inspect", ISABELLA]) == 0
    assert capsys.readouterr().err == ""
    pygame.init()
    picture = pygame.image.load(str(shot))
    assert picture.get_size() == (1280, 720)
    track = [picture.get_at((x, 700))[:3] for x in range(8, 1272)]  # the timeline's track
    played, ahead = track.count(PLAYED), track.count(FIELD)
    assert played / (played + ahead) == pytest.approx(2 / 3, abs=0.02)  # 9:00 of 7:00-10:00
    pygame.quit()


def test_a_town_on_another_map_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "project"
    write_tiny_town(root / "town")
    rows = [*walk_rows("John Lin", START, LANE), row(START, "Sam Moore", (20, 12), False, True)]
    path = tiny_record(tmp_path, root, rows)
    monkeypatch.setattr("game.replay.opening.bundle_root", lambda: root)
    shot = tmp_path / "tiny.png"
    assert main(["replay", str(path), "--at", "7:03:30", "--screenshot", str(shot)]) == 0
    assert shot.is_file()
    capsys.readouterr()
    assert main(["replay", str(path), "--at", "7:03:30", "--json"]) == 0
    state = json.loads(capsys.readouterr().out)["residents"]
    assert (state["John Lin"]["x"], state["John Lin"]["y"]) == LANE[3]


def test_a_changed_map_opens_with_a_warning(tmp_path: Path) -> None:
    root = tmp_path / "project"
    write_tiny_town(root / "town")
    path = tiny_record(tmp_path, root, walk_rows("John Lin", START, LANE), map_sha256="cd" * 32)
    with RunRecord.open(path) as record:
        replay = open_replay(record, root)
        assert len(replay.warnings) == 1 and "changed" in replay.warnings[0]
        (root / "town" / "town.tmx").unlink()
        with pytest.raises(ReplayError, match="missing"):
            open_replay(record, root)


def test_a_record_cut_off_by_a_crash_replays_up_to_the_cut(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A writer still open (as one killed would leave it: the rows in its WAL, never
    checkpointed) — a copy of its files replays up to the last commit."""
    root = tmp_path / "project"
    write_tiny_town(root / "town")
    monkeypatch.setattr("game.replay.opening.bundle_root", lambda: root)
    live = tmp_path / "live"
    live.mkdir()
    path = tiny_record(live, root, [])
    writer = RecordWriter(path, RunRecord.open(path).meta)
    for each in walk_rows("John Lin", START, LANE[:4]):
        writer.write(each)
    writer.flush()
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{path}{suffix}").exists():
            shutil.copyfile(f"{path}{suffix}", crashed / f"run.sqlite{suffix}")
    writer.close()
    cut = crashed / "run.sqlite"
    assert Path(f"{cut}-wal").exists()
    assert main(["replay", str(cut), "--at", "7:03", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["residents"]["John Lin"]["y"] == LANE[3][1]
    assert main(["replay", str(cut), "--at", "7:04", "--json"]) == 2  # after the cut
    assert "outside the record" in one_line_error(capsys)
    assert main(["replay", str(cut), "--at", "7:02", "--screenshot", str(tmp_path / "c.png")]) == 0


def newer_schema(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE meta SET value = '7' WHERE key = 'schema_version'")
    connection.close()


def truncated(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def corrupt(path: Path) -> None:
    path.write_bytes(b"these are not the bytes of a database" * 100)


@pytest.mark.parametrize(
    ("spoil", "argv", "said"),
    [
        (None, ["--json"], "no run record"),
        (truncated, ["--json"], "cut off"),
        (corrupt, ["--json"], "not an SQLite file"),
        (newer_schema, ["--json"], "newer Smallville"),
        ("no map", ["--screenshot", "x.png"], "map"),
        ("keep", ["--at", "2023-03-01 09:00", "--json"], "outside the record"),
        ("keep", ["--at", "teatime", "--json"], "is not a time"),
        ("keep", ["--speed", "7", "--screenshot", "x.png"], "--speed"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    spoil: object,
    argv: list[str],
    said: str,
) -> None:
    root = tmp_path / "project"
    write_tiny_town(root / "town")
    path = tiny_record(tmp_path, root, walk_rows("John Lin", START, LANE))
    if spoil is None:
        path.unlink()
        path = tmp_path / "missing.sqlite"
    elif spoil == "no map":
        shutil.rmtree(root)
    elif callable(spoil):
        spoil(path)
    argv = [a.replace("x.png", str(tmp_path / "x.png")) for a in argv]
    assert main(["replay", str(path), *argv]) == 2
    line = one_line_error(capsys)
    assert said in line
    assert str(path) in line or said == "--speed"

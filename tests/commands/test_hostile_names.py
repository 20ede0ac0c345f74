"""Hostile names from the command line: one line on stderr, exit status 2, no traceback, and
never the whole bad value echoed back."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.saves import SaveError, SaveSlots, check_slot_name

LONG = "a" * 5_000


def one_short_line(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err[:2000]
    assert len(lines[0]) < 500, lines[0][:600]
    return lines[0]


@pytest.mark.parametrize("name", ["evil\n", "evil\r\n", "\nevil", "ok\x00", "tab\tname"])
def test_a_slot_name_with_a_line_break_or_control_character_is_refused(name: str) -> None:
    with pytest.raises(SaveError):
        check_slot_name(name)


def test_a_slot_folder_named_with_a_final_newline_is_not_listed(tmp_path: Path) -> None:
    slots = SaveSlots(tmp_path / "saves")
    (slots.root / "evil\n").mkdir(parents=True)
    assert slots.list() == []


def test_a_town_name_of_5000_characters_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--town", LONG, "--hours", "0.01", "--no-record"]) == 2
    assert "town" in one_short_line(capsys)


def test_a_town_that_is_a_save_folder_is_one_line_pointing_at_load(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    slot = tmp_path / "Day 3"
    slot.mkdir()
    (slot / "town.json").write_text('{"format_version": 1, "town": "the_ville_n3"}')
    assert main(["simulate", "--town", str(slot), "--hours", "0.01", "--no-record"]) == 2
    assert "--load" in one_short_line(capsys)


def test_a_replay_target_of_5000_characters_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", LONG, "--json"]) == 2
    assert "record" in one_short_line(capsys)


@pytest.mark.parametrize(
    "argv",
    [
        ["saves", "--saves-dir", LONG],
        ["runs", "--folder", LONG],
        ["map-check", LONG],
        ["new-town", LONG],
    ],
    ids=["saves", "runs", "map-check", "new-town"],
)
def test_a_path_of_5000_characters_is_never_a_traceback(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    assert status in (0, 1, 2)
    if argv[0] != "map-check":  # its report heads with the path asked about, as given
        assert all(len(line) < 500 for line in (captured.out + captured.err).splitlines())


def test_map_check_shows_a_path_of_5000_characters_shortened(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["map-check", LONG + ".tmx"]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    lines = captured.out.splitlines()
    assert lines and all(len(line) < 300 for line in lines), lines[0][:400]
    assert "5004 characters" in lines[0] and "cannot be looked up" in captured.out

"""`evaluate --group-strategy` (issue 35): the town's group talks run under the strategy
chosen on the command line — kept in run.json's settings and in the simulation's group
figures — and a strategy that does not exist is one line, exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main


def test_the_chosen_group_strategy_runs_the_towns_group_talks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    argv = ["evaluate", "--town", "the_ville_n3", "--hours", "1", "--seed", "2"]
    argv += ["--embedder", "hashing", "--threads", "2", "--conditions", "full"]
    assert main([*argv, "--group-strategy", "round-robin", "--out", str(out), "--quiet"]) == 0
    capsys.readouterr()
    run = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert run["settings"]["group_strategy"] == "round-robin"
    assert run["simulation"]["groups"]["strategy"] == "round-robin"


def test_an_unknown_group_strategy_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["evaluate", "--town", "the_ville_n3", "--out", str(tmp_path / "out")]
    assert main([*argv, "--group-strategy", "loudest-first"]) == 2
    printed = capsys.readouterr()
    assert printed.err.startswith("smallville: --group-strategy 'loudest-first' is none of: ")
    assert "round-robin" in printed.err and printed.err.count("\n") == 1
    assert printed.out == ""


def test_a_matrix_refuses_the_group_strategy_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    matrix = tmp_path / "matrix.toml"
    matrix.write_text('variants = ["full"]\n', encoding="utf-8")
    argv = ["evaluate", "--matrix", str(matrix), "--group-strategy", "random"]
    assert main([*argv, "--out", str(tmp_path / "out")]) == 2
    printed = capsys.readouterr()
    assert printed.err == (
        "smallville: --group-strategy is for one town or --seeds, not --matrix: drop it\n"
    )

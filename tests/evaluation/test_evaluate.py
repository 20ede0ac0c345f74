"""End to end: `evaluate` interviews the 3-resident town as it starts, runs it two game hours
with the offline brain, interviews it again and under the four conditions, and writes the
report; a second call reuses every phase instead of simulating or interviewing again;
`smallville evaluate` prints a summary, or one line and exit status 2 on bad input."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.evaluation import EvaluationOptions, EvaluationResult, Progress, evaluate
from game.files.paths import bundled

HOURS = 2.0


def options(out: Path, **changes: Any) -> EvaluationOptions:
    base = EvaluationOptions(
        town="the_ville_n3", hours=HOURS, seed=3, out_dir=out, embedder="hashing", workers=2
    )
    for key, value in changes.items():
        setattr(base, key, value)
    return base


@pytest.fixture(scope="module")
def first_run(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[EvaluationResult, list[str]]]:
    """One simulated evaluation shared by the tests of this module (user folders moved aside,
    as the autouse fixture does for each test)."""
    root = tmp_path_factory.mktemp("evaluate")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SMALLVILLE_DATA_DIR", str(root / "data"))
        patch.setenv("SMALLVILLE_CONFIG_DIR", str(root / "config"))
        lines: list[str] = []
        shares: list[float] = []
        progress = Progress(lines.append, lambda share, label: shares.append(share))
        yield evaluate(options(root / "out"), progress), lines
        assert shares == sorted(shares) and shares[-1] == 1.0  # one bar, only forwards


def test_evaluate_simulates_and_writes_the_report(
    first_run: tuple[EvaluationResult, list[str]],
) -> None:
    result, lines = first_run
    out = result.files.folder
    assert result.run.simulated
    assert lines[0].startswith("estimate: ~")
    assert "offline-brain calls" in lines[0]
    assert "simulating the_ville_n3 for 2 game hours (seed 3)" in lines
    assert any(line.startswith("the judge panel (one-by-one, 6 referees") for line in lines)
    names = ("evaluation.json", "report.md", "diffusion.png", "network.png", "run.json")
    names += ("interviews-start.json", "interviews-end.json")
    for name in names:
        assert (out / name).is_file(), name
    assert not (out / "presence-party.png").exists()  # the party is on Feb 14, 5 pm
    assert [path.name for path in (out / "record").iterdir()] == [result.run.record.name]
    data = json.loads((out / "evaluation.json").read_text(encoding="utf-8"))
    assert (data["town"], data["seed"], data["hours"], data["brain"]) == (
        "the_ville_n3", 3, HOURS, "offline brain"
    )  # fmt: skip
    assert (data["start"], data["end"]) == ("2023-02-13T07:00:00", "2023-02-13T09:00:00")
    assert data["diffusion"]["party"]["start"]["who"] == ["Isabella Rodriguez"]
    assert len(data["diffusion"]["party"]["curve"]) == 3
    assert data["relationships"]["start"]["pairs"] == 3
    assert data["coordination"]["party"]["status"] == "not reached"
    assert data["simulation"]["game_hours"] == HOURS
    assert data["simulation"]["llm_calls"] > 0
    findings = result.findings
    assert findings is not None
    assert findings.moments() == ["start", "end"]
    assert len(findings.answers_at("start")) == 3 * (1 + 2)  # the party, two others each
    assert len(findings.conditions) == 4
    by_condition = {
        c: [a for a in findings.controlled if a.condition == c] for c in findings.conditions
    }
    assert len({len(rows) for rows in by_condition.values()}) == 1  # the same questions each
    assert any(a.correct for a in findings.controlled)
    assert any(a.correct is None for a in findings.controlled)  # reactions: the panel's
    # the offline brain referees too (by rule, deterministically): the panel path runs
    assert findings.panel.skipped is None and findings.judged and findings.ratings
    assert any(pair.asked for pair in findings.judged)
    assert data["panel"]["position"]["pairs"] == sum(1 for p in findings.judged if p.asked)
    assert data["panel"]["truth"]["pairs"] > 0  # pairs with ground truth for both answers
    # every call of every phase is counted, and each is a decision trace in the run record
    calls = data["calls"]
    assert set(calls["by_route"]) == {
        "interviews at the start", "simulation", "interviews at the end",
        "controlled interviews", "judge panel",
    }  # fmt: skip
    assert calls["total"] == calls["simulation"] + calls["in_all"]["calls"]
    with closing(sqlite3.connect(result.run.record)) as record:
        steps = dict(record.execute("SELECT step, COUNT(*) FROM traces GROUP BY step"))
        runs = record.execute("SELECT run_id FROM runs").fetchall()
    assert len(runs) == 1  # the evaluation's traces are written as the same run, not a new one
    assert sum(steps.values()) == calls["total"]
    assert steps["referee"] == calls["phases"]["judge panel"]["calls"]
    isabella = next(
        a for a in findings.answers_at("start") if a.resident == "Isabella Rodriguez"
        and a.about == "party"
    )  # fmt: skip
    assert isabella.knows and isabella.backed
    controls = data["controls"]  # on by default: the same town and seed, no news seeded
    assert (out / "control" / "run.json").is_file()
    assert (out / "control" / "interviews-end.json").is_file()
    party = controls["reach"]["party"]
    assert party["by_memories"]["control"] == 0.0  # nobody is seeded in the control
    assert party["by_answers"] is not None and party["by_answers"]["control"] == 0.0
    assert "by_answers" in controls["density"] and controls["attendance"] == {}  # not reached
    assert "## Against the control" in (out / "report.md").read_text(encoding="utf-8")


def test_a_second_call_measures_the_finished_run_again(
    first_run: tuple[EvaluationResult, list[str]],
) -> None:
    result, _ = first_run
    out = result.files.folder
    before = json.loads((out / "evaluation.json").read_text(encoding="utf-8"))
    lines: list[str] = []
    again = evaluate(options(out), Progress(lines.append))
    assert not again.run.simulated
    assert again.run.record == result.run.record
    assert any(line.startswith("reusing the finished run in ") for line in lines)
    assert any(line.startswith("reusing the interviews at the start") for line in lines)
    assert any(line.startswith("reusing the interviews at the end") for line in lines)
    assert not any(line.startswith(("simulating", "interviewing")) for line in lines)
    assert len(list((out / "record").iterdir())) == 1
    after = json.loads((out / "evaluation.json").read_text(encoding="utf-8"))
    assert after.pop("simulated") is False and before.pop("simulated") is True
    assert after == before


def test_the_command_prints_a_summary_of_a_finished_run(
    first_run: tuple[EvaluationResult, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    out = first_run[0].files.folder
    argv = ["evaluate", "--town", "the_ville_n3", "--hours", "2", "--seed", "3"]
    status = main([*argv, "--embedder", "hashing", "--out", str(out), "--quiet"])
    printed = capsys.readouterr()
    assert status == 0
    assert printed.err == ""
    assert printed.out.splitlines()[0] == (
        "the_ville_n3, seed 3, 2 game hours, offline brain (the earlier run measured again)"
    )
    assert "  knew about party: 1 → " in printed.out
    assert "\n  talk: " in printed.out and " distinct (" in printed.out
    assert "\n  targets: " in printed.out and " of 5 passed" in printed.out  # one news item
    assert f"report: {out / 'report.md'}" in printed.out


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--town", "nowhere"], "smallville: unknown town 'nowhere'"),
        (["--town", "the_ville_n3", "--hours", "0"], "smallville: --hours must be more than 0"),
        (["--brain", "offline", "--base-url", "http://127.0.0.1:9/v1"], "smallville: choose"),
        (
            ["--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--budget", "100"],
            "smallville: the estimate (~",
        ),
        (["--conditions", "full|no reflexion"], "smallville: unknown condition 'no reflexion'"),
        (["--panel-rounds", "0"], "smallville: --panel-rounds must be 1 or more"),
        (["--referees", "/nonexistent/referees.json"], "smallville: "),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["evaluate", *argv]) == 2
    printed = capsys.readouterr()
    assert printed.err.startswith(expected)
    assert printed.err.count("\n") == 1
    assert printed.out == ""


def test_a_town_without_a_scenario_is_refused_before_simulating(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    town = tmp_path / "town"
    town.mkdir()
    for name in ("town.json", "personas.json"):
        shutil.copy(bundled("saves/the_ville_n3") / name, town / name)
    assert main(["evaluate", "--town", str(town), "--out", str(tmp_path / "out")]) == 2
    assert "has no scenario.json" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()

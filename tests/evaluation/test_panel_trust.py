"""How far the panel is trusted, and what the whole evaluation cost: position bias from the
two orders, agreement with ground truth (accuracy, Cohen's kappa), mean scores per
condition; and the report's table of every call by phase and route, which sums to
evaluation.json's total."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from test_report_interviews import findings, report_of

from game.evaluation.agreement import (
    cohen_kappa,
    condition_scores,
    position_bias,
    true_verdict,
    truth_agreement,
)
from game.evaluation.judging import JudgedPair, PairToJudge
from game.evaluation.report_costs import OTHER, costs_json

FULL, NONE = "full", "no observation, no reflection, no planning"


def pair(correct_a: bool | None, correct_b: bool | None) -> PairToJudge:
    return PairToJudge("Ada", "q", "?", FULL, NONE, "a long answer", "no", correct_a, correct_b)


def judged(first: str, second: str, truth: tuple[bool | None, bool | None] = (None, None),
           scores: dict[str, list[float]] | None = None) -> JudgedPair:  # fmt: skip
    winner = first if first == second else "tie"
    return JudgedPair(pair(*truth), winner, first_order=first, second_order=second,
                      scores=scores or {})  # fmt: skip


def test_position_bias_counts_verdicts_that_follow_the_order() -> None:
    rows = [
        judged("A", "A"),  # consistent
        judged("A", "B"),  # the answer shown first won both times
        judged("A", "B"),
        judged("B", "A"),  # the answer shown second won both times
        judged("tie", "A"),
        JudgedPair(pair(None, None), "tie", asked=False),  # not asked: not counted
    ]
    found = position_bias(rows)
    assert found["pairs"] == 5 and found["consistent"] == 1
    assert (found["first_favoured"], found["second_favoured"]) == (2, 1)
    assert found["bias"] == pytest.approx(0.2) and found["consistency"] == pytest.approx(0.2)


def test_true_verdicts_need_ground_truth_for_both_answers() -> None:
    assert true_verdict(judged("A", "A", (True, False))) == "A"
    assert true_verdict(judged("A", "A", (False, True))) == "B"
    assert true_verdict(judged("A", "A", (True, True))) == "tie"
    assert true_verdict(judged("A", "A", (True, None))) is None


def test_cohen_kappa_discounts_chance_agreement() -> None:
    assert cohen_kappa(["A", "B", "A", "B"], ["A", "B", "A", "B"]) == 1.0
    assert cohen_kappa(["A", "A", "B", "B"], ["A", "B", "A", "B"]) == 0.0
    # 3 of 4 agree; chance (0.5·0.75 + 0.5·0.25) = 0.5 → kappa 0.5
    assert cohen_kappa(["A", "A", "B", "B"], ["A", "A", "B", "A"]) == 0.5
    assert cohen_kappa([], []) is None
    assert cohen_kappa(["A", "A"], ["A", "A"]) is None  # chance agreement of 1


def test_agreement_with_ground_truth() -> None:
    rows = [
        judged("A", "A", (True, False)),  # right
        judged("B", "B", (True, False)),  # wrong
        judged("A", "B", (True, True)),  # order-dependent: a tie, and truly a tie
        judged("A", "A", (None, True)),  # no truth for A: left out
    ]
    found = truth_agreement(rows)
    assert found["pairs"] == 3 and found["accuracy"] == pytest.approx(2 / 3, abs=1e-4)
    assert found["decisive_pairs"] == 2 and found["decisive_accuracy"] == 0.5
    assert found["kappa"] == cohen_kappa(["A", "B", "tie"], ["A", "A", "tie"])


def test_scores_are_averaged_per_condition() -> None:
    rows = [
        judged("A", "A", scores={"specific": [8.0, 2.0]}),
        judged("A", "A", scores={"specific": [6.0, 4.0]}),
    ]
    assert condition_scores(rows) == {FULL: {"specific": 7.0}, NONE: {"specific": 3.0}}


def test_calls_by_route_split_each_phase_and_count_the_rest_as_other() -> None:
    found = replace(
        findings(),
        by_route={
            "interviews at the start": {"small": 20, "large": 4},
            "interviews at the end": {"small": 20},  # 24 calls: 4 the pool did not see
        },
    )
    endpoints = {"small": {"calls": 100}, "large": {"calls": 20}}
    simulation = {"llm_calls": 120, "routes": {"by_endpoint": endpoints}}
    costs = costs_json(found, simulation)
    assert list(costs["by_route"]) == [
        "interviews at the start", "simulation", "interviews at the end",
        "controlled interviews", "judge panel",
    ]  # fmt: skip
    assert costs["by_route"]["interviews at the end"] == {"small": 20, OTHER: 4}
    assert costs["by_route"]["controlled interviews"] == {"one model": 8}
    assert costs["total"] == 120 + 24 + 24 + 8 + 4


def test_the_reports_cost_table_sums_to_the_total_calls(tmp_path: Path) -> None:
    out, _ = report_of(tmp_path, findings())
    data = json.loads((out / "evaluation.json").read_text(encoding="utf-8"))
    calls = data["calls"]
    assert calls["total"] == calls["simulation"] + calls["in_all"]["calls"]
    text = (out / "report.md").read_text(encoding="utf-8")
    table = text.split("### Every call of the evaluation, by phase and route\n", 1)[1]
    rows = [line for line in table.split("\n\n", 1)[0].splitlines() if line.startswith("| ")]
    body, total = rows[1:-1], rows[-1]
    alls = [int(row.rstrip(" |").rsplit("|", 1)[1].replace(",", "")) for row in body]
    assert len(body) == 5 and sum(alls) == calls["total"]
    assert re.search(rf"\*\*{calls['total']:,}\*\*", total)

"""`RunInfo.produced_by`: the brain or model behind a run, named once."""

from __future__ import annotations

from pathlib import Path

from game.evaluation.run_info import RunInfo


def run_by(brain: str, model: str) -> RunInfo:
    return RunInfo(
        town="the_ville_n3", seed=0, hours=1.0, brain=brain, model=model,
        record=Path("run.sqlite"), run_id="run", simulated=True,
    )  # fmt: skip


def test_a_labor_pool_is_named_once() -> None:
    label = "labor pool (small-large: small, large)"
    assert run_by(label, label).produced_by == label


def test_one_model_is_named_once() -> None:
    assert run_by("gpt-4o-mini", "gpt-4o-mini").produced_by == "gpt-4o-mini"


def test_the_offline_brain_has_no_model() -> None:
    assert run_by("offline brain", "").produced_by == "offline brain"


def test_a_model_that_says_more_than_the_brain_follows_it() -> None:
    assert run_by("test brain", "tiny-model").produced_by == "test brain (tiny-model)"

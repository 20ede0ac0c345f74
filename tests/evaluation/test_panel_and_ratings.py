"""The judge panel's phase: pairs fixed by the seed (A and B drawn, identical answers a tie
without asking), the ratings (openskill's Thurstone–Mosteller on TrueSkill's scale), the
estimate and its budget — and, end to end on the fake OpenAI server, the panel path of
`evaluate`, with junk verdicts counted as fallbacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cognition.testing.fake_openai_replies import ChatRequest
from cognition.testing.fake_openai_server import FakeOpenAIServer
from game.evaluation import EvaluationOptions, Progress, evaluate
from game.evaluation.estimate import CALLS_PER_RESIDENT_DAY, estimate
from game.evaluation.interviews import ControlledAnswer
from game.evaluation.judging import pairs_to_judge
from game.evaluation.ratings import Pairing, rate

pytestmark = pytest.mark.long_running  # started first: see tests/conftest.py

CONDITIONS = ("full", "no reflection", "no observation, no reflection, no planning")


def answers() -> list[ControlledAnswer]:
    rows = []
    for resident in ("Ada", "Bo"):
        for question in ("q1", "q2"):
            for condition in CONDITIONS:
                text = "same" if question == "q2" else f"{resident} {question} {condition}"
                rows.append(
                    ControlledAnswer(resident, condition, "memory", question, "?", text, None)
                )
    return rows


def test_pairs_are_every_pair_of_conditions_or_a_seeded_sample() -> None:
    every = pairs_to_judge(answers(), CONDITIONS, None, seed=1)
    assert len(every) == 2 * 2 * 3
    assert every == pairs_to_judge(answers(), CONDITIONS, None, seed=1)
    firsts = {pair.condition_a for pair in every}
    assert len(firsts) >= 2  # which answer is A is drawn, not always the first condition
    sample = pairs_to_judge(answers(), CONDITIONS, 5, seed=1)
    assert len(sample) == 5 and all(pair in every for pair in sample)
    assert sample != pairs_to_judge(answers(), CONDITIONS, 5, seed=2)


def test_ratings_rank_the_winner_first_and_count_the_outcomes() -> None:
    games = [Pairing("full", "no reflection", "A")] * 6
    games += [Pairing("no observation, no reflection, no planning", "full", "B")] * 6
    games += [Pairing("no reflection", "no observation, no reflection, no planning", "tie")]
    ratings = {r.condition: r for r in rate(CONDITIONS, games)}
    full, ablated = ratings["full"], ratings["no observation, no reflection, no planning"]
    assert full.mu > ratings["no reflection"].mu and full.mu > ablated.mu
    assert (full.wins, full.losses, full.ties) == (12, 0, 0)
    assert (ablated.wins, ablated.losses, ablated.ties) == (0, 6, 1)
    assert all(r.sigma < 25 / 3 for r in ratings.values())
    untouched = rate(("full", "other"), [])
    assert [(r.mu, r.sigma) for r in untouched] == [(25.0, 8.33), (25.0, 8.33)]


def test_the_estimate_adds_up_its_phases() -> None:
    cost = estimate(
        residents=3, hours=24, items=1, questions=24, conditions=4, panel_pairs=10,
        panel_calls_per_pair=6, offline=False,
    )  # fmt: skip
    assert cost.phases["simulation"] == 3 * CALLS_PER_RESIDENT_DAY["model"]
    assert cost.phases["judge panel"] == 60
    assert cost.phases["controlled interviews"] == 3 * (24 * 4 + 3)
    assert cost.calls == sum(cost.phases.values()) and cost.tokens == cost.calls * 500
    assert "model calls" in cost.line()
    offline = estimate(
        residents=3, hours=24, items=1, questions=24, conditions=4, panel_pairs=0,
        panel_calls_per_pair=6, offline=True,
    )  # fmt: skip
    assert offline.tokens == 0 and "no model, no tokens" in offline.line()


def varied_answers_and_one_junk_referee(request: ChatRequest) -> str | dict[str, str] | None:
    """Interview answers that depend on the memories shown (so the conditions differ), and
    one referee answering with junk, retries too (counted fallbacks)."""
    text = json.dumps(request.messages)
    if "asks you:" in text:
        return {"answer": f"I remember {text.count('- [')} things about it."}
    if "believable" in text and "You are Tomas Reyes" in text:
        return "I think both are fine, really!!"
    return None


@pytest.mark.timeout(300)
def test_evaluate_runs_the_panel_on_a_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the junk referee is never asked again: its answer falls back at once, counted as the
    # fallback asserted below, instead of 2-3 s of backoff per panel round (31 of the test's
    # 39 s were those sleeps); retries and their backoff are tested in tests/cognition/llm
    monkeypatch.setenv("SMALLVILLE_MAX_RETRIES", "0")
    with FakeOpenAIServer(answer=varied_answers_and_one_junk_referee) as server:
        options = EvaluationOptions(
            town="the_ville_n3", hours=0.5, seed=2, out_dir=tmp_path / "out",
            base_url=server.base_url, model="fake-model", embedder="hashing", workers=3,
            panel_strategy="simultaneous-talk-with-summarizer", panel_rounds=2, panel_pairs=4,
        )  # fmt: skip
        lines: list[str] = []
        result = evaluate(options, Progress(lines.append))
        asked = len(server.chat_requests)
        # judged again with another strategy, by scores, with the same-role ablation: the
        # interviews are kept, only the panel reruns
        options.panel_strategy = "single-judge"
        options.panel_judging = "scores"
        options.same_role_ablation = True
        again: list[str] = []
        rejudged = evaluate(options, Progress(again.append))
    assert not any(line.startswith(("interviewing", "simulating")) for line in again), again
    assert (
        "the judge panel (single-judge, 6 referees, 2 rounds, scores) on 4 pairs of answers, "
        "each in both orders, then again with one role for all" in again
    )
    scored = rejudged.findings
    assert scored is not None and len(scored.judged_same_role) == 4
    asked_again = [pair for pair in scored.judged if pair.asked]
    assert asked_again and all(pair.calls == 2 for pair in asked_again)  # one judge, two orders
    assert all(pair.scores for pair in asked_again if not pair.fallbacks)
    report = json.loads((tmp_path / "out" / "evaluation.json").read_text(encoding="utf-8"))
    assert report["panel"]["judging"] == "scores"
    assert report["panel"]["same_role"]["pairs_judged"] == 4
    assert report["calls"]["by_route"]["judge panel"]["one model"] == sum(
        pair.calls for pair in (*scored.judged, *scored.judged_same_role)
    )
    findings = result.findings
    assert findings is not None and findings.panel.skipped is None
    assert lines[0].startswith("estimate: ~") and "model calls" in lines[0]
    assert len(findings.judged) == 4 and any(pair.asked for pair in findings.judged)
    judged_calls = sum(pair.calls for pair in findings.judged)
    # both orders: six referees, two rounds and a summary, twice
    assert judged_calls == sum(2 * (6 * 2 + 1) for pair in findings.judged if pair.asked)
    assert findings.usage["judge panel"]["calls"] == judged_calls
    assert sum(pair.fallbacks for pair in findings.judged) > 0  # the junk, counted
    assert {r.condition for r in findings.ratings} == set(findings.conditions)
    assert asked > judged_calls
    panel = json.loads((tmp_path / "out" / "panel.json").read_text(encoding="utf-8"))
    assert len(panel["judged"]) == 4

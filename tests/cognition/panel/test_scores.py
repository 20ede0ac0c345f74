"""Score judging: referees score both answers per criterion; the verdict follows the totals,
the panel reports the mean scores, a referee's unusable scores fall back to a tie; the
bundled panel has at least five distinct roles, and `same_role` is the ablation; the
offline brain scores deterministically."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from cognition.offline.brain import OfflineBrain
from cognition.panel import (
    JudgePanel,
    PanelCase,
    PanelJudging,
    PanelStrategy,
    Referee,
    load_referees,
    same_role,
)
from cognition.steps.referee_scores import (
    CRITERIA,
    SCORE_REFEREE,
    RefereeScores,
    ScoreInput,
    verdict_of,
)
from cognition.testing.scripted_model import ScriptedModel

REFEREES = [Referee("Ada", "a psychologist"), Referee("Ben", "a novelist")]
CASE = PanelCase(
    resident="Isabella Rodriguez",
    about_resident="runs Hobbs Cafe; planning a Valentine's Day party",
    question="What are you planning for Valentine's Day?",
    answer_a="A party at Hobbs Cafe on the 14th from 5 to 7 pm; I've invited Maria.",
    answer_b="I am not sure.",
)


def scores_by_name(given: dict[str, tuple[int, int]]) -> Any:
    def answer(inputs: ScoreInput) -> dict[str, Any]:
        a, b = given[inputs.referee]
        rows = [{"criterion": c.name, "score_a": a, "score_b": b} for c in inputs.criteria]
        return {"reasoning": f"{inputs.referee} scored.", "scores": rows}

    return answer


def test_scores_decide_each_verdict_and_are_averaged() -> None:
    model = ScriptedModel({SCORE_REFEREE.name: [scores_by_name({"Ada": (8, 3), "Ben": (6, 3)})]})
    panel = JudgePanel(model, REFEREES, PanelStrategy.ONE_BY_ONE, 1, judging=PanelJudging.SCORES)
    verdict = panel.judge(CASE)
    assert verdict.winner == "A"
    assert verdict.votes == {"Ada": "A", "Ben": "A"}
    assert verdict.scores == {c.name: (7.0, 3.0) for c in CRITERIA}
    assert "scores:" in verdict.statements[0][1]
    assert verdict.calls == 2 and verdict.fallbacks == 0


def test_the_next_referee_sees_the_earlier_scores() -> None:
    model = ScriptedModel({SCORE_REFEREE.name: [scores_by_name({"Ada": (2, 9), "Ben": (2, 9)})]})
    JudgePanel(model, REFEREES, PanelStrategy.ONE_BY_ONE, 1, judging=PanelJudging.SCORES).judge(
        CASE
    )
    asked = [c.inputs for c in model.calls if isinstance(c.inputs, ScoreInput)]
    ben = next(inputs for inputs in asked if inputs.referee == "Ben")
    assert len(ben.discussion) == 1
    assert "in character A 2 B 9" in ben.discussion[0] and "(verdict: B)" in ben.discussion[0]


def test_scores_off_the_scale_are_refused() -> None:
    with pytest.raises(ValidationError):
        RefereeScores.model_validate(
            {"reasoning": "", "scores": [{"criterion": "specific", "score_a": 11, "score_b": 3}]}
        )


def test_a_referee_without_usable_scores_counts_as_a_tie_and_a_fallback() -> None:
    model = ScriptedModel({})  # no script: every call falls back
    verdict = JudgePanel(
        model, REFEREES, PanelStrategy.SIMULTANEOUS, 1, judging=PanelJudging.SCORES
    ).judge(CASE)
    assert verdict.winner == "tie"
    assert verdict.votes == {"Ada": "tie", "Ben": "tie"}
    assert verdict.fallbacks == 2
    assert verdict.scores == {}


def test_unknown_and_repeated_criteria_do_not_count() -> None:
    scores = RefereeScores.model_validate(
        {
            "reasoning": "",
            "scores": [
                {"criterion": "length", "score_a": 1, "score_b": 10},
                {"criterion": "Specific", "score_a": 5, "score_b": 4},
                {"criterion": "specific", "score_a": 1, "score_b": 10},
            ],
        }
    )
    assert verdict_of(scores) == "A"


def test_the_bundled_panel_has_five_distinct_roles_and_the_ablation_repeats_one() -> None:
    referees = load_referees()
    assert len(referees) >= 5
    assert len({r.role for r in referees}) == len(referees)
    ablated = same_role(referees)
    assert [r.name for r in ablated] == [r.name for r in referees]
    assert {r.role for r in ablated} == {referees[0].role}


@pytest.mark.parametrize("judging", list(PanelJudging))
def test_the_offline_brain_judges_deterministically(judging: PanelJudging) -> None:
    def judge() -> Any:
        panel = JudgePanel(OfflineBrain(seed=3), REFEREES, PanelStrategy.ONE_BY_ONE, 2,
                           judging=judging)  # fmt: skip
        return panel.judge(CASE)

    first, second = judge(), judge()
    assert first == second
    assert first.winner == "A"  # the specific answer beats "I am not sure."
    assert first.fallbacks == 0
    if judging is PanelJudging.SCORES:
        assert set(first.scores) == {c.name for c in CRITERIA}
        assert all(a > b for a, b in first.scores.values())


def test_empty_scores_count_as_a_fallback() -> None:
    model = ScriptedModel({SCORE_REFEREE.name: [{"reasoning": "hm", "scores": []}]})
    verdict = JudgePanel(
        model, REFEREES, PanelStrategy.ONE_BY_ONE, 1, judging=PanelJudging.SCORES
    ).judge(CASE)
    assert verdict.winner == "tie" and verdict.fallbacks == 2 and verdict.scores == {}


def test_the_answer_schema_asks_one_row_per_criterion_on_the_scale() -> None:
    inputs = ScoreInput(
        referee="Ada", role="a psychologist", resident=CASE.resident,
        about_resident=CASE.about_resident, question=CASE.question, answer_a="a",
        answer_b="b", criteria=list(CRITERIA), scale_max=10, discussion=[],
    )  # fmt: skip
    scores = SCORE_REFEREE.json_schema(inputs)["properties"]["scores"]
    assert scores["minItems"] == scores["maxItems"] == len(CRITERIA)
    row = scores["items"]
    assert row["properties"]["criterion"]["enum"] == [c.name for c in CRITERIA]
    assert (row["properties"]["score_a"]["minimum"], row["properties"]["score_a"]["maximum"]) == (
        1, 10,
    )  # fmt: skip


@pytest.mark.parametrize("judging", list(PanelJudging))
def test_offline_referees_judge_from_their_roles(judging: PanelJudging) -> None:
    """Roles are data the offline brain reads: a diverse panel can split where the
    same-role panel agrees — the ablation is measurable offline too."""
    referees = [Referee("Ada", "a baker who cares about bread"),
                Referee("Ben", "a gardener who cares about roses")]  # fmt: skip
    case = PanelCase("Ada", "a villager", "What did you do today?",
                     "I baked bread today.", "I planted roses today.")  # fmt: skip

    def votes(panel_of: list[Referee]) -> dict[str, str]:
        panel = JudgePanel(OfflineBrain(0), panel_of, PanelStrategy.SIMULTANEOUS, 1,
                           judging=judging)  # fmt: skip
        return panel.judge(case).votes

    assert votes(referees) == {"Ada": "A", "Ben": "B"}
    assert votes(same_role(referees)) == {"Ada": "A", "Ben": "A"}

"""The judge panel: each ChatEval strategy shows the referees what it should and makes
exactly the calls it announces; verdicts by strict majority; fallbacks counted; referee
files validated with errors naming the file."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from string import Formatter
from typing import Any

import pytest

from cognition.llm.task import Completion, InputT, OutputT, Source, Task, read_template
from cognition.panel import (
    JudgePanel,
    PanelCase,
    PanelError,
    PanelStrategy,
    Referee,
    load_referees,
    panel_calls_per_case,
)
from cognition.steps.referee import (
    REFEREE,
    SUMMARIZE_DEBATE,
    DebateSummaryInput,
    RefereeInput,
    RefereeStatement,
    first_sentence,
)
from cognition.testing.scripted_model import ScriptedModel

REFEREES = [
    Referee("Ada", "a psychologist"),
    Referee("Ben", "a novelist"),
    Referee("Cora", "a neighbour"),
]
CASE = PanelCase(
    resident="Isabella Rodriguez",
    about_resident="runs Hobbs Cafe; planning a Valentine's Day party",
    question="What are you planning for Valentine's Day?",
    answer_a="A party at Hobbs Cafe on the 14th from 5 to 7 pm; I've invited Maria.",
    answer_b="I am an AI and have no plans.",
)


def votes_by_name(verdicts: dict[str, str]) -> Any:
    """A scripted referee answer: each referee's verdict looked up by its name."""

    def answer(inputs: RefereeInput) -> dict[str, str]:
        return {"reasoning": f"{inputs.referee} thinks so.", "verdict": verdicts[inputs.referee]}

    return answer


def scripted(verdicts: dict[str, str] | None = None) -> ScriptedModel:
    verdicts = verdicts or {r.name: "A" for r in REFEREES}
    return ScriptedModel(
        {
            REFEREE.name: [votes_by_name(verdicts)],
            SUMMARIZE_DEBATE.name: [
                lambda inputs: {"summary": f"summary of {len(inputs.statements)} statements"}
            ],
        }
    )


def discussions(model: ScriptedModel) -> list[tuple[str, list[str]]]:
    """(referee, the discussion it was shown) for every referee call, in call order."""
    return [
        (call.inputs.referee, list(call.inputs.discussion))
        for call in model.calls
        if isinstance(call.inputs, RefereeInput)
    ]


@pytest.mark.parametrize("strategy", list(PanelStrategy))
@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_each_strategy_makes_exactly_the_calls_it_announces(
    strategy: PanelStrategy, rounds: int
) -> None:
    model = scripted()
    verdict = JudgePanel(model, REFEREES, strategy, rounds=rounds).judge(CASE)
    expected = panel_calls_per_case(strategy, len(REFEREES), rounds)
    assert len(model.calls) == verdict.calls == expected
    assert verdict.fallbacks == 0
    assert verdict.winner == "A"


def test_the_announced_calls() -> None:
    assert panel_calls_per_case(PanelStrategy.ONE_BY_ONE, 3, 2) == 6
    assert panel_calls_per_case(PanelStrategy.SIMULTANEOUS, 3, 2) == 6
    assert panel_calls_per_case(PanelStrategy.SUMMARIZER, 3, 3) == 11
    assert panel_calls_per_case(PanelStrategy.SINGLE, 3, 5) == 1
    with pytest.raises(ValueError, match="round"):
        panel_calls_per_case(PanelStrategy.ONE_BY_ONE, 3, 0)
    with pytest.raises(ValueError, match="referee"):
        panel_calls_per_case(PanelStrategy.ONE_BY_ONE, 0, 2)


def test_a_panel_needs_referees_and_rounds() -> None:
    with pytest.raises(ValueError, match="referee"):
        JudgePanel(scripted(), [])
    with pytest.raises(ValueError, match="round"):
        JudgePanel(scripted(), REFEREES, rounds=0)
    with pytest.raises(ValueError, match="max_parallel"):
        JudgePanel(scripted(), REFEREES, max_parallel=0)


def test_one_by_one_each_referee_sees_every_statement_said_before() -> None:
    model = scripted({"Ada": "A", "Ben": "B", "Cora": "A"})
    verdict = JudgePanel(model, REFEREES, PanelStrategy.ONE_BY_ONE, rounds=2).judge(CASE)
    shown = discussions(model)
    assert [name for name, _ in shown] == ["Ada", "Ben", "Cora"] * 2
    assert shown[0] == ("Ada", [])
    assert shown[1] == ("Ben", ["Ada: Ada thinks so. (verdict: A)"])
    assert shown[2][1] == ["Ada: Ada thinks so. (verdict: A)", "Ben: Ben thinks so. (verdict: B)"]
    assert len(shown[5][1]) == 5  # Cora in round 2: all three of round 1, Ada and Ben again
    assert [name for name, _ in verdict.statements] == ["Ada", "Ben", "Cora"] * 2
    assert verdict.statements[1] == ("Ben", "Ben thinks so. — B")
    assert [call.agent for call in model.calls[:3]] == [
        "referee Ada",
        "referee Ben",
        "referee Cora",
    ]


def test_simultaneous_talk_shows_a_round_only_the_rounds_before_it() -> None:
    model = scripted({"Ada": "A", "Ben": "B", "Cora": "B"})
    verdict = JudgePanel(model, REFEREES, PanelStrategy.SIMULTANEOUS, rounds=2).judge(CASE)
    shown = dict(discussions(model)[:3]), discussions(model)[3:]
    assert shown[0] == {"Ada": [], "Ben": [], "Cora": []}
    round_one = [
        "Ada: Ada thinks so. (verdict: A)",
        "Ben: Ben thinks so. (verdict: B)",
        "Cora: Cora thinks so. (verdict: B)",
    ]
    assert sorted(name for name, _ in shown[1]) == ["Ada", "Ben", "Cora"]
    assert all(discussion == round_one for _, discussion in shown[1])
    # statements are appended in referee order, whichever thread answered first
    assert [name for name, _ in verdict.statements] == ["Ada", "Ben", "Cora"] * 2
    assert verdict.winner == "B"


def test_simultaneous_talk_asks_the_referees_in_parallel() -> None:
    """All three referees are asked before any answers: a barrier only they can pass."""
    barrier = threading.Barrier(3, timeout=10)

    def answer(inputs: RefereeInput) -> dict[str, str]:
        barrier.wait()
        return {"reasoning": "Fine.", "verdict": "A"}

    model = ScriptedModel({REFEREE.name: [answer]})
    verdict = JudgePanel(model, REFEREES, PanelStrategy.SIMULTANEOUS, rounds=1).judge(CASE)
    assert verdict.winner == "A" and verdict.calls == 3


def test_with_summarizer_the_next_round_sees_only_the_summary() -> None:
    model = scripted({"Ada": "A", "Ben": "B", "Cora": "A"})
    verdict = JudgePanel(model, REFEREES, PanelStrategy.SUMMARIZER, rounds=3).judge(CASE)
    assert [call.task for call in model.calls] == (
        ["referee"] * 3 + ["debate_summary"] + ["referee"] * 3 + ["debate_summary"]
    ) + ["referee"] * 3
    summaries = [c for c in model.calls if isinstance(c.inputs, DebateSummaryInput)]
    assert [c.agent for c in summaries] == ["debate summarizer"] * 2
    first, second = (c.inputs for c in summaries)
    assert isinstance(first, DebateSummaryInput) and isinstance(second, DebateSummaryInput)
    assert first.previous == "" and len(first.statements) == 3
    assert first.question == CASE.question
    assert second.previous == "summary of 3 statements"  # the round and the earlier summary
    assert second.statements[0] == "Ada: Ada thinks so. (verdict: A)"
    shown = discussions(model)
    assert all(discussion == [] for _, discussion in shown[:3])
    assert all(discussion == ["summary of 3 statements"] for _, discussion in shown[3:])
    assert verdict.calls == 11 and verdict.winner == "A"


def test_single_judge_is_the_first_referee_once() -> None:
    model = scripted({"Ada": "B", "Ben": "A", "Cora": "A"})
    verdict = JudgePanel(model, REFEREES, PanelStrategy.SINGLE, rounds=3).judge(CASE)
    assert len(model.calls) == verdict.calls == 1
    assert model.calls[0].agent == "referee Ada"
    assert verdict.votes == {"Ada": "B"} and verdict.winner == "B"


def test_the_final_verdict_is_the_last_round_and_the_winner_a_strict_majority() -> None:
    turns = iter(["B", "B", "B", "A", "A", "tie"])  # one-by-one: the calls come in order

    def answer(inputs: RefereeInput) -> dict[str, str]:
        return {"reasoning": "Changed my mind.", "verdict": next(turns)}

    model = ScriptedModel({REFEREE.name: [answer]})
    verdict = JudgePanel(model, REFEREES, PanelStrategy.ONE_BY_ONE, rounds=2).judge(CASE)
    assert verdict.votes == {"Ada": "A", "Ben": "A", "Cora": "tie"}
    assert verdict.winner == "A"


@pytest.mark.parametrize(
    ("votes", "winner"),
    [
        (("A", "B", "tie"), "tie"),  # no majority
        (("B", "B", "A"), "B"),
        (("A", "tie", "tie"), "tie"),  # the majority says tie
    ],
)
def test_majority_and_tie_rules(votes: tuple[str, str, str], winner: str) -> None:
    model = scripted(dict(zip(["Ada", "Ben", "Cora"], votes, strict=True)))
    verdict = JudgePanel(model, REFEREES, PanelStrategy.SIMULTANEOUS, rounds=1).judge(CASE)
    assert verdict.winner == winner


def test_an_even_split_is_a_tie() -> None:
    two = REFEREES[:2]
    model = scripted({"Ada": "A", "Ben": "B"})
    assert JudgePanel(model, two, PanelStrategy.ONE_BY_ONE, rounds=1).judge(CASE).winner == "tie"


class JunkModel:
    """A model whose every answer is unusable: the task's fallback, as a backend gives it."""

    label = "junk"

    def __init__(self) -> None:
        self.calls = 0

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        self.calls += 1
        error = "the answer is not JSON: 'I think A is better'"
        return Completion(task.fallback(inputs), Source.FALLBACK, error=error, raw="junk")


@pytest.mark.parametrize("strategy", list(PanelStrategy))
def test_junk_answers_are_counted_fallbacks_and_a_tie(strategy: PanelStrategy) -> None:
    model = JunkModel()
    verdict = JudgePanel(model, REFEREES, strategy, rounds=2).judge(CASE)
    assert verdict.fallbacks == verdict.calls == model.calls
    assert verdict.calls == panel_calls_per_case(strategy, len(REFEREES), 2)
    assert verdict.winner == "tie"
    assert set(verdict.votes.values()) == {"tie"}
    assert verdict.statements[0] == ("Ada", "(no reasoning) — tie")


def test_a_fallen_back_referee_is_left_out_of_the_discussion() -> None:
    answers: list[Any] = [
        Completion(RefereeStatement(reasoning="", verdict="tie"), Source.FALLBACK, error="bad"),
        Completion(RefereeStatement(reasoning="B is vague.", verdict="A"), Source.MODEL),
    ]

    class Mixed:
        label = "mixed"

        def __init__(self) -> None:
            self.seen: list[list[str]] = []

        def complete(self, task: Any, inputs: Any, *, agent: str) -> Any:
            self.seen.append(list(inputs.discussion))
            return answers[min(len(self.seen) - 1, 1)]

    model = Mixed()
    verdict = JudgePanel(model, REFEREES, PanelStrategy.ONE_BY_ONE, rounds=1).judge(CASE)
    assert model.seen == [[], [], ["Ben: B is vague. (verdict: A)"]]
    assert verdict.fallbacks == 1 and verdict.votes["Ada"] == "tie"
    assert verdict.winner == "A"  # two of three


def test_the_debate_summary_falls_back_to_first_sentences() -> None:
    inputs = DebateSummaryInput(
        question="q",
        statements=[
            "Ada: A is specific. B is generic. (verdict: A)",
            "Ben: Both fine (verdict: tie)",
        ],
        previous="Earlier they leaned A.",
    )
    summary = SUMMARIZE_DEBATE.fallback(inputs).summary
    assert summary == (
        "Earlier they leaned A. Ada: A is specific. (verdict: A) Ben: Both fine (verdict: tie)"
    )
    assert first_sentence("No verdict here. More.") == "No verdict here."


def test_verdicts_are_read_leniently_and_the_schema_is_an_enum() -> None:
    assert RefereeStatement.model_validate({"reasoning": "", "verdict": " b "}).verdict == "B"
    assert RefereeStatement.model_validate({"reasoning": "", "verdict": "TIE"}).verdict == "tie"
    with pytest.raises(ValueError):
        RefereeStatement.model_validate({"reasoning": "", "verdict": "C"})
    schema = REFEREE.json_schema(
        RefereeInput.model_validate(
            {k: [] if k == "discussion" else "x" for k in RefereeInput.model_fields}
        )
    )
    assert schema["properties"]["verdict"]["enum"] == ["A", "B", "tie"]


@pytest.mark.parametrize("task", [REFEREE, SUMMARIZE_DEBATE], ids=lambda t: t.name)
def test_the_templates_split_and_name_only_input_fields(task: Task[Any, Any]) -> None:
    text = read_template(task.template)
    assert "\n---\n" in text
    names = {name for _, name, _, _ in Formatter().parse(text) if name}
    assert names == set(task.input_model.model_fields)


def test_the_referee_prompt_renders_the_case_and_the_discussion() -> None:
    inputs = RefereeInput(
        referee="Ada",
        role="a psychologist",
        resident=CASE.resident,
        about_resident=CASE.about_resident,
        question=CASE.question,
        answer_a=CASE.answer_a,
        answer_b="Braces {like these} stay as they are.",
        discussion=["Ben: A is specific. (verdict: A)"],
    )
    system, user = REFEREE.messages(inputs)
    assert system.role == "system" and "You are Ada, a psychologist." in system.content
    assert user.role == "user"
    for text in (CASE.resident, CASE.question, CASE.answer_a, "{like these}"):
        assert text in user.content
    assert "- Ben: A is specific. (verdict: A)" in user.content
    empty = REFEREE.messages(inputs.model_copy(update={"discussion": []}))[1].content
    assert "(none)" in empty


def test_the_bundled_referees_load() -> None:
    referees = load_referees()
    assert len(referees) >= 3
    assert len({r.name for r in referees}) == len(referees)
    assert len({r.role for r in referees}) == len(referees)  # distinct roles: ChatEval's point
    assert all(r.name.strip() and r.role.strip() for r in referees)


def write(tmp_path: Path, content: Any) -> Path:
    path = tmp_path / "referees.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")
    return path


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ('{"referees": [{"name": "Ada", "role": "x"},]}', "not valid JSON"),
        ({"referees": [{"name": "Ada"}]}, r"referees\[0\] \(Ada\)\.role: Field required"),
        (
            {"referees": [{"name": "Ada", "role": "x"}, {"name": "Ada", "role": "y"}]},
            "duplicate referee names: Ada",
        ),
        ({"referees": [{"name": " ", "role": "x"}]}, r"referees\[0\].*name"),
        ({"referees": []}, "referees: List should have at least 1 item"),
        ({"referees": [{"name": "Ada", "rol": "x"}]}, r"\(Ada\)\.rol: Extra inputs"),
        ([], "file: Input should be"),
    ],
)
def test_a_bad_referee_file_says_what_is_wrong_where(
    tmp_path: Path, content: Any, problem: str
) -> None:
    path = write(tmp_path, content)
    with pytest.raises(PanelError, match=problem) as raised:
        load_referees(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: ") and "\n" not in message


def test_a_missing_referee_file_is_a_panel_error(tmp_path: Path) -> None:
    with pytest.raises(PanelError, match="no such referee file"):
        load_referees(tmp_path / "nowhere.json")


def test_a_loaded_panel_judges(tmp_path: Path) -> None:
    path = write(tmp_path, {"referees": [{"name": "Ada", "role": "a psychologist"}]})
    referees = load_referees(path)
    assert referees == [Referee("Ada", "a psychologist")]
    verdict = JudgePanel(scripted({"Ada": "B"}), referees, rounds=1).judge(CASE)
    assert verdict.winner == "B" and verdict.votes == {"Ada": "B"}

"""The question files (the paper's 25 in five categories, checked with the problem named)
and ground truth by rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from evaluation_records import SCENARIO

from game.bridge import MemoryFacts, claims_knowledge
from game.evaluation.knowing import Judge
from game.evaluation.questions import load_questions, others_for, questions_for
from game.evaluation.scenario import EvaluationError
from game.evaluation.truth import Recalled, TruthContext, score


def test_the_bundled_questions_are_the_papers_25() -> None:
    files = load_questions()
    assert [f.category for f in files] == [
        "memory", "plans", "reactions", "reflections", "self-knowledge"
    ]  # fmt: skip
    two_news_items = SCENARIO  # the party and the candidacy
    asked, skipped = questions_for(
        files, ["Klaus Mueller", "Maria Lopez", "Sam Moore"], two_news_items, "Tuesday, February 14"
    )
    assert len(asked) == 25 and skipped == []
    by_category = {c: sum(1 for q in asked if q.category == c) for c in {q.category for q in asked}}
    assert set(by_category.values()) == {5}
    assert any(q.text == "Who is Maria Lopez?" and q.about == "Maria Lopez" for q in asked)
    assert any(q.text == "Do you know who is running for mayor?" for q in asked)
    assert any("on Tuesday, February 14" in q.text for q in asked)


def test_questions_that_cannot_be_filled_are_skipped_and_named() -> None:
    asked, skipped = questions_for(load_questions(), ["Klaus Mueller"], SCENARIO, None)
    assert "memory/who-other2" in skipped and "plans/at-6am" in skipped
    assert all("{" not in q.text for q in asked)


def test_others_come_from_the_relationships_first() -> None:
    persona: dict[str, Any] = {"relationships": {"Maria Lopez": "friend", "Nobody": "x"}}
    residents = ["Isabella Rodriguez", "Klaus Mueller", "Maria Lopez", "Sam Moore"]
    others = others_for("Isabella Rodriguez", persona, residents, seed=1)
    assert others[0] == "Maria Lopez" and sorted(others) == residents[1:]
    assert others == others_for("Isabella Rodriguez", persona, residents, seed=1)


def write(folder: Path, questions: list[dict[str, Any]]) -> Path:
    folder.mkdir(exist_ok=True)
    data = {"category": "memory", "questions": questions}
    (folder / "memory.json").write_text(json.dumps(data), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("questions", "expected"),
    [
        ([{"id": "a", "text": "Who is {ohter}?"}], "unknown placeholder {ohter}"),
        ([{"id": "a", "text": "Who is {ohter}?"}], "did you mean {other}?"),
        (
            [{"id": "a", "text": "x", "truth": {"kind": "persona", "field": "agee"}}],
            "did you mean 'age'?",
        ),
        ([{"id": "a", "text": "x", "truth": {"kind": "plan"}}], "needs the minute of the day"),
        ([{"id": "a", "text": "x", "truth": {"kind": "guess"}}], "questions.0.truth.kind"),
        ([{"id": "a", "text": "x"}, {"id": "a", "text": "y"}], "the question id 'a' is used twice"),
        ([{"id": "a", "text": "Who?", "truth": {"kind": "person"}}], "must name {other}"),
    ],
)
def test_a_question_file_with_a_typo_is_refused_naming_it(
    tmp_path: Path, questions: list[dict[str, Any]], expected: str
) -> None:
    with pytest.raises(EvaluationError) as refused:
        load_questions(write(tmp_path / "q", questions))
    assert expected in str(refused.value)
    assert "memory.json" in str(refused.value)


def test_an_empty_folder_and_bad_json_are_refused(tmp_path: Path) -> None:
    with pytest.raises(EvaluationError, match="holds no question files"):
        load_questions(tmp_path)
    (tmp_path / "x.json").write_text("{", encoding="utf-8")
    with pytest.raises(EvaluationError, match="is not valid JSON"):
        load_questions(tmp_path)


PERSONAS: dict[str, dict[str, Any]] = {
    "Isabella Rodriguez": {
        "name": "Isabella Rodriguez", "age": 34, "learned": "Isabella runs Hobbs Cafe.",
        "currently": "planning a Valentine's Day party", "lifestyle": "wakes at six",
        "home_sector": "Isabella's apartment",
    },
    "Maria Lopez": {
        "name": "Maria Lopez", "age": 21, "learned": "Maria studies physics at Oak Hill College.",
        "home_sector": "Dorm",
    },
    "Klaus Mueller": {
        "name": "Klaus Mueller", "age": 20, "learned": "Klaus writes about gentrification.",
        "home_sector": "Dorm",
    },
}  # fmt: skip


def truth_for(
    name: str, memories: list[str], plan: list[dict[str, Any]] | None = None
) -> TruthContext:
    # memories without fields: the news they carry is read from their words
    unknown = [MemoryFacts(text, "observation", None) for text in memories]
    carried = Judge(SCENARIO.news, fields_complete=False).carried_by_any(unknown)
    return TruthContext(
        name, PERSONAS, plan or [], [Recalled(text) for text in memories], SCENARIO,
        claims_knowledge, carried,
    )  # fmt: skip


def asked(text: str, **truth: Any) -> Any:
    files = load_questions()
    question = next(
        q
        for f in files
        for q in f.questions
        if q.truth
        and q.truth.kind == truth["kind"]
        and (q.truth.field == truth.get("field") or "field" not in truth)
    )
    from game.evaluation.questions import AskedQuestion

    return AskedQuestion("x", question.id, text, question.truth, truth.get("about"))


def test_ground_truth_from_the_persona_and_the_home() -> None:
    isabella = truth_for("Isabella Rodriguez", [])
    assert score(asked("?", kind="persona", field="learned"), "I run a cafe in town.", isabella)
    assert not score(asked("?", kind="persona", field="learned"), "I'm a pilot.", isabella)
    assert score(asked("?", kind="persona", field="name"), "I'm Isabella.", isabella)
    assert score(asked("?", kind="housemates"), "I live alone.", isabella)
    maria = truth_for("Maria Lopez", [])
    assert score(asked("?", kind="housemates"), "With Klaus, in the dorm.", maria)
    assert not score(asked("?", kind="housemates"), "Alone.", maria)


def test_ground_truth_about_a_person_follows_the_memory() -> None:
    who = asked("Who is Maria Lopez?", kind="person", about="Maria Lopez")
    knows = truth_for("Isabella Rodriguez", ["Maria Lopez studies physics at the cafe"])
    assert score(who, "Maria is a physics student.", knows)
    assert not score(who, "I'm not sure who that is.", knows)
    stranger = truth_for("Isabella Rodriguez", ["Klaus Mueller came by"])
    assert score(who, "I'm not sure who that is.", stranger)
    assert not score(who, "Maria is a physics student.", stranger)  # a claim with nothing behind


def test_ground_truth_about_a_person_reads_the_people_a_memory_s_fields_name() -> None:
    """A memory with fields is of the people they name, whatever its words say; its words
    decide only where its fields are unknown (a save made before fields)."""
    who = asked("Who is Maria Lopez?", kind="person", about="Maria Lopez")
    talked = Recalled("We talked about physics over coffee", frozenset({"Maria Lopez"}))
    in_passing = Recalled("The Maria Lopez mug (counter, Hobbs Cafe) is empty", frozenset())

    def isabella(*memories: Recalled) -> TruthContext:
        return TruthContext(
            "Isabella Rodriguez", PERSONAS, [], memories, SCENARIO, claims_knowledge, frozenset()
        )

    assert talked.names("Maria Lopez") and not in_passing.names("Maria Lopez")
    assert Recalled("The Maria Lopez mug is empty").names("Maria Lopez")  # fields unknown
    assert score(who, "Maria is a physics student.", isabella(talked))
    assert not score(who, "Maria is a physics student.", isabella(in_passing))
    assert score(who, "I'm not sure who that is.", isabella(in_passing))


def test_ground_truth_for_news_and_plans() -> None:
    news = asked("Did you know there is a Valentine's Day party?", kind="news", about="party")
    knows = truth_for("Maria Lopez", ["Isabella invited me to her Valentine's party"])
    assert score(news, "Yes, Isabella's Valentine's Day party at Hobbs Cafe!", knows)
    assert not score(news, "I don't know anything about that.", knows)
    assert score(news, "I don't know anything about that.", truth_for("Maria Lopez", []))
    plan = [{"day": "2023-02-14", "start": 540, "end": 720, "what": "study physics at the library"}]
    at = asked("?", kind="plan")
    at = type(at)(at.category, at.id, at.text, at.truth.model_copy(update={"minute": 600}), None)
    assert score(at, "Studying physics.", truth_for("Maria Lopez", [], plan))
    assert not score(at, "Sleeping.", truth_for("Maria Lopez", [], plan))
    assert score(at, "Studying.", truth_for("Maria Lopez", [], [])) is None  # no plan

"""The strict knows judge in cognition: with an item's facts, the rule wants every fact in
the answer, and the model's rubric (the prompt) carries the facts in words."""

from __future__ import annotations

from cognition.steps.knows import KNOWS, KnowsInput, carries_facts, judge_by_rule

FACTS = "who: Isabella Rodriguez; what: a party; where or when: Hobbs Cafe; February 14"
PHRASES = [["Isabella Rodriguez", "Isabella"], ["party"], ["Hobbs Cafe", "February 14"]]


def judged(answer: str) -> bool:
    inputs = KnowsInput(
        agent="Klaus Mueller",
        question="Did you know there is a party?",
        answer=answer,
        subject="Isabella Rodriguez is throwing a party at Hobbs Cafe on February 14.",
        facts=FACTS,
        fact_phrases=PHRASES,
    )
    return judge_by_rule(inputs).knows


def test_an_answer_with_every_fact_knows() -> None:
    assert judged("Yes, Isabella is throwing a party at Hobbs Cafe.")
    assert judged("Isabella told me about her party on February 14.")


def test_a_confident_answer_about_something_else_does_not_know() -> None:
    assert not judged("Yes, I know that Isabella Rodriguez is working on a photography project.")


def test_an_answer_missing_where_and_when_does_not_know() -> None:
    assert not judged("Yes, Isabella is having a party.")


def test_a_denial_with_the_facts_does_not_know() -> None:
    assert not judged("I'm not sure about Isabella's party at Hobbs Cafe.")


def test_facts_match_whole_words() -> None:
    assert not carries_facts("the partygoers", [["party"]])
    assert carries_facts("the parties", [["partie"], ["the"]])


def test_without_facts_the_subject_named_is_enough() -> None:
    inputs = KnowsInput(
        agent="Klaus Mueller", question="Do you know Maria Lopez?",
        answer="Yes, Maria studies physics.", subject="Maria Lopez",
    )  # fmt: skip
    assert judge_by_rule(inputs).knows


def test_the_rubric_carries_the_facts() -> None:
    inputs = KnowsInput(
        agent="Klaus Mueller", question="Did you know there is a party?", answer="Yes.",
        subject="the party", facts=FACTS, fact_phrases=PHRASES,
    )  # fmt: skip
    prompt = "\n".join(message.content for message in KNOWS.messages(inputs))
    assert FACTS in prompt
    assert "something else" in prompt

"""The paper's conditions at interview time: `WithheldMemory` shows only the allowed kinds,
is read-only and touches nothing; an `Interviewee` answers from that view, its summary
rebuilt from what the condition allows; the knows rule reads denials and names."""

from __future__ import annotations

from datetime import timedelta

import pytest

from cognition import (
    Condition,
    MemoryKind,
    OfflineBrain,
    PersonaAsker,
    WithheldMemory,
    claims_to_know,
)
from cognition.ablation import ReadOnlyMemoryError
from cognition.interviewee import Interviewee
from cognition.steps.interview import interview
from cognition.steps.summary import describe, summarise
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.town import ISABELLA, START, context_for

ASKER = PersonaAsker(name="The interviewer", description="a researcher")


def stream() -> FakeMemoryStream:
    memory = FakeMemoryStream(ISABELLA.name)
    memory.add(MemoryKind.OBSERVATION, "Isabella saw Maria reading at the cafe", START, 3)
    memory.add(MemoryKind.PLAN, "Isabella plans a Valentine's Day party at the cafe", START, 8)
    memory.add(MemoryKind.REFLECTION, "Isabella values her friends at the cafe", START, 7)
    memory.add(MemoryKind.DIALOGUE, "Conversation with Maria: the cafe party", START, 5)
    return memory


@pytest.mark.parametrize(
    ("condition", "kinds"),
    [
        (Condition.FULL, {"observation", "plan", "reflection", "dialogue"}),
        (Condition.NO_REFLECTION, {"observation", "plan", "dialogue"}),
        (Condition.NO_REFLECTION_PLANNING, {"observation", "dialogue"}),
        (Condition.NO_MEMORY, set()),
    ],
)
def test_a_condition_withholds_its_kinds(condition: Condition, kinds: set[str]) -> None:
    view = WithheldMemory(stream(), condition.kinds)
    later = START + timedelta(hours=1)
    assert {hit.record.kind.value for hit in view.retrieve("cafe", later, k=10)} == kinds
    assert {record.kind.value for record in view.all()} == kinds
    assert view.count() == len(kinds)
    assert {record.kind.value for record in view.recent(10)} == kinds


def test_the_view_is_read_only_and_touches_nothing() -> None:
    memory = stream()
    view = WithheldMemory(memory, Condition.FULL.kinds)
    before = [record.last_accessed for record in memory.all()]
    view.retrieve("party", START + timedelta(hours=5), k=10, touch=True)
    assert [record.last_accessed for record in memory.all()] == before
    with pytest.raises(ReadOnlyMemoryError):
        view.add(MemoryKind.OBSERVATION, "x", START, 1)
    with pytest.raises(ReadOnlyMemoryError):
        view.add_many([])
    assert memory.count() == 4


def test_an_ablated_interviewee_answers_from_what_its_condition_allows() -> None:
    brain = OfflineBrain(0)
    full = context_for(ISABELLA, brain, stream())
    for condition, knows_party in ((Condition.FULL, True), (Condition.NO_MEMORY, False)):
        ctx = context_for(ISABELLA, brain, WithheldMemory(full.memory, condition.kinds))
        asked = Interviewee(condition, ctx, describe(ISABELLA, summarise(ctx)))
        answer = asked.answer("Do you know about the Valentine's Day party?", ASKER)
        assert claims_to_know(answer, "a Valentine's Day party") is knows_party, answer
        assert answer == interview(
            ctx, asked.summary, "Do you know about the Valentine's Day party?", ASKER
        )
        assert bool(asked.remembers("party")) is knows_party


@pytest.mark.parametrize(
    ("answer", "subject", "claims"),
    [
        ("Yes, Maria is a physics student.", "Maria Lopez", True),
        ("I'm not sure — I don't remember anything about that.", "Maria Lopez", False),
        ("I've never heard of her.", "Maria Lopez", False),
        ("Klaus is writing a paper.", "Maria Lopez", False),
        (
            "Isabella is throwing a Valentine's Day party!",
            "Isabella Rodriguez is throwing a Valentine's Day party at Hobbs Cafe",
            True,
        ),
        (
            "I like the cafe.",
            "Isabella Rodriguez is throwing a Valentine's Day party at Hobbs Cafe",
            False,
        ),
        ("I don’t know who that is.", "Maria Lopez", False),
    ],
)
def test_the_knows_rule(answer: str, subject: str, claims: bool) -> None:
    assert claims_to_know(answer, subject) is claims


def test_an_empty_interview_answer_is_no_answer() -> None:
    from pydantic import ValidationError

    from cognition.steps.interview import InterviewAnswer

    for blank in ("", "   "):
        with pytest.raises(ValidationError):
            InterviewAnswer(answer=blank)
    assert InterviewAnswer(answer="Yes.").answer == "Yes."


def test_a_denial_is_never_a_claim() -> None:
    from cognition import denies

    assert denies("I'm sorry, I can't find the words right now.")
    assert denies("I've never heard of her.")
    assert not denies("Yes, Maria is a physics student.")

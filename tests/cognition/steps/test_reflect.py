"""Reflection fires past the threshold and cites only real records."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

from cognition.llm.task import LanguageModel
from cognition.memory.records import MemoryKind
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.steps.context import StepContext
from cognition.steps.reflect import InsightsInput, reflect, should_reflect
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import KLAUS, START, context_for

SETTINGS = MindSettings()
AGENT = KLAUS.name


def filled(total_importance: int) -> FakeMemoryStream:
    memory = FakeMemoryStream(AGENT)
    for index in range(total_importance // 5):
        memory.add(
            MemoryKind.OBSERVATION,
            f"Klaus Mueller read chapter {index} with Maria Lopez",
            START + timedelta(minutes=index),
            5,
        )
    return memory


def klaus(model: LanguageModel, memory: FakeMemoryStream, now: datetime) -> StepContext:
    return context_for(KLAUS, model, memory, SETTINGS, now)


def test_threshold_is_strictly_past_150() -> None:
    assert not should_reflect(filled(150), SETTINGS)
    assert should_reflect(filled(155), SETTINGS)


def test_offline_reflection_cites_real_records_and_resets_the_sum() -> None:
    memory = filled(160)
    stored = reflect(klaus(OfflineBrain(0), memory, START + timedelta(hours=2)))
    assert 1 <= len(stored) <= SETTINGS.reflection_questions * SETTINGS.reflection_insights
    ids = {r.id for r in memory.all(MemoryKind.OBSERVATION)}
    for record in stored:
        assert record.kind is MemoryKind.REFLECTION
        assert record.evidence and set(record.evidence) <= ids
        assert record.depth == 1
    assert memory.importance_since_last_reflection() == 0
    assert not should_reflect(memory, SETTINGS)


def test_invented_evidence_is_rejected() -> None:
    memory = filled(160)
    model = ScriptedModel(
        {
            "reflection_questions": [{"questions": ["What is Klaus reading?"]}],
            "reflection_insights": [
                {
                    "insights": [
                        {"text": "Klaus reads a lot", "evidence": [1, 2, 99]},
                        {"text": "Klaus invents things", "evidence": [0, 42]},
                        {"text": "", "evidence": [1]},
                    ]
                }
            ],
            "rate_importance": [{"ratings": [6]}],
        }
    )
    stored = reflect(klaus(model, memory, START + timedelta(hours=2)))
    assert [r.text for r in stored] == ["Klaus reads a lot"]
    shown = memory.retrieve("What is Klaus reading?", START + timedelta(hours=2), touch=False)
    assert len(stored[0].evidence) == 2
    assert set(stored[0].evidence) <= {r.id for r in memory.all()}
    assert shown


def test_reflections_on_reflections_are_deeper() -> None:
    memory = filled(160)
    first = reflect(klaus(OfflineBrain(0), memory, START + timedelta(hours=2)))
    assert first
    for index in range(40):
        memory.add(
            MemoryKind.OBSERVATION,
            f"Klaus Mueller has noted that chapter {index}",
            START + timedelta(hours=3, minutes=index),
            5,
        )
    second = reflect(klaus(OfflineBrain(0), memory, START + timedelta(hours=4)))
    by_id = {r.id: r for r in memory.all()}
    for record in second:
        assert record.depth == 1 + max(by_id[e].depth for e in record.evidence)


def test_the_same_insight_for_two_questions_is_stored_once_citing_both() -> None:
    memory = filled(160)
    same = "Klaus  reads a lot with Maria"
    model = ScriptedModel(
        {
            "reflection_questions": [{"questions": ["What is Klaus reading?", "Who is Maria?"]}],
            "reflection_insights": [
                {
                    "insights": [
                        {"text": same, "evidence": [1]},
                        {"text": "klaus reads a lot with maria", "evidence": [1, 2]},
                    ]
                },
            ],
            "rate_importance": [{"ratings": [6]}],
        }
    )
    stored = reflect(klaus(model, memory, START + timedelta(hours=2)))
    assert [r.text for r in stored] == [same]
    assert len(stored[0].evidence) >= 2  # what both drawings cited


def test_the_insights_of_all_questions_in_one_call_show_each_statement_once() -> None:
    memory = filled(160)
    now = START + timedelta(hours=2)
    for index in range(12):
        memory.add(MemoryKind.OBSERVATION, f"Klaus is a night owl, {index}", now, 5)
    model = ScriptedModel(
        {
            "reflection_questions": [
                {"questions": ["What did Klaus read?", "Is Klaus a night owl?"]}
            ],
            "reflection_insights": [{"insights": [{"text": "Klaus reads", "evidence": [1]}]}],
            "rate_importance": [{"ratings": [6]}],
        }
    )
    one_call = SETTINGS.model_copy(update={"reflection_insights_at_once": False})
    reflect(context_for(KLAUS, model, memory, one_call, now))
    (call,) = [c for c in model.calls if c.task == "reflection_insights"]
    inputs = call.inputs
    assert inputs.questions == ["What did Klaus read?", "Is Klaus a night owl?"]  # type: ignore[attr-defined]
    texts = [line.partition(". ")[2] for line in inputs.statements]  # type: ignore[attr-defined]
    assert len(texts) == len(set(texts)) > SETTINGS.retrieval_k  # both retrievals, once each
    assert any("read chapter" in t for t in texts) and any("night owl" in t for t in texts)


def test_insights_rated_in_their_own_call_need_no_importance_call() -> None:
    memory = filled(160)
    model = ScriptedModel(
        {
            "reflection_questions": [{"questions": ["What is Klaus reading?"]}],
            "reflection_insights": [
                {
                    "insights": [
                        {"text": "Klaus reads a lot", "evidence": [1], "importance": 7},
                        {"text": "Klaus works with Maria", "evidence": [2], "importance": 12},
                    ]
                }
            ],
            "rate_importance": [{"ratings": [4]}],
        }
    )
    stored = reflect(klaus(model, memory, START + timedelta(hours=2)))
    assert {r.text: r.importance for r in stored} == {
        "Klaus reads a lot": 7,
        "Klaus works with Maria": 4,  # off the scale: unrated, so rated in a call
    }
    (rating,) = [c for c in model.calls if c.task == "rate_importance"]
    assert rating.inputs.memories == ["1. Klaus works with Maria"]  # type: ignore[attr-defined]


def test_a_transcript_among_the_statements_is_shown_by_its_gist() -> None:
    memory = filled(160)
    now = START + timedelta(hours=2)
    talk = "Conversation with Maria Lopez:\nKlaus Mueller: Hi!\nMaria Lopez: Hello, Klaus."
    memory.add(MemoryKind.DIALOGUE, talk, now, 5)
    model = ScriptedModel({"reflection_questions": [{"questions": ["Conversation Maria"]}]})
    reflect(klaus(model, memory, now))
    (call,) = [c for c in model.calls if c.task == "reflection_insights"]
    shown = [s for s in call.inputs.statements if "Conversation with" in s]  # type: ignore[attr-defined]
    assert shown and all("Hello, Klaus" not in s and "Hi!" in s for s in shown)


def test_each_question_draws_its_insights_in_a_call_of_its_own_all_at_once() -> None:
    """As the paper draws them: a call per question over what that question retrieved, the
    calls in flight together (each waits here until the other has begun), their insights
    cited from their own statements and stored in one write."""
    memory = filled(160)
    now = START + timedelta(hours=2)
    for index in range(12):
        memory.add(MemoryKind.OBSERVATION, f"Klaus is a night owl, {index}", now, 5)
    both_asked = threading.Barrier(2, timeout=10)

    def insight(inputs: InsightsInput) -> dict[str, object]:
        both_asked.wait()  # raises BrokenBarrierError if the calls came one after the other
        (question,) = inputs.questions
        return {"insights": [{"text": f"On {question}", "evidence": [1], "importance": 6}]}

    questions = ["What did Klaus read?", "Is Klaus a night owl?"]
    model = ScriptedModel(
        {"reflection_questions": [{"questions": questions}], "reflection_insights": [insight]}
    )
    stored = reflect(klaus(model, memory, now))
    calls = [c.inputs for c in model.calls if c.task == "reflection_insights"]
    assert sorted(c.questions[0] for c in calls) == sorted(questions)  # type: ignore[attr-defined]
    for inputs in calls:
        texts = [line.partition(". ")[2] for line in inputs.statements]  # type: ignore[attr-defined]
        night_owl = "night owl" in inputs.questions[0]  # type: ignore[attr-defined]
        assert len(texts) == SETTINGS.retrieval_k  # its own retrieval only
        assert any(("night owl" in t) == night_owl for t in texts)
    assert [r.text for r in stored] == [f"On {q}" for q in questions]  # in the questions' order
    assert not model.count("rate_importance")  # rated in their calls
    first_shown = {c.questions[0]: c.statements[0].partition(". ")[2] for c in calls}  # type: ignore[attr-defined]
    by_id = {r.id: r.text for r in memory.all()}
    for record, question in zip(stored, questions, strict=True):
        assert [by_id[e] for e in record.evidence] == [first_shown[question]]

"""Question and summary reuse: a stream with nothing new keeps its questions and summary.

The kept questions are reused without a call while every recent memory's typed key was
among those they were asked from; a memory with a new key (another place, news) asks
afresh; without a book or with the switch off every reflection asks. The summary
description is kept likewise while nothing recalled for it is new (a reflection is).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from cognition.memory.fields import MemoryFields, News
from cognition.memory.records import MemoryKind, NewMemory
from cognition.settings import MindSettings
from cognition.steps.question_reuse import QuestionBook, memory_keys
from cognition.steps.reflect import reflect
from cognition.steps.summary import SummaryDescription, summarise
from cognition.steps.summary_reuse import SummaryBook
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import KLAUS, START, context_for
from cognition.variants import Variant

OFF = Variant.NO_PLAN_REUSE.settings()

QUESTIONS = {"questions": ["What is Maria doing?"]}
INSIGHT = {"insights": [{"text": "Maria studies a lot", "evidence": [1], "importance": 4}]}
PARTY = News(item="party", subject="Isabella Rodriguez", statement="A party.", day="Feb 14")


def seen(memory: FakeMemoryStream, at: datetime, place: str, news: tuple[News, ...] = ()) -> None:
    """Forty sightings of Maria at `place`, each in other words (importance 5 each)."""
    sights = []
    for minute in range(40):
        doing = f"reading page {minute}"
        about = MemoryFields(subject="Maria Lopez", doing=doing, place=place, news=news)
        text = f"Maria Lopez is {doing} ({place})"
        moment = at + timedelta(minutes=minute)
        sights.append(NewMemory(MemoryKind.OBSERVATION, text, moment, 5, about=about))
    memory.add_many(sights)


def model(reflections: int) -> ScriptedModel:
    return ScriptedModel(
        {"reflection_questions": [QUESTIONS] * reflections, "reflection_insights": [INSIGHT] * 4}
    )


def reflect_at(
    brain: ScriptedModel, memory: FakeMemoryStream, hours: int, book: QuestionBook | None
) -> None:
    reflect(context_for(KLAUS, brain, memory, MindSettings(), START + timedelta(hours=hours)), book)


def test_a_stream_with_nothing_new_keeps_the_questions_and_something_new_asks() -> None:
    memory, brain, book = FakeMemoryStream(KLAUS.name), model(2), QuestionBook()
    seen(memory, START, "library")
    reflect_at(brain, memory, 1, book)
    seen(memory, START + timedelta(hours=1), "library")  # the same sights in other words
    reflect_at(brain, memory, 2, book)
    assert brain.count("reflection_questions") == 1 and brain.count("reflection_insights") == 2
    seen(memory, START + timedelta(hours=2), "library", (PARTY,))  # news: something new
    reflect_at(brain, memory, 3, book)
    assert brain.count("reflection_questions") == 2
    assert (book.reused, book.asked, book.questions) == (1, 2, QUESTIONS["questions"])


def test_without_a_book_or_with_the_switch_off_every_reflection_asks() -> None:
    memory, brain = FakeMemoryStream(KLAUS.name), model(2)
    seen(memory, START, "library")
    reflect_at(brain, memory, 1, None)
    seen(memory, START + timedelta(hours=1), "library")
    reflect_at(brain, memory, 2, None)
    assert brain.count("reflection_questions") == 2
    memory, brain, book = FakeMemoryStream(KLAUS.name), model(2), QuestionBook()
    for hours in (1, 2):
        seen(memory, START + timedelta(hours=hours - 1), "library")
        now = START + timedelta(hours=hours)
        reflect(context_for(KLAUS, brain, memory, OFF, now), book)
    assert brain.count("reflection_questions") == 2 and book == QuestionBook()


# --- the summary description -----------------------------------------------------------------

SUMMARY = {"core_characteristics": "kind", "occupation": "student", "feeling": "calm"}


def summary_at(
    brain: ScriptedModel, memory: FakeMemoryStream, hours: int, book: SummaryBook
) -> SummaryDescription:
    return summarise(context_for(KLAUS, brain, memory, None, START + timedelta(hours=hours)), book)


def test_a_summary_recalled_from_nothing_new_is_kept_and_a_new_reflection_makes_it_anew() -> None:
    memory, book = FakeMemoryStream(KLAUS.name), SummaryBook()
    brain = ScriptedModel({"summary_description": [SUMMARY, SUMMARY | {"feeling": "glad"}]})
    seen(memory, START, "library")
    first = summary_at(brain, memory, 1, book)
    seen(memory, START + timedelta(hours=1), "library")  # the same sights in other words
    assert summary_at(brain, memory, 2, book) == first
    assert brain.count("summary_description") == 1
    memory.add(MemoryKind.REFLECTION, "Klaus Mueller studies with Maria Lopez", START, 8)
    assert summary_at(brain, memory, 3, book).feeling == "glad"
    assert (book.reused, book.asked, brain.count("summary_description")) == (1, 2, 2)


def test_memory_keys_are_typed_keys_or_ids_and_leave_reflections_out() -> None:
    memory = FakeMemoryStream(KLAUS.name)
    seen(memory, START, "library")
    memory.add(MemoryKind.DIALOGUE, "Klaus said hello", START, 2)
    memory.add(MemoryKind.REFLECTION, "Maria studies a lot", START, 4)
    keys = memory_keys(memory.all())
    assert len(set(keys[:40])) == 1  # forty sightings of Maria at the library: one key
    assert keys[40].startswith("id:") and len(keys) == 41  # no fields: by id; no reflection

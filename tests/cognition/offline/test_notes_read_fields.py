"""The offline notes read a memory's time, its tellings and a talk's topic from its fields:
each memory here carries fields and words that say nothing the prose readers could read
(or say something else), so a rule that still read the prose would find nothing. A
reflection is read by its kind, never by its phrasing. The town is invented."""

from __future__ import annotations

import random
from datetime import datetime

import pytest

from cognition.memory.fields import Intention, MemoryFields, News
from cognition.memory.records import MemoryKind
from cognition.offline.conclusions import trait_conclusions
from cognition.offline.judgement import summary
from cognition.offline.notes import Told, read_notes, told_in
from cognition.offline.reflection import conclusions
from cognition.offline.relations import known_about, relationship
from cognition.steps.reflect import Recalled
from cognition.steps.relationship import RelationshipInput
from cognition.steps.summary import SummaryInput
from tests.cognition.offline.test_offline_minds import MEMORIES, RECALLED

ADA, LEO, INES = "Ada Brook", "Leo Marsh", "Ines Varga"
WHEN = datetime(2023, 5, 2, 19, 40)  # a Tuesday evening
KITES = News(item="kites", subject=LEO, statement="Leo Marsh is opening a kite shop.")
FAIR = News(
    item="fair",
    subject=INES,
    statement="Ines Varga is holding a lantern fair at Juniper Hall on May 9",
    kind="event",
    name="lantern fair",
    place="Juniper Hall",
    day="May 9",
)


def talk(*news: News, told: tuple[str, ...] = ()) -> Recalled:
    """A talk with Leo, its memory's fields: its news as the rememberer (Ada) has it."""
    about = MemoryFields(partners=(LEO,), time=WHEN, news=news, told=told)
    return Recalled(kind=MemoryKind.DIALOGUE, about=about)


def test_a_notes_time_is_its_fields_time_whatever_its_stamp() -> None:
    lines = ["[Mon May 01 08:00] Conversation with Leo Marsh:\nLeo Marsh: Hi!"]
    (typed,) = read_notes(lines, recalled=[talk()])
    assert typed.stamp == "Tue 19:40"
    (words,) = read_notes(lines)
    assert words.stamp == "Mon 08:00"


def test_who_told_whom_what_is_read_from_the_news_fields() -> None:
    lines = ["[Tue May 02 19:40] (a talk)", "[Tue May 02 19:40] (another talk)"]
    heard, told = talk(KITES.told_by(LEO)), talk(FAIR.told_by(INES), told=("fair",))
    notes = read_notes(lines, recalled=[heard, told])
    assert told_in(notes, ADA) == [
        Told(1, LEO, ADA, "Leo Marsh is opening a kite shop"),
        Told(2, ADA, LEO, FAIR.statement),
    ]
    assert told_in(read_notes(lines), ADA) == []


@pytest.mark.parametrize(
    ("news", "topic"), [(KITES, "what Leo is up to"), (FAIR, "the lantern fair")]
)
def test_a_talks_topic_is_read_from_its_news(news: News, topic: str) -> None:
    lines = ["[Tue May 02 19:40] Conversation with Leo Marsh:\nLeo Marsh: Guess what!"]
    asked = RelationshipInput(
        agent=ADA, other=LEO, memories=lines, recalled=[talk(news.told_by(LEO))]
    )
    summary = relationship(asked, random.Random(0)).summary
    assert f"They have talked once, last on Tuesday evening, about {topic}." in summary


def test_a_meetings_topic_is_read_from_its_fields() -> None:
    lines = ["[Tue May 02 19:40] Conversation with Leo Marsh and Ines Varga:\nLeo Marsh: So?"]
    about = MemoryFields(partners=(LEO, INES), time=WHEN, topic="Should the pier reopen?")
    recalled = [Recalled(kind=MemoryKind.DIALOGUE, about=about)]
    asked = RelationshipInput(agent=ADA, other=LEO, memories=lines, recalled=recalled)
    summary = relationship(asked, random.Random(0)).summary
    assert 'last on Tuesday evening, about "Should the pier reopen?".' in summary


def test_what_is_known_of_someone_keeps_the_order_of_the_facts() -> None:
    """No word list of jobs puts one fact first: the persona's order stands. Whom a fact is
    about is read by its fields (`MemoryFields.named`, as `Persona.named` writes it): a fact
    whose fields do not name Leo says nothing of him, whatever its words."""
    facts = ["Leo Marsh loves kites and windy days", "Leo Marsh works at the mill"]
    names_leo = Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(subject=ADA, named=(LEO,)))
    notes = read_notes(facts, recalled=[names_leo, names_leo])
    assert known_about(notes, LEO, set()) == facts
    nobody = Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(subject=ADA))
    assert known_about(read_notes(facts, recalled=[nobody, names_leo]), LEO, set()) == facts[1:]


def test_a_fact_with_fields_is_no_tie_whatever_its_words() -> None:
    """An intention as data naming both is no relationship line; the same words as a
    persona's relationship line (fields naming whom it is with) are; without fields,
    unknown, they are not (never read from the words)."""
    lines = ["[Tue May 02 19:40] Ada Brook plans to fly kites with Leo Marsh on Saturday"]
    meant = Intention(person=ADA, deed="fly kites with Leo Marsh")
    typed = Recalled(kind=MemoryKind.PLAN, about=MemoryFields(subject=ADA, intentions=(meant,)))
    asked = RelationshipInput(agent=ADA, other=LEO, memories=lines, recalled=[typed])
    assert relationship(asked, random.Random(0)).summary.startswith(f"{ADA} has not met {LEO}")
    tie = Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(subject=ADA, people=(LEO,)))
    persona = relationship(asked.model_copy(update={"recalled": [tie]}), random.Random(0)).summary
    assert persona.startswith(lines[0].split("] ")[1])
    unknown = relationship(asked.model_copy(update={"recalled": []}), random.Random(0)).summary
    assert unknown.startswith(f"{ADA} has not met {LEO}")


def test_news_as_data_is_no_trait_whatever_its_kind() -> None:
    """Leo's own news of a kind no rule knows is news, not character; the persona's fact
    beside it is a trait."""
    facts = ["Leo Marsh is opening a kite shop by the river", "Leo Marsh loves windy days"]
    news = Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(subject=LEO, news=(KITES,)))
    notes = read_notes(facts, recalled=[news, Recalled(kind=MemoryKind.OBSERVATION)])
    (trait,) = trait_conclusions(LEO, notes, random.Random(0))
    assert "loves windy days" in trait.text and "kite shop" not in trait.text
    assert trait.evidence == (2,)
    (both,) = trait_conclusions(LEO, read_notes(facts), random.Random(0))
    assert "kite shop" in both.text


def test_the_summary_reads_its_memories_kinds_a_reflection_is_no_core_fact() -> None:
    """A model's insight, in words no rule knows, is a reflection by its kind: never the
    agent's core characteristic; the same line without its kind reads as a fact."""
    insight = "Ada Brook seems to love the river more than anything"
    asked = SummaryInput(
        agent=ADA,
        identity="Name: Ada Brook (age 41).",
        now="Tuesday May 2, 7:40 pm",
        core_memories=[f"[Tue May 02 19:40] {insight}"],
        occupation_memories=[],
        progress_memories=[],
        learned="Ada Brook edits field guides.",
        currently="",
        recalled=[Recalled(kind=MemoryKind.REFLECTION)],
    )
    typed = summary(asked, random.Random(0))
    assert typed.core_characteristics == asked.identity
    words = summary(asked.model_copy(update={"recalled": []}), random.Random(0))
    assert words.core_characteristics == insight


@pytest.mark.parametrize("seed", range(12))
def test_a_reflection_is_read_by_its_kind_never_by_its_phrasing(seed: int) -> None:
    """An insight is a reflection by its kind (`Recalled`), for every phrasing the offline
    reflection writes; the same line shown alone, its kind unknown, is no reflection by
    its words: no rule guesses one from a phrasing."""
    notes = read_notes(MEMORIES, recalled=RECALLED)
    found = conclusions(ADA, notes, random.Random(seed))
    assert {c.kind for c in found} >= {"talk", "news", "intention", "habit", "seen", "trait"}
    lines = [f"[Tue May 02 19:40] {c.text}" for c in found]
    kinds = [Recalled(kind=MemoryKind.REFLECTION, about=MemoryFields(people=(LEO,)))] * len(lines)
    shown = read_notes(lines, recalled=kinds)
    assert [(note.text, note.kind) for note in shown] == [(c.text, "reflection") for c in found]
    assert {note.kind for note in read_notes(lines)} == {"fact"}

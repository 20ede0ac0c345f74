"""A persona's first memories carry fields naming only whom they are about
(`records.first_memories`); they are still the persona's relationship lines and traits.
A relationship line names whom it is with among its fields' `people`; only fields that carry
news or an intention make a fact data (issue 33: in session 5 every
persona fact had fields, so no resident knew its spouse at the start: density by answers
fell from 0.057 to 0.003). The town is invented."""

from __future__ import annotations

import random
from datetime import datetime

from cognition.memory.fields import MemoryFields, News
from cognition.memory.records import first_memories
from cognition.offline.conclusions import trait_conclusions
from cognition.offline.notes import read_notes, ties
from cognition.offline.relations import relationship
from cognition.steps.reflect import Recalled
from cognition.steps.relationship import RelationshipInput

ADA, LEO = "Ada Brook", "Leo Marsh"
FACTS = [
    f"{ADA} is married to {LEO}",
    f"{ADA} loves long walks by the river",
    f"{ADA} is writing a field guide to the river birds",
]
KITES = News(item="kites", subject=ADA, statement=f"{ADA} is opening a kite shop")


def persona_notes(news: tuple[News, ...] = ()) -> tuple[list[str], list[Recalled]]:
    moment, ties = datetime(2023, 5, 2, 7), {FACTS[0]: LEO}  # as `Persona.ties()` says
    memories = first_memories(ADA, FACTS, [5] * len(FACTS), list(news), moment, ties)
    return [m.text for m in memories], [Recalled(kind=m.kind, about=m.about) for m in memories]


def test_a_persona_fact_with_its_subject_as_fields_is_a_tie_and_a_trait() -> None:
    texts, recalled = persona_notes()
    assert recalled[0].about == MemoryFields(subject=ADA, people=(LEO,))
    assert all(r.about == MemoryFields(subject=ADA) for r in recalled[1:])
    notes = read_notes(texts, recalled=recalled)
    assert [n.number for n in ties(notes, ADA, LEO)] == [1]
    (trait,) = trait_conclusions(ADA, notes, random.Random(0))
    assert "long walks" in trait.text and "field guide" in trait.text
    asked = RelationshipInput(agent=ADA, other=LEO, memories=texts, recalled=recalled)
    summary = relationship(asked, random.Random(0)).summary
    assert summary.startswith(FACTS[0]) and "has not met" not in summary


def test_a_persona_fact_that_is_news_as_data_is_no_trait() -> None:
    texts, recalled = persona_notes((KITES,))
    notes = read_notes(texts, recalled=recalled)
    found = trait_conclusions(ADA, notes, random.Random(0))
    assert found and not any("kite shop" in c.text for c in found)

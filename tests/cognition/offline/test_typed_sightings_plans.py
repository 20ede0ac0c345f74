"""The offline rules read sightings, object states, plans and reflections by their fields:
each memory here carries fields and words that say nothing the prose readers could read
(or say something else), so a rule that still read the prose would find nothing — and the
same words without fields do find nothing. The town is invented."""

from __future__ import annotations

import random
from datetime import date

import pytest

from cognition.memory.fields import MemoryFields, PlanEntry
from cognition.memory.records import MemoryKind
from cognition.offline.acquaintance import about_person
from cognition.offline.conclusions import habit_conclusions, seen_conclusions
from cognition.offline.notes import read_notes, summaries_with
from cognition.offline.relations import relationship
from cognition.steps.interview import InterviewInput
from cognition.steps.reflect import Recalled
from cognition.steps.relationship import RelationshipInput

ADA, LEO = "Ada Brook", "Leo Marsh"
DAY = date(2023, 5, 2)
PAINTING = (PlanEntry(start=540, end=720, activity="paint at the Lantern Studio"),)
PLAN = MemoryFields(
    subject=ADA,
    day=DAY,
    plan=(*PAINTING, PlanEntry(start=780, end=1020, activity="paint at the Lantern Studio")),
)
SEEN_LEO = MemoryFields(subject=LEO, doing="mend a kite", place="workbench, Leo's shed")


def observed(about: MemoryFields, kind: MemoryKind = MemoryKind.OBSERVATION) -> Recalled:
    return Recalled(kind=kind, about=about)


@pytest.mark.parametrize("seed", range(3))
def test_a_habit_is_read_from_the_plans_fields(seed: int) -> None:
    lines = ["[Tue May 02 07:00] (the day ahead)", "[Wed May 03 07:00] (the day ahead)"]
    notes = read_notes(lines, recalled=[observed(PLAN, MemoryKind.PLAN)] * 2)
    assert [n.kind for n in notes] == ["plan", "plan"] and notes[0].steps == PLAN.plan
    (habit,) = habit_conclusions(ADA, notes, random.Random(seed))
    assert "paint" in habit.text and "Lantern Studio" in habit.text
    assert habit.evidence == (1, 2)
    assert habit_conclusions(ADA, read_notes(lines), random.Random(seed)) == []


@pytest.mark.parametrize("seed", range(3))
def test_a_plan_item_going_to_an_event_is_no_habit(seed: int) -> None:
    """An item whose field says it goes to an event (`PlanEntry.item`) is the event, not
    what the days go to, whatever its words; the same words without the field are work."""
    fair = PlanEntry(start=540, end=1020, activity="paint at the Lantern Studio", item="fair")
    going = MemoryFields(subject=ADA, day=DAY, plan=(fair,))
    lines = ["[Tue May 02 07:00] (the day ahead)"]
    notes = read_notes(lines, recalled=[observed(going, MemoryKind.PLAN)])
    assert habit_conclusions(ADA, notes, random.Random(seed)) == []
    working = going.model_copy(update={"plan": (fair.model_copy(update={"item": ""}),)})
    notes = read_notes(lines, recalled=[observed(working, MemoryKind.PLAN)])
    (habit,) = habit_conclusions(ADA, notes, random.Random(seed))
    assert "Lantern Studio" in habit.text


@pytest.mark.parametrize("seed", range(3))
def test_someone_seen_is_read_from_the_sightings_fields(seed: int) -> None:
    lines = ["[Tue May 02 10:00] a glimpse", "[Wed May 03 10:00] another glimpse"]
    notes = read_notes(lines, recalled=[observed(SEEN_LEO)] * 2)
    assert [(n.kind, n.subject, n.detail) for n in notes] == [("seen", LEO, "mending a kite")] * 2
    (seen,) = seen_conclusions(ADA, notes, random.Random(seed))
    assert "Leo's shed" in seen.text and "mending a kite" in seen.topic
    assert seen_conclusions(ADA, read_notes(lines), random.Random(seed)) == []


def test_the_relationship_tells_the_last_sighting_from_its_fields() -> None:
    memories = ["[Tue May 02 10:00] a glimpse"]
    asked = RelationshipInput(agent=ADA, other=LEO, memories=memories)
    typed = asked.model_copy(update={"recalled": [observed(SEEN_LEO)]})
    summary = relationship(typed, random.Random(0)).summary
    assert summary.startswith(f"{ADA} has not met {LEO} yet.")
    assert "Ada has seen Leo mending a kite" in summary and "Leo's shed" in summary
    assert "seen" not in relationship(asked, random.Random(0)).summary


def test_an_objects_state_by_its_fields_is_no_sighting_whatever_its_words() -> None:
    memories = ["[Tue May 02 10:00] Leo Marsh is sleeping (bed, Leo's house)"]
    thing = MemoryFields(thing="bed", doing="in use", place="bed, Leo's house")
    (note,) = read_notes(memories, recalled=[observed(thing)])
    assert note.kind == "object"
    asked = RelationshipInput(agent=ADA, other=LEO, memories=memories, recalled=[observed(thing)])
    assert "seen" not in relationship(asked, random.Random(0)).summary
    (words,) = read_notes(memories)  # without fields the words are read: a sighting
    assert words.kind == "seen"


@pytest.mark.parametrize("seed", range(3))
def test_a_reflection_about_someone_is_known_by_its_fields_in_an_answer(seed: int) -> None:
    memories = ["[Wed May 03 20:00] Leo Marsh came up again today"]
    question = InterviewInput(
        agent=ADA,
        summary="Ada Brook is a painter.",
        now="Wednesday May 3, 2023, 21:00",
        asker="a visitor",
        question=f"Do you know {LEO}?",
        memories=memories,
    )
    reflection = Recalled(kind=MemoryKind.REFLECTION, about=MemoryFields(people=(LEO,)))
    typed = question.model_copy(update={"recalled": [reflection]})
    answer = about_person(typed, random.Random(seed))
    assert answer is not None and answer.startswith("Yes.") and "haven't met" not in answer
    untyped = about_person(question, random.Random(seed))  # the words alone: a name only
    assert untyped is not None and "haven't" in untyped and "met" in untyped


def test_a_reflection_is_known_by_its_kind_never_by_its_words() -> None:
    line = "[Wed May 03 20:00] Ada Brook has noticed the light in the studio"
    (by_words,) = read_notes([line])
    (by_kind,) = read_notes([line], recalled=[observed(MemoryFields(subject=ADA))])
    reflected = Recalled(kind=MemoryKind.REFLECTION, about=MemoryFields(people=(ADA,)))
    (insight,) = read_notes([line], recalled=[reflected])
    assert (by_words.kind, by_kind.kind, insight.kind) == ("fact", "fact", "reflection")


def test_a_talks_summary_is_known_by_its_fields_however_it_is_worded() -> None:
    lines = ["[Tue May 02 10:00] Over tea, kites came up and the weather did too."]
    talk = Recalled(kind=MemoryKind.DIALOGUE, about=MemoryFields(partners=(LEO,)))
    (note,) = read_notes(lines, recalled=[talk])
    assert (note.kind, note.pair) == ("summary", (LEO,))
    assert summaries_with([note], ADA, LEO) == [note]
    (words,) = read_notes(lines)
    assert words.kind == "fact" and summaries_with([words], ADA, LEO) == []

"""The offline brain's reflection and relationships say something: insights conclude and
cite their real evidence, questions are about people and events, relationship summaries
grow with conversations, and object states never count.

The town here is invented (no bundled resident, place or event), so the rules are shown to
take every name from their inputs.
"""

from __future__ import annotations

import json
import random
import re
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from cognition.memory.fields import Intention, MemoryFields, News
from cognition.memory.records import MemoryKind, fact_fields
from cognition.offline import OfflineBrain
from cognition.offline.judgement import summary
from cognition.offline.notes import read_note
from cognition.offline.reflection import insights, questions
from cognition.offline.relations import relationship
from cognition.persona import Persona
from cognition.steps.reflect import InsightsInput, QuestionsInput, Recalled, reflect
from cognition.steps.relationship import RelationshipInput
from cognition.steps.summary import SummaryInput
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.town import context_for

ROOT = Path(__file__).resolve().parents[3]
ADA, LEO, INES, OTTO = "Ada Brook", "Leo Marsh", "Ines Varga", "Otto Fenn"
NEWS = "Ines Varga is planning a lantern festival at Juniper Hall on March 3 from 6 to 9 pm"
OBJECT_STATES = [
    "The kettle (kitchen, Ada Brook's cottage) is in use by Leo Marsh",
    "The bathtub (bathroom, Ada Brook's cottage) is running water",
]
MEMORIES = [
    "Ada Brook is writing a field guide to the river birds for her small press",
    "Ada Brook likes long walks along the river before breakfast",
    "Ada Brook knows Leo Marsh from the rowing club.",
    "Ada Brook's plan for Monday March 1: 00:00–07:00 sleeping; 07:00–07:30 wake up and get "
    "ready at home; 09:00–12:00 work at Willowmere Press, print room; 12:00–13:00 have lunch "
    "nearby; 13:00–17:00 work at Willowmere Press, print room; 18:00–19:00 have dinner at home",
    *OBJECT_STATES,
    "Leo Marsh is repair the boat (boathouse, Rowing Club)",
    "Leo Marsh is sand the oars (boathouse, Rowing Club)",
    "Conversation with Leo Marsh:\nLeo Marsh: Hi Ada! Good to see you.\nAda Brook: Busy, as "
    "usual. I'm writing my field guide.\nLeo Marsh: Did you hear? Ines told me that " + NEWS + ".",
    "Leo Marsh and Ada Brook talked about her field guide. Leo Marsh told Ada Brook that "
    + NEWS
    + ". Ada Brook plans to go to the lantern festival at Juniper Hall on March 3 from 6 to 9 pm.",
    "Conversation with Leo Marsh:\nAda Brook: Hey Leo, how are you doing?\nLeo Marsh: Not bad "
    "at all. I'm fixing the old boat.\nAda Brook: Bye, Leo!",
    "Ada Brook and Leo Marsh had a chat. Leo Marsh told Ada Brook that Leo Marsh is fixing the "
    "old boat for his club.",
    "Conversation with Ines Varga:\nInes Varga: Guess what — I'm planning a lantern festival at "
    "Juniper Hall on March 3 from 6 to 9 pm. Want to join?\nAda Brook: I'll be there!",
    "Ines Varga and Ada Brook talked. Ines Varga told Ada Brook that " + NEWS + ".",
    "Conversation with Leo Marsh:\nLeo Marsh: Morning, Ada!\nAda Brook: See you, Leo!",
]
STATEMENTS = [f"{number}. {text}" for number, text in enumerate(MEMORIES, start=1)]
FESTIVAL = News(
    item="lantern",
    subject=INES,
    statement=NEWS,
    kind="event",
    name="lantern festival",
    place="Juniper Hall",
    day="March 3",
    span="from 6 to 9 pm",
)
GOING = Intention(
    person=ADA,
    deed="go to the lantern festival at Juniper Hall",
    item="lantern",
    day=date(2024, 3, 3),
    start=18 * 60,
    end=21 * 60,
)


def recalled_as(text: str) -> Recalled:
    """A memory's kind and fields as the mind writes them: the talks that told the festival
    carry it, the one where Ada accepted carries her intention too, and the summary a model
    wrote carries what its answer said the talk was about (`talked_about`)."""
    kind = (
        MemoryKind.DIALOGUE
        if "Conversation with" in text or " told " in text
        else (MemoryKind.OBSERVATION)
    )
    if NEWS not in text and "lantern festival" not in text:
        return Recalled(kind=kind)
    teller = LEO if text.startswith(("Leo", "Conversation with Leo")) else INES
    accepted = "plans to go" in text or "I'll be there" in text
    about = MemoryFields(
        partners=(teller,),
        time=datetime(2024, 3, 1, 10 if teller == LEO else 12),  # a talk's two memories share it
        news=(FESTIVAL.told_by(teller),),
        intentions=(GOING,) if accepted else (),
        talked_about="her field guide" if text.startswith(f"{LEO} and {ADA} talked about") else "",
    )
    return Recalled(kind=kind, about=about)


RECALLED = [recalled_as(text) for text in MEMORIES]
OBJECT_NUMBERS = {n for n, text in enumerate(MEMORIES, start=1) if text in OBJECT_STATES}
QUESTIONS = (
    f"How close is {ADA} getting to {LEO}?",
    f"What has {ADA} heard about the lantern festival?",
    f"What does {ADA} spend most days on?",
    f"What is {ADA} planning to do about the lantern festival?",
)


def insight_texts(question: str, seed: int) -> list[tuple[str, list[int]]]:
    inputs = InsightsInput(
        agent=ADA, questions=[question], count=5, statements=STATEMENTS, recalled=RECALLED
    )
    found = insights(inputs, random.Random(seed)).insights
    return [(i.text, i.evidence) for i in found]


def numbers_with(*needles: str) -> set[int]:
    return {n for n, text in enumerate(MEMORIES, 1) if all(x in text for x in needles)}


@pytest.mark.parametrize("question", QUESTIONS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_insights_conclude_and_cite_real_statements(question: str, seed: int) -> None:
    found = insight_texts(question, seed)
    assert found
    shown = set(range(1, len(MEMORIES) + 1))
    copied = {text.rstrip(".").lower() for text in MEMORIES}
    for text, evidence in found:
        assert evidence and set(evidence) <= shown
        assert text.rstrip(".").lower() not in copied
        assert '"' not in text
        assert not set(evidence) & OBJECT_NUMBERS
        assert "kettle" not in text and "running water" not in text and "(" not in text


def test_insights_are_deterministic_and_phrased_by_the_seed() -> None:
    assert insight_texts(QUESTIONS[0], 4) == insight_texts(QUESTIONS[0], 4)
    phrasings = {insight_texts(QUESTIONS[0], seed)[0][0] for seed in range(12)}
    assert len(phrasings) > 1


def test_talks_are_counted_and_cited() -> None:
    text, evidence = insight_texts(QUESTIONS[0], 0)[0]
    assert LEO in text and "three times" in text and "field guide" in text
    transcripts = numbers_with("Conversation with Leo Marsh")
    assert transcripts <= set(evidence)
    assert not numbers_with("Conversation with Ines Varga") & set(evidence)


def test_news_heard_from_two_people_is_the_talk_of_the_town() -> None:
    about = [(t, e) for seed in range(6) for t, e in insight_texts(QUESTIONS[1], seed)]
    heard = [(t, e) for t, e in about if "Leo and Ines" in t or "two people" in t]
    assert heard
    for _, evidence in heard:
        assert numbers_with("told Ada Brook that Ines Varga is planning") <= set(evidence)
        assert not numbers_with("rowing club") & set(evidence)


@pytest.mark.parametrize("seed", range(4))
def test_an_accepted_invitation_is_an_intention(seed: int) -> None:
    text, evidence = insight_texts(QUESTIONS[3], seed)[0]
    assert "lantern festival at Juniper Hall" in text
    assert any(
        words in text for words in ("means to go", "decided to be", "won't miss", "set aside")
    )
    assert numbers_with("Ada Brook plans to go to the lantern festival") <= set(evidence)
    assert numbers_with("I'll be there") <= set(evidence)  # the talk where she accepted


@pytest.mark.parametrize("seed", range(3))
def test_an_intention_is_read_from_fields_not_words(seed: int) -> None:
    """The same memories without fields conclude no intention: the words "plans to go" are
    for people; with a refusal in the fields instead, the agent will skip the festival."""
    bare = InsightsInput(agent=ADA, questions=[QUESTIONS[3]], count=5, statements=STATEMENTS)
    texts = [i.text for i in insights(bare, random.Random(seed)).insights]
    assert not any("means to go" in t or "won't miss" in t or "set aside" in t for t in texts)
    refused = GOING.model_copy(update={"going": False})
    recalled = [
        r.model_copy(update={"about": r.about.model_copy(update={"intentions": (refused,)})})
        if r.about is not None and r.about.intentions
        else r
        for r in RECALLED
    ]
    turned = InsightsInput(
        agent=ADA, questions=[QUESTIONS[3]], count=5, statements=STATEMENTS, recalled=recalled
    )
    texts = [i.text for i in insights(turned, random.Random(seed)).insights]
    assert any(
        "skip the lantern festival" in t or "not be going to the lantern" in t for t in texts
    )


def test_what_the_days_go_to_comes_from_the_plans_items() -> None:
    """The plan's items as data (no word list of projects read from the persona's facts):
    the working hours at the press, the routine (sleep, meals) aside."""
    text, evidence = insight_texts(QUESTIONS[2], 0)[0]
    assert "working in the print room at Willowmere Press" in text
    assert "breakfast" not in text and "sleep" not in text
    assert numbers_with("Ada Brook's plan for") <= set(evidence)


def test_questions_are_about_people_and_events_never_object_states() -> None:
    for seed in range(5):
        inputs = QuestionsInput(agent=ADA, count=3, memories=MEMORIES, recalled=RECALLED)
        asked = questions(inputs, random.Random(seed)).questions
        assert len(asked) == 3
        assert LEO in asked[0]
        assert any("lantern festival" in q for q in asked[1:])
        assert not any("kettle" in q or "bathtub" in q for q in asked)


def test_an_event_is_known_by_its_fields_never_read_from_words() -> None:
    """The same memories without fields (a save made before them): the tellings their
    summaries record are news heard, shown as whose news it is; no sentence makes an
    event of it, however it is worded."""
    for seed in range(5):
        inputs = QuestionsInput(agent=ADA, count=3, memories=MEMORIES)
        asked = questions(inputs, random.Random(seed)).questions
        assert any(f"{INES}'s news" in q for q in asked[1:])
        assert not any("lantern festival" in q for q in asked)


def test_only_object_states_give_no_insight_and_general_questions() -> None:
    inputs = InsightsInput(
        agent=ADA,
        questions=["What is going on?"],
        count=5,
        statements=[f"{n}. {text}" for n, text in enumerate(OBJECT_STATES, 1)],
    )
    assert insights(inputs, random.Random(0)).insights == []
    asked = questions(QuestionsInput(agent=ADA, count=2, memories=OBJECT_STATES), random.Random(0))
    assert len(asked.questions) == 2
    assert all(LEO not in q for q in asked.questions)


def reflection_of(evidence: list[int]) -> Recalled:
    """An insight's kind and fields, from the memories it cites (numbered from 1)."""
    cited = [RECALLED[n - 1].about for n in evidence]
    people = tuple(dict.fromkeys(p for about in cited if about is not None for p in about.partners))
    return Recalled(kind=MemoryKind.REFLECTION, about=MemoryFields(people=people))


def test_earlier_reflections_are_evidence_not_facts() -> None:
    drawn = [found for question in QUESTIONS for found in insight_texts(question, 0)]
    first = [text for text, _ in drawn]
    statements = [*STATEMENTS, *(f"{n}. {t}" for n, t in enumerate(first, len(MEMORIES) + 1))]
    # each earlier insight with its kind and fields, as the mind stores it (`insight_fields`:
    # the people its evidence talked with)
    kinds = [reflection_of(evidence) for _, evidence in drawn]
    again = InsightsInput(
        agent=ADA,
        questions=[QUESTIONS[0]],
        count=5,
        statements=statements,
        recalled=[*RECALLED, *kinds],
    )
    found = [i for seed in range(1, 6) for i in insights(again, random.Random(seed)).insights]
    assert found and not [i for i in found if i.text in first]  # nothing concluded twice
    talks = [i for i in found if LEO in i.text and "talk" in i.text]
    assert talks and all(max(i.evidence) > len(MEMORIES) for i in talks)  # cite reflections
    for insight in found:  # no insight is built out of an insight's words
        assert "someone who has" not in insight.text and "that the talk" not in insight.text
        assert insight.text.count(" that ") <= 1


def test_the_reflect_step_stores_insights_that_cite_real_memories() -> None:
    ada = Persona(
        name=ADA,
        age=30,
        innate="curious, patient",
        learned="Ada Brook is a naturalist.",
        currently="Ada Brook is writing a field guide.",
        lifestyle="Ada Brook rises early.",
        home_sector="Ada Brook's cottage",
        home_arena="bedroom",
        work_sector="Willowmere Press",
    )
    memory = FakeMemoryStream(ADA)
    start = datetime(2021, 3, 1, 8, 0)
    for index, text in enumerate(MEMORIES * 3):
        memory.add(MemoryKind.OBSERVATION, text, start + timedelta(minutes=index), 5)
    stored = reflect(context_for(ada, OfflineBrain(3), memory, now=start + timedelta(hours=2)))
    assert stored
    by_id = {r.id: r.text for r in memory.all(MemoryKind.OBSERVATION)}
    for record in stored:
        assert record.text not in MEMORIES and record.evidence
        assert all(by_id[e] not in OBJECT_STATES for e in record.evidence)
    assert any(LEO in r.text for r in stored)


def stamped(texts: list[str]) -> list[str]:
    return [f"[Mon Mar 01 {8 + i:02d}:{i:02d}] {text}" for i, text in enumerate(texts)]


def view(agent: str, other: str, texts: list[str], seed: int = 0) -> str:
    """The view from memories whose fields are unknown, but for the persona's relationship
    lines (`TIES`), which carry whom they are with as the mind stores them."""
    recalled = [
        Recalled(kind=MemoryKind.OBSERVATION, about=fact_fields(agent, TIES.get(t, "")))
        if t in TIES
        else Recalled(kind=MemoryKind.OBSERVATION)
        for t in texts
    ]
    inputs = RelationshipInput(agent=agent, other=other, memories=stamped(texts), recalled=recalled)
    return relationship(inputs, random.Random(seed)).summary


CRUSH = f"{ADA} has a crush on {LEO}"
TIES = {MEMORIES[2]: LEO, CRUSH: LEO}  # Ada's persona's relationship lines → whom


def test_a_stranger_has_not_been_met_even_if_seen_or_near_an_object() -> None:
    assert view(ADA, OTTO, MEMORIES) == f"{ADA} has not met {OTTO} yet."
    sightings = [*OBJECT_STATES, "Otto Fenn is paint the fence (garden, Ada Brook's cottage)"]
    seen = view(ADA, OTTO, sightings)
    assert seen.startswith(f"{ADA} has not met {OTTO} yet.")
    assert "painting the fence in the garden" in seen


def test_a_relationship_changes_with_every_conversation() -> None:
    base = MEMORIES[:4]
    before = view(ADA, LEO, base)
    assert "has not met" not in before and "knows Leo Marsh from the rowing club" in before
    talks = [MEMORIES[8], MEMORIES[9]]
    once = view(ADA, LEO, base + talks)
    assert once != before and "talked once" in once and "lantern festival" in once
    assert "Leo told Ada that" in once
    more = [MEMORIES[10], MEMORIES[11], MEMORIES[14]]
    thrice = view(ADA, LEO, base + talks + more)
    assert thrice != once and "talked three times" in thrice
    assert "fixing the old boat" in thrice


def test_warmth_grows_with_talks() -> None:
    def warm(count: int, tie: list[str]) -> set[str]:
        talks = [f"Conversation with {LEO}:\n{LEO}: Hi Ada!\n{ADA}: Bye, Leo!"] * count
        return {view(ADA, LEO, tie + talks, seed).split(". ")[-1] for seed in range(8)}

    assert not warm(1, []) & warm(5, [])
    crush = [CRUSH]
    assert not warm(1, crush) & warm(4, crush)
    assert not warm(2, []) & warm(2, crush)


def test_a_met_stranger_is_known_through_talks() -> None:
    talk = [f"Conversation with {OTTO}:\n{OTTO}: Hello! I'm Otto Fenn.\n{ADA}: Hi Otto!"]
    text = view(ADA, OTTO, talk)
    assert "has not met" not in text and "talked once" in text and "Monday morning" in text


def test_object_states_and_sightings_are_read_apart() -> None:
    assert read_note(1, OBJECT_STATES[0]).kind == "object"
    seen = read_note(2, "[Mon Mar 01 09:10] Leo Marsh is repair the boat (boathouse, Rowing Club)")
    assert (seen.kind, seen.subject, seen.stamp) == ("seen", LEO, "Mon 09:10")
    assert read_note(3, MEMORIES[9]).pair == (LEO, ADA)


def test_the_summary_feels_something_grounded_and_no_object_state() -> None:
    inputs = SummaryInput(
        agent=ADA,
        identity=f"Name: {ADA} (age 30).",
        now="Monday March 1, 2021, 20:00",
        core_memories=stamped(MEMORIES[:3]),
        occupation_memories=[],
        progress_memories=stamped([*OBJECT_STATES, *MEMORIES[8:12]]),
        learned="Ada Brook is a naturalist.",
        currently="Ada Brook is writing a field guide.",
    )
    described = summary(inputs, random.Random(0))
    assert described.core_characteristics == MEMORIES[0]
    assert LEO in described.feeling and "(" not in described.feeling
    assert "\n" not in described.feeling


def bundled_names() -> set[str]:
    names: set[str] = set()
    for personas in ROOT.glob("saves/*/personas.json"):
        for persona in json.loads(personas.read_text(encoding="utf-8"))["personas"]:
            names.add(persona["name"])
            names.update(p for p in (persona.get("home_sector"), persona.get("work_sector")) if p)
    for scenario in ROOT.glob("saves/*/scenario.json"):
        for news in json.loads(scenario.read_text(encoding="utf-8")).get("news", []):
            event = news.get("event") or {}
            names.update(p for p in [event.get("place")] if p)
            names.update(re.findall(r"[A-Z][a-z]+'s Day", news.get("text", "")))
    return names


def test_no_bundled_resident_place_or_event_is_named_in_the_rules() -> None:
    names = bundled_names()
    firsts = {name.split()[0] for name in names if re.fullmatch(r"[A-Z][a-z]+ [A-Z][a-z]+", name)}
    assert names and firsts
    rules = ("judgement.py", "relations.py", "reflection.py", "conclusions.py")
    readers = ("event_conclusions.py", "news_spread.py", "notes.py", "wording.py")
    for module in (*rules, *readers):
        code = (ROOT / "cognition" / "offline" / module).read_text(encoding="utf-8")
        assert not [name for name in names if name in code], module
        assert not [name for name in firsts if re.search(rf"\b{name}\b", code)], module

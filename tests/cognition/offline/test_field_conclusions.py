"""Reflection and relationships read news, intentions and talks from memory fields: news
of any kind (here news with no name and no event) spreads by its fields, and the prose of
the memories says none of it in words the rules could read. The town is invented."""

from __future__ import annotations

import random
from datetime import datetime

import pytest

from cognition.memory.fields import Intention, MemoryFields, News
from cognition.memory.records import MemoryKind
from cognition.offline.reflection import insights
from cognition.offline.relations import relationship
from cognition.steps.reflect import InsightsInput, Recalled
from cognition.steps.relationship import RelationshipInput

ADA, LEO, INES, OTTO = "Ada Brook", "Leo Marsh", "Ines Varga", "Otto Fenn"
COOKBOOK = News(
    item="cookbook", subject=OTTO, statement="Otto Fenn is writing a cookbook", kind="personal"
)
TALKS = [  # (text, partner, the teller of the cookbook news, Ada told it)
    ("Conversation with Leo Marsh:\nLeo Marsh: You won't believe what I heard!", LEO, LEO, False),
    ("Conversation with Ines Varga:\nInes Varga: Have you heard the latest?", INES, INES, False),
    ("Conversation with Piet Olsen:\nAda Brook: Guess what I heard!", "Piet Olsen", LEO, True),
]


def statements_and_fields(
    news: News, intentions: tuple[Intention, ...] = ()
) -> tuple[list[str], list[Recalled]]:
    statements, recalled = [], []
    for number, (text, partner, teller, told) in enumerate(TALKS, start=1):
        about = MemoryFields(
            partners=(partner,),
            news=(news.told_by(teller),),
            told=(news.item,) if told else (),
            intentions=intentions if number == 3 else (),
        )
        statements.append(f"{number}. {text}")
        recalled.append(Recalled(kind=MemoryKind.DIALOGUE, about=about))
    return statements, recalled


def concluded(
    question: str, seed: int, news: News, *intended: Intention
) -> list[tuple[str, list[int]]]:
    statements, recalled = statements_and_fields(news, intended)
    inputs = InsightsInput(
        agent=ADA, questions=[question], count=5, statements=statements, recalled=recalled
    )
    return [(i.text, i.evidence) for i in insights(inputs, random.Random(seed)).insights]


@pytest.mark.parametrize("seed", range(4))
def test_news_of_any_kind_heard_from_two_people_is_concluded_from_fields(seed: int) -> None:
    found = concluded(f"What has {ADA} heard about {OTTO}'s news?", seed, COOKBOOK)
    heard = [(t, e) for t, e in found if "two people" in t or "Leo and Ines" in t]
    assert heard, found
    text, evidence = heard[0]
    assert set(evidence) == {1, 2}  # where she heard it, not where she told it
    assert "Otto Fenn" in text


@pytest.mark.parametrize("seed", range(4))
def test_ones_own_news_told_is_word_getting_around(seed: int) -> None:
    mine = COOKBOOK.model_copy(
        update={"subject": ADA, "statement": "Ada Brook is writing a cookbook"}
    )
    found = concluded(f"Who has {ADA} told about her news?", seed, mine)
    own = [(t, e) for t, e in found if "one person" in t or "Piet Olsen knows" in t]
    assert own, found
    assert 3 in own[0][1]


def test_without_fields_the_same_words_conclude_no_news() -> None:
    statements, _ = statements_and_fields(COOKBOOK)
    inputs = InsightsInput(
        agent=ADA, questions=["What has Ada heard?"], count=5, statements=statements
    )
    texts = [i.text for i in insights(inputs, random.Random(0)).insights]
    assert not any("cookbook" in t or "Otto" in t for t in texts)


@pytest.mark.parametrize("seed", range(3))
def test_an_intention_without_an_item_is_its_deed(seed: int) -> None:
    intended = Intention(person=ADA, deed="repaint the boathouse", start=9 * 60, end=11 * 60)
    found = concluded(f"What does {ADA} mean to do next?", seed, COOKBOOK, intended)
    meant = [(t, e) for t, e in found if "boathouse" in t]
    assert meant and meant[0][1] == [3]
    assert any(
        w in meant[0][0]
        for w in ("is set on repainting", "means to repaint", "set aside 09:00–11:00")
    )


def test_a_relationship_counts_the_talks_its_fields_record() -> None:
    """Two talks with Leo (the first kept as transcript and summary, one moment), and a
    greeting in words no rule reads: three talks by the fields; without them, two."""
    first, second = datetime(2024, 3, 1, 10), datetime(2024, 3, 2, 9)
    memories = [
        ("[Fri Mar 01 10:00] Conversation with Leo Marsh:\nLeo Marsh: Hi Ada!", first),
        ("[Fri Mar 01 10:00] Ada Brook and Leo Marsh had a chat.", first),
        ("[Sat Mar 02 09:00] Conversation with Leo Marsh:\nAda Brook: Morning!", second),
        ('[Sat Mar 02 17:00] Ada Brook greeted Leo Marsh: "Evening!"', second.replace(hour=17)),
    ]
    recalled = [
        Recalled(kind=MemoryKind.DIALOGUE, about=MemoryFields(partners=(LEO,), time=at))
        for _, at in memories
    ]
    texts = [text for text, _ in memories]
    typed = relationship(
        RelationshipInput(agent=ADA, other=LEO, memories=texts, recalled=recalled),
        random.Random(0),
    )
    bare = relationship(RelationshipInput(agent=ADA, other=LEO, memories=texts), random.Random(0))
    assert "talked three times" in typed.summary
    assert "talked twice" in bare.summary


def test_a_reflection_ties_the_people_its_fields_name() -> None:
    """An earlier insight whose fields name Leo, in words that name no one, is what the
    relationship says of their talks when the talks themselves were not retrieved."""
    insight = "[Fri Mar 01 18:00] Those rowing mornings have been the best part of the week"
    reflected = Recalled(
        kind=MemoryKind.REFLECTION, about=MemoryFields(people=(LEO,), time=datetime(2024, 3, 1))
    )
    seen = relationship(
        RelationshipInput(agent=ADA, other=LEO, memories=[insight], recalled=[reflected]),
        random.Random(0),
    )
    bare = relationship(
        RelationshipInput(agent=ADA, other=LEO, memories=[insight]), random.Random(0)
    )
    assert "rowing mornings" in seen.summary and "has not met" not in seen.summary
    assert "has not met" in bare.summary

"""An interview answer tells what a talk's memory is of — whom the resident talked with
and the news it carried, read from the memory's typed fields — never a line of the
transcript with its filler ("I remember that Well, …", "I remember that I'd better run,
…"); a talk saved without fields is read by its sentences as before. The town is
invented."""

from __future__ import annotations

import random
from datetime import datetime

from cognition.memory.fields import MemoryFields, News
from cognition.memory.records import MemoryKind
from cognition.offline.answers import interview, memory_facts
from cognition.steps.interview import InterviewInput
from cognition.steps.reflect import Recalled

NORA, ADA = "Nora Vance", "Ada Park"
SUMMARY = f"Name: {NORA} (age 40).\n{NORA} runs Corner Books on the high street."
KILN = News(
    item="kiln",
    subject=ADA,
    statement=f"{ADA} is firing the big kiln at the pottery shed for the first time.",
    kind="personal",
    source=ADA,
)
TRANSCRIPT = (
    f"[Mon Feb 13 10:00] Conversation with {ADA}:\n"
    f"{ADA}: Well, I'd better run, Nora: the pottery shed needs me.\n"
    f"{NORA}: Right, see you at the pottery shed then!"
)
TALK = Recalled(
    kind=MemoryKind.DIALOGUE,
    about=MemoryFields(partners=(ADA,), news=(KILN,), time=datetime(2023, 2, 13, 10, 0)),
)


def ask(question: str, recalled: list[Recalled]) -> str:
    inputs = InterviewInput(
        agent=NORA, summary=SUMMARY, now="Monday February 13, 2023, 13:00",
        asker="a researcher", question=question, memories=[TRANSCRIPT], recalled=recalled,
    )  # fmt: skip
    return interview(inputs, random.Random(0)).answer


def test_a_talk_is_remembered_by_its_fields_not_its_lines() -> None:
    assert memory_facts(NORA, TRANSCRIPT, TALK) == [
        f"{NORA} talked with {ADA}",
        KILN.statement,
    ]


def test_the_answer_tells_the_fact_without_the_lines_filler() -> None:
    answer = ask("What do you remember about the pottery shed?", [TALK])
    assert KILN.statement.rstrip(".") in answer
    assert "Well" not in answer and "I'd better run" not in answer and "Right," not in answer


def test_whom_one_talked_with_is_said_in_the_first_person() -> None:
    quiet = Recalled(kind=MemoryKind.DIALOGUE, about=MemoryFields(partners=(ADA,)))
    assert ask(f"What did you do with {ADA.split()[0]} today?", [quiet]) == (
        f"I talked with {ADA}."
    )


def test_a_talk_saved_without_fields_is_read_by_its_sentences() -> None:
    untyped = Recalled(kind=MemoryKind.DIALOGUE, about=None)
    assert memory_facts(NORA, TRANSCRIPT, untyped) == memory_facts(NORA, TRANSCRIPT, None)
    assert any("pottery shed" in fact for fact in memory_facts(NORA, TRANSCRIPT, None))


def test_a_line_overheard_is_remembered_by_the_news_it_told_not_its_words() -> None:
    said = f'"Well, I\'d better run — {KILN.statement}"'
    seen = f"[Mon Feb 13 10:00] {ADA} is saying {said} (yard, pottery shed)"
    told = Recalled(
        kind=MemoryKind.OBSERVATION,
        about=MemoryFields(subject=ADA, doing=said, place="yard, pottery shed", news=(KILN,)),
    )
    goodbye = Recalled(
        kind=MemoryKind.OBSERVATION, about=MemoryFields(subject=ADA, doing='"Bye, all!"')
    )
    assert memory_facts(NORA, seen, told) == [KILN.statement]
    assert memory_facts(NORA, f'{ADA} is saying "Bye, all!"', goodbye) == []
    reading = Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(subject=ADA, doing="read"))
    assert memory_facts(NORA, f"{ADA} is reading.", reading) == [f"{ADA} is reading."]

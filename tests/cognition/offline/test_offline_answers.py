"""Asked anything in chat, the offline brain answers in the first person about the question —
never a dump of its schedule (issue 31: "From what I remember: … Eddy Lin's plan for Monday:
00:00–07:45 sleeping; …" and "These days: Isabella Rodriguez owns …")."""

from __future__ import annotations

import re

import pytest

from cognition.memory.fields import MemoryFields, News, PlanEntry
from cognition.memory.records import MemoryKind
from cognition.offline import OfflineBrain
from cognition.offline.answers import is_plan, remembered, spoken
from cognition.offline.text import first_person
from cognition.steps.interview import INTERVIEW, InterviewInput
from cognition.steps.reflect import Recalled

NORA = "Nora Vance"
SUMMARY = (
    f"Name: {NORA} (age 40).\n"
    f"{NORA} runs Corner Books on the high street and knows every reader in town. "
    f"{NORA} is getting ready for the book fair on Saturday."
)
PLAN = (
    f"[Mon Feb 13 06:00] {NORA}'s plan for Monday: 00:00–07:00 sleeping; 07:00–07:30 "
    "having breakfast; 07:30–12:00 working at Corner Books; 12:00–13:00 lunch"
)
MEMORIES = [
    PLAN,
    "[Mon Feb 13 09:00] The kettle in the back room is boiling.",
    f"[Mon Feb 13 10:00] {NORA} is shelving new arrivals (shelf, Corner Books).",
]


def ask(question: str, memories: list[str] = MEMORIES, seed: int = 0) -> str:
    inputs = InterviewInput(
        agent=NORA, summary=SUMMARY, now="Monday February 13, 2023, 13:00",
        asker="a visitor to the town", question=question, memories=memories,
    )  # fmt: skip
    return OfflineBrain(seed).complete(INTERVIEW, inputs, agent=NORA).output.answer


@pytest.mark.parametrize(
    "question",
    [
        "What are you working on today?",
        "What's your plan for Monday?",
        "Are you busy working today?",
        "What happened in the back room?",
        "What were you shelving?",
    ],
)
def test_answers_are_in_the_first_person_and_never_a_schedule(question: str) -> None:
    answer = ask(question)
    assert not re.search(r"\d{1,2}:\d{2}", answer), answer  # no clock times read out
    assert "plan for" not in answer and "These days:" not in answer
    assert "From what I remember" not in answer
    assert NORA not in answer and "Nora" not in answer, answer  # "I", "my"


def test_the_day_is_told_from_the_summary_in_the_first_person() -> None:
    answer = ask("What are you working on today?")
    assert answer.startswith("I run Corner Books on the high street and know every reader")
    assert "I am getting ready for the book fair on Saturday." in answer


def test_a_memory_about_something_else_is_remembered() -> None:
    assert ask("What happened in the back room?") == (
        "I remember that the kettle in the back room is boiling."
    )


def test_a_memory_about_oneself_is_said_as_i() -> None:
    assert ask("What were you shelving?").startswith("I am shelving new arrivals")


@pytest.mark.parametrize(
    ("said_of", "as_said"),
    [
        (f"{NORA} is enjoying his retirement and takes long walks",
         "I am enjoying my retirement and take long walks"),
        (f"{NORA} runs the counter and loves helping people",
         "I run the counter and love helping people"),
        (f"{NORA} is helping Ada with her shop", "I am helping Ada with her shop"),
        (f"{NORA} met her at the cafe", "I met her at the cafe"),
        (f"{NORA} loves books and friends", "I love books and friends"),
        # any verb after "and", whatever follows it; plural nouns stay plural
        (f"{NORA} is a streamer and streams video games",
         "I am a streamer and stream video games"),
        (f"{NORA} paints landscapes and sells prints at the market",
         "I paint landscapes and sell prints at the market"),
        (f"{NORA} reads novels and usually finishes them",
         "I read novels and usually finish them"),
        (f"{NORA} studies maps and carries compasses",
         "I study maps and carry compasses"),
        (f"{NORA} sells books and maps of the town", "I sell books and maps of the town"),
        (f"{NORA} keeps cats and dogs", "I keep cats and dogs"),
        (f"{NORA} is kind and always helps", "I am kind and always help"),
        # "their" (what `third_person` makes of "my") is the speaker's own ...
        (f"{NORA} is proud of their garden", "I am proud of my garden"),
        (f"{NORA} is nervous about their show", "I am nervous about my show"),
        (f"{NORA} finished their thesis and is taking a break",
         "I finished my thesis and am taking a break"),
        # ... unless others are named or counted before it
        (f"{NORA} feeds the cats and brushes their fur", "I feed the cats and brush their fur"),
        (f"{NORA} visited Ada and Sam at their house", "I visited Ada and Sam at their house"),
    ],
)  # fmt: skip
def test_first_person_verbs_and_possessives(said_of: str, as_said: str) -> None:
    """Issue 31: "I'm enjoying my retirement and takes long walks", "… about his upcoming
    show" said of oneself."""
    assert first_person(NORA, said_of) == as_said


def test_the_pieces() -> None:
    assert is_plan(PLAN, None) and not is_plan("The shop opens from 9:00 to 17:00.", None)
    assert spoken(NORA, f"{NORA} and Ada Park talked about the fair.") == (
        "Ada Park and I talked about the fair."
    )
    assert remembered(NORA, "Ada Park is baking.") == "I remember that Ada Park is baking."


def test_a_plan_is_known_by_its_fields_not_its_clock_times() -> None:
    """A memory whose fields hold a plan is one, whatever its words; one whose fields hold
    none is no plan, even written out with clock times (a memory without fields is read by
    `plan_text`'s reader)."""
    entry = PlanEntry(start=540, end=720, activity="work at Corner Books")
    planned = Recalled(kind=MemoryKind.PLAN, about=MemoryFields(subject=NORA, plan=(entry,)))
    told = Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(subject=NORA))
    assert is_plan("(the day ahead)", planned) and not is_plan(PLAN, told)
    hours = f"[Mon Feb 13 09:00] {NORA} keeps the shop open from 09:00 to 17:00 on weekdays."
    assert not is_plan(hours, None)
    answer = ask("When is the shop open on weekdays?", [hours])
    assert "09:00 to 17:00" in answer  # no longer dropped for its clock times


def test_news_known_as_data_is_answered_with_its_source_whatever_its_wording() -> None:
    poems = News(
        item="poems",
        subject="Carlos Gomez",
        statement="Carlos Gomez's first book of poems comes out this spring.",
        kind="personal",
        source="Ada Park",
    )
    inputs = InterviewInput(
        agent=NORA, summary=SUMMARY, now="Monday February 13, 2023, 13:00",
        asker="a visitor to the town", question="Do you know whose poems come out this spring?",
        memories=MEMORIES, news=[poems],
    )  # fmt: skip
    answer = OfflineBrain(0).complete(INTERVIEW, inputs, agent=NORA).output.answer
    assert (
        answer == "Yes, Ada told me that Carlos Gomez's first book of poems comes out this spring."
    )

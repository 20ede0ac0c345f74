"""Compact prompts keep the facts: every memory, time, place and number still reads in the
prompt, in fewer characters (steps.compact; the tokens saved are figures in
benchmarks/calls.py, not asserted here)."""

from __future__ import annotations

import re

from cognition.llm.task import Task
from cognition.steps.compact import listed, once, split_place, timeline
from cognition.steps.day_plan import DAY_PLAN, DayPlanInput
from cognition.steps.hour_places import HourPlace
from cognition.steps.hour_plan import HOUR_PLAN, HourPlanInput
from cognition.steps.importance import RATE_IMPORTANCE, ImportanceInput
from cognition.steps.react import REACT, ReactInput
from cognition.steps.reflect import INSIGHTS, SALIENT_QUESTIONS, InsightsInput, QuestionsInput

LIBRARY = "library, Oak Hill College"
STAMPED = [
    "[Mon Feb 13 07:00] Klaus Mueller is writing a research paper",
    f"[Mon Feb 13 09:06] Maria Lopez is reading ({LIBRARY})",
    f"[Mon Feb 13 09:07] The desk ({LIBRARY}) is in use by Maria Lopez",
    "[Mon Feb 13 11:30] Maria Lopez is eating (cafe, Hobbs Cafe)",
    "[Tue Feb 14 08:00] Conversation with Maria Lopez:\nMaria Lopez: Hi!\nKlaus Mueller: Hello.",
]


def prompt(task: Task, inputs: object) -> str:  # type: ignore[type-arg]
    return "\n".join(message.content for message in task.messages(inputs))


def test_a_timeline_shows_each_day_once_and_every_memory_by_its_time_and_place() -> None:
    shown = timeline(STAMPED)
    assert shown.count("Mon Feb 13") == 1 and shown.count("Tue Feb 14") == 1
    assert "[" not in shown  # no stamp repeats the day
    for time in ("07:00", "09:06", "09:07", "11:30", "08:00"):
        assert time in shown
    # the two memories at the library in a row name it once, above them
    assert shown.count(LIBRARY) == 1
    assert f"- at {LIBRARY}:\n  - 09:06 Maria Lopez is reading\n" in shown
    assert "  - 09:07 The desk is in use by Maria Lopez" in shown
    # a memory alone at its place keeps it; a transcript is whole
    assert "- 11:30 Maria Lopez is eating (cafe, Hobbs Cafe)" in shown
    assert "Maria Lopez: Hi!\nKlaus Mueller: Hello." in shown
    assert len(shown) < len("\n".join(f"- {line}" for line in STAMPED))


def test_a_timeline_of_nothing_says_none() -> None:
    assert timeline([]) == "(none)"


def test_listed_memories_count_a_repeat_once_in_its_run() -> None:
    lines = [
        f"Klaus Mueller is reviewing notes ({LIBRARY})",
        f"The art bookshelf ({LIBRARY}) is being browsed",
        f"Klaus Mueller is reviewing notes ({LIBRARY})",
        "Klaus Mueller likes tea",
        "Klaus Mueller is eating (kitchen, Dorm)",
    ]
    shown = listed(lines)
    assert shown.count("Klaus Mueller is reviewing notes") == 1
    assert "Klaus Mueller is reviewing notes (×2)" in shown
    assert "The art bookshelf is being browsed" in shown
    assert "- Klaus Mueller likes tea" in shown
    assert "- Klaus Mueller is eating (kitchen, Dorm)" in shown


def test_listed_memories_say_a_subject_once_in_its_run() -> None:
    lines = [
        f"Klaus Mueller is reviewing notes ({LIBRARY})",
        f"The art bookshelf ({LIBRARY}) is being browsed",
        f"Klaus Mueller is reviewing notes ({LIBRARY})",
        f"Klaus Mueller is reading ({LIBRARY})",
        f"The art bookshelf ({LIBRARY}) is in use by Klaus Mueller",
        "Klaus Mueller is eating (kitchen, Dorm)",
    ]
    shown = listed(lines).splitlines()
    assert shown[1:3] == [
        "  - Klaus Mueller is reviewing notes (×2); reading",
        "  - The art bookshelf is being browsed; in use by Klaus Mueller",
    ]
    assert shown[3] == "- Klaus Mueller is eating (kitchen, Dorm)"  # another run: its own


def test_only_a_place_as_perception_writes_it_is_taken_for_one() -> None:
    assert split_place(f"Klaus is reading ({LIBRARY})") == (LIBRARY, "Klaus is reading")
    assert split_place("Klaus is a poet (really)") == ("", "Klaus is a poet (really)")
    assert split_place("Conversation with A:\nA: hi (a, b)") == (
        "",
        "Conversation with A:\nA: hi (a, b)",
    )


def test_a_description_says_each_sentence_once() -> None:
    text = (
        "Name: Klaus (age 20). Klaus is a student. Klaus likes tea.\n"
        "Klaus is a student.\nKlaus feels fine."
    )
    assert (
        once(text)
        == "Name: Klaus (age 20). Klaus is a student. Klaus likes tea.\nKlaus feels fine."
    )


def test_the_importance_prompt_rates_each_memory_once_by_its_number() -> None:
    texts = [
        f"Maria Lopez is reading ({LIBRARY})",
        f"The desk ({LIBRARY}) is in use",
        "Maria Lopez is eating (cafe, Hobbs Cafe)",
        f"Maria Lopez is reading ({LIBRARY})",  # seen again later: still its own rating
    ]
    inputs = ImportanceInput(
        agent="Klaus Mueller",
        identity="Name: Klaus Mueller (age 20).",
        memories=[f"{i}. {text}" for i, text in enumerate(texts, start=1)],
        count=len(texts),
    )
    shown = prompt(RATE_IMPORTANCE, inputs)
    numbers = re.findall(r"^\s*(\d+)\. ", shown, flags=re.MULTILINE)
    assert numbers == ["1", "2", "3", "4"]
    assert "1. Maria Lopez is reading" in shown and "2. The desk is in use" in shown
    assert "3. Maria Lopez is eating (cafe, Hobbs Cafe)" in shown
    assert "4. Maria Lopez is reading (library, Oak Hill College)" in shown
    assert "4 ratings, in order." in shown
    # the inputs a model's rules read are as the step made them
    assert inputs.memories[0] == f"1. Maria Lopez is reading ({LIBRARY})"


def hour_inputs() -> HourPlanInput:
    rooms = [
        HourPlace(sector="Dorm", arena=f"{name}'s room", objects="bed, desk", about="home")
        for name in ("Klaus Mueller", "Maria Lopez", "Ayesha Khan")
    ]
    kitchen = HourPlace(sector="Dorm", arena="kitchen", objects="stove", about="home")
    library = HourPlace(sector="Oak Hill College", arena="library", objects="bookshelves")
    return HourPlanInput(
        agent="Klaus Mueller",
        identity="Name: Klaus Mueller (age 20). Klaus Mueller studies sociology.",
        activity="study for the exam",
        start="10:00",
        end="11:00",
        minutes=60,
        min_minutes=5,
        max_minutes=15,
        most_actions=12,
        memories=["The exam is on Friday", f"Maria Lopez is reading ({LIBRARY})"],
        here="Klaus Mueller's room, Dorm",
        home="Dorm, Klaus Mueller's room",
        workplace="Oak Hill College",
        places=[*rooms, kitchen, library],
    )


def test_the_hour_plan_prompt_has_the_stretch_the_memories_and_every_place() -> None:
    inputs = hour_inputs()
    shown = prompt(HOUR_PLAN, inputs)
    assert "10:00-11:00 (60 min), Klaus Mueller plans to: study for the exam" in shown
    assert "- The exam is on Friday" in shown
    assert f"- Maria Lopez is reading ({LIBRARY})" in shown
    # rooms with the same objects are named together, each still named exactly
    assert "Klaus Mueller's room; Maria Lopez's room; Ayesha Khan's room [each: bed, desk]" in shown
    assert "kitchen [stove]" in shown and "library [bookshelves]" in shown
    for place in inputs.places:
        assert place.arena in shown and place.sector in shown
    # the field the rules read is as it was: one arena at a time
    assert inputs.place_lines[0].count("[bed, desk]") == 3


def test_the_day_plan_prompt_shows_a_talk_by_its_opening_and_the_summary_once() -> None:
    summary = (
        "Name: Klaus Mueller (age 20). Klaus Mueller studies.\nKlaus Mueller studies.\nHe is well."
    )
    inputs = DayPlanInput(
        agent="Klaus Mueller",
        summary=summary,
        yesterday="",
        today="Tuesday February 14, 2023",
        min_items=5,
        max_items=8,
        wake_time="07:00",
        sleep_time="23:00",
        work_hours="",
        home="Dorm, Klaus Mueller's room",
        workplace="Oak Hill College",
        places=["Hobbs Cafe (public)"],
        intentions=[
            "[Mon Feb 13 09:00] Conversation with Maria Lopez:\n"
            "Maria Lopez: The party is at five.\nKlaus Mueller: I'll come.\nMaria Lopez: Great.",
            "[Mon Feb 13 09:00] Klaus Mueller plans to go to the party at 17:00.",
        ],
    )
    shown = prompt(DAY_PLAN, inputs)
    assert shown.count("Klaus Mueller studies.") == 1 and "He is well." in shown
    assert "Maria Lopez: The party is at five. …" in shown and "Great." not in shown
    assert "- 09:00 Klaus Mueller plans to go to the party at 17:00." in shown


def test_react_and_reflection_prompts_keep_every_memory_about_what_they_are_about() -> None:
    react_in = ReactInput(
        agent="Klaus Mueller",
        summary="Name: Klaus Mueller (age 20).",
        now="Monday February 13, 2023, 09:10",
        current_activity="studying",
        observation=f"Maria Lopez is reading ({LIBRARY})",
        observed="Maria Lopez",
        relationship_memories=STAMPED[:3],
        status_memories=STAMPED[3:4],
        may_talk=True,
    )
    shown = prompt(REACT, react_in)
    for line in STAMPED[1:4]:  # those recalled about Maria that name her, and the situation
        words = line.split("] ", 1)[1]
        _, without_place = split_place(words)
        assert without_place in shown
    assert "Klaus Mueller is writing a research paper" not in shown  # says nothing of her
    recent = [line.split("] ", 1)[1] for line in STAMPED]
    questions = prompt(
        SALIENT_QUESTIONS, QuestionsInput(agent="Klaus Mueller", count=3, memories=recent)
    )
    for words in recent:
        assert split_place(words)[1] in questions
    statements = [f"{i}. {words}" for i, words in enumerate(recent, start=1)]
    insights_in = InsightsInput(
        agent="Klaus Mueller", questions=["Q?"], count=5, statements=statements
    )
    insights = prompt(INSIGHTS, insights_in)
    assert re.findall(r"^\s*(\d+)\. ", insights, flags=re.MULTILINE) == ["1", "2", "3", "4", "5"]
    # the two statements at the library in a row: the place once, each its number
    assert f"- at {LIBRARY}:\n  2. Maria Lopez is reading\n  3. The desk is in use" in insights


def test_a_day_plans_memory_shows_each_stretch_by_its_start() -> None:
    plan = (
        "Klaus Mueller's plan for Monday February 13: 00:00–07:00 sleeping; "
        "07:00–09:00 have breakfast at home; 09:00–24:00 work at Oak Hill College, library"
    )
    shown = listed([plan])
    assert shown == (
        "- Klaus Mueller's plan for Monday February 13: 00:00 sleeping; "
        "07:00 have breakfast at home; 09:00 work at Oak Hill College, library"
    )
    # any other memory keeps its spans
    assert listed(["Klaus Mueller works 09:00–17:00 daily"]).endswith("09:00–17:00 daily")


def test_the_hour_plan_names_home_and_work_only_when_there_is_a_choice_of_place() -> None:
    several = prompt(HOUR_PLAN, hour_inputs())
    assert "Now at: Klaus Mueller's room, Dorm. Home: Dorm, Klaus Mueller's room." in several
    assert "Work: Oak Hill College." in several and "Pick a place" in several
    library = hour_inputs().places[-1:]
    one = prompt(HOUR_PLAN, hour_inputs().model_copy(update={"places": library}))
    assert "Now at" not in one and "Home:" not in one and "Pick" not in one
    assert "Oak Hill College: library [bookshelves]" in one
    # the arenas of one sector: a choice of arena, wherever the agent is
    dorm = hour_inputs().places[:-1]
    rooms = prompt(HOUR_PLAN, hour_inputs().model_copy(update={"places": dorm}))
    assert "Pick an arena" in rooms and "Now at" not in rooms and "Work:" not in rooms
    assert "kitchen [stove]" in rooms


def test_a_talk_beside_its_summary_is_left_out_and_alone_shows_by_its_opening() -> None:
    talk = "Conversation with Maria Lopez and Ayesha Khan:\nMaria Lopez: Hi there! …"
    summary = "Klaus Mueller, Maria Lopez and Ayesha Khan talked. Maria told them of the party."
    assert listed([talk, summary]) == f"- {summary}"  # the summary says who talked, and what
    # alone, or beside a memory that does not name every partner: its opening stays
    assert "Maria Lopez: Hi there!" in listed([talk])
    assert "Maria Lopez: Hi there!" in listed([talk, "Ayesha Khan is reading"])
    assert "Maria Lopez: Hi there!" in listed([talk, f"{summary[:-1]} ({LIBRARY})"])
    # in a timeline only a summary of the same time counts
    stamped = [f"[Mon Feb 13 09:00] {talk}", f"[Mon Feb 13 09:00] {summary}"]
    assert "Hi there!" not in timeline(stamped)
    later = [f"[Mon Feb 13 09:00] {talk}", f"[Mon Feb 13 10:00] {summary}"]
    assert "Hi there!" in timeline(later)

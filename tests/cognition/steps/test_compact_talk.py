"""Talk prompts in fewer tokens, every fact kept: a pair's turn, a pair's line and a group
member's line show memories by their times (the day once), a summary's sentences once, a
memory that is a numbered news item by its number, a memory recalled about several group
members once; of memories recalled about someone, those that name them (steps.compact; the
tokens saved are figures in benchmarks/calls.py)."""

from __future__ import annotations

from datetime import datetime

from cognition.llm.task import Task
from cognition.memory.fields import MemoryFields
from cognition.memory.records import MemoryKind
from cognition.steps.compact import (
    about_each,
    by_starts,
    joined,
    mentioning,
    partners,
    recalled,
    summarised_talks,
)
from cognition.steps.dialogue import DIALOGUE_LINE, PLAN_SHOWN, LineInput
from cognition.steps.dialogue_turn import DIALOGUE_TURN, TurnInput, TurnSide
from cognition.steps.group_line import GROUP_LINE, GroupLineInput
from cognition.steps.react import ReactInput, about_observed, the_thing
from cognition.steps.reflect import Recalled
from cognition.steps.relationship import RELATIONSHIP, RelationshipInput, about_other

NOW = datetime(2023, 2, 13, 9, 30)
PAPER = "Klaus Mueller is writing a research paper."
IDENTITY = f"Name: Klaus Mueller (age 20). {PAPER}"
SUMMARY = f"{IDENTITY}\n{IDENTITY}\n{PAPER}\nKlaus Mueller feels curious."
MEMORIES = [
    f"[Mon Feb 13 07:00] {PAPER}",
    "[Mon Feb 13 09:06] Maria Lopez is reading (library, Oak Hill College)",
    "[Mon Feb 13 09:07] The desk (library, Oak Hill College) is in use by Maria Lopez",
]
NEWS = [f"1. {PAPER}", "2. Maria Lopez is studying for an exam."]


def prompt(task: Task, inputs: object) -> str:  # type: ignore[type-arg]
    return "\n".join(message.content for message in task.messages(inputs))


def test_a_memory_that_is_a_numbered_news_item_shows_by_its_number() -> None:
    shown = recalled(MEMORIES, NEWS)
    assert "- 07:00 (news 1)" in shown
    assert PAPER not in shown  # its words read in the numbered list
    assert "09:06 Maria Lopez is reading" in shown and "09:07 The desk is in use" in shown
    assert recalled(MEMORIES, []).count("Klaus Mueller is writing") == 1  # no list: its words


def test_a_news_items_words_inside_a_memory_show_by_its_number() -> None:
    talk = "[Mon Feb 13 08:00] Maria Lopez and Klaus Mueller talked. Maria Lopez told"
    memories = [f"{talk} Klaus Mueller that maria lopez is  studying for an exam."]
    shown = recalled(memories, NEWS)
    assert shown.endswith("Maria Lopez told Klaus Mueller that (news 2).")  # any case, spacing
    assert recalled(memories, []).count("studying for an exam") == 1  # no list: its words
    short = recalled(["[Mon Feb 13 08:00] Ann is back at Hobbs Cafe."], ["1. Ann is back."])
    assert short.endswith("Ann is back at Hobbs Cafe.")  # a short item is left as words


def side(name: str) -> TurnSide:
    return TurnSide(name=name, summary=SUMMARY, view_of_other="a friend")


def turn_input(**sides: object) -> TurnInput:
    """Klaus Mueller's turn of four lines to Maria Lopez, opening the talk, with `sides`."""
    return TurnInput.model_validate(
        {
            "speaker": "Klaus Mueller",
            "listener": "Maria Lopez",
            "now": "Monday February 13, 2023, 09:30",
            "turn": 1,
            "max_turns": 8,
            "lines": 4,
            "history": [],
            "sides": [side("Klaus Mueller"), side("Maria Lopez")],
            **sides,
        }
    )


def test_a_turn_shows_each_sides_memories_by_time_and_its_summary_once() -> None:
    inputs = turn_input(
        speaker_summary=SUMMARY,
        speaker_memories=MEMORIES,
        speaker_news=NEWS,
        listener_summary=SUMMARY,
        listener_memories=MEMORIES[1:],
        listener_news=NEWS[1:],
    )
    text = prompt(DIALOGUE_TURN, inputs)
    assert "[Mon" not in text and text.count("Mon Feb 13:") == 2
    assert text.count("Name: Klaus Mueller (age 20).") == 2  # once a side, said twice
    assert text.count("Klaus Mueller feels curious.") == 2
    # the speaker's news 1 is its summary's sentence: by its number there, its words listed
    assert "Name: Klaus Mueller (age 20). (news 1)" in text
    assert text.count("(news 1)") == 1 and text.count(NEWS[0]) == 1
    assert text.count(IDENTITY) == 1  # the listener knows no news 1: its summary's words
    assert "07:00" not in text  # a memory its side's summary says is left out
    assert text.count("09:06 Maria Lopez is reading") == 2  # each side's retrieval kept


def test_a_pairs_line_shows_its_memories_by_time_and_its_summary_once() -> None:
    inputs = LineInput(
        speaker="Klaus Mueller",
        listener="Maria Lopez",
        summary=SUMMARY,
        view_of_listener="a friend",
        memories=MEMORIES,
        history=[],
        now="Monday February 13, 2023, 09:30",
        turn=1,
        max_turns=8,
        known_news=NEWS,
    )
    text = prompt(DIALOGUE_LINE, inputs)
    assert "[Mon" not in text and text.count("Name: Klaus Mueller (age 20). (news 1)") == 1
    assert "07:00" not in text  # said in the summary (by its news number)
    assert "09:07 The desk is in use by Maria Lopez" in text
    unsaid = prompt(DIALOGUE_LINE, inputs.model_copy(update={"summary": "Klaus is here."}))
    assert "- 07:00 (news 1)" in unsaid


def test_a_memory_about_several_members_shows_once_under_their_names() -> None:
    about = [
        "Maria Lopez — [Mon Feb 13 08:14] Klaus, Maria and Ayesha talked together.",
        "Ayesha Khan — [Mon Feb 13 08:14] Klaus, Maria and Ayesha talked together.",
        "Ayesha Khan — [Mon Feb 13 08:23] Ayesha Khan is reading (library, Oak Hill College)",
    ]
    shown = about_each(about)
    assert shown.count("talked together") == 1
    assert "About Maria Lopez and Ayesha Khan:\nMon Feb 13:\n- 08:14 Klaus" in shown
    assert "About Ayesha Khan:\nMon Feb 13:\n- 08:23 Ayesha Khan is reading" in shown
    assert about_each([]) == "(none)"
    assert partners(joined(["Ann", "Bo", "Cy"])) == ["Ann", "Bo", "Cy"]


def test_a_group_line_names_the_members_in_a_sentence_and_shows_the_plan_once() -> None:
    plan_memory = "[Mon Feb 13 07:00] Klaus Mueller's plan for Monday February 13: 07:00–09:00 read"
    inputs = GroupLineInput(
        speaker="Klaus Mueller",
        members=["Maria Lopez", "Ayesha Khan"],
        summary=SUMMARY,
        about_members=["Maria Lopez — [Mon Feb 13 09:06] Maria Lopez is reading"],
        memories=[plan_memory, *MEMORIES],
        context=[],
        now="Monday February 13, 2023, 09:30",
        clock=NOW,
        round=1,
        max_rounds=4,
        plan=["07:00–09:00 read"],
        known_news=NEWS,
    )
    text = prompt(GROUP_LINE, inputs)
    assert "talking with Maria Lopez and Ayesha Khan." in text
    assert "plan for Monday" not in text  # today's plan reads as the plan, once
    assert "- 07:00–09:00 read" in text
    assert "[Mon" not in text and text.count("Name: Klaus Mueller (age 20). (news 1)") == 1
    assert "07:00 (news 1)" not in text  # said in the summary, by its number
    without_plan = inputs.model_copy(update={"plan": []})
    assert "plan for Monday February 13" in prompt(GROUP_LINE, without_plan)


def test_memories_about_someone_are_those_that_name_them() -> None:
    lines = [
        "Maria Lopez is reading",
        "Klaus and Maria have talked about the exam",
        "Mariana is singing",
        "The rose bed is in use by Jennifer Moore",
        "Klaus Mueller is writing a research paper",
    ]
    assert mentioning(lines, "Maria Lopez") == lines[:2]  # by full or first name, a word
    assert mentioning(lines, "the rose bed") == [lines[3]]  # a thing's name in any case
    assert mentioning(lines, "") == lines


def test_a_relationship_prompt_shows_what_names_the_other() -> None:
    inputs = RelationshipInput(agent="Klaus Mueller", other="Maria Lopez", memories=MEMORIES)
    text = prompt(RELATIONSHIP, inputs)
    assert "09:06 Maria Lopez is reading" in text and "in use by Maria Lopez" in text
    assert PAPER not in text
    nothing = inputs.model_copy(update={"memories": MEMORIES[:1]})
    assert "concerns Maria Lopez:\n(none)" in prompt(RELATIONSHIP, nothing)


def test_a_relationship_prompt_reads_whom_a_memory_concerns_from_its_fields() -> None:
    maria = "Maria Lopez"
    recalled = [
        Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(subject="Klaus Mueller")),
        Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(subject=maria)),
        Recalled(kind=MemoryKind.OBSERVATION),  # saved without fields: read by its words
    ]
    talk = "[Mon Feb 13 10:00] Klaus Mueller and Ann Lee talked. She asked after him."
    memories = [MEMORIES[0].replace(PAPER, "He waved at her."), MEMORIES[1], MEMORIES[2]]
    inputs = RelationshipInput(
        agent="Klaus Mueller", other=maria, memories=memories, recalled=recalled
    )
    assert about_other(inputs) == memories[1:]  # the first names nobody by its fields
    partners = Recalled(kind=MemoryKind.DIALOGUE, about=MemoryFields(partners=(maria,)))
    with_talk = inputs.model_copy(update={"memories": [talk], "recalled": [partners]})
    assert about_other(with_talk) == [talk]  # whom a talk was with: its fields, not its words


def test_a_plan_shows_each_stretch_by_its_start_when_each_ends_as_the_next_starts() -> None:
    plan = ["08:55–12:15 take a walk", "12:15–13:15 have lunch", "13:15–24:00 go home"]
    assert by_starts(plan) == "- 08:55 take a walk\n- 12:15 have lunch\n- 13:15–24:00 go home"
    gap = ["08:55–12:00 take a walk", "12:15–13:15 have lunch"]
    assert by_starts(gap) == "- 08:55–12:00 take a walk\n- 12:15–13:15 have lunch"
    assert by_starts([]) == "(none)"


def test_a_transcript_shows_by_its_heading_where_its_talks_summary_is_a_statement() -> None:
    at = datetime(2023, 2, 13, 8, 14)
    statements = [
        "1. Conversation with Ann Lee:\nAnn Lee: Hi! I'm Ann.",
        "2. Klaus Mueller and Ann Lee talked about the exam.",
        "3. Conversation with Bo Chen:\nBo Chen: Hello.",
        "4. Maria Lopez is reading",
    ]
    ann, bo = (at, frozenset({"Ann Lee"})), (at, frozenset({"Bo Chen"}))
    talks = [ann, ann, bo, None]  # Bo's talk has no summary among the statements
    shown = summarised_talks(statements, talks)
    assert shown == ["1. Conversation with Ann Lee", statements[1], statements[2], statements[3]]
    assert summarised_talks(statements, []) == statements  # no fields: as they are


def test_a_react_prompt_reads_whom_or_what_a_memory_concerns_from_its_fields() -> None:
    maria = "Maria Lopez"
    waved = "[Mon Feb 13 09:00] Klaus Mueller waved at Maria Lopez."  # names her in words only
    seen = "[Mon Feb 13 09:05] Maria Lopez is reading"
    old = "[Mon Feb 13 09:07] Maria is a regular at the library."  # no fields: by its words
    talk = "[Mon Feb 13 10:00] Klaus Mueller and Ann Lee talked. She asked after him."
    recalled = [
        Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(subject="Klaus Mueller")),
        Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(subject=maria, doing="reading")),
        Recalled(kind=MemoryKind.OBSERVATION),
        Recalled(kind=MemoryKind.DIALOGUE, about=MemoryFields(partners=(maria,))),
    ]
    inputs = ReactInput(
        agent="Klaus Mueller",
        summary="Name: Klaus Mueller (age 20).",
        now="Monday February 13, 2023, 10:10",
        current_activity="studying",
        observation=f"{maria} is reading",
        observed=maria,
        relationship_memories=[waved, seen, old, talk],
        status_memories=[],
        may_talk=True,
        relationship_recalled=recalled,
    )
    assert about_observed(inputs) == [seen, old, talk]
    untyped = inputs.model_copy(update={"relationship_recalled": []})
    assert about_observed(untyped) == [waved, seen, old]  # no fields given: by the words
    stove = "[Mon Feb 13 10:05] The stove (kitchen) is burning"
    cooking = "[Mon Feb 13 10:04] Maria Lopez is cooking at the stove"
    on_stove = inputs.model_copy(
        update={
            "observed": the_thing("stove"),
            "relationship_memories": [stove, cooking],
            "relationship_recalled": [
                Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(thing="stove")),
                Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(subject=maria)),
            ],
        }
    )
    assert about_observed(on_stove) == [stove]  # the object's state names it by `thing`


def test_a_turn_shows_each_sides_plan_from_now_to_the_next_two_stretches() -> None:
    plan = ["09:00–12:00 read", "12:00–13:00 lunch", "13:00–17:00 write", "17:00–24:00 rest"]
    inputs = turn_input(
        speaker_plan=plan,
        listener_plan=plan[1:],
    )
    text = prompt(DIALOGUE_TURN, inputs)
    assert PLAN_SHOWN == 3
    assert "- 09:00 read\n- 12:00 lunch\n- 13:00–17:00 write\n" in text  # the last one's end
    assert "rest" not in text.split("Maria Lopez:\n")[0]  # the fourth stretch: not shown
    assert "- 12:00 lunch\n- 13:00 write\n- 17:00–24:00 rest\n" in text

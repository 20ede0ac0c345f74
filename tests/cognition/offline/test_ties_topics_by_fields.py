"""Relationship lines, traits, a talk's topic, a group member's insights and tellings are
read by the fields their one writer stores, never guessed from their words: a persona's
relationship line names whom it is with (`records.first_memories`), a model's summary
answers what the talk was about (`ConversationSummary.topic` → `talked_about`), a group
member's lines about the others keep their kinds (`about_recalled`), and a memory with
fields told only the news they carry. Words are read only where the fields are unknown.
The town is invented, but for the mind-level tests, which use the test town."""

from __future__ import annotations

import random
from datetime import datetime

from cognition.agent import Agent
from cognition.group import line_input
from cognition.group.rules import GroupRules, Member
from cognition.memory.fields import MemoryFields
from cognition.memory.records import MemoryKind, first_memories
from cognition.memory.texts import about_line
from cognition.offline import OfflineBrain
from cognition.offline.conclusions import trait_conclusions
from cognition.offline.group import view_of
from cognition.offline.notes import Told, read_notes, told_in
from cognition.offline.relations import relationship
from cognition.persona import Persona
from cognition.settings import MindSettings
from cognition.steps.dialogue import SummaryInput, TalkSummary
from cognition.steps.group_line import GroupLineInput
from cognition.steps.reflect import Recalled
from cognition.steps.relationship import RelationshipInput
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.summed_up import summed_up
from cognition.testing.town import ISABELLA, MARIA, START

ADA, LEO = "Ada Brook", "Leo Marsh"
WHEN = datetime(2023, 5, 2, 19, 40)  # a Tuesday evening
TIE = "Leo Marsh is Ada Brook's oldest friend from the rowing club"
FACTS = ["Ada Brook edits field guides for a small press", TIE]


def seeded(ties: dict[str, str]) -> tuple[list[str], list[Recalled]]:
    """Ada's first memories as the mind stores them: lines, and their kinds and fields."""
    memories = first_memories(ADA, FACTS, [3, 3], [], WHEN, ties)
    return [m.text for m in memories], [Recalled(kind=m.kind, about=m.about) for m in memories]


def view(lines: list[str], recalled: list[Recalled]) -> str:
    asked = RelationshipInput(agent=ADA, other=LEO, memories=lines, recalled=recalled)
    return relationship(asked, random.Random(0)).summary


def test_a_personas_relationship_line_is_a_tie_by_its_fields() -> None:
    lines, recalled = seeded({TIE: LEO})
    assert recalled[1].about == MemoryFields(subject=ADA, people=(LEO,))
    assert view(lines, recalled).startswith(TIE)
    # the same line with fields naming no one else is no tie, whatever its words say
    plain, plain_recalled = seeded({})
    assert view(plain, plain_recalled).startswith(f"{ADA} has not met {LEO}")


def test_a_relationship_line_whose_fields_are_unknown_ties_no_one() -> None:
    # unknown, never read from its words (an old save's persona lines are migrated)
    assert view(FACTS, []).startswith(f"{ADA} has not met {LEO}")
    lines, recalled = seeded({TIE: LEO})
    assert view(lines, recalled).startswith(TIE)


def test_a_persona_with_relationships_seeds_them_with_whom_they_are_with() -> None:
    persona = Persona.model_validate(
        {**MARIA.model_dump(), "relationships": {ISABELLA.name: "Maria Lopez adores Isabella"}}
    )
    agent = Agent(persona, FakeMemoryStream(persona.name), OfflineBrain(0), MindSettings())
    agent.seed(START)
    tied = [r for r in agent.memory.all() if r.text == "Maria Lopez adores Isabella"]
    assert [r.about.people for r in tied if r.about is not None] == [(ISABELLA.name,)]


def test_a_personas_plain_facts_are_traits_its_ties_are_not() -> None:
    lines = [
        "Ada Brook likes long walks along the river",
        "Ada Brook edits field guides for a small press",
        "Ada Brook rows with Leo Marsh every Sunday morning",
    ]
    memories = first_memories(ADA, lines, [3, 3, 3], [], WHEN, {lines[2]: LEO})
    recalled = [Recalled(kind=m.kind, about=m.about) for m in memories]
    (trait,) = trait_conclusions(ADA, read_notes(lines, recalled=recalled), random.Random(0))
    assert "long walks" in trait.text and "field guides" in trait.text
    assert trait.evidence == (1, 2)


def talk_memory(about: MemoryFields) -> list[Recalled]:
    return [Recalled(kind=MemoryKind.DIALOGUE, about=about)]


def test_a_talks_topic_is_what_the_summarys_answer_said() -> None:
    line = "[Tue May 02 19:40] Leo Marsh and Ada Brook had a long chat by the boathouse."
    about = MemoryFields(partners=(LEO,), time=WHEN, talked_about="the spring regatta")
    summary = view([line], talk_memory(about))
    assert "last on Tuesday evening, about the spring regatta." in summary


def test_a_summarys_words_are_no_topic_when_its_fields_say_none() -> None:
    line = "[Tue May 02 19:40] Leo Marsh and Ada Brook talked about the spring regatta."
    summary = view([line], talk_memory(MemoryFields(partners=(LEO,), time=WHEN)))
    assert "They have talked once, last on Tuesday evening." in summary
    assert "regatta" not in summary


def test_a_memory_with_fields_told_only_the_news_they_carry() -> None:
    line = "Conversation with Leo Marsh:\nLeo Marsh: Ines Varga is opening a kite shop soon."
    typed = read_notes([line], recalled=talk_memory(MemoryFields(partners=(LEO,), time=WHEN)))
    assert told_in(typed, ADA) == []
    # its fields unknown (a save made before them), its lines are read by their words
    untyped = read_notes([line])
    assert told_in(untyped, ADA) == [Told(1, LEO, ADA, "Ines Varga is opening a kite shop soon")]


def test_a_models_summary_topic_is_kept_with_both_talk_memories() -> None:
    def answer(inputs: SummaryInput) -> TalkSummary:
        said = f"{inputs.first} and {inputs.second} chatted."
        return TalkSummary(summary=said, topic=" the  cafe's new menu.")

    model = ScriptedModel(summed_up(answer), fallback_model=OfflineBrain(0))
    first, second = (
        Agent(persona, FakeMemoryStream(persona.name), model, MindSettings())
        for persona in (ISABELLA, MARIA)
    )
    first.seed(START)
    second.seed(START)
    conversation = first.talker.converse_with(second.talker, START)
    assert conversation.talked_about == " the  cafe's new menu."
    for mind in (first, second):
        talks = mind.memory.all(MemoryKind.DIALOGUE)
        assert len(talks) == 2
        assert {r.about.talked_about for r in talks if r.about} == {"the cafe's new menu"}


INSIGHT = "Ada Brook and Leo Marsh keep finding time to talk; a friendship is growing"


def member_input_of(member: Member, others: list[str]) -> GroupLineInput:
    """`line_input.member_input` for `member`'s first line with `others` present."""
    return line_input.member_input(
        member, others, [], 1, rules=GroupRules(), host="", lines=[], called=False
    )


def member_input(recalled: list[Recalled]) -> GroupLineInput:
    return GroupLineInput(
        speaker=ADA,
        members=[LEO, "Ines Varga"],
        summary="Ada Brook edits field guides.",
        about_members=[f"{LEO} — [Tue May 02 19:40] {INSIGHT}"],
        about_recalled=recalled,
        memories=[],
        context=[],
        now="Tuesday May 2, 2023, 19:45",
        round=1,
        max_rounds=4,
    )


def test_a_group_members_insight_about_another_is_read_by_its_kind() -> None:
    reflected = Recalled(kind=MemoryKind.REFLECTION, about=MemoryFields(people=(LEO,)))
    seen = view_of(member_input([reflected]), LEO, random.Random(0))
    assert INSIGHT in seen.summary and seen.met
    # an insight concluded from no talk with Leo is no tie to him
    elsewhere = Recalled(kind=MemoryKind.REFLECTION, about=MemoryFields(people=("Ines Varga",)))
    apart = view_of(member_input([elsewhere]), LEO, random.Random(0))
    assert not apart.met and apart.summary.startswith(f"{ADA} has not met {LEO}")


def test_a_group_member_is_given_each_lines_kind_and_fields() -> None:
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    first, second = (
        Agent(persona, FakeMemoryStream(persona.name), model, MindSettings())
        for persona in (ISABELLA, MARIA)
    )
    first.seed(START)
    second.seed(START)
    member = first.talker.member([MARIA.name, "Klaus Mueller"], START)
    assert member.remembered
    assert {memory.other for memory in member.remembered} <= {MARIA.name, "Klaus Mueller"}
    by_text = {r.text: r for r in first.memory.all()}
    for memory in member.remembered:
        record = by_text[memory.line.split("] ", 1)[1]]
        assert (memory.recalled.kind, memory.recalled.about) == (record.kind, record.about)
    # the line input: each memory about a member present, its name first, its fields beside
    line_in = member_input_of(member, [MARIA.name])
    mine = [m for m in member.remembered if m.other == MARIA.name]
    assert line_in.about_members == [about_line(MARIA.name, m.line) for m in mine]
    assert line_in.about_recalled == [m.recalled for m in mine]

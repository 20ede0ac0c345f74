"""Facts come from memory fields: a memory whose fields are known holds exactly the news
they carry, and its prose is never parsed for facts; only a memory whose fields are
unknown (saved before fields) is read back from its text, by the reader beside its writer.
A made-up town (no bundled names)."""

from __future__ import annotations

from datetime import datetime

import pytest

from cognition.memory.fields import MemoryFields, News
from cognition.memory.texts import told_text
from cognition.offline import OfflineBrain
from cognition.offline.facts import facts_in_text, facts_of_memory, known_facts_of
from cognition.persona import Persona
from cognition.steps.interview import INTERVIEW, InterviewInput

NOW = datetime(2031, 3, 2, 9, 0)
# prose the old verb patterns read as an event: with fields known it must yield nothing
EVENT = "Nora Vance is planning an open mic night at The Blue Note on March 3 from 7 to 9 pm"
KITES = News(
    item="kites",
    subject="Otto Brandt",
    statement="Otto Brandt's kite shop reopens on Friday",
    kind="shop",
    importance=7,
    source="Lena Fisk",
)


def test_facts_come_from_fields_whatever_the_prose_says() -> None:
    about = MemoryFields(partners=("Lena Fisk",), news=(KITES,))
    [fact] = facts_of_memory("Lena Fisk and I chatted about the weather.", about)
    assert (fact.item, fact.subject, fact.kind, fact.weight) == ("kites", "Otto Brandt", "shop", 7)
    assert fact.source == "Lena Fisk" and fact.news == KITES


def test_a_memory_with_fields_is_never_read_by_its_text() -> None:
    told = told_text("Otto Brandt", "Ivy Moss", EVENT)
    assert facts_in_text(told)  # what its words would say, were its fields unknown
    assert facts_of_memory(told, MemoryFields(partners=("Otto Brandt",))) == []
    assert facts_of_memory(EVENT, MemoryFields(subject="Nora Vance")) == []
    transcript = f"Conversation with Lena Fisk:\nLena Fisk: Did you hear? {EVENT}."
    assert facts_of_memory(transcript, MemoryFields(partners=("Lena Fisk",))) == []
    known = known_facts_of(
        [(EVENT, MemoryFields()), ("A quiet day.", MemoryFields(news=(KITES,)))], "Ivy Moss"
    )
    assert [f.item for f in known] == ["kites"]


@pytest.mark.parametrize(
    ("teller", "listener", "statement", "subject"),
    [
        ("Otto Brandt", "Ivy Moss", EVENT, "Nora Vance"),
        ("Ivy Moss", "Jo Park", "the bakery on Mill Lane closes for good on Friday", "Ivy Moss"),
        (
            "Jo Van Dyke",
            "Otto Brandt",
            "Ivy Moss won the chess cup, and she is thrilled.",
            "Ivy Moss",
        ),
    ],
)
def test_an_unknown_field_memory_round_trips_through_its_one_writer_and_reader(
    teller: str, listener: str, statement: str, subject: str
) -> None:
    """`told_text` writes a telling; `facts_in_text`, the one reader of memories without
    fields, reads back who told it and what, whatever the statement says."""
    [fact] = facts_of_memory(f"[Sun Mar 02 08:00] {told_text(teller, listener, statement)}", None)
    assert fact.source == teller and fact.statement == statement.rstrip(".")
    assert fact.subject == subject  # whom it names first; its teller when it names no one


def test_a_memory_of_unknown_fields_is_read_back_from_the_text_its_writer_wrote() -> None:
    [fact] = facts_of_memory(told_text("Otto Brandt", "Ivy Moss", EVENT), None)
    assert fact.source == "Otto Brandt" and fact.subject == "Nora Vance"
    assert fact.event is None  # prose is not parsed for an event: only fields carry one
    known = known_facts_of([(told_text("Otto Brandt", "Ivy Moss", EVENT), None)], "Ivy Moss")
    assert [f.key for f in known] == [fact.key]


def test_what_a_persona_is_busy_with_is_news_it_holds_by_its_file_field() -> None:
    persona = Persona(
        name="Ivy Moss", age=40, innate="calm", learned="Ivy Moss keeps bees.",
        currently="Ivy Moss is building a glass hive for the school.", lifestyle="early",
        home_sector="Ivy's cottage", home_arena="kitchen", work_sector="the apiary",
    )  # fmt: skip
    busy = persona.busy_news()
    assert busy is not None and (busy.subject, busy.kind) == ("Ivy Moss", "currently")
    assert busy.statement == persona.currently and busy in persona.known_news()
    vague = persona.model_copy(update={"currently": "Busy with the bees."})
    assert vague.busy_news() is None and vague.known_news() == []


def ask(memories: list[str], untyped: list[str]) -> str:
    inputs = InterviewInput(
        agent="Ivy Moss", summary="Name: Ivy Moss (age 40).", now="Sunday March 2, 2031, 09:00",
        asker="a visitor to the town", question="Do you know about an open mic night?",
        memories=memories, untyped=untyped,
    )  # fmt: skip
    return OfflineBrain(0).complete(INTERVIEW, inputs, agent="Ivy Moss").output.answer


def test_an_interview_reads_facts_by_text_only_from_memories_without_fields() -> None:
    line = f"[Sun Mar 02 08:00] {told_text('Otto Brandt', 'Ivy Moss', EVENT)}"
    assert "Otto told me" in ask([line], untyped=[line])
    assert "Otto told me" not in ask([line], untyped=[])  # its fields known: not read

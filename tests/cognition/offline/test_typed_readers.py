"""Readers the offline brain once left to words, now reading fields (issue 33, part 4): whom
a group line turns to (its `to`, as its writer gave it); whether a talk's last line
introduced its speaker (the line's `introduces`, written with the greeting; a player's
typed line, the user's input whose field is unknown, is still read by its words); how a
person is spoken of (`MemoryFields.pronoun` of a persona's facts, `News.pronoun` of news
about them: written once from the persona, migrated in an old save); and whom a teller had
news from (`News.via`), so who told whom is read from fields. The town is invented."""

from __future__ import annotations

import random
from datetime import datetime

import pytest
from pydantic import ValidationError

import cognition.offline.phrases as say
from cognition.agent import Agent
from cognition.contract import Conversation, ConversationLine
from cognition.memory.fields import MemoryFields, News
from cognition.memory.records import MemoryKind, NewMemory
from cognition.offline import OfflineBrain
from cognition.offline.group import next_speaker
from cognition.offline.notes import Note, pronoun, read_notes, told_in
from cognition.offline.relations import view_of
from cognition.offline.talk import line
from cognition.persona import with_pronouns
from cognition.steps.group_line import said
from cognition.steps.group_manager import NextSpeakerInput
from cognition.steps.reflect import Recalled
from cognition.steps.relationship import RelationshipInput
from cognition.steps.talk_fields import talk_fields
from cognition.testing.memory_fake import FakeMemoryStream
from tests.cognition.offline.test_offline_talk import line_input, persona

ANN, BO, CY, DEE = "Ann Lee", "Bo Dahl", "Cy Pell", "Dee Rowe"
NOW = datetime(2031, 3, 3, 8, 0)
MEMBERS = [f"{BO}: a potter", f"{CY}: a beekeeper", f"{DEE}: a ferry pilot"]


def manager(*lines: ConversationLine) -> str:
    transcript = [said(one) for one in lines]
    return next_speaker(
        NextSpeakerInput(members=MEMBERS, transcript=transcript, last_speaker=lines[-1].speaker),
        random.Random(0),
    ).name


OPENING = [
    ConversationLine(speaker=who, text=text)
    for who, text in ((BO, "Morning, all."), (CY, "Hello!"), (DEE, "Hi, everyone."))
]


def test_the_manager_reads_whom_a_line_turns_to_by_its_field_not_its_words() -> None:
    # said to Dee, though its words name Cy first: Dee is turned to
    to_dee = ConversationLine(speaker=ANN, text="Cy says the ferry is late, Dee?", to=DEE)
    assert manager(*OPENING, to_dee) == DEE
    # said to everyone, naming Cy in passing: nobody is turned to by the name in its words
    to_all = ConversationLine(speaker=ANN, text="Cy, hello.")
    spoken = next_speaker(
        NextSpeakerInput(
            members=MEMBERS, transcript=[said(x) for x in (*OPENING, to_all)], last_speaker=ANN
        ),
        random.Random(0),
    )
    assert spoken.reason != f"{ANN} spoke to them"


def meeting_back(text: str) -> bool:
    return any(text.startswith(o.split("{")[0]) for o in say.MEETING_BACK if "{" in o)


def test_an_introduction_is_written_as_data_and_answered_by_it() -> None:
    ann, bo = persona(ANN), persona(BO)
    hello = line(line_input(ann, BO, [], [], met=False), random.Random(1))
    assert hello.introduces is True and f"I'm {ANN}" in hello.text
    known = line(line_input(ann, BO, [], [], met=True), random.Random(1))
    assert known.introduces is False
    history = [f"{ANN}: {hello.text}"]
    back = line(line_input(bo, ANN, [], history, met=False, introduced=True), random.Random(2))
    assert back.introduces is True and BO in back.text
    # the field decides, not the words: a line saying "I'm Ann Lee" that introduces nobody
    # (the field says so) is answered as any line is
    plain = [f"{ANN}: I'm {ANN}'s neighbour, you know. Nice weather."]
    for seed in range(10):
        reply = line(line_input(bo, ANN, [], plain, introduced=False), random.Random(seed))
        assert not reply.introduces and BO not in reply.text
    # an introduction whose words do not say "I'm <name>" is answered with one
    named = [f"{ANN}: Hello there, the name is {ANN}."]
    for seed in range(10):
        reply = line(line_input(bo, ANN, [], named, introduced=True), random.Random(seed))
        assert reply.introduces and BO in reply.text


def test_a_typed_line_whose_field_is_unknown_is_read_by_its_words() -> None:
    typed = [f"{ANN}: Hi! I'm {ANN}, I just moved in."]  # a player's line: no field
    reply = line(line_input(persona(BO), ANN, [], typed), random.Random(0))
    assert reply.introduces is True and BO in reply.text


# --- how a person is spoken of, as data ----------------------------------------------------

KILN = "Ann Lee fires her pots in the kiln shed; Ann Lee teaches her nephew to glaze"


def test_a_persona_says_how_it_is_spoken_of_or_its_own_facts_do_once() -> None:
    assert persona(ANN, description=KILN).goes_by() == "she"
    assert persona(ANN, description=KILN, pronoun="they").goes_by() == "they"  # declared
    assert persona(ANN).goes_by() == ""  # its facts say neither: unknown
    # a sentence naming someone else says nothing of her
    assert persona(ANN, description=f"Ann Lee and {BO} fix his boat").goes_by() == ""


def test_a_persona_file_may_declare_a_pronoun_and_a_bad_one_is_refused() -> None:
    assert persona(ANN, pronoun="he").pronoun == "he"
    with pytest.raises(ValidationError):
        persona(ANN, pronoun="it")


def fact_notes(agent: Agent) -> list[Note]:
    records = agent.memory.all()
    return read_notes([r.text for r in records], recalled=[Recalled.of(r) for r in records])


def test_a_persons_facts_carry_their_pronoun_and_it_is_read_from_fields_alone() -> None:
    agent = Agent(persona(ANN, description=KILN), FakeMemoryStream(ANN), OfflineBrain(0))
    agent.seed(NOW)
    facts = [r.about for r in agent.memory.all() if r.text in KILN.split("; ")]
    assert facts and all(f is not None and f.pronoun == "she" for f in facts)
    assert pronoun(ANN, fact_notes(agent)) == "she"
    # the same words without fields say nothing of how she is spoken of
    assert pronoun(ANN, read_notes(KILN.split("; "))) == ""
    # fields that say nothing of it: unknown, whatever the words
    plain = Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(subject=ANN))
    assert pronoun(ANN, read_notes(KILN.split("; "), recalled=[plain, plain])) == ""


def test_news_about_a_resident_carries_how_they_are_spoken_of_to_whoever_hears_it() -> None:
    potter = persona(ANN, description=KILN)
    glaze = News(item="glaze", subject=ANN, statement=f"{ANN} is testing a new glaze")
    bo = persona(BO).model_copy(update={"news": [glaze]})
    _, seeded_bo = with_pronouns([potter, bo])
    [told] = seeded_bo.news
    assert told.pronoun == "she" and told.told_by(BO).pronoun == "she"
    # Cy heard it from Ann herself: Cy's view of Ann says "she", from the news's field
    heard = MemoryFields(partners=(ANN,), news=(told.told_by(ANN),), time=NOW)
    talk = f"[Mon Mar 03 08:00] Conversation with {ANN}:\n{ANN}: I'm testing a new glaze."
    view = view_of(
        RelationshipInput(
            agent=CY,
            other=ANN,
            memories=[talk],
            recalled=[Recalled(kind=MemoryKind.DIALOGUE, about=heard)],
        ),
        random.Random(0),
    )
    assert "Ann told Cy that she is testing a new glaze." in view.summary
    unsaid = heard.model_copy(update={"news": (glaze.told_by(ANN),)})  # no pronoun: her name
    view = view_of(
        RelationshipInput(
            agent=CY,
            other=ANN,
            memories=[talk],
            recalled=[Recalled(kind=MemoryKind.DIALOGUE, about=unsaid)],
        ),
        random.Random(0),
    )
    assert "Ann told Cy that Ann is testing a new glaze." in view.summary


def test_an_old_saves_facts_learn_how_their_holder_is_spoken_of_once() -> None:
    memory = FakeMemoryStream(ANN)
    older = MemoryFields(subject=ANN)  # as a save before pronouns wrote them
    facts = KILN.split("; ")
    memory.add_many([NewMemory(MemoryKind.OBSERVATION, f, NOW, 4, about=older) for f in facts])
    agent = Agent(persona(ANN, description=KILN), memory, OfflineBrain(0))
    agent.set_state({"seeded": True, "news_seeded": True, "facts_typed": True, "facts_named": True})
    assert not agent.state.facts_pronoun
    agent.seed(NOW)
    assert [r.about for r in memory.all()] == [MemoryFields(subject=ANN, pronoun="she")] * 2
    assert agent.state.facts_pronoun and memory.count() == 2  # nothing added, once


# --- a second-hand source, as data ----------------------------------------------------------


def test_news_passed_on_carries_whom_its_teller_had_it_from() -> None:
    ferry = News(item="ferry", subject=DEE, statement=f"{DEE} is buying a second ferry")
    bos = ferry.told_by(ANN)  # Bo heard it from Ann, who knew it first hand
    assert (bos.source, bos.via) == (ANN, "")
    assert bos.told_by(ANN) == bos  # heard again from the same teller: unchanged
    # Bo passes it on to Cy ("Ann told me that …"): the line's news is Bo's, from Ann
    said = ConversationLine(speaker=BO, text=f"Ann told me that {bos.statement}.", told=bos)
    talk = Conversation(participants=(BO, CY), started=NOW, lines=(said,), summary="")
    cys = talk_fields(CY, talk, [BO], NOW)
    [heard] = cys.news
    assert (heard.source, heard.via) == (BO, ANN)
    # the brain's who told whom reads it from the fields: Bo told Cy, Ann had told Bo
    note = Note(1, "transcript", said.text, about=cys)
    tellings = {(t.teller, t.hearer) for t in told_in([note], CY)}
    assert tellings == {(BO, CY), (ANN, BO)}
    # when Cy tells Ann, the one Cy had it from goes one level back: Bo
    assert (heard.told_by(CY).source, heard.told_by(CY).via) == (CY, BO)

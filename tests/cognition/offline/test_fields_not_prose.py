"""The offline brain reads whom memories name and whether two have met by fields, not by the
memories' words: whether the two met is data beside the relationship view (`View.met`);
a persona's fact carries the people it names (`MemoryFields.named`: one writer,
`Persona.named`, migrated in an older save); react and the interview's first-name lookup
read fields. The text form left (the innate traits of a summary description) has its writer
and its reader side by side, with a round trip here. The town is invented."""

from __future__ import annotations

import random
from datetime import datetime

from cognition.agent import Agent
from cognition.memory.fields import MemoryFields, News
from cognition.memory.records import MemoryKind, MemoryRecord, NewMemory, first_memories
from cognition.offline import OfflineBrain
from cognition.offline.acquaintance import person_asked
from cognition.offline.conclusions import person_conclusions, trait_conclusions
from cognition.offline.facts import fact_of_news
from cognition.offline.invitation import will_go
from cognition.offline.notes import named_by, people, read_notes
from cognition.offline.reacting import knows_of
from cognition.offline.relations import view_of
from cognition.offline.talk import line
from cognition.persona import read_innate_traits
from cognition.steps.dialogue import LineInput
from cognition.steps.interview import INTERVIEW, InterviewInput
from cognition.steps.react import ReactInput
from cognition.steps.reflect import Recalled
from cognition.steps.relationship import RelationshipInput, have_met
from cognition.steps.summary import SummaryInput
from cognition.steps.view_reuse import named_counts
from cognition.testing.memory_fake import FakeMemoryStream
from tests.cognition.offline.test_offline_talk import NIGHT, line_input, persona

ANN, BO, CY = "Ann Lee", "Bo Dahl", "Cy Pell"
NOW = datetime(2031, 3, 3, 8, 0)
POTTERY = f"{ANN} throws pots with {BO} at the kiln shed"
RAIN = f"{ANN} likes the sound of rain on the roof"
SAYS_NOTHING = "[Mon Mar 03 09:10] ..."  # a memory whose words say nothing of anyone


def talk(*partners: str) -> Recalled:
    about = MemoryFields(partners=partners, time=datetime(2031, 3, 3, 9, 10))
    return Recalled(kind=MemoryKind.DIALOGUE, about=about)


def plain(subject: str = ANN) -> Recalled:
    return Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(subject=subject))


# --- whether two met, as data ----------------------------------------------------------------


def test_whether_two_met_is_data_beside_the_view() -> None:
    seen = f"[Mon Mar 03 08:00] {BO} is glazing a bowl (kiln shed, {BO}'s yard)"
    sighting = MemoryFields(subject=BO, doing="glazing a bowl", place="kiln shed")
    stranger = view_of(
        RelationshipInput(
            agent=ANN,
            other=BO,
            memories=[seen],
            recalled=[Recalled(kind=MemoryKind.OBSERVATION, about=sighting)],
        ),
        random.Random(0),
    )
    assert not stranger.met and "glazing a bowl" in stranger.known_of
    assert stranger.summary == f"{ANN} has not met {BO} yet. {stranger.known_of}"
    met = view_of(
        RelationshipInput(agent=ANN, other=BO, memories=[SAYS_NOTHING], recalled=[talk(BO)]),
        random.Random(0),
    )
    assert met.met and met.known_of == "" and "talked once" in met.summary


def ask(question: str, memories: list[str], recalled: list[Recalled]) -> str:
    inputs = InterviewInput(
        agent=ANN, summary=f"Name: {ANN} (age 30).", now="Monday March 3, 2031, 13:00",
        asker="a visitor", question=question, memories=memories, recalled=recalled,
    )  # fmt: skip
    return OfflineBrain(0).complete(INTERVIEW, inputs, agent=ANN).output.answer


def test_the_interview_reads_whether_they_met_from_the_fields_not_the_words() -> None:
    # a talk whose words say "has not met" is a talk: its fields name the partner
    words = f"[Mon Mar 03 09:10] {ANN} has not met {BO} yet."
    answer = ask(f"Do you know {BO}?", [words], [talk(BO)])
    assert answer.startswith("Yes.") and "haven't met" not in answer
    # a fact naming both, with fields naming no tie, is no meeting, whatever its words
    fact = f"[Mon Mar 03 09:10] {ANN} and {BO} have met many times."
    answer = ask(f"Do you know {BO}?", [fact], [plain()])
    assert answer.startswith("I haven't met") or answer.startswith("We haven't")


# --- the people a persona's fact names: one writer, read by fields ----------------------------


def ann_agent() -> Agent:
    ann = persona(ANN, description=f"{POTTERY}; {RAIN}")
    agent = Agent(ann, FakeMemoryStream(ANN), OfflineBrain(0))
    agent.seed(NOW)
    return agent


def test_a_personas_facts_carry_the_people_they_name_round_trip() -> None:
    agent = ann_agent()
    assert agent.persona.named() == {POTTERY: (BO,)}  # the writer reads the persona file
    by_text = {r.text: r.about for r in agent.memory.all()}
    assert by_text[POTTERY] == MemoryFields(subject=ANN, named=(BO,))
    assert by_text[RAIN] == MemoryFields(subject=ANN)
    records = agent.memory.all()
    notes = read_notes([r.text for r in records], recalled=[Recalled.of(r) for r in records])
    [pottery] = [n for n in notes if n.text == POTTERY]
    assert named_by(pottery) == [ANN, BO]  # the reader reads the fields
    assert people(notes, ANN)[BO] == 1
    [trait] = trait_conclusions(ANN, notes, random.Random(0))  # naming Bo: no trait
    assert "rain" in trait.text and "pots" not in trait.text


def test_whom_a_memory_names_is_its_fields_whatever_its_words() -> None:
    lines = [f"{ANN} often thinks of {CY}", SAYS_NOTHING, SAYS_NOTHING]
    named = Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(subject=ANN, named=(BO,)))
    notes = read_notes(lines, recalled=[plain(), named, talk(BO)])
    counted = people(notes, ANN)
    assert counted[BO] == 2 and CY not in counted
    [about_bo] = person_conclusions(ANN, notes, random.Random(0), set())
    assert BO in about_bo.text and about_bo.evidence == (2, 3)


def test_an_old_saves_facts_get_the_people_they_name_once() -> None:
    """A save made after facts carried whose they are, before they named people."""
    ann = persona(ANN, description=f"{POTTERY}; {RAIN}")
    memory = FakeMemoryStream(ANN)
    old = first_memories(ANN, [POTTERY, RAIN], [3, 3], [], NOW)  # no `named` given
    memory.add_many(
        [NewMemory(m.kind, m.text, m.created, m.importance, about=m.about) for m in old]
    )
    agent = Agent(ann, memory, OfflineBrain(0))
    agent.set_state({"seeded": True, "news_seeded": True, "facts_typed": True})
    assert not agent.state.facts_named
    agent.seed(NOW)
    by_text = {r.text: r.about for r in memory.all()}
    assert by_text[POTTERY] == MemoryFields(subject=ANN, named=(BO,))
    assert by_text[RAIN] == MemoryFields(subject=ANN) and agent.state.facts_named
    assert memory.count() == 2


# --- react and the interview's first name, by fields ------------------------------------------


def react_input(memories: list[str], recalled: list[Recalled]) -> ReactInput:
    return ReactInput(
        agent=ANN, summary="", now="Monday 09:30", current_activity="reading",
        observation=f"{BO} is reading", observed=BO, relationship_memories=memories,
        status_memories=[], relationship_recalled=recalled, may_talk=True,
    )  # fmt: skip


def test_react_knows_of_someone_by_the_fields_of_its_memories() -> None:
    assert knows_of(react_input([SAYS_NOTHING], [talk(BO)]))
    assert not knows_of(react_input([f"{ANN} thinks {BO} is kind"], [plain()]))


def test_a_first_name_asked_is_the_full_name_the_fields_give() -> None:
    def asked(memories: list[str], recalled: list[Recalled]) -> str | None:
        inputs = InterviewInput(
            agent=ANN, summary="", now="", asker="", question="Who is Bo?",
            memories=memories, recalled=recalled,
        )  # fmt: skip
        return person_asked(inputs)

    assert asked([SAYS_NOTHING], [talk(BO)]) == BO
    assert asked(["Bo Quinn waved at me"], [plain()]) == "Bo"  # words name him; fields no one
    assert asked([SAYS_NOTHING, SAYS_NOTHING], [talk(BO), talk("Bo Quinn")]) == "Bo"  # two Bos


# --- a text form left: the innate traits of a summary, writer beside reader -------------------


def test_the_innate_traits_round_trip_through_the_identity_line() -> None:
    ann = persona(ANN, traits="shy, patient")
    assert read_innate_traits(ann.identity()) == "shy, patient"
    assert read_innate_traits(f"{ann.identity()}\nAnn works hard.") == "shy, patient"
    assert read_innate_traits("Name: Ann Lee (age 30).") == ""


# --- whether the speaker met the listener: the step's fields, the line rules' `met` ----------


def records(*about: tuple[MemoryKind, MemoryFields | None, str]) -> list[MemoryRecord]:
    return [
        MemoryRecord(
            id=str(n),
            agent=ANN,
            kind=kind,
            text=text,
            created=NOW,
            last_accessed=NOW,
            importance=3,
            about=fields,
        )
        for n, (kind, fields, text) in enumerate(about)
    ]


def test_the_step_says_they_met_as_the_offline_view_does() -> None:
    told = News(item="kiln", subject=BO, statement=f"{BO} is firing the kiln", source=BO)
    cases = [
        (MemoryKind.DIALOGUE, MemoryFields(partners=(BO,), time=NOW), "..."),
        (MemoryKind.OBSERVATION, MemoryFields(subject=ANN, people=(BO,)), "..."),
        (MemoryKind.REFLECTION, MemoryFields(people=(BO,)), "..."),
        (MemoryKind.OBSERVATION, MemoryFields(subject=ANN, news=(told,)), "..."),
        (MemoryKind.OBSERVATION, MemoryFields(subject=BO, doing="glazing"), "..."),
        (MemoryKind.OBSERVATION, MemoryFields(subject=ANN, named=(BO,)), f"{ANN} met {BO}"),
        (MemoryKind.DIALOGUE, None, f"Conversation with {BO}:\n{BO}: Hi!"),
        (MemoryKind.OBSERVATION, None, f"{ANN} has met {BO} many times"),
    ]
    for case in cases:
        [record] = records(case)
        inputs = RelationshipInput(
            agent=ANN, other=BO, memories=[record.text], recalled=[Recalled.of(record)]
        )
        offline = view_of(inputs, random.Random(0)).met
        assert have_met([record], BO) == offline, case
    assert [have_met(records(c), BO) for c in cases] == [True] * 4 + [False] * 2 + [True, False]


def test_the_line_rules_read_whether_they_met_not_the_views_words() -> None:
    otto = persona("Otto Brandt")
    view = "Otto Brandt has not met Ivy Moss yet."  # words the rules no longer read
    for met, introduces in ((False, True), (True, False)):
        inputs = LineInput(
            speaker=otto.name, listener="Ivy Moss", summary=otto.identity(),
            view_of_listener=view, memories=[], history=[], now="Monday March 3, 2031, 09:00",
            turn=1, max_turns=8, met=met,
        )  # fmt: skip
        said = {line(inputs, random.Random(seed)).text for seed in range(12)}
        assert any(otto.name in text for text in said) == introduces, said


def test_an_invitation_is_taken_up_more_readily_from_a_host_the_memories_name() -> None:
    """Knowing the host is read from how many memories name them by their fields
    (`LineInput.named`, `view_reuse.named_counts`), never from the memories' words."""
    otto = persona("Otto Brandt")
    night = fact_of_news(NIGHT)

    def accepted(named: dict[str, int]) -> set[int]:
        inputs = line_input(otto, "Ivy Moss", [f"{NIGHT.host} waved"] * 3, [], named=named)
        return {s for s in range(60) if will_go(inputs, night, random.Random(s))[0]}

    strangers, known = accepted({}), accepted({NIGHT.host: 2})
    assert strangers < known  # the same draws, a higher chance: more accept


def test_named_counts_count_the_records_whose_fields_name_someone() -> None:
    found = named_counts(
        records(
            (MemoryKind.DIALOGUE, MemoryFields(partners=(BO,)), f"{CY} ..."),
            (MemoryKind.OBSERVATION, MemoryFields(subject=ANN, named=(BO, CY)), "..."),
            (MemoryKind.OBSERVATION, None, f"{BO} and {CY} waved"),
        )
    )
    assert found == {BO: 2, ANN: 1, CY: 1}


def test_typing_whom_a_fact_names_leaves_every_draw_as_it_was() -> None:
    """`MemoryFields.named` restates the fact's words: the call's random is as without it."""

    def draw(named: tuple[str, ...]) -> float:
        about = MemoryFields(subject="Zoë Ann", named=named, time=datetime(2031, 3, 3, 8, 0))
        inputs = SummaryInput(
            agent="Zoë Ann", identity="Name: Zoë Ann", now="Monday", core_memories=[POTTERY],
            occupation_memories=[], progress_memories=[], learned="", currently="",
            recalled=[Recalled(kind=MemoryKind.OBSERVATION, about=about)],
        )  # fmt: skip
        return OfflineBrain(3).random_for("Zoë Ann", "summary_description", inputs).random()

    assert draw((BO,)) == draw(()) and draw((BO, CY)) == draw(())

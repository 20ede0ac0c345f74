"""The memories talking and thinking make carry typed fields, each kind from its one writer:
a model's line names the news it tells (so a model-made talk's memory carries it), a talk
records the commitments made in it, an accepted invitation and an adopted intention their
intention; the reflection step hands each memory's kind and fields to the rules."""

from __future__ import annotations

from datetime import date
from typing import Any

from cognition.agent import Agent
from cognition.agent_state import Appointment
from cognition.contract import Conversation, ConversationLine, InnerVoice
from cognition.memory.fields import Intention, MemoryFields, News, fields_from_json, fields_to_json
from cognition.memory.records import MemoryKind, MemoryRecord
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.steps.dialogue import DIALOGUE_LINE, Commitment, DialogueLine, LineInput
from cognition.steps.reflect import InsightsInput, QuestionsInput, insight_fields, reflect
from cognition.steps.talk_fields import talk_fields
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, MARIA, START

PARTY = News(
    item="party",
    subject=ISABELLA.name,
    statement="Isabella Rodriguez is planning a Valentine's Day party at Hobbs Cafe",
    kind="event",
    name="Valentine's Day party",
    place="Hobbs Cafe",
    day="February 14",
    span="from 5 to 7 pm",
)
ISABELLA_WITH_NEWS = ISABELLA.model_copy(update={"news": [PARTY]})
INVITED = Commitment(
    person=MARIA.name,
    activity="go to the Valentine's Day party at Hobbs Cafe",
    day="2023-02-14",
    start="17:00",
    end="19:00",
    item="party",
)


def mind(persona: Any, model: Any) -> Agent:
    agent = Agent(persona, FakeMemoryStream(persona.name), model, MindSettings())
    agent.seed(START)
    return agent


def test_a_model_line_names_the_news_it_tells_by_its_number() -> None:
    line = DialogueLine.model_validate({"text": "Guess what!", "tells": ["1", "x", 7]})
    assert line.tells == [1, 7]
    assert line.telling([PARTY]).told == PARTY
    assert DialogueLine(text="Hi", tells=[3]).telling([PARTY]).told is None
    assert DialogueLine(text="Hi").telling([PARTY]).told is None


def test_the_line_prompt_lists_the_speakers_news_by_number() -> None:
    inputs = LineInput(
        speaker=ISABELLA.name,
        listener=MARIA.name,
        summary="",
        view_of_listener="",
        memories=[],
        history=[],
        now="",
        turn=1,
        max_turns=4,
        news=[PARTY],
        known_news=[f"1. {PARTY.statement}"],
    )
    prompt = "\n".join(m.content for m in DIALOGUE_LINE.messages(inputs))
    assert f"- 1. {PARTY.statement}" in prompt and '"tells"' in prompt


def test_a_model_made_talk_carries_the_news_its_lines_named() -> None:
    def line(inputs: LineInput) -> dict[str, object]:
        telling = inputs.speaker == ISABELLA.name and inputs.turn == 1
        return {"text": "You must come on Tuesday!", "tells": [1] if telling else []}

    model = ScriptedModel({"dialogue_line": [line]}, fallback_model=OfflineBrain(0))
    host, guest = mind(ISABELLA_WITH_NEWS, model), mind(MARIA, model)
    host.talker.converse_with(guest.talker, START)
    heard = guest.memory.all(MemoryKind.DIALOGUE)
    told = host.memory.all(MemoryKind.DIALOGUE)
    assert heard and all(r.about is not None for r in heard)
    party = [n for r in heard for n in r.about.news if n.item == "party"]  # type: ignore[union-attr]
    assert [n.source for n in party] == [ISABELLA.name] * len(heard)
    # the party among what it told (the offline fallback's lines tell its own news too)
    assert all(r.about is not None and "party" in r.about.told for r in told)


def test_a_talk_records_its_commitments_as_intentions() -> None:
    refused = INVITED.model_copy(update={"person": ISABELLA.name, "going": False})
    conversation = Conversation(
        participants=(ISABELLA.name, MARIA.name),
        lines=(ConversationLine(speaker=ISABELLA.name, text="Come!", told=PARTY),),
        summary="They talked.",
        started=START,
    )
    about = talk_fields(ISABELLA.name, conversation, (MARIA.name,), START, [INVITED, refused])
    going, turned = about.intentions
    assert going == Intention(
        person=MARIA.name,
        deed=INVITED.activity,
        item="party",
        day=date(2023, 2, 14),
        start=17 * 60,
        end=19 * 60,
    )
    assert turned.person == ISABELLA.name and not turned.going
    assert about.told == ("party",) and about.news == (PARTY,)


def test_a_meetings_talk_records_its_question_as_its_topic() -> None:
    meeting = Conversation(
        participants=(ISABELLA.name, MARIA.name, "Bo Dahl"),
        lines=(ConversationLine(speaker=ISABELLA.name, text="Well?"),),
        summary="They met.",
        started=START,
        topic="Should the  pier reopen?",
    )
    about = talk_fields(MARIA.name, meeting, (ISABELLA.name, "Bo Dahl"), START)
    assert about.topic == "Should the pier reopen?"
    chance = meeting.model_copy(update={"topic": ""})
    assert talk_fields(MARIA.name, chance, (ISABELLA.name,), START).topic == ""


def test_an_accepted_invitation_is_remembered_with_its_intention() -> None:
    appointment = Appointment.from_commitment(INVITED, MARIA.name, START)
    assert appointment is not None and appointment.item == "party"
    about = appointment.memory_fields(MARIA.name, START)
    (intention,) = about.intentions
    assert (intention.person, intention.item, intention.start, intention.end) == (
        MARIA.name,
        "party",
        17 * 60,
        19 * 60,
    )
    refused = INVITED.model_copy(update={"going": False})
    assert Appointment.from_commitment(refused, MARIA.name, START) is None


def test_an_adopted_intention_is_remembered_with_its_deed() -> None:
    agent = mind(ISABELLA, OfflineBrain(0))
    agent.talker.chat("You should bake a cake.", InnerVoice(), START)
    (plan,) = [r for r in agent.memory.all(MemoryKind.PLAN) if r.about and r.about.intentions]
    (intention,) = plan.about.intentions  # type: ignore[union-attr]
    assert (intention.person, intention.deed, intention.going) == (
        ISABELLA.name,
        "bake a cake",
        True,
    )


def test_fields_saved_before_intentions_load_and_new_ones_round_trip() -> None:
    old = fields_from_json('{"partners": ["Maria Lopez"]}')
    assert old == MemoryFields(partners=("Maria Lopez",))
    assert old.intentions == () and old.told == ()
    new = MemoryFields(told=("party",), intentions=(Intention(person="A B", deed="go"),))
    assert fields_from_json(fields_to_json(new)) == new


def test_the_reflection_step_hands_the_rules_each_memorys_kind_and_fields() -> None:
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    agent = mind(ISABELLA_WITH_NEWS, model)
    reflect(agent.context(START))
    for call in model.calls:
        if isinstance(call.inputs, QuestionsInput):
            assert len(call.inputs.recalled) == len(call.inputs.memories) > 0
        if isinstance(call.inputs, InsightsInput):
            assert len(call.inputs.recalled) == len(call.inputs.statements)
    asked = [c.inputs for c in model.calls if isinstance(c.inputs, QuestionsInput)]
    assert asked and any(r.about is not None and r.about.news for r in asked[0].recalled)


def test_an_intention_the_player_gave_is_remembered_with_its_fields() -> None:
    agent = mind(ISABELLA, OfflineBrain(0))
    meeting = INVITED.model_copy(update={"person": ISABELLA.name, "item": ""})
    statement = f"{ISABELLA.name} will host a meeting at Hobbs Cafe on February 14."
    assert agent.talker.intend(statement, meeting, START)
    (kept,) = [r for r in agent.memory.all(MemoryKind.PLAN) if r.text == statement]
    assert kept.about is not None
    (intention,) = kept.about.intentions
    assert (intention.person, intention.deed, intention.start) == (
        ISABELLA.name,
        meeting.activity,
        17 * 60,
    )


def test_an_insight_concerns_the_people_and_the_item_of_its_evidence() -> None:
    def record(number: int, about: MemoryFields | None) -> MemoryRecord:
        return MemoryRecord(
            id=str(number),
            agent=ISABELLA.name,
            kind=MemoryKind.DIALOGUE,
            text="…",
            created=START,
            last_accessed=START,
            importance=5,
            about=about,
        )

    talk = MemoryFields(partners=(MARIA.name,), news=(PARTY.told_by(MARIA.name),))
    about = insight_fields([record(1, talk), record(2, None), record(3, MemoryFields())], START)
    assert about == MemoryFields(people=(MARIA.name,), item="party", time=START, items=("party",))
    assert about.partners == ()  # an insight is no talk
    other = MemoryFields(news=(PARTY.model_copy(update={"item": "fair"}),))
    both = insight_fields([record(1, talk), record(2, other)], START)
    assert (both.item, both.items) == ("", ("party", "fair"))  # the union, in the order cited
    going = MemoryFields(intentions=(Intention(person=MARIA.name, deed="go", item="walk"),))
    assert insight_fields([record(1, going)], START).items == ("walk",)

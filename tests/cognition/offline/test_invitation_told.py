"""An invitation carries the item it invites to: a guest who means to go to an event (its
own intention, as memory fields) asks others along with a line whose `told` is the event's
news as the guest knows it, so the listener's memory of the talk names the item."""

from __future__ import annotations

import random
from datetime import timedelta

from cognition.contract import Conversation, ConversationLine
from cognition.memory.fields import Intention, MemoryFields, News
from cognition.memory.records import MemoryKind, NewMemory
from cognition.offline.talk import line
from cognition.steps.common import news_going
from cognition.steps.dialogue import LineInput
from cognition.steps.talk_fields import talk_fields
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.town import START

HOST, GUEST, FRIEND = "Nora Vance", "Otto Brandt", "Lena Fisk"
FAIR = News(
    item="fair-7",
    subject=HOST,
    statement=f"{HOST} is hosting a lantern fair at Juniper Hall",
    kind="gathering",
    importance=5,
    name="lantern fair",
    place="Juniper Hall",
    day="February 14",
    span="from 5 to 7 pm",
    source=HOST,
)
GOING = Intention(person=GUEST, deed="go to the lantern fair", item="fair-7", going=True)


def guest_line(seed: int, going: list[str]) -> ConversationLine:
    inputs = LineInput(
        speaker=GUEST,
        listener=FRIEND,
        summary=f"Name: {GUEST}\nInnate traits: friendly\n{GUEST} is a baker.",
        view_of_listener=f"{FRIEND} is a close friend of {GUEST}",
        memories=[],
        # a talk of its own for each seed: what a speaker mentions is decided once a talk
        history=[f"{GUEST}: Hi Lena! (talk {seed})", f"{FRIEND}: Hello Otto, how are you?"],
        now="Monday February 13, 2023, 10:00",
        turn=3,
        max_turns=8,
        news=[FAIR],
        going=going,
    )
    said = line(inputs, random.Random(seed))
    return ConversationLine(speaker=GUEST, text=said.text, told=said.told)


def test_an_invitation_line_carries_the_event_it_invites_to() -> None:
    invitations = [
        said for seed in range(12) if "plan to go" in (said := guest_line(seed, ["fair-7"])).text
    ]
    assert invitations  # a guest who means to go asks its friend along
    assert all(said.told == FAIR for said in invitations)
    conversation = Conversation(
        participants=(GUEST, FRIEND), lines=(invitations[0],), summary="", started=START
    )
    heard = talk_fields(FRIEND, conversation, (GUEST,), START)
    assert [(n.item, n.source) for n in heard.news] == [("fair-7", GUEST)]
    assert heard.told == ()


def test_no_plan_to_go_is_told_without_an_intention_to_go() -> None:
    lines = [guest_line(seed, []) for seed in range(12)]
    assert not any("plan to go" in said.text for said in lines)
    assert all(said.told in (None, FAIR) for said in lines)


def test_the_items_one_means_to_go_to_follow_the_latest_intention() -> None:
    memory = FakeMemoryStream(GUEST)
    refused = GOING.model_copy(update={"going": False})
    other = GOING.model_copy(update={"item": "dance-2"})
    memory.add_many(
        [
            NewMemory(
                kind=MemoryKind.OBSERVATION,
                text=f"{GUEST} means to {intention.deed}.",
                importance=5,
                created=START + timedelta(minutes=minutes),
                about=MemoryFields(intentions=(intention,), time=START),
            )
            for minutes, intention in enumerate((GOING, other, refused))
        ]
    )
    assert news_going(memory, GUEST) == ["dance-2"]  # the fair was turned down after all
    assert news_going(memory, FRIEND) == []

"""Readers the offline brain once left to words, now reading fields (issue 33, part 4): whom
a group line turns to (its `to`, as its writer gave it), and whether a talk's last line
introduced its speaker (the line's `introduces`, written with the greeting). A player's
typed line (the user's input, its field unknown) is still read by its words. The town is
invented."""

from __future__ import annotations

import random

import cognition.offline.phrases as say
from cognition.contract import ConversationLine
from cognition.offline.group import next_speaker
from cognition.offline.talk import line
from cognition.steps.group_line import said
from cognition.steps.group_manager import NextSpeakerInput
from tests.cognition.offline.test_offline_talk import line_input, persona

ANN, BO, CY, DEE = "Ann Lee", "Bo Dahl", "Cy Pell", "Dee Rowe"
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

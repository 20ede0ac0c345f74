"""Each text form code still reads back round-trips: its reader gives back what its writer
was given (`cognition.memory.texts`)."""

from __future__ import annotations

import pytest

from cognition.memory.texts import (
    object_state_text,
    read_object_state,
    read_said,
    read_seen,
    read_told,
    read_transcript,
    said_text,
    seen_text,
    told_text,
    transcript_text,
)


@pytest.mark.parametrize(
    "partners",
    [("Ann Lee",), ("Ann Lee", "Bo Dahl"), ("Ann Lee", "Bo Dahl", "Cy Van Fenn")],
)
def test_a_transcript_round_trips(partners: tuple[str, ...]) -> None:
    lines = [("Ann Lee", "Hi Bo! Did you hear? Cy told me: it's on."), ("Bo Dahl", "No way.")]
    text = transcript_text(partners, lines)
    read = read_transcript(text)
    assert read is not None
    assert read.partners == partners and list(read.lines) == lines


def test_a_telling_round_trips_and_other_sentences_are_not_tellings() -> None:
    statement = "Ann Lee is planning a party at the Old Mill on May 2 from 5 to 7 pm"
    told = read_told(told_text("Bo Dahl", "Cy Fenn", statement + "."))
    assert told is not None and (told.teller, told.listener, told.statement) == (
        "Bo Dahl",
        "Cy Fenn",
        statement,
    )
    assert read_told("Bo Dahl and Cy Fenn had a chat.") is None
    assert read_transcript("Bo Dahl and Cy Fenn had a chat.") is None


def test_a_line_heard_round_trips_even_with_quotes_and_lines_inside() -> None:
    said = 'She said "come along!"\nSee you there.'
    heard = read_said(said_text("Ann Lee", "Bo Dahl", said))
    assert heard is not None and (heard.speaker, heard.hearer, heard.text) == (
        "Ann Lee",
        "Bo Dahl",
        said,
    )
    assert read_said("Ann Lee greeted Bo Dahl.") is None


@pytest.mark.parametrize(
    ("activity", "doing"),
    [("read a book", "reading a book"), ('"See you!"', 'saying "See you!"'), ("", "idle")],
)
def test_a_sighting_round_trips(activity: str, doing: str) -> None:
    text = seen_text("Ann Lee", activity, "desk, Ann's room, Ann's house")
    read = read_seen(text)
    assert read is not None
    assert (read.person, read.doing, read.where) == (
        "Ann Lee",
        doing,
        "desk, Ann's room, Ann's house",
    )
    assert read_seen("Ann Lee and Bo Dahl talked about the weather.") is None


@pytest.mark.parametrize("state", ["in use by Ann Lee", "is burning", "are being watered"])
def test_an_objects_state_round_trips(state: str) -> None:
    text = object_state_text("shower", "bathroom, Home", state)
    said = state if state.startswith(("is ", "are ")) else f"is {state}"
    assert read_object_state(text) == ("shower", "bathroom, Home", said)
    assert read_object_state("Ann Lee is reading (desk, Ann's room)") is None

"""Each text form code still reads back round-trips: its reader gives back what its writer
was given (`cognition.memory.texts`)."""

from __future__ import annotations

from datetime import datetime

import pytest

from cognition.memory.texts import (
    about_line,
    going_text,
    listed,
    listed_names,
    object_state_text,
    read_about_line,
    read_object_state,
    read_said,
    read_seen,
    read_stamp,
    read_talk_opening,
    read_told,
    read_transcript,
    said_text,
    seen_text,
    stamped_text,
    talk_opening_text,
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


def test_a_tellings_subject_round_trips_as_the_name_its_statement_starts_with() -> None:
    """`Told.subject`: whom the statement `told_text` was given is about — the full name it
    starts with (possessive or not), else the teller's own news."""
    cases = {
        "Ann Lee is planning a party": "Ann Lee",
        "Cy Van Fenn's poems are going to be published": "Cy Van Fenn",
        "the bakery on Elm Street is closing": "Bo Dahl",
    }
    for statement, subject in cases.items():
        told = read_told(told_text("Bo Dahl", "Dee Orr", statement))
        assert told is not None and told.subject == subject, statement


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


@pytest.mark.parametrize("when", [datetime(2023, 2, 13, 9, 10), datetime(2023, 3, 5, 23, 59)])
def test_a_stamped_memory_round_trips(when: datetime) -> None:
    text = "Conversation with Bo Dahl:\nBo Dahl: Hi!"
    stamp, read = read_stamp(stamped_text(when, text))
    assert read == text and stamp is not None
    assert (stamp.weekday, stamp.month, stamp.day, stamp.hour, stamp.minute) == (
        f"{when:%a}",
        f"{when:%b}",
        when.day,
        when.hour,
        when.minute,
    )
    assert stamp.shown == f"{when:%a %H:%M}"
    assert read_stamp("Ann Lee is reading") == (None, "Ann Lee is reading")


@pytest.mark.parametrize("chat", [False, True])
def test_a_talks_opening_round_trips(chat: bool) -> None:
    text = talk_opening_text("Ann Lee", "Cy Van Fenn", chat) + " Ann Lee told Cy Van Fenn that …"
    assert read_talk_opening(text) == ("Ann Lee", "Cy Van Fenn")
    assert read_talk_opening("Ann Lee and Bo Dahl caught up over coffee.") == ("Ann Lee", "Bo Dahl")
    assert read_talk_opening("Ann Lee told Bo Dahl that Cy Fenn talked.") is None


@pytest.mark.parametrize(
    "memory",
    ["[Mon Feb 13 09:10] Ann Lee is reading", "Bo Dahl said: well — maybe", ""],
)
def test_a_memory_about_a_member_round_trips(memory: str) -> None:
    assert read_about_line(about_line("Ann Lee", memory)) == ("Ann Lee", memory)
    assert read_about_line(memory.replace(" — ", " ")) is None  # no one named first


@pytest.mark.parametrize(
    "names",
    [(), ("Ann Lee",), ("Ann Lee", "Bo Dahl"), ("Ann Lee", "Dee O’Hara", "Cy Van Fenn")],
)
def test_a_list_of_names_round_trips(names: tuple[str, ...]) -> None:
    assert listed_names(listed(names)) == names


def test_a_transcript_round_trips_with_apostrophes_in_names() -> None:
    """The head's names and each line's speaker are read by the same name pattern: a name
    with a curly apostrophe (as a model or a persona file may write it) keeps its lines."""
    partners = ("Dee O’Hara", "Cy D'Arcy")
    lines = [("Dee O’Hara", "Hello!"), ("Cy D'Arcy", "Hi: how are you?"), ("Ann Lee", "Fine.")]
    read = read_transcript(transcript_text(partners, lines))
    assert read is not None
    assert read.partners == partners and list(read.lines) == lines


def test_a_plan_to_go_is_prose_no_reader_takes_for_a_telling_or_an_opening() -> None:
    """`going_text` is written for people and prompts only (the plan is in the talk's
    intentions): no reader of this module takes it for another form, and told on it
    round-trips whole as a telling's statement."""
    going = going_text("Ann Lee", "open mic night", "The Blue Note", "March 3", "from 7 to 9 pm")
    assert (
        going
        == "Ann Lee plans to go to the open mic night at The Blue Note on March 3 from 7 to 9 pm."
    )
    readers = (read_told, read_talk_opening, read_said, read_seen, read_object_state,
               read_transcript, read_about_line)  # fmt: skip
    assert all(reader(going) is None for reader in readers)
    told = read_told(told_text("Bo Dahl", "Cy Fenn", going))
    assert told is not None and told.statement == going.rstrip(".")
    assert told.subject == "Ann Lee"

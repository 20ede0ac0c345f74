"""A talk ends a parting after its last line (`PARTING_AFTER` line times): once its job has
said every line (`LiveTalk.said_all`), lockstep waits for the job only at the talk's end, so
the summary and the memories are written while the town steps on; a talk whose last line is
not known yet (a group's, or one still talking) is waited for at its next line's time."""

from __future__ import annotations

from datetime import datetime, timedelta

from cognition import Conversation, ConversationLine
from game.bridge.conversations import PARTING_AFTER, ConversationDesk, LiveTalk
from game.bridge.dialogue import DialogueLog

NINE = datetime(2023, 2, 13, 9, 0)


def test_once_every_line_is_said_the_town_waits_only_for_the_talks_end() -> None:
    live = LiveTalk()
    playback = ConversationDesk(DialogueLog(), 1.0).begin(("A", "B"), NINE, live)
    first = playback.started
    live.heard(ConversationLine(speaker="A", text="Hello, B."))
    live.heard(ConversationLine(speaker="B", text="Hello, A."))
    assert not playback.needs(first + timedelta(minutes=1))  # the second line is said
    assert playback.needs(first + timedelta(minutes=2))  # a third may come: not said yet
    live.said_all()  # the job has said its last line; its summary is still being asked
    end = first + timedelta(minutes=2 + PARTING_AFTER)
    assert PARTING_AFTER == 2
    assert not playback.needs(first + timedelta(minutes=2))  # the two part meanwhile
    assert not playback.needs(end - timedelta(minutes=1))
    assert playback.needs(end)  # the talk's end has come: its outcome is due
    talk = Conversation(participants=("A", "B"), started=NINE, lines=playback.lines, summary="")
    playback.conversation, playback.live = talk, None
    assert playback.ends == end and not playback.needs(end)


def test_a_talk_whose_last_line_is_not_known_is_waited_for_at_its_next_lines_time() -> None:
    live = LiveTalk()
    playback = ConversationDesk(DialogueLog(), 2.0).begin(("A", "B"), NINE, live)
    live.heard(ConversationLine(speaker="A", text="Hello, B."))
    assert not playback.needs(playback.shows(1) - timedelta(minutes=1))
    assert playback.needs(playback.shows(1))


def test_a_talk_over_already_ends_a_parting_after_its_last_line() -> None:
    lines = tuple(ConversationLine(speaker=n, text=f"Hi from {n}.") for n in "AB")
    talk = Conversation(participants=("A", "B"), started=NINE, lines=lines, summary="hi")
    desk = ConversationDesk(DialogueLog(), 2.0)
    playback = desk.start(talk, NINE)
    assert playback.ends == NINE + timedelta(minutes=2 * (2 + PARTING_AFTER))
    parting = playback.shows(1) + timedelta(minutes=2)  # the last lines stay in the bubbles
    assert desk.speaking(parting) == {"A": "Hi from A.", "B": "Hi from B."}
    assert desk.speaking(playback.ends) == {}

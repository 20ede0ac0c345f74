"""Town meetings: called by the player through a host, held offline among those who come,
remembered by every attendee; bad calls refused with a message; a meeting nobody comes to
is not held and says so."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import pygame
import pytest

from cognition.memory.records import MemoryKind
from game.bridge.desk import PlayerDesk
from game.bridge.lockstep import LockstepRunner
from game.bridge.meetings import MEETING, MeetingError, parse_command
from game.bridge.town_minds import ROOT, LivingTown
from game.render.text import PixelText
from game.town.views import Asking, ChatSession
from game.ui.chat.panel import ChatPanel

from .test_groups import ISABELLA, KLAUS, MARIA, stand_beside

MakeTown = Callable[..., LivingTown]
QUESTION = "Should the library open on Sundays?"


def run_for(living: LivingTown, minutes: int) -> None:
    LockstepRunner(living).run_until(living.clock.now + timedelta(minutes=minutes))


def test_a_meeting_called_through_a_host_is_held_and_every_attendee_remembers_it(
    make_town: MakeTown,
) -> None:
    living = make_town()
    run_for(living, 180)  # 10 am: Isabella at work in Hobbs Cafe
    desk = PlayerDesk(living)
    now = living.clock.now
    starts = now + timedelta(minutes=30)
    assert desk.call_meeting(ISABELLA, "hobbs cafe", starts, 60, QUESTION, now) is None
    run_for(living, 5)  # the host takes it up: news to tell, and an appointment
    isabella = living.minds[ISABELLA]
    plans = [r.text for r in isabella.memory.all(MemoryKind.PLAN)]
    assert any("is holding a town meeting at Hobbs Cafe" in t for t in plans)
    assert any(
        a.activity == "hold the town meeting at Hobbs Cafe" for a in isabella.state.appointments
    )
    run_for(living, 22)
    stand_beside(living, ISABELLA, (KLAUS, MARIA))  # the two come along
    run_for(living, 40)
    [meeting] = living.director.meetings.meetings
    assert meeting.state == "held" and meeting.attendees[0] == ISABELLA
    assert set(meeting.attendees) == {ISABELLA, KLAUS, MARIA}
    assert meeting.summary and len(meeting.stances) == 3
    for name in meeting.attendees:
        kept = [r.text for r in living.minds[name].memory.all(MemoryKind.DIALOGUE)]
        assert meeting.summary in kept
        assert any(t.startswith(f'At the meeting about "{QUESTION}", {name} was') for t in kept)
    logged = [x.text for x in living.director.dialogue.lines() if x.speaker == MEETING]
    assert logged[0] == meeting.summary and len(logged) == 4  # the summary, three stances
    opening = [x for x in living.director.dialogue.lines() if x.speaker == ISABELLA]
    assert any(QUESTION in x.text for x in opening)  # the host put the question


def test_a_meeting_nobody_comes_to_is_not_held(make_town: MakeTown) -> None:
    living = make_town()
    run_for(living, 60)
    desk = PlayerDesk(living)
    now = living.clock.now
    assert (
        desk.call_meeting(
            KLAUS, "The Willows Market and Pharmacy", now + timedelta(minutes=5), 15, QUESTION, now
        )
        is None
    )
    run_for(living, 25)
    [meeting] = living.director.meetings.meetings
    assert meeting.state == "not held"
    said = [x.text for x in living.director.dialogue.lines() if x.speaker == MEETING]
    assert said == [
        f"The meeting at The Willows Market and Pharmacy on {meeting.question!r} was not "
        "held: fewer than 2 people came."
    ]


@pytest.mark.parametrize(
    ("host", "place", "minutes_ahead", "length", "topic", "problem"),
    [
        (ISABELLA, "Atlantis", 30, 60, QUESTION, "there is no place called 'Atlantis'"),
        (ISABELLA, "Hobbs Cafe", -30, 60, QUESTION, "is not in the future"),
        (ISABELLA, "Hobbs Cafe", 30, 60, "   ", "needs a question"),
        ("Nobody Here", "Hobbs Cafe", 30, 60, QUESTION, "is nobody in this town"),
        (ISABELLA, "Hobbs Cafe", 30, 5, QUESTION, "from 15 minutes to 4 hours"),
    ],
)
def test_a_meeting_that_cannot_be_is_refused_with_a_message(
    make_town: MakeTown,
    host: str,
    place: str,
    minutes_ahead: int,
    length: int,
    topic: str,
    problem: str,
) -> None:
    living = make_town()
    desk = PlayerDesk(living)
    now = living.clock.now
    said = desk.call_meeting(
        host, place, now + timedelta(minutes=minutes_ahead), length, topic, now
    )
    assert said is not None and said.startswith("No meeting: ") and problem in said
    assert living.director.meetings.meetings == []
    with pytest.raises(MeetingError):
        living.director.meetings.call(
            host, place, now + timedelta(minutes=minutes_ahead), length, topic, now
        )


def test_the_meeting_command_reads_place_time_length_and_question() -> None:
    now = datetime(2023, 2, 13, 10, 0)
    assert parse_command(f"/meeting Hobbs Cafe at 4 pm about {QUESTION}", now) == (
        "Hobbs Cafe",
        now.replace(hour=16),
        60,
        QUESTION,
    )
    assert parse_command("/meeting the park at 11:30 for 30 minutes about Trees?", now) == (
        "the park",
        now.replace(hour=11, minute=30),
        30,
        "Trees?",
    )
    assert "like this: /meeting PLACE" in str(parse_command("/meeting tomorrow", now))
    assert "not a time of day" in str(parse_command("/meeting X at 25 about Y", now))


def test_a_meeting_called_from_the_chat_panel_with_a_command(
    make_town: MakeTown, screen: pygame.Surface
) -> None:
    living = make_town()
    run_for(living, 60)
    desk = PlayerDesk(living)
    session = ChatSession(ISABELLA, Asking("visitor", "Alex Kim"))
    panel = ChatPanel(desk, PixelText(), session, lambda: living.clock.now, lambda name: None)
    panel.field.focused = True
    for event in (
        pygame.event.Event(pygame.TEXTINPUT, text=f"/meeting Hobbs Cafe at 7 am about {QUESTION}"),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0),
    ):
        panel.handle(event)
    assert "is not in the future" in panel.message  # 7 am has passed: nothing called
    panel.field.clear()
    for event in (
        pygame.event.Event(pygame.TEXTINPUT, text=f"/meeting Hobbs Cafe at 2 pm about {QUESTION}"),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0),
    ):
        panel.handle(event)
    assert panel.message == ""
    assert session.lines[-1].speaker == "town meeting" and "14:00" in session.lines[-1].text
    [meeting] = living.director.meetings.meetings
    assert (meeting.host, meeting.place, meeting.topic) == (ISABELLA, "Hobbs Cafe", QUESTION)
    assert not desk.answering(ISABELLA)  # a command, not a line said to Isabella


def test_a_residents_own_intention_to_hold_a_meeting_is_called_at_the_start(
    make_town: MakeTown, tmp_path: Path
) -> None:
    town = tmp_path / "town"
    shutil.copytree(ROOT / "saves" / "the_ville_n3", town)
    data = json.loads((town / "personas.json").read_text(encoding="utf-8"))
    klaus = next(p for p in data["personas"] if p["name"] == KLAUS)
    klaus["description"] += (
        ";Klaus Mueller is holding a town meeting at Oak Hill College on February 13 from 3 to "
        "4 pm to talk about the question: should the college library open on Sundays"
    )
    (town / "personas.json").write_text(json.dumps(data), encoding="utf-8")
    (town / "town.json").write_text(
        (town / "town.json").read_text(encoding="utf-8").replace('"maps/', f'"{ROOT / "maps"}/'),
        encoding="utf-8",
    )
    living = make_town(str(town))
    [meeting] = living.director.meetings.meetings
    assert (meeting.host, meeting.place) == (KLAUS, "Oak Hill College")
    assert (meeting.starts.hour, meeting.ends.hour) == (15, 16)
    assert meeting.topic == "should the college library open on Sundays"
    run_for(living, 5)
    appointments = living.minds[KLAUS].state.appointments
    assert any(a.activity == "hold the town meeting at Oak Hill College" for a in appointments)

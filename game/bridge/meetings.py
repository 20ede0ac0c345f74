"""Town meetings: a place, a time and a question, held as a group conversation among those
who come.

The player calls a meeting through a resident who hosts it (`MeetingDesk.call`): the host
takes it up as an intention — remembered, so it is news the host tells people it meets
(who may plan to come, as with any invitation), and an appointment, so its day takes it to
the place on time. When the time comes the desk (each update, main thread) waits up to
`GRACE_MINUTES` for people to arrive, then holds the meeting among the residents in the
place who are free (the host first, when there): a group conversation on the question
under the town's strategy, after which every attendee takes a stance, kept as a memory.
The meeting's summary and stances go into the dialogue log. A meeting with fewer than
`MIN_ATTENDEES` there by its end is not held, and says so.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal

from cognition import Commitment, Conversation
from game.bridge.dialogue import SpokenLine
from game.town.resident import Resident
from game.world.areas import AreaTree

log = logging.getLogger(__name__)

GRACE_MINUTES = 10  # a meeting waits this long after its start for people to arrive
MIN_ATTENDEES = 2
TOPIC_MAX_CHARS = 200
MEETING = "town meeting"  # the speaker of the meeting's own lines in the log


class MeetingError(ValueError):
    """The meeting cannot be called: the message says which part and why."""


@dataclass
class Meeting:
    host: str
    topic: str
    place: str  # a sector of the map
    starts: datetime
    ends: datetime
    state: Literal["called", "held", "not held"] = "called"
    attendees: tuple[str, ...] = ()
    stances: tuple[tuple[str, str], ...] = ()
    summary: str = ""

    @property
    def question(self) -> str:
        return self.topic.rstrip("?.! ")

    def span(self) -> str:
        def hour(moment: datetime) -> str:
            return f"{moment:%I:%M %p}".lstrip("0").replace(":00", "").lower()

        return f"from {hour(self.starts)} to {hour(self.ends)}"

    def news(self) -> str:
        """The host's intention, as its memory keeps it and it tells it."""
        day = f"{self.starts:%B} {self.starts.day}"
        return (
            f"{self.host} is holding a town meeting at {self.place} on {day} {self.span()} "
            f"to talk about the question: {self.question}"
        )

    def commitment(self) -> Commitment:
        return Commitment(
            person=self.host,
            activity=f"hold the town meeting at {self.place}",
            day=f"{self.starts:%Y-%m-%d}",
            start=f"{self.starts:%H:%M}",
            end=f"{self.ends:%H:%M}",
        )


StartGroup = Callable[[list[str], datetime, str], None]  # (members, now, topic)


@dataclass
class MeetingDesk:
    """The meetings called in the town, and holding them when their time comes."""

    tree: AreaTree
    residents: Callable[[], dict[str, Resident]]
    is_free: Callable[[str], bool]
    start_group: StartGroup
    errand: Callable[[str, Callable[[], None]], None]  # run work on a resident's mind
    intend: Callable[[str, str, Commitment, datetime], bool]
    say: Callable[[SpokenLine], None]
    meetings: list[Meeting] = field(default_factory=list)

    def call(
        self, host: str, place: str, starts: datetime, minutes: int, topic: str, now: datetime
    ) -> Meeting:
        """Call a meeting hosted by `host` (a resident) in `place` (a sector of the map)."""
        question = " ".join(topic.split())
        if not question:
            raise MeetingError("the meeting needs a question to talk about")
        if len(question) > TOPIC_MAX_CHARS:
            raise MeetingError(f"the question is too long (at most {TOPIC_MAX_CHARS} characters)")
        if host not in self.residents():
            raise MeetingError(f"{host!r} is nobody in this town to host it")
        sectors = {name.lower(): name for name in self.tree.sectors}
        if place.strip().lower() not in sectors:
            raise MeetingError(f"there is no place called {place!r} on this map")
        if starts <= now:
            raise MeetingError(f"{starts:%a %H:%M} is not in the future (it is {now:%a %H:%M})")
        if not 15 <= minutes <= 240:
            raise MeetingError("a meeting lasts from 15 minutes to 4 hours")
        if starts.date() != (starts + timedelta(minutes=minutes - 1)).date():
            raise MeetingError("a meeting ends on the day it starts")
        meeting = Meeting(
            host,
            question,
            sectors[place.strip().lower()],
            starts,
            starts + timedelta(minutes=minutes),
        )
        self.meetings.append(meeting)
        self.errand(host, lambda: self.take_up(meeting, now))
        return meeting

    def take_up(self, meeting: Meeting, now: datetime) -> None:
        """The host's part (on its mind's thread): the intention and the appointment."""
        if not self.intend(meeting.host, meeting.news(), meeting.commitment(), now):
            log.warning("%s could not fit the meeting into its plans", meeting.host)

    def from_intentions(self, intentions: dict[str, list[str]], now: datetime) -> list[str]:
        """Meetings residents mean to hold (`intentions`: name → what it knows at the start,
        its persona's facts): each one is called as if the player had, so it is held when
        its time comes; what cannot be (a place not on the map, a time gone) is returned as
        warnings, one line each."""
        warnings = []
        for name, texts in intentions.items():
            for text in texts:
                found = meeting_intention(text, now.year)
                if found is None or found[0] != name:
                    continue
                host, place, starts, ends, topic = found
                minutes = int((ends - starts).total_seconds() // 60)
                try:
                    self.call(host, place, starts, minutes, topic, now)
                except MeetingError as error:
                    warnings.append(f"{name}'s town meeting is not held: {error}")
        return warnings

    def present(self, meeting: Meeting) -> list[str]:
        """The free residents in the meeting's place, the host first."""
        here = []
        for name, resident in self.residents().items():
            sector = self.tree.sector_at(resident.tile)
            if sector is not None and sector.sector == meeting.place and self.is_free(name):
                here.append(name)
        return sorted(here, key=lambda name: name != meeting.host)

    def update(self, now: datetime) -> None:
        """Hold every meeting whose time has come once enough people are there."""
        for meeting in self.meetings:
            if meeting.state != "called" or now < meeting.starts:
                continue
            if now >= meeting.ends:
                meeting.state = "not held"
                self.say(SpokenLine(now, MEETING, meeting.place, self.not_held(meeting)))
                continue
            here = self.present(meeting)
            waited = now >= meeting.starts + timedelta(minutes=GRACE_MINUTES)
            if len(here) >= MIN_ATTENDEES and (waited or meeting.host in here):
                meeting.state, meeting.attendees = "held", tuple(here)
                self.start_group(here, now, meeting.topic)

    def not_held(self, meeting: Meeting) -> str:
        return (
            f"The meeting at {meeting.place} on {meeting.question!r} was not held: "
            f"fewer than {MIN_ATTENDEES} people came."
        )

    def finished(self, conversation: Conversation, now: datetime) -> None:
        """A meeting's talk is over: its summary and stances, into the log."""
        meeting = next(
            (m for m in self.meetings if m.state == "held" and m.topic == conversation.topic
             and set(m.attendees) == set(conversation.participants)),
            None,
        )  # fmt: skip
        if meeting is None:
            return
        meeting.stances, meeting.summary = conversation.stances, conversation.summary
        self.say(SpokenLine(now, MEETING, meeting.place, conversation.summary))
        for _, stance in conversation.stances:
            self.say(SpokenLine(now, MEETING, meeting.place, stance))


COMMAND = re.compile(
    r"^/meeting\s+(?P<place>.+?)\s+at\s+(?P<hour>\d{1,2})(?::(?P<minute>\d{2}))?"
    r"\s*(?P<half>am|pm)?"
    r"(?:\s+for\s+(?P<minutes>\d{1,3})\s*min(?:ute)?s?)?\s+about\s+(?P<topic>.+)$",
    re.IGNORECASE,
)
USAGE = "/meeting PLACE at HH:MM [for N minutes] about QUESTION"


def parse_command(text: str, now: datetime) -> tuple[str, datetime, int, str] | str:
    """The player's "/meeting Hobbs Cafe at 4 pm about Should …?" as (place, start today,
    minutes, question), or a message saying how to write it."""
    match = COMMAND.match(" ".join(text.split()))
    if match is None:
        return f"Call a meeting like this: {USAGE}"
    hour, minute = int(match["hour"]), int(match["minute"] or 0)
    half = (match["half"] or "").lower()
    if half == "pm" and hour < 12:
        hour += 12
    elif half == "am" and hour == 12:
        hour = 0
    if hour > 23 or minute > 59:
        return f"{match['hour']}:{match['minute'] or '00'} is not a time of day"
    starts = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    return match["place"], starts, int(match["minutes"] or 60), match["topic"]


INTENTION = re.compile(
    r"^(?P<host>[A-Z][\w'-]+(?: [A-Z][\w'-]+)+) is (?:holding|calling|hosting) a town meeting "
    r"at (?P<place>.+?) on (?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}),? from (?P<start>[\d:]+)\s*"
    r"(?P<start_half>am|pm)? to (?P<end>[\d:]+)\s*(?P<end_half>am|pm) to talk about "
    r"(?:the question:\s*)?(?P<topic>.+?)\.?$"
)


def clock_of(text: str, half: str) -> tuple[int, int]:
    hour, _, minute = text.partition(":")
    value = int(hour) % 12 + (12 if half == "pm" else 0)
    return value, int(minute or 0)


def meeting_intention(text: str, year: int) -> tuple[str, str, datetime, datetime, str] | None:
    """A resident's own intention to hold a meeting ("Sam Moore is holding a town meeting at
    Oak Hill College on February 14 from 4 to 5 pm to talk about …"), as (host, place,
    start, end, question); None when the text is no such intention."""
    match = INTENTION.match(" ".join(text.split()))
    if match is None:
        return None
    try:
        day = datetime.strptime(f"{match['month']} {match['day']} {year}", "%B %d %Y")
    except ValueError:
        return None
    end_half = match["end_half"]
    start_half = match["start_half"] or end_half
    start_hour, start_minute = clock_of(match["start"], start_half)
    end_hour, end_minute = clock_of(match["end"], end_half)
    if start_hour > 23 or end_hour > 23 or start_minute > 59 or end_minute > 59:
        return None
    starts = day.replace(hour=start_hour, minute=start_minute)
    ends = day.replace(hour=end_hour, minute=end_minute)
    if ends <= starts:
        return None
    return match["host"], match["place"], starts, ends, match["topic"].strip()

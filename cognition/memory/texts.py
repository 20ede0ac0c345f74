"""The text forms of memories that code still reads back, each writer beside its reader.

Prose is for prompts and for people; code reads a memory's typed fields
(`cognition.memory.fields`) where it has them. Where a text form is still read back — by
the offline brain's rules, which see memories as the prompts show them — its one writer
and its one reader live here, side by side, with a round-trip test
(`tests/cognition/memory/test_texts.py`), so a rewording changes both or fails the test:

- a transcript: "Conversation with A and B:\\nA: …\\nB: …" (`transcript_text`,
  `read_transcript`);
- a summary's opening: "A and B talked." / "A and B had a chat." (`talk_opening_text`,
  `read_talk_opening`: also a model's "A and B chatted / spoke / discussed / caught up");
- a telling in a summary: "A told B that <statement>." (`told_text`, `read_told`);
- a list of names: "A", "A and B", "A, B and C" (`cognition.phrasing.listed`,
  `listed_names`: a transcript's head names its partners so);
- a line heard: 'A said to B: "…"' (`said_text`, `read_said`);
- a sighting: "A is reading (desk, Ann's room, Ann's house)" (`seen_text`, `read_seen`);
- an object's state: "The shower (bathroom, Home) is in use by A" (`object_state_text`,
  `read_object_state`);
- a memory a group member recalled about another member, as its line input shows it:
  "Ann Lee — [Mon Feb 13 09:10] Ann Lee is reading" (`about_line`, `read_about_line`: the
  prompt's `steps.compact.about_each` and the offline group rule read it; the member keeps
  whom each memory is about as data, `cognition.group.rules.Remembered`);
- a memory as a prompt shows it, with its game time: "[Mon Feb 13 09:10] text"
  (`stamped_text`, `read_stamp`: the prompts' timeline reads it, `steps.compact`; the
  offline brain reads the time from the fields' `time`, the stamp only without fields).

A plan's text forms (an item "09:00–12:00 work", a day plan's memory "A's plan for Monday
February 13: …") live beside the plan (`cognition.plan`: `step_line` / `read_step_line`,
`plan_text` / `read_plan_text`). Sightings, object states and plans carry fields
(`MemoryFields.doing`, `thing`, `place`, `plan`), and the offline brain reads those; the
forms are read only for memories without fields (a save made before them, an input that
shows lines alone).

Written for people and prompts only, never read back: a plan to go, "A plans to go to the
<event> at <place> on <day> <span>." (`going_text`: a summary's sentence; the plan is in the
talk memory's intentions, `cognition.memory.engagements`, and a day plan reads those).

No longer read back (their memories carry fields, `MemoryFields.intentions`, and the
offline reflection reads those): "A said he would go", "A will not go to the …", "A intends
to …", an appointment's "A plans to … on … from … to …" as an intention, and a day plan's
items as plans to go. A talk is counted by its fields' partners and time, and the news a
memory carries as data by its `news` and `told` fields; the forms above are read only for
what has no fields (a persona's facts, a line told in words, a memory saved before fields).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from cognition.phrasing import doing_phrase, listed

__all__ = [
    "SPEAKER_LINE",
    "TRANSCRIPT_HEAD",
    "Said",
    "Seen",
    "Stamp",
    "Told",
    "Transcript",
    "going_text",
    "listed",
    "listed_names",
    "object_state_text",
    "read_object_state",
    "read_said",
    "read_seen",
    "read_stamp",
    "read_talk_opening",
    "read_told",
    "read_transcript",
    "said_text",
    "seen_text",
    "stamped_text",
    "talk_opening_text",
    "told_text",
    "transcript_text",
]

TRANSCRIPT_HEAD = "Conversation with "
NAME = r"[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)+"
_TRANSCRIPT = re.compile(rf"^{TRANSCRIPT_HEAD}([^:\n]+):\n")
# a transcript's line ("Ann Lee: Hi!"): `transcript_text` writes it, `read_transcript` and
# the offline brain's `text.sentences` read it
SPEAKER_LINE = re.compile(rf"^({NAME}): (.*)$")
# "about" read too: a model's summary may say "A told B about …"
_SAID_TO = re.compile(rf'^({NAME}) said to ({NAME}): "(.*)"$', re.DOTALL)
_SEEN = re.compile(rf"^({NAME}) is (.+?) \(([^()]*)\)\.?$")
_OBJECT_STATE = re.compile(r"^The ([^()\n]+) \(([^()\n]*)\) ((?:is|are)\b.*)$")
_STAMP = re.compile(r"^\[([A-Z][a-z]{2}) ([A-Z][a-z]{2}) (\d{1,2}) (\d{1,2}):(\d{2})\] ?")
_OPENING = re.compile(rf"^({NAME}) and ({NAME}) (?:talked|had|chatted|spoke|discussed|caught up)\b")
_LEADING_NAME = re.compile(rf"^({NAME})\b")  # "Ann Lee is …", "Ann Lee's poems …"
_TOLD = re.compile(
    rf"^(?P<teller>{NAME}) told (?P<listener>{NAME}) (?:that|about) (?P<statement>.+?)\.?$"
)


def listed_names(text: str) -> tuple[str, ...]:
    """ "A", "A and B", "A, B and C" → the names (`listed`'s reader)."""
    return tuple(name.strip() for name in re.split(r", | and ", text.strip()) if name.strip())


@dataclass(frozen=True)
class Transcript:
    """A talk as remembered: with whom, and each line (speaker, text)."""

    partners: tuple[str, ...]
    lines: tuple[tuple[str, str], ...]


def transcript_text(partners: Sequence[str], lines: Sequence[tuple[str, str]]) -> str:
    """ "Conversation with A and B:\\nA: Hi!\\nB: Hello." — a talk's transcript memory."""
    said = "\n".join(f"{speaker}: {text}" for speaker, text in lines)
    return f"{TRANSCRIPT_HEAD}{listed(partners)}:\n{said}"


def read_transcript(text: str) -> Transcript | None:
    """`transcript_text`'s reader: None for a text of another form."""
    head = _TRANSCRIPT.match(text)
    if head is None:
        return None
    lines = []
    for line in text[head.end() :].splitlines():
        spoken = SPEAKER_LINE.match(line.strip())
        if spoken is not None:
            lines.append((spoken[1], spoken[2]))
    return Transcript(listed_names(head[1]), tuple(lines))


def talk_opening_text(first: str, second: str, chat: bool = False) -> str:
    """ "A and B talked." (`chat`: "A and B had a chat.") — a talk summary's opening."""
    return f"{first} and {second} had a chat." if chat else f"{first} and {second} talked."


def read_talk_opening(text: str) -> tuple[str, str] | None:
    """`talk_opening_text`'s reader (a model's summary too: "A and B chatted …"): the two
    who talked, None for a text of another form."""
    found = _OPENING.match(text)
    return None if found is None else (found[1], found[2])


@dataclass(frozen=True)
class Told:
    """A telling: who told whom what (a third-person statement, no final full stop)."""

    teller: str
    listener: str
    statement: str

    @property
    def subject(self) -> str:
        """Whom the statement is about: the full name it starts with (`told_text` is given
        news statements, which start with their subject: "Ann Lee is planning …", "Ann Lee's
        poems are …"), else the
        teller (a statement naming no one first, "the cafe is closing", is the teller's
        news)."""
        named = _LEADING_NAME.match(self.statement)
        return re.sub(r"['’]s$", "", named[1]) if named else self.teller


def told_text(teller: str, listener: str, statement: str) -> str:
    """ "A told B that Ann Lee is planning a party." — a summary's sentence of a telling."""
    return f"{teller} told {listener} that {statement.strip().rstrip('.')}."


def read_told(sentence: str) -> Told | None:
    """`told_text`'s reader: None for a sentence of another form."""
    found = _TOLD.match(sentence.strip())
    if found is None:
        return None
    return Told(found["teller"], found["listener"], found["statement"].rstrip("."))


def going_text(person: str, event: str, place: str, day: str, span: str) -> str:
    """ "A plans to go to the open mic night at The Blue Note on March 3 from 7 to 9 pm." """
    return f"{person} plans to go to the {event} at {place} on {day} {span}".rstrip() + "."


@dataclass(frozen=True)
class Said:
    """A line heard: who said what to whom."""

    speaker: str
    hearer: str
    text: str


def said_text(speaker: str, hearer: str, text: str) -> str:
    """'A said to B: "Hello!"' — what B heard A say to it."""
    return f'{speaker} said to {hearer}: "{text}"'


def read_said(text: str) -> Said | None:
    """`said_text`'s reader: None for a text of another form."""
    found = _SAID_TO.match(text)
    return None if found is None else Said(found[1], found[2], found[3])


@dataclass(frozen=True)
class Seen:
    """A sighting: who was doing what (as "A is …" says it: "reading"), where."""

    person: str
    doing: str
    where: str


def seen_text(person: str, activity: str, where: str) -> str:
    """ "Ann Lee is reading (desk, Ann's room)" — a person seen doing `activity`."""
    return f"{person} is {doing_phrase(activity)} ({where})"


def read_seen(text: str) -> Seen | None:
    """`seen_text`'s reader (the doing as said: "reading"): None for another form."""
    found = _SEEN.match(text) if "\n" not in text else None
    return None if found is None else Seen(found[1], found[2].strip(), found[3].strip())


def object_state_text(thing: str, where: str, state: str) -> str:
    """ "The shower (bathroom, Home) is in use by Ann" — an object seen in `state`."""
    said = state.strip()
    if not said.startswith(("is ", "are ")):
        said = f"is {said}"
    return f"The {thing} ({where}) {said}"


def read_object_state(text: str) -> tuple[str, str, str] | None:
    """`object_state_text`'s reader: (thing, where, "is …"), None for another form."""
    found = _OBJECT_STATE.match(text)
    return None if found is None else (found[1], found[2], found[3])


@dataclass(frozen=True)
class Stamp:
    """A memory line's game time as its stamp says it: weekday, month, day, hour, minute."""

    weekday: str  # "Mon"
    month: str  # "Feb"
    day: int
    hour: int
    minute: int

    @property
    def date_text(self) -> str:
        """ "Mon Feb 13": the day as the stamp says it."""
        return f"{self.weekday} {self.month} {self.day:02d}"

    @property
    def clock(self) -> str:
        """ "09:10": the time of day."""
        return f"{self.hour:02d}:{self.minute:02d}"

    @property
    def shown(self) -> str:
        """ "Mon 09:10": the weekday and the time of day."""
        return f"{self.weekday} {self.clock}"


def stamped_text(created: datetime, text: str) -> str:
    """ "[Mon Feb 13 09:10] Ann Lee is reading" — a memory as a prompt shows it."""
    return f"[{created:%a %b %d %H:%M}] {text}"


def read_stamp(line: str) -> tuple[Stamp | None, str]:
    """`stamped_text`'s reader: the stamp (None when the line has none) and the text after
    it, as it is (the whole line when it has no stamp)."""
    found = _STAMP.match(line)
    if found is None:
        return None, line
    weekday, month, day, hour, minute = found.groups()
    return Stamp(weekday, month, int(day), int(hour), int(minute)), line[found.end() :]


ABOUT_DASH = " — "  # between the member a memory is about and the memory


def about_line(person: str, memory: str) -> str:
    """ "Ann Lee — [Mon Feb 13 09:10] Ann Lee is reading": a memory recalled about `person`."""
    return f"{person}{ABOUT_DASH}{memory}"


def read_about_line(line: str) -> tuple[str, str] | None:
    """`about_line`'s reader: (person, memory); None for a line that names no one first."""
    person, dash, memory = line.partition(ABOUT_DASH)
    return (person, memory) if dash and person else None

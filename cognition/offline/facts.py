"""Facts the offline brain knows and tells: who intends what, and who said so.

A `Fact` is a statement about a person — "Nora Vance is planning an open mic night at
The Blue Note on March 3 from 7 to 9 pm" — with the person it is about
(`subject`), who told the knower (`source`, one level deep: the chain behind it is dropped),
how worth telling it is (`weight`), its `kind`, and for an event its place, day and time.

A memory whose fields are known (`MemoryFields`) holds exactly the news its fields carry
(`facts_of_memory`, `known_facts_of`): its text is never parsed for facts, whatever it says.
Only a memory whose fields are unknown (saved before fields existed) is read back from its
text (`facts_in_text`): persona statements and plans (first hand), conversation
transcripts ("Otto Brandt: Nora told me that …" — the line's speaker is the source,
whatever they said theirs was), and conversation summaries ("Otto Brandt told Lena Fisk
that …"). Object states and observations of what someone is doing at a place are never
facts. Nothing here names a town's people, places or events: a person is whatever full
name heads a statement of intention.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from cognition.memory.fields import MemoryFields, News
from cognition.memory.texts import read_told, read_transcript
from cognition.offline.text import (
    SENTENCE_END,
    SPEAKER_LINE,
    strip_stamp,
    third_person,
)

KEY_WORDS = 6
NAME = r"[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)+"
ATTENDING = r"(?:plans to go|is going|will go|is coming|plans to attend|will be) to\b"
# intentions, in order: (pattern after the subject, kind, weight)
INTENTS: tuple[tuple[str, str, int], ...] = (
    (
        r"(?:is|are) (?:planning|hosting|throwing|organi[sz]ing|holding|putting on|having)\b",
        "event",
        8,
    ),
    (r"(?:will host|plans to host|hopes to host)\b", "event", 8),
    (ATTENDING, "event", 7),
    (r"(?:has|have) (?:a secret crush|a crush) on\b", "secret", 6),
    (r"(?:is|are) in love with\b", "secret", 6),
    (
        r"(?:is|are) (?:writing|working on|preparing|training for|composing|building|"
        r"painting|drafting|animating|finishing|trying to finish|putting together|"
        r"nervous and excited about|worried about|worries about)\b",
        "project",
        4,
    ),
)
STATEMENT = re.compile(rf"^(?P<subject>{NAME}) (?P<rest>.+)$")
EVENT_AT = re.compile(
    r"^(?P<verb>.*?)\b(?:a|an|the|his|her|their|my)\s+(?P<name>[\w'’ -]+?)\s+at\s+"
    r"(?P<place>(?:the |The )?[A-Z][\w'’]*(?: (?:of |and )?[A-Z][\w'’]*)*)"
    r"\s+on\s+(?P<day>[A-Z][a-z]+ \d{1,2})"
    r"(?:,?\s+(?P<span>from \d{1,2}(?::\d{2})?\s*(?:am|pm)? to \d{1,2}(?::\d{2})?\s*(?:am|pm)))?"
)
# how a teller cites where they heard it, in a spoken line or a summary
SPOKEN_SOURCE = re.compile(
    rf"^(?:(?P<who>{NAME}|[A-Z][\w'’-]+) (?:told me|mentioned|said|says)(?: that)?|"
    rf"I heard from (?P<who2>{NAME}|[A-Z][\w'’-]+)(?: that)?|"
    rf"[Aa]ccording to (?P<who3>{NAME}|[A-Z][\w'’-]+),|"
    rf"I ran into (?P<who4>{NAME}|[A-Z][\w'’-]+) earlier, and apparently)\s+"
)
# what a line says before its news: "Did you hear?", "Guess what —", "By the way,"
LEAD = re.compile(
    r"^(?:[^:—–\n]{0,30}[:—–]\s+)?"  # "Guess what — ", "Big news from me: "
    r"(?:(?:did you hear|did you know|word is|have you heard|guess what|oh|by the way|"
    r"you know what|so|also|anyway|speaking of which|and|yes|right|apparently|"
    r"i keep hearing|here's something|you might not know yet, but|"
    r"(?-i:[A-Z][\w'’-]+)(?=,))[,.!?:—–-]*\s+)*"  # … and the listener's name: "Lena, "
    r"(?:that\s+)?",
    re.IGNORECASE,
)
TRAILING_QUESTION = re.compile(r"\s*[—–-]\s*[^—–-]*\?$")


@dataclass(frozen=True)
class Event:
    """Where and when an event happens: "open mic night", "The Blue Note", "March 3",
    "from 5 to 7 pm" (the span may be unknown: "")."""

    name: str
    place: str
    day: str
    span: str


@dataclass(frozen=True)
class Fact:
    """A statement about `subject`, heard from `source` (None: known first hand)."""

    subject: str
    statement: str
    kind: str
    weight: int
    source: str | None = None
    event: Event | None = None
    item: str = ""  # the news item it is, when known as data ("" for a stated fact)
    public: bool = False  # strangers hear it too (as the item says)
    news: News | None = None  # the news as data it comes from

    @property
    def key(self) -> str:
        """The same fact however it is put: the statement's first words, lower case
        ("ann lee is planning a party" for both "… at the Mill on May 2 …" and "… and
        wants everyone to come")."""
        return " ".join(re.findall(r"[a-z0-9']+", self.statement.lower())[:KEY_WORDS])

    @property
    def attending(self) -> bool:
        """A plan to go to an event someone else holds ("Ann plans to go to the fair …")."""
        rest = self.statement.removeprefix(self.subject).strip()
        return self.kind == "event" and re.match(ATTENDING, rest) is not None

    @property
    def topic(self) -> str:
        """A few words for what it is about: the event's name, or the statement's verb
        phrase ("writing a novel about the sea")."""
        if self.event is not None:
            return self.event.name
        return self.statement.removeprefix(self.subject).strip().removeprefix("is ").strip()


def fact_of_news(news: News) -> Fact:
    """News known as data, as a fact: its importance its weight, an event when it has a
    place and a day."""
    event = None
    if news.place and news.day:
        event = Event(name=news.name or news.kind, place=news.place, day=news.day, span=news.span)
    return Fact(
        subject=news.subject,
        statement=news.statement.strip().rstrip(".!?").strip(),
        kind="event" if event else news.kind,
        weight=news.importance,
        source=news.source,
        event=event,
        item=news.item,
        public=news.public,
        news=news,
    )


def plan_to_go(person: str, news: News) -> Fact | None:
    """`person`'s plan to go to `news`'s event as a fact of its own, carrying the event's
    news as data (what telling it, an invitation, tells); None when the news is no event."""
    event = fact_of_news(news).event
    if event is None:
        return None
    span = f" {event.span}" if event.span else ""
    statement = f"{person} plans to go to the {event.name} at {event.place} on {event.day}{span}"
    kind, weight = intent_of(statement.removeprefix(person).strip()) or ("event", 7)
    return Fact(person, statement, kind, weight, event=event, item=news.item, news=news)


def intent_of(rest: str) -> tuple[str, int] | None:
    """(kind, weight) of the intention `rest` starts with ("is planning a party …")."""
    for pattern, kind, weight in INTENTS:
        if re.match(pattern, rest):
            return kind, weight
    return None


def event_in(statement: str) -> Event | None:
    match = EVENT_AT.search(statement)
    if match is None:
        return None
    name = re.sub(r"^(?:go|going|come|coming|attend)\s+to\s+", "", match["name"]).strip()
    return Event(name=name, place=match["place"], day=match["day"], span=match["span"] or "")


def fact_from(statement: str, source: str | None = None) -> Fact | None:
    """The fact a third-person statement states, or None when it states no intention of a
    person (an object state, an observation at a place, small talk)."""
    text = statement.strip().rstrip(".!?").strip()
    match = STATEMENT.match(text)
    if match is None or "(" in text or '"' in text:
        return None
    found = intent_of(match["rest"])
    if found is None:
        return None
    kind, weight = found
    event = event_in(text) if kind == "event" else None
    if kind == "event" and event is None:
        kind, weight = "project", 4  # "is planning to repaint the kitchen": no place, no day
    return Fact(match["subject"], text, kind, weight, source, event)


def unsourced(sentence: str) -> tuple[str, str | None]:
    """A spoken sentence without its lead-in and its cited source: (rest, source)."""
    rest = LEAD.sub("", sentence.strip())
    rest = TRAILING_QUESTION.sub("", rest)
    cited = SPOKEN_SOURCE.match(rest)
    if cited is None:
        return rest, None
    return rest[cited.end() :], cited["who"] or cited["who2"] or cited["who3"] or cited["who4"]


def spoken_facts(speaker: str, text: str) -> list[Fact]:
    """Facts in a line `speaker` said (its source: the speaker, the knower itself when it
    said it)."""
    found = []
    for part in SENTENCE_END.split(text):
        rest, _cited = unsourced(part)
        statement = third_person(speaker, rest[:1].upper() + rest[1:]) if rest else ""
        fact = fact_from(statement, speaker)
        if fact is not None:
            found.append(fact)
    return found


def facts_in_text(text: str) -> list[Fact]:
    """Every fact one memory text holds: first hand (no source), or as someone said or
    told it (their name the source)."""
    found: list[Fact] = []
    for raw in strip_stamp(text).splitlines():
        line = raw.strip()
        spoken = SPEAKER_LINE.match(line)
        if spoken is not None:
            found += spoken_facts(spoken[1], spoken[2])
            continue
        for sentence in SENTENCE_END.split(line):
            told = read_told(sentence)
            if told is not None:
                fact = fact_from(told.statement, told.teller)
            else:
                fact = fact_from(sentence)
            if fact is not None:
                found.append(fact)
    return found


def known_facts(memories: Iterable[str], knower: str) -> list[Fact]:
    """The distinct facts in memory texts whose fields are unknown, weightiest first (then
    in memory order); of one fact known several ways, first-hand knowledge wins, then the
    first source heard, then the knower's own retelling (its source is the knower)."""
    return best_facts((facts_in_text(text) for text in memories), knower)


def facts_of_memory(text: str, about: MemoryFields | None) -> list[Fact]:
    """The facts one memory holds: the news its fields carry when they are known (its
    text is then never parsed, whatever it says), read from its text only when they are
    unknown (None: a memory saved before fields)."""
    if about is not None:
        return [fact_of_news(news) for news in about.news]
    return facts_in_text(text)


def known_facts_of(memories: Iterable[tuple[str, MemoryFields | None]], knower: str) -> list[Fact]:
    """`known_facts` of memories given as (text, fields): each read by `facts_of_memory`."""
    return best_facts((facts_of_memory(text, about) for text, about in memories), knower)


def best_facts(found: Iterable[list[Fact]], knower: str) -> list[Fact]:
    """One fact per key of the facts `found` (one list per memory), as `known_facts` ranks
    them."""

    def rank(fact: Fact) -> int:
        return 2 if fact.source is None else 0 if fact.source == knower else 1

    best: dict[str, Fact] = {}
    for facts in found:
        for fact in facts:
            held = best.get(fact.key)
            if held is None or rank(fact) > rank(held):
                best[fact.key] = fact
    order = {key: index for index, key in enumerate(best)}
    return sorted(best.values(), key=lambda f: (-f.weight, order[f.key]))


def told_between(memories: Iterable[str], first: str, second: str) -> set[str]:
    """Keys of the facts `first` and `second` have told each other (in any direction), as
    summaries and transcripts in `memories` record."""
    keys: set[str] = set()
    for text in memories:
        body = strip_stamp(text)
        for sentence in SENTENCE_END.split(body):
            told = read_told(sentence)
            if told and {told.teller, told.listener} == {first, second}:
                fact = fact_from(told.statement)
                if fact is not None:
                    keys.add(fact.key)
        transcript = read_transcript(body)
        if transcript is not None and set(transcript.partners) & {first, second}:
            keys |= {f.key for f in facts_in_text(body)}
    return keys

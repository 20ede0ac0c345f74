"""Facts the offline brain knows and tells: news as data, and who said so.

A `Fact` is a piece of news about a person — "Nora Vance is planning an open mic night at
The Blue Note on March 3 from 7 to 9 pm" — with the person it is about (`subject`), who
told the knower (`source`, one level deep: the chain behind it is dropped), how worth
telling it is (`weight`), its `kind`, and for an event its place, day and time.

What is news is what a memory's or a persona's typed fields carry (`News`): a memory whose
fields are known holds exactly the news its fields carry (`facts_of_memory`,
`known_facts_of`), its text never parsed, whatever it says; its kind and importance are the
scenario's data. No verb or keyword decides what is news. Only a memory whose fields are
unknown (saved before fields existed) is read by its text, by one reader
(`facts_in_text`): the tellings a conversation's summary records, in the form their writer
`cognition.memory.texts.told_text` writes ("Otto Brandt told Lena Fisk that …"), each a
fact heard from its teller. Nothing here names a town's people, places or kinds of news.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from cognition.memory.fields import MemoryFields, News
from cognition.memory.texts import Told, read_told
from cognition.offline.text import SENTENCE_END, strip_stamp

KEY_WORDS = 6
TOLD_WEIGHT = 6  # a telling read from an untyped memory: news (it was told), of middling weight


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
    attending: bool = False  # a plan to go to an event someone else holds (`plan_to_go`)

    @property
    def key(self) -> str:
        """The same fact however it is put: the statement's first words, lower case
        ("ann lee is hosting a lantern walk" for both "… at the Mill on May 2 …" and "… and
        wants everyone to come")."""
        return " ".join(re.findall(r"[a-z0-9']+", self.statement.lower())[:KEY_WORDS])

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
    news as data (what telling it, an invitation, tells), a little less weighty than the
    event; None when the news is no event."""
    event = fact_of_news(news).event
    if event is None:
        return None
    span = f" {event.span}" if event.span else ""
    statement = f"{person} plans to go to the {event.name} at {event.place} on {event.day}{span}"
    weight = max(1, news.importance - 1)
    return Fact(
        person, statement, "event", weight, event=event, item=news.item, news=news, attending=True
    )


def fact_of_told(told: Told) -> Fact:
    """A telling `told_text` wrote, read back as a fact heard from its teller: about the
    person its statement starts with (`Told.subject`: the teller when it names no one)."""
    statement = told.statement.strip().rstrip(".!?").strip()
    return Fact(told.subject, statement, "news", TOLD_WEIGHT, source=told.teller)


def facts_in_text(text: str) -> list[Fact]:
    """The one reader of a memory whose fields are unknown: the tellings its text records
    (`told_text`'s sentences), each a fact heard from its teller. Anything else — a
    statement, a line of a transcript, an observation — holds no news (only fields say
    what is news)."""
    found: list[Fact] = []
    for raw in strip_stamp(text).splitlines():
        for sentence in SENTENCE_END.split(raw.strip()):
            told = read_told(sentence)
            if told is not None:
                found.append(fact_of_told(told))
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
    the tellings in `memories` (whose fields are unknown) record."""
    keys: set[str] = set()
    for text in memories:
        for sentence in SENTENCE_END.split(strip_stamp(text)):
            told = read_told(sentence)
            if told and {told.teller, told.listener} == {first, second}:
                keys.add(fact_of_told(told).key)
    return keys

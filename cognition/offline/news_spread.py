"""How a piece of news has spread around the agent: who told it, whom it told, where it knew
it first hand — read from memory fields, else (a memory without them) from the prose.

News known as data (`MemoryFields.news`, `MemoryFields.told`) is read by its fields
(`spreads_of_news`): a talk's news the agent did not tell was heard from its `source`; one
it told reached the talk's partners; news with no source was known first hand. What the
memories only say in words — an event in a persona's facts, or in a memory saved before
fields existed — is read by `event_mentions` (`spread_of_event`). No resident, place or
kind of news is named here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cognition.memory.fields import News, known_news
from cognition.offline.event_mentions import Event, best_event, shown
from cognition.offline.notes import Note, Told, first_name
from cognition.offline.text import stem


@dataclass(frozen=True)
class Spread:
    """One piece of news as the agent's notes show it."""

    shown: str  # "the lantern festival at Juniper Hall", "her open mic night"
    core: str  # what it says ("Ines Varga is planning a lantern festival")
    organiser: str  # its host or holder; "" when it has none
    heard_from: tuple[str, ...]  # who told the agent, in order
    told_to: tuple[str, ...]  # whom the agent told, in order
    heard: frozenset[int]  # the notes where it was heard
    told: frozenset[int]  # … told by the agent
    first_hand: frozenset[int]  # … known first hand

    def told_by(self, teller: str) -> str:
        """What it says as `teller` would: "Ann is planning …" when it is theirs."""
        if not self.core.startswith(teller + " "):
            return self.core
        return first_name(teller) + self.core[len(teller) :]


def as_own(display: str, agent: str, possessive: str) -> str:
    """ "Ann Lee's open mic night" → "her open mic night" when Ann Lee is the agent."""
    if display.startswith(f"{agent}'s "):
        return possessive + display[len(agent) + 2 :]
    return display


def spread_of_event(
    agent: str, mentions: Sequence[tuple[int, Event, Told | None]], possessive: str
) -> Spread:
    """An event the notes speak of in words (`events_known`' mentions of it)."""
    event = best_event(e for _, e, _ in mentions)
    heard = [(n, t.teller) for n, _, t in mentions if t and t.hearer == agent and t.teller != agent]
    told = [(n, t.hearer) for n, _, t in mentions if t and t.teller == agent and t.hearer != agent]
    return Spread(
        shown=as_own(shown(event), agent, possessive),
        core=event.core,
        organiser=event.organiser,
        heard_from=tuple(dict.fromkeys(who for _, who in heard)),
        told_to=tuple(dict.fromkeys(who for _, who in told)),
        heard=frozenset(n for n, _ in heard),
        told=frozenset(n for n, _ in told),
        first_hand=frozenset(n for n, _, t in mentions if t is None),
    )


def news_shown(news: News, agent: str, possessive: str) -> str:
    """How a conclusion names an item: "the lantern festival at Juniper Hall" by its own
    name and place, else "Ann Lee's news" (each "her …" when it is the agent's own)."""
    if news.name:
        named = f"{news.subject}'s {news.name}" if news.subject == agent else f"the {news.name}"
        return as_own(named + (f" at {news.place}" if news.place else ""), agent, possessive)
    return as_own(f"{news.subject}'s news", agent, possessive)


def spread_of_news(agent: str, notes: Sequence[Note], news: News, possessive: str) -> Spread:
    """An item known as data: who told the agent, whom it told, where it knew it first hand."""
    heard: list[tuple[int, str]] = []
    told: list[tuple[int, str]] = []
    first_hand: set[int] = set()
    for note in notes:
        about = note.about
        if about is None:
            continue
        for said in about.news:
            if said.item != news.item:
                continue
            if news.item in about.told:
                told += [(note.number, p) for p in about.partners if p != agent]
            elif said.source is None:
                first_hand.add(note.number)
            elif said.source != agent:
                heard.append((note.number, said.source))
    return Spread(
        shown=news_shown(news, agent, possessive),
        core=news.statement.strip().rstrip(".!?"),
        organiser=news.subject,
        heard_from=tuple(dict.fromkeys(who for _, who in heard)),
        told_to=tuple(dict.fromkeys(who for _, who in told)),
        heard=frozenset(n for n, _ in heard),
        told=frozenset(n for n, _ in told),
        first_hand=frozenset(first_hand),
    )


def spreads(
    agent: str,
    notes: Sequence[Note],
    known: dict[str, list[tuple[int, Event, Told | None]]],
    possessive: str,
) -> list[Spread]:
    """Every piece of news the notes know: items known as data first, then the events the
    notes speak of only in words (one an item's name ends with is that item, read once)."""
    items = known_news((note.about for note in notes), agent)
    found = [spread_of_news(agent, notes, news, possessive) for news in items]
    named = {stem(news.name.split()[-1].lower()) for news in items if news.name.split()}
    found += [
        spread_of_event(agent, mentions, possessive)
        for key, mentions in known.items()
        if key not in named
    ]
    return found

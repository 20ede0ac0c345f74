"""How a piece of news has spread around the agent: who told it, whom it told, where it knew
it first hand — read from memory fields.

News known as data (`MemoryFields.news`, `MemoryFields.told`) is read by its fields
(`spread_of_news`): a talk's news the agent did not tell was heard from its `source`; one
it told reached the talk's partners; news with no source was known first hand. An event is
news whose fields say so (a scenario's item, a persona's `news`: its host, place and
times); no sentence is read for an event. The one text form read is a talk summary's
telling ("A told B that …", `cognition.memory.texts.told_text`, read by `read_told`) in a
memory whose fields are unknown (saved before fields existed): news heard or passed on,
known by its statement (`spread_of_tellings`), never as an event. No resident, place or
kind of news is named here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cognition.memory.fields import News, known_news
from cognition.memory.texts import Told, read_told
from cognition.offline.facts import Fact, fact_of_told
from cognition.offline.notes import Note, first_name
from cognition.offline.text import sentences


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


def spread_of_tellings(agent: str, notes: Sequence[Note], possessive: str) -> list[Spread]:
    """News the talk summaries without fields record in words (`told_text`'s tellings, read
    by `read_told`), one spread per statement (`Fact.key`): whom the agent heard it from,
    whom it told. Shown as whose news it is ("Ann Lee's news"), never read as an event."""
    found: dict[str, list[tuple[int, Told, Fact]]] = {}
    for note in notes:
        if note.about is not None or note.kind != "summary":
            continue
        for sentence in sentences(note.text):
            telling = read_told(sentence)
            if telling is not None and agent in (telling.teller, telling.listener):
                fact = fact_of_told(telling)
                found.setdefault(fact.key, []).append((note.number, telling, fact))
    spread = []
    for rows in found.values():
        fact = rows[0][2]
        heard = [(n, t.teller) for n, t, _ in rows if t.listener == agent != t.teller]
        told = [(n, t.listener) for n, t, _ in rows if t.teller == agent != t.listener]
        spread.append(
            Spread(
                shown=as_own(f"{fact.subject}'s news", agent, possessive),
                core=fact.statement,
                organiser=fact.subject,
                heard_from=tuple(dict.fromkeys(who for _, who in heard)),
                told_to=tuple(dict.fromkeys(who for _, who in told)),
                heard=frozenset(n for n, _ in heard),
                told=frozenset(n for n, _ in told),
                first_hand=frozenset(),
            )
        )
    return spread


def spreads(agent: str, notes: Sequence[Note], possessive: str) -> list[Spread]:
    """Every piece of news the notes know: items known as data, then the tellings of
    summaries without fields (`spread_of_tellings`) not of an item known as data."""
    items = known_news((note.about for note in notes), agent)
    found = [spread_of_news(agent, notes, news, possessive) for news in items]
    statements = {news.statement.strip().rstrip(".!?").strip() for news in items}
    found += [s for s in spread_of_tellings(agent, notes, possessive) if s.core not in statements]
    return found

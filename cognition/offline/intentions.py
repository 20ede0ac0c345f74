"""Conclusions reflection draws about what the agent means to do, read from memory fields.

Every intention a memory records as data (`MemoryFields.intentions`: an invitation accepted
or turned down in a talk, an appointment, an adopted intention) that is the agent's own is
one thing it means to do, or not: grouped by the news item it is for (else by its deed),
shown by that item's own name and place (`News.name`, `News.place`), else by the deed as
said. Going wins over an earlier refusal; one's own event is news, not an intention. No
sentence is read back: the prose of these memories is for prompts and people.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cognition.memory.fields import Intention, News, known_news
from cognition.offline.conclusions import Conclusion
from cognition.offline.notes import Note
from cognition.offline.wording import gerund
from cognition.plan import clock

GOING_TOPIC = "go going plan plans planning intend attend mean decide will"


@dataclass(frozen=True)
class Meant:
    """One thing the agent means (or refuses) to do: what the notes say of it."""

    going: tuple[tuple[int, Intention], ...]  # (note number, intention said)
    refused: tuple[tuple[int, Intention], ...]
    news: News | None  # the item it is for, as the agent knows it
    evidence: frozenset[int]  # the notes about that item

    @property
    def latest(self) -> Intention:
        return (self.going or self.refused)[-1][1]

    @property
    def shown(self) -> str:
        """ "the lantern festival at Juniper Hall"; "" when the item has no name known."""
        if self.news is None or not self.news.name:
            return ""
        return f"the {self.news.name}" + (f" at {self.news.place}" if self.news.place else "")


def span_of(intention: Intention) -> str:
    """ "17:00–19:00 on February 14"; "" when its times are unknown."""
    if intention.start is None or intention.end is None:
        return ""
    on = f" on {intention.day:%B} {intention.day.day}" if intention.day else ""
    return f"{clock(intention.start)}–{clock(intention.end)}{on}"


def meant(agent: str, notes: Sequence[Note]) -> list[Meant]:
    """The agent's own intentions in the notes' fields, one `Meant` per item or deed, in
    the order first said; its own news items left out (those are news, not plans)."""
    said: dict[str, list[tuple[int, Intention]]] = {}
    for note in notes:
        for intention in note.about.intentions if note.about else ():
            if intention.person == agent:
                key = intention.item or " ".join(intention.deed.casefold().split())
                said.setdefault(key, []).append((note.number, intention))
    news = {n.item: n for n in known_news((note.about for note in notes), agent)}
    found = []
    for intentions in said.values():
        item = intentions[0][1].item
        known = news.get(item) if item else None
        if known is not None and known.subject == agent:
            continue
        evidence = {n.number for n in notes if item and n.about and mentions(n.about.news, item)}
        found.append(
            Meant(
                going=tuple((n, i) for n, i in intentions if i.going),
                refused=tuple((n, i) for n, i in intentions if not i.going),
                news=known,
                evidence=frozenset(evidence | {n for n, _ in intentions}),
            )
        )
    return found


def mentions(news: Sequence[News], item: str) -> bool:
    return any(n.item == item for n in news)


def going_conclusion(agent: str, plan: Meant, rng: random.Random) -> Conclusion:
    """The agent means to go, or to do its deed: a conclusion citing what says so."""
    spans = [s for _, i in plan.going if (s := span_of(i))]
    deed, display = plan.latest.deed, plan.shown
    if display:
        options = [
            f"{agent} means to go to {display}",
            f"{agent} has decided to be at {display}",
            f"{agent} won't miss {display}",
        ]
        if spans:
            options.append(f"{agent} has set aside {spans[-1]} for {display}")
        asked = [
            f"What is {agent} planning to do about {display}?",
            f"Will {agent} go to {display}?",
        ]
        topic, strength = f"{display} {GOING_TOPIC}", 3 + len(plan.going)
    else:
        options = [f"{agent} is set on {gerund(deed)}", f"{agent} means to {deed}"]
        if spans:
            options.append(f"{agent} has set aside {spans[-1]} to {deed}")
        asked = [f"What does {agent} mean to do next?"]
        topic, strength = f"{deed} intend mean plan next do", 3
    return Conclusion(
        "intention",
        rng.choice(options),
        rng.choice(asked),
        tuple(sorted(plan.evidence)),
        topic,
        strength,
    )


def refusal_conclusion(agent: str, plan: Meant, rng: random.Random) -> Conclusion:
    """The agent turned it down: a conclusion citing what says so."""
    display, deed = plan.shown, plan.latest.deed
    options = (
        (f"{agent} has decided to skip {display}", f"{agent} will not be going to {display}")
        if display
        else (f"{agent} has decided not to {deed}",)
    )
    return Conclusion(
        "intention",
        rng.choice(options),
        f"Will {agent} go to {display}?" if display else f"What does {agent} mean to do next?",
        tuple(sorted(n for n, _ in plan.refused)),
        f"{display or deed} go skip decide not",
        2,
    )


def intention_conclusions(
    agent: str, notes: Sequence[Note], rng: random.Random
) -> list[Conclusion]:
    """What the agent means to do: what it said it would go to or do (going wins over an
    earlier refusal), and what it turned down."""
    return [
        going_conclusion(agent, plan, rng) if plan.going else refusal_conclusion(agent, plan, rng)
        for plan in meant(agent, notes)
    ]

"""Conclusions reflection draws about news: heard and passed on.

Of each item known as data (and each telling a summary without fields records,
`news_spread.spreads`): what the agent has heard and from how many, and what it has told
others (`news_conclusions`). An event is news whose fields say so; no sentence is read for
one. What it means to do is read from memory fields (`intentions.py`). No resident, place
or event is named here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cognition.offline.conclusions import Conclusion
from cognition.offline.news_spread import Spread, spreads
from cognition.offline.notes import Note, first_name, pronoun
from cognition.offline.wording import capital, how_many, joined


def news_text(agent: str, news: Spread, rng: random.Random) -> tuple[str, frozenset[int]] | None:
    """What the agent concludes about news it holds or hosts, or has heard or passed on,
    and the notes it rests on; None when there is nothing to conclude (one fact known
    first hand, not one's own)."""
    if news.organiser == agent:
        return own_news_text(agent, news, rng), news.told | news.first_hand
    evidence = news.heard or news.told
    display, heard_from, told_to = news.shown, news.heard_from, news.told_to
    if len(heard_from) >= 2:
        firsts = joined([first_name(n) for n in heard_from])
        text = rng.choice(
            (
                f"{agent} has heard from {how_many(len(heard_from), 'person', 'people')} "
                f"that {news.core}; it seems to be the talk of the town",
                f"Word about {display} is spreading: {firsts} "
                f"{'both' if len(heard_from) == 2 else 'all'} told {agent} about it",
                f"{agent} keeps hearing about {display}; {firsts} brought it up",
            )
        )
    elif heard_from:
        learned = f"{agent} learned from {heard_from[0]} that {news.told_by(heard_from[0])}"
        text = (
            rng.choice((learned, f"{heard_from[0]} made sure {agent} knows about {display}"))
            if news.organiser
            else learned
        )
    elif told_to and news.organiser:
        text = f"{agent} has passed on the news about {display} to {joined(told_to)}"
    elif told_to:
        text = f"{agent} has told {joined(told_to)} that {news.told_by(agent)}"
    elif len(news.first_hand) >= 2:  # it keeps coming up
        text = rng.choice(
            (
                f"{capital(display)} is much on {agent}'s mind",
                f"{agent} keeps thinking about {display}",
            )
        )
        evidence = news.first_hand
    else:
        return None
    return text, evidence


def own_news_text(agent: str, news: Spread, rng: random.Random) -> str:
    """What the agent concludes about its own news: whom it has told, else that it is busy
    with it."""
    told_to, display = news.told_to, news.shown
    if told_to:
        return rng.choice(
            (
                f"{agent} has told {how_many(len(told_to), 'person', 'people')} about "
                f"{display} so far; word is getting around",
                f"{agent} is spreading the word about {display}: "
                f"{joined(told_to)} {'knows' if len(told_to) == 1 else 'know'} about it now",
            )
        )
    return rng.choice(
        (f"{capital(display)} is much on {agent}'s mind", f"{agent} is busy preparing {display}")
    )


def news_conclusions(agent: str, notes: Sequence[Note], rng: random.Random) -> list[Conclusion]:
    """What the agent has heard, from how many, and what it has passed on: of each item
    known as data (`news_spread`)."""
    found = []
    possessive = {"he": "his", "she": "her"}.get(pronoun(agent, notes), "their")
    for news in spreads(agent, notes, possessive):
        concluded = news_text(agent, news, rng)
        if concluded is None:
            continue
        text, evidence = concluded
        own, display = news.organiser == agent, news.shown
        question = rng.choice(
            (
                f"How are {agent}'s plans for {display} coming along?",
                f"Who has {agent} told about {display}?",
            )
            if own
            else (
                f"What has {agent} heard about {display}?",
                f"Who has {agent} talked with about {display}?",
            )
        )
        strength = 2 * len(news.heard_from) + len(news.told_to) + (2 if own else 0) + 1
        topic = f"{display} {news.organiser} heard hear news told town word"
        found.append(Conclusion("news", text, question, tuple(sorted(evidence)), topic, strength))
    return found

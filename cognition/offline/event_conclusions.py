"""Conclusions reflection draws about events: news heard and passed on.

From the events the memories speak of (`events_known`): what the agent has heard and from
how many, and what it has told others (`news_conclusions`). What it means to do is read
from memory fields (`intentions.py`). No resident, place or event is named here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cognition.offline.conclusions import Conclusion
from cognition.offline.event_mentions import Event, best_event, event_in, event_words, shown
from cognition.offline.notes import (
    Note,
    Told,
    first_name,
    pronoun,
    told_in,
)
from cognition.offline.text import sentences
from cognition.offline.wording import capital, how_many, joined


def events_known(
    agent: str, notes: Sequence[Note]
) -> dict[str, list[tuple[int, Event, Told | None]]]:
    """Every event the notes speak of, by kind: (note number, event, who told whom)."""
    found: dict[str, list[tuple[int, Event, Told | None]]] = {}
    words = event_words(note.text for note in notes)
    for told in told_in(notes, agent):
        if event := event_in(told.statement, words):
            found.setdefault(event.key, []).append((told.number, event, told))
    for note in notes:
        if note.kind != "fact":
            continue
        for sentence in sentences(note.text):
            if event := event_in(sentence, words):
                found.setdefault(event.key, []).append((note.number, event, None))
    return found


def own_news(event: Event, teller: str) -> str:
    """The event's statement as told by `teller`: "Ann is planning …" when it is theirs."""
    if not event.core.startswith(teller + " "):
        return event.core
    return first_name(teller) + event.core[len(teller) :]


def news_conclusions(
    agent: str,
    notes: Sequence[Note],
    known: dict[str, list[tuple[int, Event, Told | None]]],
    rng: random.Random,
) -> list[Conclusion]:
    """What the agent has heard, from how many, and what it has passed on."""
    found = []
    possessive = {"he": "his", "she": "her"}.get(pronoun(agent, notes), "their")
    for mentions in known.values():
        event = best_event(e for _, e, _ in mentions)
        display = shown(event)
        if display.startswith(f"{agent}'s "):  # "Ann Lee's open mic night" → "her open mic night"
            display = possessive + display[len(agent) + 2 :]
        heard_from = list(
            dict.fromkeys(
                t.teller for _, _, t in mentions if t and t.hearer == agent and t.teller != agent
            )
        )
        told_to = list(
            dict.fromkeys(
                t.hearer for _, _, t in mentions if t and t.teller == agent and t.hearer != agent
            )
        )
        own = event.organiser == agent
        firsts = [first_name(n) for n in heard_from]
        heard = {n for n, _, t in mentions if t and t.hearer == agent and t.teller != agent}
        told = {n for n, _, t in mentions if t and t.teller == agent and t.hearer != agent}
        first_hand = {n for n, _, t in mentions if t is None}
        evidence = (told | first_hand) if own else heard or told
        if own and told_to:
            text = rng.choice(
                (
                    f"{agent} has told {how_many(len(told_to), 'person', 'people')} about "
                    f"{display} so far; word is getting around",
                    f"{agent} is spreading the word about {display}: "
                    f"{joined(told_to)} {'knows' if len(told_to) == 1 else 'know'} about it now",
                )
            )
        elif own:
            text = rng.choice(
                (
                    f"{capital(display)} is much on {agent}'s mind",
                    f"{agent} is busy preparing {display}",
                )
            )
        elif len(heard_from) >= 2:
            text = rng.choice(
                (
                    f"{agent} has heard from {how_many(len(heard_from), 'person', 'people')} "
                    f"that {event.core}; it seems to be the talk of the town",
                    f"Word about {display} is spreading: {joined(firsts)} "
                    f"{'both' if len(firsts) == 2 else 'all'} told {agent} about it",
                    f"{agent} keeps hearing about {display}; {joined(firsts)} brought it up",
                )
            )
        elif heard_from:
            learned = f"{agent} learned from {heard_from[0]} that {own_news(event, heard_from[0])}"
            text = (
                rng.choice((learned, f"{heard_from[0]} made sure {agent} knows about {display}"))
                if event.organiser
                else learned
            )
        elif told_to and event.organiser:
            text = f"{agent} has passed on the news about {display} to {joined(told_to)}"
        elif told_to:
            text = f"{agent} has told {joined(told_to)} that {own_news(event, agent)}"
        elif len(first_hand) >= 2:  # it keeps coming up
            text = rng.choice(
                (
                    f"{capital(display)} is much on {agent}'s mind",
                    f"{agent} keeps thinking about {display}",
                )
            )
            evidence = first_hand
        else:  # one fact known first hand, not one's own: nothing to conclude
            continue
        question = rng.choice(
            (
                f"What has {agent} heard about {display}?",
                f"Who has {agent} talked with about {display}?",
            )
            if not own
            else (
                f"How are {agent}'s plans for {display} coming along?",
                f"Who has {agent} told about {display}?",
            )
        )
        found.append(
            Conclusion(
                "news",
                text,
                question,
                tuple(sorted(evidence)),
                f"{display} {event.organiser} heard hear news told town word",
                2 * len(heard_from) + len(told_to) + (2 if own else 0) + 1,
            )
        )
    return found

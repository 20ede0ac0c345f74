"""Offline talk's summary: who told whom what in a conversation, and who accepted which
invitation, with the `Commitment`s made (the mind fits each into its plan). What a line
told as data (`SummaryInput.told`) is read by its fields (a line without it told no news);
an answer to an invitation by the accept and decline phrases of `phrases.py`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import cognition.offline.phrases as say
from cognition.memory.fields import News
from cognition.memory.texts import going_text, told_text
from cognition.offline.facts import Fact, fact_of_news
from cognition.offline.talk import event_date, span_minutes, split
from cognition.offline.text import SENTENCE_END
from cognition.plan import clock
from cognition.steps.dialogue import Commitment, ConversationSummary
from cognition.steps.dialogue import SummaryInput as ConversationInput


def commitment(person: str, invitation: Fact, now: str, going: bool = True) -> Commitment | None:
    """`person`'s answer to an invitation to `invitation`'s event, as a commitment (with
    its news item when known as data); None when the event's day or hours do not read."""
    event = invitation.event
    if event is None:
        return None
    when, span = event_date(event, now), span_minutes(event.span)
    if when is None or span is None:
        return None
    return Commitment(
        person=person,
        activity=f"go to the {event.name} at {event.place}",
        day=f"{when:%Y-%m-%d}",
        start=clock(span[0]),
        end=clock(span[1]),
        going=going,
        item=invitation.item,
    )


def conversation_summary(inputs: ConversationInput, rng: random.Random) -> ConversationSummary:
    """Who told whom what, who accepted what (with the commitments), in that order."""
    first, second = inputs.first, inputs.second
    opening = rng.choice((f"{first} and {second} had a chat.", f"{first} and {second} talked."))
    said = []
    for raw in inputs.lines:
        speaker, text = split(raw)
        said.append((speaker, second if speaker == first else first, text))
    return summarise_lines(opening, said, inputs.now, inputs.told)


def summarise_lines(
    opening: str,
    said: list[tuple[str, str, str]],
    now: str,
    news: Sequence[News | None] = (),
) -> ConversationSummary:
    """The summary of lines (speaker, listener, text): the opening sentence, then who told
    whom what and who accepted or declined which invitation, with the commitments made.
    `news[i]`, when given, is what line i told as data: told (and offered, for an event)
    whatever its wording."""
    parts = [opening]
    told: set[str] = set()
    offered: dict[str, Fact] = {}  # the last event each speaker told of
    commitments: list[Commitment] = []
    for number, (speaker, listener, text) in enumerate(said):
        typed = news[number] if number < len(news) else None
        if typed is not None:
            fact = fact_of_news(typed)
            told.add(fact.key)
            parts.append(told_text(speaker, listener, fact.statement))
            if fact.event is not None:
                offered.pop(speaker, None)
                offered[speaker] = fact
        for sentence in SENTENCE_END.split(text):
            others = [f for who, f in offered.items() if who != speaker]
            invitation = offered.get(listener) or (others[-1] if others else None)
            if say.ACCEPTED.search(sentence) and invitation and invitation.event:
                event = invitation.event
                parts.append(going_text(speaker, event.name, event.place, event.day, event.span))
                promise = commitment(speaker, invitation, now)
                if promise is not None and promise not in commitments:
                    commitments.append(promise)
            elif say.DECLINED.search(sentence) and invitation and invitation.event:
                parts.append(f"{speaker} will not go to the {invitation.event.name}.")
                refusal = commitment(speaker, invitation, now, going=False)
                if refusal is not None and refusal not in commitments:
                    commitments.append(refusal)
    return ConversationSummary(summary=" ".join(parts), commitments=commitments)

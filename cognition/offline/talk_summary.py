"""Offline talk's summary: who told whom what in a conversation, and who accepted which
invitation, with the `Commitment`s made (the mind fits each into its plan). What a line
told as data (`SummaryInput.told`) is read by its fields (a line without it told no news),
and whether it accepts or turns down an invitation by its answer (`SummaryInput.answers`,
each line's `DialogueLine.answer`); a line whose answer is unknown — a player's own words,
a line recorded before answers were data — by the accept and decline phrases' reader,
`phrases.answer_in`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date

import cognition.offline.phrases as say
from cognition.memory.fields import News
from cognition.memory.texts import going_text, told_text
from cognition.offline.event_times import event_date, event_hours, today
from cognition.offline.facts import Fact, fact_of_news
from cognition.offline.talk import split
from cognition.offline.text import SENTENCE_END
from cognition.plan import clock
from cognition.steps.dialogue import Commitment, ConversationSummary
from cognition.steps.dialogue import SummaryInput as ConversationInput


def commitment(
    person: str, invitation: Fact, day: date | None, going: bool = True
) -> Commitment | None:
    """`person`'s answer to an invitation to `invitation`'s event (`day`: today), as a
    commitment (with its news item when known as data); None when the event's day or hours
    are not known."""
    event = invitation.event
    if event is None:
        return None
    when, span = event_date(invitation, day), event_hours(invitation)
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
    day = today(inputs.clock, inputs.now)
    return summarise_lines(opening, said, day, inputs.told, inputs.answers)


def answered(
    speaker: str, answer: str, invitation: Fact | None, day: date | None
) -> tuple[str, Commitment | None] | None:
    """What `speaker`'s answer ("accept" or "decline") to `invitation` adds to the summary:
    its sentence and the commitment made (None when the event's times do not read); None
    when it answers no invitation to an event."""
    if invitation is None or invitation.event is None or answer not in ("accept", "decline"):
        return None
    event = invitation.event
    if answer == "accept":
        sentence = going_text(speaker, event.name, event.place, event.day, event.span)
        return sentence, commitment(speaker, invitation, day)
    sentence = f"{speaker} will not go to the {event.name}."
    return sentence, commitment(speaker, invitation, day, going=False)


def summarise_lines(
    opening: str,
    said: list[tuple[str, str, str]],
    day: date | None,
    news: Sequence[News | None] = (),
    answers: Sequence[str | None] = (),
) -> ConversationSummary:
    """The summary of lines (speaker, listener, text): the opening sentence, then who told
    whom what and who accepted or declined which invitation, with the commitments made
    (`day`: today). `news[i]`, when given, is what line i told as data: told (and offered,
    for an event) whatever its wording. `answers[i]` is line i's answer to an invitation as data
    ("accept", "decline", "" for none); a line without one (None, or none given) is read
    by its words (`phrases.answer_in`), sentence by sentence."""
    parts = [opening]
    offered: dict[str, Fact] = {}  # the last event each speaker told of
    commitments: list[Commitment] = []

    def invited(speaker: str, listener: str) -> Fact | None:
        others = [f for who, f in offered.items() if who != speaker]
        return offered.get(listener) or (others[-1] if others else None)

    def note(found: tuple[str, Commitment | None] | None) -> None:
        if found is not None:
            parts.append(found[0])
            if found[1] is not None and found[1] not in commitments:
                commitments.append(found[1])

    for number, (speaker, listener, text) in enumerate(said):
        typed = news[number] if number < len(news) else None
        answer = answers[number] if number < len(answers) else None
        if typed is not None:
            fact = fact_of_news(typed)
            parts.append(told_text(speaker, listener, fact.statement))
            if fact.event is not None:
                offered.pop(speaker, None)
                offered[speaker] = fact
        if answer is not None:
            note(answered(speaker, answer, invited(speaker, listener), day))
            continue
        for sentence in SENTENCE_END.split(text):  # an answer not known as data: its words
            note(answered(speaker, say.answer_in(sentence), invited(speaker, listener), day))
    return ConversationSummary(summary=" ".join(parts), commitments=commitments)

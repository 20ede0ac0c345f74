"""The fields of the memories talking makes: one writer per kind, beside each other.

A talk's memory (its transcript and summary) carries with whom, when, the news said in it
(each line's told news as the rememberer has it), which of it the rememberer told, the
commitments made in it as intentions, its topic (a meeting's question) and what it was
about as the summary's answer says it (`talked_about`) (`talk_fields`).
An accepted invitation's memory carries its one intention (`Appointment.memory_fields`); an
adopted intention's memory the deed it adopted (`adopted_fields`); a line overheard the
news it told, from its speaker (`heard_fields`). The offline brain reads these, not the
prose.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from cognition.contract import Conversation
from cognition.memory.fields import Intention, MemoryFields, News
from cognition.steps.dialogue import Commitment

__all__ = ["adopted_fields", "heard_fields", "talk_fields"]


def talk_fields(
    knower: str,
    conversation: Conversation,
    partners: Sequence[str],
    now: datetime,
    commitments: Sequence[Commitment] = (),
) -> MemoryFields:
    """A talk's memory as fields: with whom, when, the news said in it — each line's told
    news as `knower` has it (heard from the line's speaker, or its own as it knew it) —
    the items `knower` told, the commitments made, as intentions, its topic (a meeting's
    question; "" for a chance talk) and what it was about as its summary's answer said
    (`Conversation.talked_about`, from `ConversationSummary.topic`: "his thesis")."""
    news = tuple(
        line.told if line.speaker == knower else line.told.told_by(line.speaker)
        for line in conversation.lines
        if line.told is not None
    )
    told = tuple(
        dict.fromkeys(
            line.told.item
            for line in conversation.lines
            if line.told is not None and line.speaker == knower
        )
    )
    intentions = tuple(dict.fromkeys(i for c in commitments if (i := c.intention()) is not None))
    return MemoryFields(
        partners=tuple(partners),
        time=now,
        news=news,
        told=told,
        intentions=intentions,
        topic=" ".join(conversation.topic.split()),
        talked_about=" ".join(conversation.talked_about.split()).rstrip("."),
    )


def heard_fields(speaker: str, now: datetime | None, told: News | None = None) -> MemoryFields:
    """A line overheard (or anything seen of `speaker`) as fields: whom it is about, when,
    and the news the line told, as the hearer has it — heard from the speaker."""
    news = () if told is None else (told.told_by(speaker),)
    return MemoryFields(subject=speaker, time=now, news=news)


def adopted_fields(person: str, deed: str, now: datetime) -> MemoryFields:
    """An intention `person` adopted (an inner voice's "you should …"), as fields: the deed
    ("paint the fence"), no day or times."""
    intention = Intention(person=person, deed=deed.strip().rstrip(".") or "act", day=now.date())
    return MemoryFields(subject=person, time=now, intentions=(intention,))

"""Offline answer to an invitation: whether the listener of an event's news goes to it, by
its plan (busy then, or the event is past), whether it knows the host, who asks (the host
in person, or someone passing the news on) and its persona's traits.

Knowing the host is data: the memories that name them by their fields (`LineInput.named`),
or the host is the one asking, face to face. Whether the two had met before this talk
(`LineInput.met`) does not count against a host asking in person: by the time the host
invites, the two have met — in this talk's introductions if not before — and an invitation
given in person by the one who holds the event is the warmest an invitation gets.
"""

from __future__ import annotations

import random

import cognition.offline.phrases as say
from cognition.offline.event_times import clash, event_date, event_hours, today
from cognition.offline.facts import Fact
from cognition.persona import read_innate_traits
from cognition.steps.dialogue import LineInput

BASE_CHANCE = 0.45  # an invitation from someone the listener knows little of
KNOWS_HOST = 0.25  # more when the listener knows the host
IN_PERSON = 0.15  # more again when the host asks in person rather than another telling it
SOCIABLE = 0.15  # a sociable persona more likely
RESERVED = 0.25  # a reserved one less


def knows_host(inputs: LineInput, host: str) -> bool:
    """Whether the speaker knows the event's `host`: two of its memories name them by their
    fields (`LineInput.named`), or the host is asking in person (the listener of this line's
    speaker: met in this talk if not before, whatever `LineInput.met` says of before it)."""
    return inputs.named.get(host, 0) >= 2 or host == inputs.listener


def will_go(inputs: LineInput, fact: Fact, rng: random.Random) -> tuple[bool, str]:
    """Whether the speaker accepts an invitation to `fact`'s event, and if not, why not
    ("working", "past", or "" for not in the mood): by plan, relationship and persona."""
    now = today(inputs.clock, inputs.now)
    when = event_date(fact, now)
    if when is None or now is None or when < now:
        return False, "past"
    span = event_hours(fact)
    if when == now and span is not None:
        busy = clash(inputs.plan, span)
        if busy:
            return False, busy
    mood = read_innate_traits(inputs.summary).lower()
    host = fact.subject
    chance = BASE_CHANCE
    if knows_host(inputs, host):
        chance += KNOWS_HOST
    if host == inputs.listener:  # asked by the host in person, not told of it
        chance += IN_PERSON
    if any(word in mood for word in say.SOCIABLE):
        chance += SOCIABLE
    if any(word in mood for word in say.RESERVED):
        chance -= RESERVED
    return rng.random() < chance, ""

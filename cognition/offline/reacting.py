"""Offline react: whether a resident reacts to what it notices — deals with an alarming object
state, welcomes a visitor, talks to someone (the `react` step's rule)."""

from __future__ import annotations

import random

import cognition.offline.phrases as say
from cognition.offline.talk import traits
from cognition.offline.text import mentions
from cognition.steps.react import ReactInput, Reaction

ALARMING = ("burn", "fire", "smok", "leak", "flood", "overflow", "broken", "spill", "alarm")


def react(inputs: ReactInput, rng: random.Random) -> Reaction:
    """Deal with an alarming object state; welcome a visitor; talk to people one knows, and
    to others as often as the persona is sociable (half the time, more or less)."""
    if inputs.observed.startswith("the ") and any(w in inputs.observation for w in ALARMING):
        thing = inputs.observed
        state = inputs.observation.rsplit(") ", 1)[-1]
        return Reaction(choice="react", reaction=f"dealing with {thing}, which {state}", minutes=15)
    mood = traits(inputs.summary)
    chance = (
        0.5
        + 0.3 * any(w in mood for w in say.SOCIABLE)
        - 0.25 * any(w in mood for w in say.RESERVED)
    )
    if inputs.may_talk and (
        inputs.observed_is_visitor
        or mentions(inputs.relationship_memories, inputs.observed)
        or rng.random() < chance
    ):
        return Reaction(choice="talk")
    return Reaction(choice="continue")

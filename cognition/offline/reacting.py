"""Offline react: whether a resident reacts to what it notices — deals with an alarming object
state, welcomes a visitor, talks to someone (the `react` step's rule)."""

from __future__ import annotations

import random

import cognition.offline.phrases as say
from cognition.memory.texts import read_object_state
from cognition.offline.notes import named_by, read_notes
from cognition.offline.talk import traits
from cognition.steps.react import ReactInput, Reaction

# Whether an object's state is alarming is read from its words, and only from an object's
# state: a state is free text (the player types "the stove is burning" or "water all over
# the floor"; a resident's action writes its own), and neither the world nor a scenario
# keeps a severity for it — a model reads the sentence, and this is the offline stand-in.
# The words are those of danger or damage to a thing, true of any object in any town; a
# person's activity, a memory or news never reaches this list (no kind of news weighs here).
ALARMING = ("burn", "fire", "smok", "leak", "flood", "overflow", "broken", "spill", "alarm")


def alarming_state(inputs: ReactInput) -> str | None:
    """The state ("is burning") of an observed object (`react.the_thing`) when its words
    are alarming (`ALARMING`); None otherwise, or when a person is observed. Read from the
    object's state alone (`texts.read_object_state`), never its name or place."""
    if not inputs.observed.startswith("the "):
        return None
    read = read_object_state(inputs.observation)
    state = read[2] if read is not None else inputs.observation
    return state if any(word in state.lower() for word in ALARMING) else None


def knows_of(inputs: ReactInput) -> bool:
    """Whether a memory recalled about the one observed names them, by its fields
    (`ReactInput.relationship_recalled`, `notes.named_by`; one saved before fields by its
    text form's shape): never by the words of the memories."""
    recalled = inputs.relationship_recalled
    lines = inputs.relationship_memories
    notes = read_notes(lines, recalled=recalled if len(recalled) == len(lines) else ())
    return any(n.kind != "object" and inputs.observed in named_by(n) for n in notes)


def react(inputs: ReactInput, rng: random.Random) -> Reaction:
    """Deal with an alarming object state; welcome a visitor; talk to people one knows, and
    to others as often as the persona is sociable (half the time, more or less)."""
    if (state := alarming_state(inputs)) is not None:
        thing = inputs.observed
        return Reaction(choice="react", reaction=f"dealing with {thing}, which {state}", minutes=15)
    mood = traits(inputs.summary)
    chance = (
        0.5
        + 0.3 * any(w in mood for w in say.SOCIABLE)
        - 0.25 * any(w in mood for w in say.RESERVED)
    )
    if inputs.may_talk and (
        inputs.observed_is_visitor or knows_of(inputs) or rng.random() < chance
    ):
        return Reaction(choice="talk")
    return Reaction(choice="continue")

"""Offline react reads whether an object's state is alarming from the state's own words —
the only reader of its kind: states are free text (the player's or a resident's) with no
severity as data. Any object in any town; never its name or place, a person's activity, or
what memories say."""

from __future__ import annotations

import random

import pytest

from cognition.memory.texts import object_state_text, seen_text
from cognition.offline.reacting import react
from cognition.steps.react import ReactInput, the_thing


def inputs(observed: str, observation: str, memories: tuple[str, ...] = ()) -> ReactInput:
    return ReactInput(
        agent="Ada Brook",
        summary="Name: Ada Brook (age 40). Innate traits: quiet, careful.",
        now="Tuesday May 2, 2023, 10:10",
        current_activity="writing",
        observation=observation,
        observed=observed,
        relationship_memories=list(memories),
        status_memories=[],
        may_talk=False,
    )


@pytest.mark.parametrize(
    ("thing", "state"),
    [
        ("stove", "is burning"),
        ("kiln", "SMOKING HEAVILY"),  # typed by the player, in capitals
        ("sink", "water all over the floor, overflowing"),
        ("loom", "is broken"),
    ],
)
def test_an_alarming_state_of_any_object_is_dealt_with(thing: str, state: str) -> None:
    seen = inputs(the_thing(thing), object_state_text(thing, "workshop, Mill House", state))
    reaction = react(seen, random.Random(0))
    assert reaction.choice == "react"
    assert reaction.reaction.startswith(f"dealing with the {thing}, which is ")


def test_only_the_states_words_are_read_not_the_objects_name_or_place() -> None:
    fireplace = inputs(the_thing("fireplace"), object_state_text("fireplace", "Fire Hall", "lit"))
    assert react(fireplace, random.Random(0)).choice == "continue"


def test_a_persons_activity_and_memories_of_fires_raise_no_alarm() -> None:
    seen = seen_text("Leo Marsh", "put out a fire in the grill", "yard, Leo's house")
    memories = ("[Tue May 02 09:00] The bakery burned down last year",)
    assert react(inputs("Leo Marsh", seen, memories), random.Random(0)).choice == "continue"

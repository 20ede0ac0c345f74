"""Offline place choice: named in the activity, else by keyword, else stay, else home.

Objects are chosen per action (with the state the verb suggests) for a whole stretch."""

from __future__ import annotations

import random

from cognition.offline.judgement import object_state
from cognition.offline.tables import ARENA_WORDS, OBJECT_WORDS, PLACE_WORDS
from cognition.offline.text import first_match
from cognition.steps.location import PlaceChoice, PlaceChoiceInput
from cognition.steps.objects import ObjectsInput, ObjectUse, ObjectUses

HOME_WORDS = ("home", "sleep", "bed", "wake", "shower", "get ready", "breakfast", "dinner")


def named(text: str, options: list[str]) -> str | None:
    """The longest option whose name occurs in `text`."""
    lowered = text.lower()
    hits = [o for o in options if o.lower() in lowered]
    return max(hits, key=len) if hits else None


def by_word(
    text: str, options: list[str], table: tuple[tuple[tuple[str, ...], str], ...]
) -> str | None:
    """The first option containing the keyword the table gives for `text`."""
    key = first_match(text, table)
    if key is None:
        return None
    return next((o for o in options if key in o.lower()), None)


def choose_sector(inputs: PlaceChoiceInput) -> str | None:
    home_sector = inputs.home.split(", ")[0]
    text = f"{inputs.activity} ({inputs.context})"
    found = named(inputs.activity, inputs.options) or named(inputs.context, inputs.options)
    if found:
        return found
    if "work" in text.lower() and inputs.workplace in inputs.options:
        return inputs.workplace
    if any(word in text.lower() for word in HOME_WORDS) and home_sector in inputs.options:
        return home_sector
    return by_word(text, inputs.options, PLACE_WORDS)


def choose_arena(inputs: PlaceChoiceInput) -> str | None:
    found = named(inputs.activity, inputs.options) or by_word(
        inputs.activity, inputs.options, ARENA_WORDS
    )
    if found:
        return found
    for option, note in zip(inputs.options, inputs.notes, strict=False):
        objects = note.partition(": ")[2]
        if any(o and o in inputs.activity.lower() for o in objects.split(", ")):
            return option
    return None


def choose_object(activity: str, options: list[str]) -> str | None:
    return named(activity, options) or by_word(activity, options, OBJECT_WORDS)


def choose_place(inputs: PlaceChoiceInput, rng: random.Random) -> PlaceChoice:
    chooser = choose_sector if inputs.level == "sector" else choose_arena
    return PlaceChoice(name=chooser(inputs) or inputs.current or inputs.options[0])


def choose_objects(inputs: ObjectsInput, rng: random.Random) -> ObjectUses:
    uses = []
    for line in inputs.actions:
        activity = line.partition(". ")[2] or line
        thing = choose_object(activity, inputs.options) or inputs.current
        uses.append(
            ObjectUse(
                object=thing or rng.choice(inputs.options),
                state=object_state(inputs.agent, activity),
            )
        )
    return ObjectUses(uses=uses)

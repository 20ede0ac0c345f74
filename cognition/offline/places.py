"""Offline place choice: named in the activity, else by keyword, else stay, else home."""

from __future__ import annotations

import random

from cognition.offline.tables import ARENA_WORDS, OBJECT_WORDS, PLACE_WORDS
from cognition.offline.text import first_match
from cognition.steps.location import PlaceChoice, PlaceChoiceInput

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


def choose_object(inputs: PlaceChoiceInput) -> str | None:
    return named(inputs.activity, inputs.options) or by_word(
        inputs.activity, inputs.options, OBJECT_WORDS
    )


def choose_place(inputs: PlaceChoiceInput, rng: random.Random) -> PlaceChoice:
    chooser = {"sector": choose_sector, "arena": choose_arena}.get(inputs.level, choose_object)
    choice = chooser(inputs) or inputs.current
    if not choice:
        choice = inputs.options[0] if inputs.level != "object" else rng.choice(inputs.options)
    return PlaceChoice(name=choice)

"""Plain English for places: articles, lists, and the area tree as sentences.

Works on an outline — sector → arena → object names, in map order — so the whole tree and
an agent's remembered part of it read the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Outline = Mapping[str, Mapping[str, Sequence[str]]]
"""sector name → arena name → object names."""

_AN_EXCEPTIONS = ("hour", "honest", "honour", "heir")
_A_EXCEPTIONS = ("uni", "use", "one", "eu", "ewe", "usu")


def with_article(noun: str) -> str:
    """ "stove" → "a stove", "oven" → "an oven", "umbrella stand" → "an umbrella stand"."""
    lower = noun.lower()
    if lower.startswith(_AN_EXCEPTIONS):
        return f"an {noun}"
    if lower.startswith(_A_EXCEPTIONS):
        return f"a {noun}"
    return f"{'an' if lower[:1] in 'aeiou' and lower else 'a'} {noun}"


def place_name(name: str) -> str:
    """A place as it reads mid-sentence: "kitchen" → "the kitchen",
    "Lin family's house" → "the Lin family's house", "Hobbs Cafe" → "Hobbs Cafe"."""
    if name.startswith("The "):
        return "the " + name[4:]
    if name.startswith("the ") or not name:
        return name
    if name[0].islower() or " family's " in name or name.endswith(" family"):
        return "the " + name
    return name


def english_list(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def arena_clause(arena: str, objects: Sequence[str]) -> str:
    """ "the kitchen has a stove and a sink" / "the hallway has nothing in it"."""
    if not objects:
        return f"{place_name(arena)} has nothing in it"
    return f"{place_name(arena)} has {english_list([with_article(o) for o in objects])}"


def describe_sector(sector: str, arenas: Mapping[str, Sequence[str]]) -> str:
    """ "In the Lin family's house: the kitchen has a stove and a sink; the bedroom has a bed." """
    if not arenas:
        return capitalised(f"{place_name(sector)} has no rooms or places inside.")
    clauses = [arena_clause(arena, objects) for arena, objects in arenas.items()]
    return f"In {place_name(sector)}: " + "; ".join(clauses) + "."


def describe_arena(sector: str, arena: str, objects: Sequence[str]) -> str:
    """ "The kitchen in the Lin family's house has a stove and a sink." """
    clause = arena_clause(arena, objects)
    where = f" in {place_name(sector)}"
    name_part = place_name(arena)
    return capitalised(name_part + where + clause[len(name_part) :] + ".")


def describe_outline(outline: Outline) -> str:
    """Every sector of the outline, one sentence each, in order."""
    return " ".join(describe_sector(sector, arenas) for sector, arenas in outline.items())

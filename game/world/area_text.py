"""Plain English for places: articles, lists, and the area tree as sentences.

Works on an outline — sector → arena → object names, in map order — so the whole tree and
an agent's remembered part of it read the same way.
"""

from __future__ import annotations

import re
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
    "Lin family's house" → "the Lin family's house", "Hobbs Cafe" → "Hobbs Cafe",
    "Dorm for Oak Hill College" → "the dorm for Oak Hill College"."""
    if name.startswith("The "):
        return "the " + name[4:]
    if name.startswith("the ") or not name:
        return name
    if name[0].islower() or " family's " in name or name.endswith(" family"):
        return "the " + name
    words = name.split()
    if not words[0].endswith("'s") and (len(words) == 1 or words[1][:1].islower()):
        return "the " + name[0].lower() + name[1:]  # a common noun written as a title
    return name


_NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
)  # fmt: skip
_NUMBERED = re.compile(r"^(.*\D) (\d+)$")


def plural(noun: str) -> str:
    """ "table" → "tables", "shelf" → "shelves", "bench" → "benches", "library" → "libraries"."""
    if noun.endswith("f"):
        return noun[:-1] + "ves"
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
        return noun[:-1] + "ies"
    return noun + "s"


def object_phrases(names: Sequence[str]) -> list[str]:
    """Object names as English: "stove" → "a stove"; numbered ones counted together,
    "customer table 1" … "customer table 4" → "four customer tables"."""
    groups: dict[str, list[str]] = {}
    for name in names:
        match = _NUMBERED.match(name)
        groups.setdefault(match.group(1) if match else name, []).append(name)
    phrases = []
    for base, members in groups.items():
        count = len(members)
        if count == 1:
            phrases.append(with_article(members[0]))
        else:
            number = _NUMBER_WORDS[count] if count < len(_NUMBER_WORDS) else str(count)
            phrases.append(f"{number} {plural(base)}")
    return phrases


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
    return f"{place_name(arena)} has {english_list(object_phrases(objects))}"


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

"""Small English helpers for the offline rules' sentences.

Clauses cleaned to sit inside a sentence, counts in words ("twice", "three people"), a
doing as a gerund, a sighting's or a plan's place as a phrase, a time stamp as a part of the
day, and names joined into a list. No resident, place or event is named here.
"""

from __future__ import annotations

from collections.abc import Sequence

from cognition.phrasing import gerund as verb_ing
from cognition.phrasing import listed

DAYS = {
    "Mon": "Monday", "Tue": "Tuesday", "Wed": "Wednesday", "Thu": "Thursday",
    "Fri": "Friday", "Sat": "Saturday", "Sun": "Sunday",
}  # fmt: skip
COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def clean(text: str) -> str:
    """A clause fit to sit inside a sentence: no quotes, no final stop, one line."""
    text = " ".join(text.replace('"', "").replace("“", "").replace("”", "").split())
    return text.rstrip(" .!;,")


def times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{COUNTS[n] if n < len(COUNTS) else n} times")


def how_many(n: int, thing: str, things: str) -> str:
    return f"{COUNTS[n] if n < len(COUNTS) else n} {thing if n == 1 else things}"


def gerund(activity: str) -> str:
    """ "read and take notes" → "reading and taking notes"."""

    def doing(part: str, index: int) -> str:
        verb, _, rest = part.partition(" ")
        if index and not rest:  # "enjoy drinks and music": a lone later word is a noun
            return part
        return f"{verb_ing(verb)} {rest}".strip()

    return " and ".join(doing(p, i) for i, p in enumerate(clean(activity).split(" and ")))


def place_phrase(where: str, arena_last: bool = True) -> str:
    """ "library, Elm College" → "in the library at Elm College" (a sighting's
    "object, arena, sector"; a plan's "sector, arena" with `arena_last=False`)."""
    parts = [p.strip() for p in where.split(",") if p.strip()]
    if not parts:
        return ""
    if len(parts) == 1:
        return f"at {parts[0]}"
    arena, sector = (parts[-2], parts[-1]) if arena_last else (parts[1], parts[0])
    if arena.lower() in sector.lower():
        return f"at {sector}"
    the = "" if arena[:1].isupper() else "the "
    return f"in {the}{arena} at {sector}"


def when(stamp: str) -> str:
    """ "Mon 08:44" → "on Monday morning"."""
    if not stamp:
        return "recently"
    day, clock = stamp.split()
    hour, name = int(clock.split(":")[0]), DAYS.get(day, day)
    if hour < 5:
        return f"late on {name} night"
    part = next(
        p
        for end, p in ((12, "morning"), (17, "afternoon"), (22, "evening"), (24, "night"))
        if hour < end
    )
    return f"on {name} {part}"


def sentence_of(text: str) -> str:
    text = clean(text)
    return text[:1].upper() + text[1:] + "." if text else ""


def joined(names: Sequence[str]) -> str:
    return listed(list(names))


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]

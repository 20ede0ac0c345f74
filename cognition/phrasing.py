"""How an activity reads after "is": one rule for the mind's observations ("Ann is making
breakfast"), the offline brain's wording and the game's cards.

Activities are written as commands ("make breakfast", "listen to the music"); a resident in
conversation shows the line it says ('"See you!"'); some are already states ("sleeping",
"at the cafe"). Only a plain lower-case verb at the start is turned into its -ing form.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["NOT_VERBS", "doing_phrase", "gerund", "progressive"]

VOWELS = "aeiou"
NOT_VERBS = frozenset((
    "a", "an", "the", "at", "in", "on", "by", "up", "out", "off", "away", "back", "home",
    "asleep", "awake", "busy", "still", "about", "with", "not", "ready", "done", "outside",
    "inside", "idle", "be",
))  # fmt: skip


def gerund(verb: str) -> str:
    """ "make" → "making", "get" → "getting", "lie" → "lying", "see" → "seeing"; a word
    already in -ing form, or not a plain word, is kept."""
    lowered = verb.lower()
    if lowered.endswith("ing") or not lowered.isalpha() or lowered in NOT_VERBS:
        return verb
    if lowered.endswith("ie"):
        return verb[:-2] + "ying"
    if lowered.endswith("e") and len(lowered) > 2 and not lowered.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"
    syllables = sum(
        1
        for i, ch in enumerate(lowered)
        if ch in VOWELS and (i == 0 or lowered[i - 1] not in VOWELS)
    )
    last = lowered[-3:]
    if (
        syllables == 1
        and len(last) == 3
        and last[0] not in VOWELS
        and last[1] in VOWELS
        and last[2] not in VOWELS + "wxy"
    ):
        return verb + verb[-1] + "ing"
    return verb + "ing"


def progressive(doing: str) -> str:
    """ "make breakfast" → "making breakfast"; phrases already in -ing form, or not starting
    with a plain lower-case verb ("at the cafe", "Ann's turn"), are kept."""
    first, _, rest = doing.partition(" ")
    if not first.isalpha() or not first.islower() or first in NOT_VERBS:
        return doing
    return f"{gerund(first)} {rest}".strip()


def is_spoken_line(activity: str) -> bool:
    """Whether an activity is a line being said (in quotes, as the bridge gives a talking
    resident's activity), the form `doing_phrase` says as 'saying "…"'."""
    return activity.strip().startswith(('"', "“"))


def doing_phrase(activity: str) -> str:
    """What follows "Ann is": the activity in -ing form, a spoken line as saying it
    ('saying "See you!"'), "idle" for nothing."""
    doing = activity.strip()
    if not doing:
        return "idle"
    if is_spoken_line(doing):
        return f"saying {doing}"
    if doing.startswith(("is ", "are ")):
        doing = doing.split(" ", 1)[1]
    return progressive(doing)


def listed(names: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C" ("" for none)."""
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)

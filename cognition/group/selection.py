"""Who speaks next in a group talk, by AutoGen's GroupChat speaker selection methods.

`GroupTalk.choose` asks these for every line after the opener's (the opener always opens);
members who passed this round are left out while anyone else may speak:

- *auto* (the `manager` strategy): a manager model picks from the transcript and the
  members' descriptions (`talk.py`);
- *round robin*: the member after the last speaker, in the order the members joined;
- *random*: any member but the last speaker (AutoGen's `allow_repeat_speaker=False`), drawn
  from the talk's own seeded random — the same talk picks the same speakers again;
- *manual*: the player picks (`Human.pick`, the window's chooser); no answer, a name not in
  the talk, or no player in the talk, and the manager picks (as AutoGen falls back to auto).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime

from cognition.contract import ConversationLine


def talk_random(seed: int, opener: str, started: datetime) -> random.Random:
    """The talk's random: the same seed, opener and start draw the same speakers."""
    return random.Random(f"{seed}|{opener}|{started.isoformat()}")


def by_turns(candidates: Sequence[str], lines: Sequence[ConversationLine]) -> str:
    """Turn-taking (the manager's fallback): whoever the last line spoke to, else who spoke
    longest ago (never yet: first), never the last speaker while anyone else may speak."""
    last = lines[-1].speaker if lines else ""
    addressed = lines[-1].to if lines else ""
    if addressed in candidates and addressed != last:
        return addressed
    spoke = {line.speaker: index for index, line in enumerate(lines)}
    others = [name for name in candidates if name != last] or list(candidates)
    return min(others, key=lambda name: spoke.get(name, -1))


def round_robin(order: Sequence[str], candidates: Sequence[str], last: str) -> str:
    """The first candidate after `last` in `order` (wrapping round); `last` not in `order`:
    the first candidate in it."""
    start = order.index(last) + 1 if last in order else 0
    for name in [*order[start:], *order[:start]]:
        if name in candidates and name != last:
            return name
    return candidates[0]


def at_random(candidates: Sequence[str], last: str, rng: random.Random) -> str:
    """Any candidate but the last speaker (the last only when no one else may speak)."""
    others = [name for name in candidates if name != last] or list(candidates)
    return others[rng.randrange(len(others))]


def valid_pick(picked: str | None, candidates: Sequence[str]) -> str | None:
    """The player's pick when it names a candidate (full or first name, any case), else None."""
    text = (picked or "").strip().lower()
    if not text:
        return None
    for name in candidates:
        if text in (name.lower(), name.split()[0].lower()):
            return name
    return None

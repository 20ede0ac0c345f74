"""Who joins a conversation as it starts: the people standing near the two about to talk.

When a resident opens a conversation with another, residents near them in the same arena
who are free — not thinking, not talking, not walking, not asleep, and whose minds may
talk with the opener now (no cool-down, under the day's cap) — join, and the pair becomes
a group (up to the town's `group_max_members`). Nearest first; nobody is pulled in from
further than `GROUP_RADIUS` tiles of the opener.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime

from cognition import Agent
from game.bridge.perception import Someone, chebyshev
from game.town.resident import Resident

GROUP_RADIUS = 4  # tiles: near enough to be in the talk


def asleep(resident: Resident, words: Iterable[str]) -> bool:
    activity = resident.activity.description.lower() if resident.activity else ""
    return any(word in activity for word in words)


def gather_group(
    opener: Resident,
    partner: str,
    nearby: list[Someone],
    residents: dict[str, Resident],
    minds: dict[str, Agent],
    free: Callable[[str], bool],
    now: datetime,
) -> list[str]:
    """The others who join `opener` and `partner` (nearest first), or [] for a pair."""
    settings = minds[opener.name].settings
    if not settings.group_conversations:
        return []
    room = settings.group_max_members - 2
    joiners: list[str] = []
    for person in sorted(nearby, key=lambda p: chebyshev(p.tile, opener.tile)):
        name = person.name
        resident = residents.get(name)
        if (
            len(joiners) >= room
            or name in (opener.name, partner)
            or person.is_visitor
            or resident is None
            or name not in minds
            or chebyshev(person.tile, opener.tile) > GROUP_RADIUS
        ):
            continue
        mind = minds[name]
        if (
            free(name)
            and not resident.is_walking
            and not asleep(resident, mind.settings.undecomposed_words)
            and mind.talker.may_talk_with(opener.name, now)
        ):
            joiners.append(name)
    return joiners

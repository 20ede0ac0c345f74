"""Who joins a conversation as it starts: the people standing near the two about to talk.

When a resident opens a conversation with another, the residents it sees (in its arena,
within its vision radius) who are free — not thinking, not talking, not walking, not
asleep, not cooling down from a talk with the opener and not past the day's cap of
conversations — join, and the pair becomes a group (up to the town's `group_max_members`),
nearest first. The group is a talk of the day for its opener and whom it sought, not for
those drawn in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime

from cognition import Agent
from game.bridge.perception import Someone, chebyshev
from game.town.resident import Resident


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

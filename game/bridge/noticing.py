"""Noticing someone: a resident mid-activity stops and thinks about a person who came into
view (the paper perceives every step; here an arrival wakes the mind, once per react window).

The decision on someone noticed is due `NOTICE_TIME` after the moment they were noticed —
the resident takes a moment to stop and think — so its calls (the observations rated, then
react) run while the town steps on, rather than holding the moment it was noticed. It is
still a decision on what was perceived then (its perception is taken at once), and due at a
game time, so the same seed gives the same run. Until then it is droppable as a step
thought ahead is (`MindSlot.ahead_job`): the resident is free to be drawn into a talk.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Protocol

from game.bridge.perception import Someone
from game.bridge.residents import MindSlot

NOTICE_TIME = timedelta(minutes=1)  # from noticing someone to the decision on them


class NoticingMind(Protocol):
    """What of a mind noticing needs (an `Agent` is one)."""

    def notices(self, person: str, activity: str, doing: str, now: datetime) -> bool: ...


def notices_someone(
    mind: NoticingMind,
    window: timedelta,
    slot: MindSlot,
    doing: str,
    in_view: Iterable[Someone],
    now: datetime,
) -> bool:
    """Whether someone `in_view` is one the mind (doing `doing`) would stop for now: not
    noticed within the react `window`, and news to it (`Agent.notices`); the one noticed
    is kept in `slot.noticed`, the notices older than the window dropped."""
    for person in in_view:
        last = slot.noticed.get(person.name)
        if last is not None and now - last < window:
            continue
        if mind.notices(person.name, person.activity, doing, now):
            kept = {seen: at for seen, at in slot.noticed.items() if now - at < window}
            slot.noticed = kept | {person.name: now}
            return True
    return False


def noticed_for(slot: MindSlot, moment: datetime) -> bool:
    """Whether the decision `slot` thinks for `moment` is one on someone noticed (due
    `NOTICE_TIME` after a notice it keeps)."""
    return any(at + NOTICE_TIME == moment for at in slot.noticed.values())

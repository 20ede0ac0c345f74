"""Gatherings: people who planned to be at the same event talk there, in groups.

An accepted invitation is an appointment in each guest's mind ("go to the Valentine's Day
party at Hobbs Cafe", 17:00–19:00). While an event is on, the desk (each update, main
thread) looks at every arena where two or more residents are keeping the same appointment:
the free people there — the guests, and the host or anyone else in the room — start a
group talk (a pair's when only two), at most one new talk per arena every
`EVERY_MINUTES`. At a party people talk whatever their day's count of conversations (the
daily cap is for chance meetings), but not with someone they have just talked with (the
cool-down holds): the first free guest opens, and those cooling down with it wait for the
next talk.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from cognition import Agent, minute_of_day
from game.town.resident import Resident
from game.world.address import Address
from game.world.areas import AreaTree

EVERY_MINUTES = 10  # one new talk per gathering place at most this often


@dataclass
class Gatherings:
    tree: AreaTree
    residents: Callable[[], dict[str, Resident]]
    minds: dict[str, Agent]
    is_free: Callable[[str], bool]
    start_group: Callable[[list[str], datetime], None]
    max_members: int = 5
    last_started: dict[Address, datetime] = field(default_factory=dict)
    started: int = 0  # talks started at gatherings (for the report)
    every: timedelta = timedelta(minutes=EVERY_MINUTES)

    def keeping(self, name: str, now: datetime) -> str | None:
        """The appointment `name` keeps now (its activity), if any."""
        minute = minute_of_day(now)
        for appointment in self.minds[name].state.appointments:
            if appointment.day == now.date() and appointment.start <= minute < appointment.end:
                return appointment.activity
        return None

    def update(self, now: datetime) -> None:
        residents = self.residents()
        rooms: dict[tuple[Address, str], list[str]] = defaultdict(list)
        here: dict[Address, list[str]] = defaultdict(list)
        for name, resident in residents.items():
            if name not in self.minds or resident.is_walking:
                continue
            arena = self.tree.arena_at(resident.tile)
            if arena is None:
                continue
            here[arena].append(name)
            event = self.keeping(name, now)
            if event is not None:
                rooms[(arena, event)].append(name)
        for (arena, _event), guests in rooms.items():
            last = self.last_started.get(arena)
            if len(guests) < 2 or (last is not None and now - last < self.every):
                continue
            free = [name for name in guests if self.is_free(name)]
            others = [name for name in here[arena] if name not in guests and self.is_free(name)]
            if free:
                self.gather(arena, free[0], [*free[1:], *others], now)

    def gather(self, arena: Address, opener: str, others: list[str], now: datetime) -> None:
        """`opener` and those of `others` who are not cooling down with it talk."""
        talker = self.minds[opener].talker
        joining = [
            name
            for name in others
            if talker.may_join(name, now) and self.minds[name].talker.may_join(opener, now)
        ]
        members = [opener, *joining[: self.max_members - 1]]
        if len(members) >= 2:
            self.last_started[arena] = now
            self.started += 1
            self.start_group(members, now)

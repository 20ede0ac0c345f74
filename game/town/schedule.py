"""The schedule director: home → work → cafe → home by the clock, with no minds at all.

It drives the town before (or instead of) the language-model minds: for benchmarks, for tests
and for a "no minds" mode. Every resident follows the same timetable, shifted by a few
minutes per resident (stable, from the name) so the town does not move in lockstep.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, time
from typing import Literal, Protocol

from game.town.resident import Activity, Pose, Resident, Tile
from game.world.address import Address

PlaceKind = Literal["home", "work", "cafe"]


class PlaceTiles(Protocol):
    """Where in the map a place is: the walkable tiles of a sector or an arena."""

    def walkable_tiles(self, place: Address) -> Sequence[Tile]: ...

    def tiles_beside(self, place: Address) -> Sequence[Tile]:
        """Walkable tiles next to an object (empty when there is no such object)."""
        ...

    def resting_tile(self, place: Address) -> Tile | None:
        """Where a body lies on an object (a bed's lowest row), or None."""
        ...


@dataclass(frozen=True)
class Routine:
    """A resident's fixed places: home (and the bed there) and work."""

    home: Address
    work: Address
    bed: Address | None = None


@dataclass(frozen=True)
class TimetableEntry:
    """From `start` on, do `description` at `place` showing `emoji` in `pose`."""

    start: time
    place: PlaceKind
    description: str
    emoji: str
    pose: Pose = Pose.IDLE
    kind: str = ""


DEFAULT_TIMETABLE: tuple[TimetableEntry, ...] = (
    TimetableEntry(time(0, 0), "home", "sleeping", "😴", Pose.SLEEP, "sleep"),
    TimetableEntry(time(6, 30), "home", "getting ready for the day", "🪥", Pose.IDLE, "morning"),
    TimetableEntry(time(8, 0), "work", "working at {place}", "💼", Pose.WORK, "work"),
    TimetableEntry(time(17, 0), "cafe", "having a coffee at {place}", "☕", Pose.SIT, "cafe"),
    TimetableEntry(time(19, 0), "home", "having dinner at home", "🍲", Pose.IDLE, "evening"),
    TimetableEntry(time(22, 0), "home", "sleeping", "😴", Pose.SLEEP, "sleep"),
)


# The work emoji by a word in the workplace's name; 💼 when none matches.
WORK_EMOJI: tuple[tuple[str, str], ...] = (
    ("cafe", "☕"),
    ("pub", "🍺"),
    ("bar", "🍺"),
    ("college", "📚"),
    ("school", "📚"),
    ("pharmacy", "💊"),
    ("market", "🛒"),
    ("store", "🛠"),
    ("supply", "🛠"),
    ("park", "🌳"),
    ("square", "🏛"),
    ("house", "🏠"),
    ("apartment", "🏠"),
    ("living", "🎨"),
)


def work_emoji(place: Address) -> str:
    """An emoji for working at `place` ("Oak Hill College" → 📚)."""
    name = place.sector.lower()
    return next((emoji for word, emoji in WORK_EMOJI if word in name), "💼")


def _stable_number(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))


class ScheduleDirector:
    """A `ResidentDirector` that answers at once from a timetable (never "thinking")."""

    label = "schedule (no minds)"

    def __init__(
        self,
        routines: Mapping[str, Routine],
        places: PlaceTiles,
        cafe: Address,
        timetable: Sequence[TimetableEntry] = DEFAULT_TIMETABLE,
        stagger_minutes: int = 20,
    ) -> None:
        if not timetable or timetable[0].start != time(0, 0):
            raise ValueError("a timetable must start at 00:00")
        self.routines = dict(routines)
        self.places = places
        self.cafe = cafe
        self.timetable = tuple(timetable)
        self.stagger_minutes = stagger_minutes
        self._claims: dict[Tile, str] = {}  # destination tile → who is headed there
        self._claimed_by: dict[str, Tile] = {}

    def pending_decisions(self) -> frozenset[str]:
        return frozenset()

    def offset_minutes(self, name: str) -> int:
        """How many minutes after the timetable this resident does things (0..stagger)."""
        return _stable_number(name) % (self.stagger_minutes + 1) if self.stagger_minutes else 0

    def entry_at(self, name: str, now: datetime) -> TimetableEntry:
        minute = (now.hour * 60 + now.minute - self.offset_minutes(name)) % (24 * 60)
        current = self.timetable[0]
        for entry in self.timetable:
            if entry.start.hour * 60 + entry.start.minute <= minute:
                current = entry
        return current

    def place_of(self, name: str, kind: PlaceKind) -> Address:
        routine = self.routines[name]
        return {"home": routine.home, "work": routine.work, "cafe": self.cafe}[kind]

    def next_activity(self, resident: Resident, now: datetime) -> Activity | None:
        if resident.name not in self.routines:
            return None
        entry = self.entry_at(resident.name, now)
        place = self.place_of(resident.name, entry.place)
        key = f"{entry.kind or entry.description}@{place.describe()}"
        if resident.activity is not None and resident.activity.key == key:
            return None
        bed = self.routines[resident.name].bed
        destination = self.destination(resident.name, entry, place)
        rest_at = None
        if (
            entry.pose is Pose.SLEEP
            and bed is not None
            and destination in self.places.tiles_beside(bed)
        ):
            rest_at = self.places.resting_tile(bed)
        return Activity(
            description=entry.description.format(place=place.sector),
            emoji=work_emoji(place) if entry.kind == "work" else entry.emoji,
            destination=destination,
            pose=entry.pose,
            started=now,
            key=key,
            rest_at=rest_at,
        )

    def destination(self, name: str, entry: TimetableEntry, place: Address) -> Tile:
        """A stable tile for this resident in `place` (beside the bed when sleeping)."""
        routine = self.routines[name]
        tiles: Sequence[Tile] = ()
        if entry.pose is Pose.SLEEP and routine.bed is not None:
            tiles = self.places.tiles_beside(routine.bed)
        if not tiles:
            tiles = self.places.walkable_tiles(place)
        if not tiles:
            raise ValueError(f"{place.describe()} has no walkable tile for {name}")
        return self._claim(name, tiles, _stable_number(f"{name}/{entry.place}"))

    def _claim(self, name: str, tiles: Sequence[Tile], start: int) -> Tile:
        """The first tile from `start` (wrapping) nobody else is headed for, else `start`'s."""
        previous = self._claimed_by.pop(name, None)
        if previous is not None and self._claims.get(previous) == name:
            del self._claims[previous]
        chosen = tiles[start % len(tiles)]
        for offset in range(len(tiles)):
            tile = tiles[(start + offset) % len(tiles)]
            if tile not in self._claims:
                chosen = tile
                break
        self._claims.setdefault(chosen, name)
        self._claimed_by[name] = chosen
        return chosen

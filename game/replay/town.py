"""The town as a run record shows it at a moment: residents rebuilt from their position rows,
walking between rows along A* paths.

    town = ReplayTown(record, PathFinder(town_map.grid))
    town.seek(moment)          # anywhere: one `positions_at` (~1 ms) and a short read-ahead
    town.advance(later)        # playing forward: rows read a few game minutes ahead at once
    town.population            # what `game.render.scene.TownScene` draws

The state at `t` is each resident's last row at or before `t` (the record's own rule); a
resident whose next row stands on another tile walks there in between (`motion.leg_between`).
At a row's own time a resident is exactly where, facing where and doing what the row says.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from datetime import datetime, timedelta

from game.records import PositionRow, RunRecord
from game.replay.motion import Leg, leg_between
from game.town.director import Pathfinder
from game.town.population import WALK_TILES_PER_GAME_MINUTE, Population
from game.town.resident import Activity, Facing, Pose, Resident, Tile, facing_towards, slug_of

__all__ = ["READ_AHEAD", "RecordedDirector", "ReplayTown", "activity_of"]

ONE_MINUTE = timedelta(minutes=1)
PHASE_EPOCH = datetime(2000, 1, 1)
READ_AHEAD = timedelta(minutes=5)  # rows are known this far past the moment shown
READ_AT_LEAST = timedelta(minutes=1)  # of game time per query: small, steady reads
SEEK_GAP = timedelta(hours=2)  # a jump forward further than this is a seek, not a read


class RecordedDirector:
    """The population's director in a replay: the record decides, so nobody is asked."""

    def __init__(self, label: str) -> None:
        self._label = label

    @property
    def label(self) -> str:
        return self._label

    def pending_decisions(self) -> frozenset[str]:
        return frozenset()

    def next_activity(self, resident: Resident, now: datetime) -> Activity | None:
        return None


@dataclass
class Track:
    """One resident in the replay: the row in effect, the rows read after it, and the walk
    between the row in effect and the next (cached for that pair of rows)."""

    resident: Resident
    row: PositionRow
    ahead: deque[PositionRow]
    shown: bool = True  # in the population (a resident appears at their first row's time)
    activity_for: PositionRow | None = None  # the row `resident.activity` was made from
    leg: Leg | None = None
    leg_for: tuple[PositionRow, PositionRow] | None = None


class ReplayTown:
    """Residents placed as the record says, at `now` (see the module docstring)."""

    def __init__(
        self,
        record: RunRecord,
        pathfinder: Pathfinder,
        looks: dict[str, str] | None = None,
    ) -> None:
        self.record = record
        self.pathfinder = pathfinder
        self.looks = dict(looks or {})  # name → sprite name, from the record's people
        self.director = RecordedDirector(record.meta.brain)
        self.population = Population([], self.director, pathfinder)
        self.now = record.meta.start_time
        self.tracks: dict[str, Track] = {}
        self._read_until = self.now

    # --- moving in time ------------------------------------------------------------------------

    def seek(self, moment: datetime) -> None:
        """Show the town at `moment`, wherever the replay was before."""
        rows = self.record.positions_at(moment)
        old = {name: track.resident for name, track in self.tracks.items()}
        self.tracks = {}
        for name, row in rows.items():
            resident = old.get(name) or self._new_resident(name, row)
            self.tracks[name] = Track(resident, row, deque())
        self.population = Population(
            [track.resident for track in self.tracks.values()], self.director, self.pathfinder
        )
        self.now = moment
        self._read_until = moment
        self._read_ahead(moment + READ_AHEAD)
        self._place_everyone()

    def advance(self, moment: datetime) -> None:
        """Show the town at `moment`: forward from `now` by applying the rows read ahead (a
        step back, or a long jump forward, is a seek)."""
        if moment < self.now or moment - self.now > SEEK_GAP:
            self.seek(moment)
            return
        self._read_ahead(moment + READ_AHEAD)
        for track in self.tracks.values():
            while track.ahead and track.ahead[0].time <= moment:
                track.row = track.ahead.popleft()
        self.now = moment
        self._place_everyone()

    def _read_ahead(self, until: datetime) -> None:
        """Read the rows up to `until`: at ×60 a game minute's rows each frame rather than
        a big batch now and then, which would show as a slow frame."""
        if self._read_until >= until:
            return
        window_end = max(until, self._read_until + READ_AT_LEAST)
        for row in self.record.positions_between(self._read_until, window_end):
            track = self.tracks.get(row.resident)
            if track is None:  # a resident's first row: they join the town then
                resident = self._new_resident(row.resident, row)
                self.tracks[row.resident] = Track(resident, row, deque([row]), shown=False)
            else:
                track.ahead.append(row)
        self._read_until = window_end

    # --- placing residents ----------------------------------------------------------------------

    def _new_resident(self, name: str, row: PositionRow) -> Resident:
        look = self.looks.get(name) or slug_of(name)
        return Resident(name, (row.x, row.y), facing_of(row.facing), look=look)

    def _place_everyone(self) -> None:
        for track in self.tracks.values():
            if track.row.time > self.now:
                continue
            if not track.shown:
                track.shown = True
                self.population.add(track.resident)
            self._place(track)

    def _place(self, track: Track) -> None:
        """Put the resident where their row (and the walk to the next row) says, at `now`."""
        row, resident = track.row, track.resident
        following = track.ahead[0] if track.ahead else None
        if following is None:
            leg = None
        elif track.leg_for == (row, following):
            leg = track.leg
        else:
            leg = leg_between(row, following, self.pathfinder)
            track.leg, track.leg_for = leg, (row, following)
        if track.activity_for is not row:
            resident.activity, track.activity_for = activity_of(row), row
        walked = leg.walked(self.now) if leg is not None else None
        if leg is None or walked is None:  # standing where the row says
            resident.tile, resident.path, resident.step_progress = (row.x, row.y), [], 0.0
            resident.facing = facing_of(row.facing)
            resident.distance_walked = 0.0
            return
        step = min(int(walked), leg.tiles - 1)
        progress = walked - step
        if walked >= leg.tiles:  # arrived before the next row's time
            resident.tile, resident.path, resident.step_progress = leg.path[-1], [], 0.0
            resident.facing = facing_towards(leg.path[-2], leg.path[-1], resident.facing)
        else:
            resident.tile, resident.path = leg.path[step], list(leg.path[step + 1 :])
            resident.step_progress = progress
            if walked > 0:
                resident.facing = facing_towards(leg.path[step], leg.path[step + 1])
            else:
                resident.facing = facing_of(row.facing)
        resident.distance_walked = walk_phase(leg) + walked


def walk_phase(leg: Leg) -> float:
    """Tiles a walker would have covered by the leg's start since a fixed moment at the
    town's pace: the walk cycle flows on from one leg to the next instead of restarting."""
    return (leg.start - PHASE_EPOCH) / ONE_MINUTE * WALK_TILES_PER_GAME_MINUTE % 12.0


def activity_of(row: PositionRow) -> Activity:
    """The activity a row shows: its description, emoji and pose, done on the row's tile (or
    lying on the resting tile, a bed)."""
    rest: Tile | None = None
    if row.rest_x is not None and row.rest_y is not None:
        rest = (row.rest_x, row.rest_y)
    return Activity(
        row.activity, row.emoji, (row.x, row.y), pose_of(row.pose), row.time, rest_at=rest
    )


def facing_of(name: str) -> Facing:
    """ "left" → Facing.LEFT; anything unknown faces down."""
    try:
        return Facing[name.strip().upper()]
    except KeyError:
        return Facing.DOWN


def pose_of(name: str) -> Pose:
    """ "sit" → Pose.SIT; anything unknown is idle."""
    try:
        return Pose(name.strip().lower())
    except ValueError:
        return Pose.IDLE

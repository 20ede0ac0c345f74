"""A mind's `GoTo` as a resident's `Activity`: where to stand, which pose, which emoji."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from cognition import contract
from game.bridge.places import to_world_address
from game.town.resident import Activity, Pose, Resident
from game.world.address import Address
from game.world.grid import Tile
from game.world.navigation import Navigator

POSE_WORDS: tuple[tuple[Pose, tuple[str, ...]], ...] = (
    (Pose.SLEEP, ("sleep", "asleep", "nap")),
    (Pose.TALK, ("talk", "chat", "convers")),
    (
        Pose.SIT,
        ("eat", "breakfast", "lunch", "dinner", "coffee", "read", "sit", "relax", "drink"),
    ),
    (
        Pose.WORK,
        ("work", "study", "paint", "writ", "teach", "serv", "research", "class", "cook", "bak"),
    ),
)


def pose_for(activity: str) -> Pose:
    """The body pose an activity description suggests ("sleeping" → SLEEP)."""
    text = activity.lower()
    for pose, words in POSE_WORDS:
        if any(word in text for word in words):
            return pose
    return Pose.IDLE


def activity_key(name: str, description: str, place: Address | None) -> str:
    where = place.describe() if place is not None else "here"
    return f"mind:{name}:{description}@{where}"


class ActivityPlanner:
    """Finds the tile for a decided place; the population plans the path to it."""

    def __init__(self, navigator: Navigator) -> None:
        self.navigator = navigator
        self.tree = navigator.tree

    def place_of(self, address: contract.Address) -> Address | None:
        return to_world_address(self.tree, address)

    def destination(self, place: Address, start: Tile, occupied: Collection[Tile]) -> Tile | None:
        """The nearest reachable, preferably free, tile from which to use `place`."""
        if not self.navigator.grid.is_walkable(start):
            tiles = self.navigator.use_tiles(place)
            return tiles[0] if tiles else None
        return self.navigator.nearest_reachable_tile(place, start, occupied)

    def go_to(
        self,
        resident: Resident,
        action: contract.GoTo,
        now: datetime,
        occupied: Collection[Tile],
    ) -> tuple[Activity, Address | None]:
        """The activity for `action`, and the world place it names (None: unknown place)."""
        place = self.place_of(action.address)
        start = resident.path[0] if resident.path else resident.tile
        destination = None if place is None else self.destination(place, start, occupied)
        if destination is None:
            destination, place = start, None
        pose = pose_for(action.activity)
        rest_at = None
        if pose is Pose.SLEEP and place is not None and place.is_object:
            rect = self.tree.game_object(place).rect
            rest_at = (rect.x, rect.bottom - 1)
        activity = Activity(
            description=action.activity,
            emoji=action.emoji,
            destination=destination,
            pose=pose,
            started=now,
            key=activity_key(resident.name, action.activity, place),
            rest_at=rest_at,
        )
        return activity, place

    def stay(
        self, resident: Resident, description: str, emoji: str, pose: Pose, now: datetime
    ) -> Activity:
        """An activity done where the resident stands (talking, waiting)."""
        here = resident.path[0] if resident.path else resident.tile
        return Activity(
            description=description,
            emoji=emoji,
            destination=here,
            pose=pose,
            started=now,
            key=activity_key(resident.name, description, None),
        )

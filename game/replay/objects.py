"""Game objects in a replay: the map's objects (the world's area tree) with the states the
record says they had at a moment (`RunRecord.objects_at`; an object never changed keeps the
map's default state)."""

from __future__ import annotations

from datetime import datetime

from game.records import ObjectRow, RunRecord
from game.town.resident import Tile
from game.town.views import ObjectInfo
from game.world.areas import AreaTree, GameObject
from game.world.grid import Rect
from game.world.object_text import object_key

__all__ = ["RecordedObjects", "distance_to_rect"]


class RecordedObjects:
    """Looks objects up on the map and their states up in the record."""

    def __init__(self, record: RunRecord, tree: AreaTree) -> None:
        self.record = record
        self.tree = tree

    @property
    def outdoors(self) -> str:
        """Where an outdoor activity happens: "outdoors in the Ville"."""
        return f"outdoors in {self.tree.world}"

    def near(self, tile: Tile, radius: int, now: datetime) -> list[ObjectInfo]:
        """The objects of the arena holding `tile` (outdoors: within `radius`), nearest first,
        as they were at `now`."""
        arena = self.tree.arena_at(tile)
        if arena is not None:
            candidates = list(self.tree.arena(arena).objects.values())
        else:
            candidates = [
                o for o in self.tree.objects() if distance_to_rect(tile, o.rect) <= radius
            ]
        if not candidates:
            return []
        candidates.sort(key=lambda o: (distance_to_rect(tile, o.rect), o.address))
        states = self.record.objects_at(now)
        return [info_of(o, states.get(object_key(o.address))) for o in candidates]

    def at(self, tile: Tile, now: datetime) -> ObjectInfo | None:
        """The object covering `tile` (the first in map order), as it was at `now`."""
        for game_object in self.tree.objects():
            if game_object.rect.contains(tile):
                change = self.record.objects_at(now).get(object_key(game_object.address))
                return info_of(game_object, change)
        return None


def info_of(game_object: GameObject, change: ObjectRow | None) -> ObjectInfo:
    """An object with its last recorded change (None: never changed, the default state)."""
    address = game_object.address
    return ObjectInfo(
        key=object_key(address),
        name=game_object.name,
        where=f"{address.sector}: {address.arena}",
        state=change.after if change is not None else game_object.default_state,
        default_state=game_object.default_state,
        changed_by=(change.by or None) if change is not None else None,
        tile=(game_object.rect.x, game_object.rect.y),
    )


def distance_to_rect(tile: Tile, rect: Rect) -> int:
    """Tiles from `tile` to the nearest tile of `rect` (0 inside it)."""
    dx = max(rect.x - tile[0], 0, tile[0] - (rect.right - 1))
    dy = max(rect.y - tile[1], 0, tile[1] - (rect.bottom - 1))
    return max(dx, dy)

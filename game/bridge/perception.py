"""Frozen `Perception` snapshots of the world, built on the main thread.

A resident sees the people (residents and the visitor alike) and the objects within its
vision radius in its own arena (outdoors: others outdoors); it hears what was said to it.
Each perception is plain frozen data, so a worker thread can think about it while the
world moves on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from cognition import News, contract
from game.bridge.places import known_places, to_mind_address
from game.town.resident import Resident
from game.world.address import Address
from game.world.areas import AreaTree
from game.world.grid import Rect, Tile
from game.world.objects import ObjectStates
from game.world.spatial_memory import SpatialMemory

VISION_RADIUS = 8


@dataclass(frozen=True)
class Someone:
    """A person in the town as others see them: a resident or the visitor."""

    name: str
    tile: Tile
    activity: str
    is_visitor: bool = False
    told: News | None = None  # the news of the line they are saying, if any


def chebyshev(a: Tile, b: Tile) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def distance_to_rect(tile: Tile, rect: Rect) -> int:
    """Tiles from `tile` to the nearest tile of `rect` (0 inside it)."""
    dx = max(rect.x - tile[0], 0, tile[0] - (rect.right - 1))
    dy = max(rect.y - tile[1], 0, tile[1] - (rect.bottom - 1))
    return max(dx, dy)


def someone_of(resident: Resident, told: News | None = None) -> Someone:
    """`resident` as others see them; `told`: the news of the line it is saying."""
    activity = resident.activity.description if resident.activity else "idle"
    return Someone(resident.name, resident.tile, activity, told=told)


@dataclass
class PerceptionBuilder:
    """Turns the world around one resident into a `Perception`. Main thread only."""

    tree: AreaTree
    objects: ObjectStates
    memories: dict[str, SpatialMemory]
    vision_radius: int = VISION_RADIUS
    # each resident's known places, with the spatial memory and its version they were read at
    _known_cache: dict[str, tuple[SpatialMemory, int, contract.KnownPlaces]] = field(
        default_factory=dict
    )

    def known(self, name: str) -> contract.KnownPlaces:
        """What `name` knows of the town, rebuilt only when its spatial memory has grown."""
        memory = self.memories[name]
        cached = self._known_cache.get(name)
        if cached is None or cached[0] is not memory or cached[1] != memory.version:
            cached = (memory, memory.version, known_places(self.tree, memory))
            self._known_cache[name] = cached
        return cached[2]

    def address_of(self, tile: Tile) -> Address | None:
        return self.tree.arena_at(tile) or self.tree.sector_at(tile)

    def build(
        self,
        me: Resident,
        now: datetime,
        people: Sequence[Someone],
        utterances: Iterable[contract.Utterance] = (),
        in_conversation_with: str | None = None,
    ) -> contract.Perception:
        world = self.tree.world
        here = self.tree.arena_at(me.tile)
        if here is not None and me.name in self.memories:
            arena = self.tree.arena(here)
            self.memories[me.name].observe(here, list(arena.objects))
        seen_agents = [
            contract.SeenAgent(
                name=person.name,
                activity=person.activity,
                address=to_mind_address(world, self.address_of(person.tile)),
                distance=chebyshev(me.tile, person.tile),
                is_visitor=person.is_visitor,
                told=person.told,
            )
            for person in self.in_view(me, people)
        ]
        seen_agents.sort(key=lambda seen: (seen.distance, seen.name))
        return contract.Perception(
            time=now,
            agent=me.name,
            tile=me.tile,
            address=to_mind_address(world, self.address_of(me.tile)),
            current_activity=me.activity.description if me.activity else "",
            seen_agents=tuple(seen_agents),
            seen_objects=self.seen_objects(me.tile, here),
            utterances=tuple(utterances),
            known_places=self.known(me.name),
            in_conversation_with=in_conversation_with,
        )

    def in_view(self, me: Resident, people: Iterable[Someone]) -> list[Someone]:
        """The people `me` sees: within the vision radius, in its arena (outdoors: others
        outdoors)."""
        here = self.tree.arena_at(me.tile)
        arena_at, radius = self.tree.arena_at, self.vision_radius
        x, y = me.tile
        # `chebyshev(me.tile, person.tile) <= radius`, inlined: asked for every pair of
        # residents every step (in lockstep, `MindDirector.notices_someone`)
        return [
            person
            for person in people
            if abs(person.tile[0] - x) <= radius
            and abs(person.tile[1] - y) <= radius
            and person.name != me.name
            and arena_at(person.tile) == here
        ]

    def seen_objects(self, tile: Tile, here: Address | None) -> tuple[contract.SeenObject, ...]:
        if here is None:
            return ()
        seen = []
        for game_object in self.tree.arena(here).objects.values():
            distance = distance_to_rect(tile, game_object.rect)
            if distance > self.vision_radius:
                continue
            current = self.objects.get(game_object.address)
            seen.append(
                contract.SeenObject(
                    address=to_mind_address(self.tree.world, game_object.address),
                    state=current.state,
                    distance=distance,
                    changed_by=current.changed_by,
                )
            )
        return tuple(seen)

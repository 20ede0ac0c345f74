"""Game objects as the player sees and rewrites them (main thread).

Looking: the objects around a tile, or under it, as `ObjectInfo`. Rewriting: the typed state
is cleaned and length-checked, set in `ObjectStates` in the visitor's name, told as a
`TownEvent`, and the residents in the object's room decide again at once, so they perceive
the new state (an object state no one in sight caused is worth a reaction).
"""

from __future__ import annotations

from datetime import datetime

from game.bridge.director import MindDirector
from game.bridge.perception import distance_to_rect
from game.town.population import Population
from game.town.resident import Tile
from game.town.views import OBJECT_STATE_MAX_CHARS, ObjectInfo, TownEvent
from game.world.area_text import capitalised, place_name
from game.world.areas import AreaTree, GameObject
from game.world.object_text import address_of_key, clean_state, object_key, state_phrase
from game.world.objects import ObjectStates


def object_info(objects: ObjectStates, game_object: GameObject) -> ObjectInfo:
    address = game_object.address
    current = objects.get(address)
    return ObjectInfo(
        key=object_key(address),
        name=game_object.name,
        where=f"{address.sector}: {address.arena}",
        state=current.state,
        default_state=objects.default(address),
        changed_by=current.changed_by,
        tile=(game_object.rect.x, game_object.rect.y),
    )


def objects_near(
    tree: AreaTree, objects: ObjectStates, tile: Tile, radius: int
) -> list[ObjectInfo]:
    """The objects of the arena holding `tile` (outdoors: within `radius`), nearest first."""
    arena = tree.arena_at(tile)
    if arena is not None:
        candidates = list(tree.arena(arena).objects.values())
    else:
        candidates = [o for o in tree.objects() if distance_to_rect(tile, o.rect) <= radius]
    candidates.sort(key=lambda o: (distance_to_rect(tile, o.rect), o.address))
    return [object_info(objects, o) for o in candidates if o.address in objects]


def object_at(tree: AreaTree, objects: ObjectStates, tile: Tile) -> ObjectInfo | None:
    """The object covering `tile` (the first in map order), if any."""
    for game_object in tree.objects():
        if game_object.rect.contains(tile) and game_object.address in objects:
            return object_info(objects, game_object)
    return None


def event_text(game_object: GameObject, state: str) -> str:
    """ "The stove in the kitchen at the Lin family's house is now burning." """
    address = game_object.address
    where = f"{place_name(address.arena or '')} at {place_name(address.sector)}"
    return capitalised(f"the {game_object.name} in {where} is now {state_phrase(state)}.")


def set_object_state(
    tree: AreaTree,
    objects: ObjectStates,
    director: MindDirector,
    population: Population,
    key: str,
    text: str,
    now: datetime,
) -> str | TownEvent:
    """Set the state the player typed; a message for the player when refused (nothing is
    changed then), else the event to tell."""
    address = address_of_key(key)
    if address is None or address not in objects or not tree.has(address):
        return f"There is no object {key!r} in {tree.world}."
    try:
        state = clean_state(text, OBJECT_STATE_MAX_CHARS)
    except ValueError as refused:
        return str(refused)
    visitor = director.visitor
    objects.set(address, state, by=visitor.name if visitor else "the visitor", at=now)
    room = address.arena_address()
    for resident in population:
        if tree.arena_at(resident.tile) == room and not director.is_visitor(resident.name):
            director.wake(resident.name, now)
    return TownEvent(event_text(tree.game_object(address), state), now)

"""What a town's map must hold besides its art: the named layers and the `world` property
(maps/README.md), checked on the map's XML so that a map from anywhere — another game,
Tiled's examples — gets the whole list of what is missing, one line each, before any parsing.
`game.world.tmx.init` adds the parts that can be added empty."""

from __future__ import annotations

from collections.abc import Iterator
from xml.etree import ElementTree

from game.world.town import VISITOR

TILE_LAYER = "layer"
OBJECT_LAYER = "objectgroup"
_LAYER_TAGS = (TILE_LAYER, OBJECT_LAYER, "imagelayer", "group")

# name → (kind, what goes on it), bottom to top as in maps/README.md
TILE_LAYERS: dict[str, str] = {
    "ground": "grass, roads, floors and water",
    "walls": "walls, fences and tree trunks",
    "furniture": "furniture and decoration drawn under the characters",
    "overhead": "tree tops and wall tops drawn over the characters",
    "collision": "any tile here blocks walking; hidden in the game",
}
OBJECT_LAYERS: dict[str, str] = {
    "areas": "rectangles with properties sector and arena: the places",
    "objects": "named rectangles over furniture, with property state",
    "spawns": "one point per resident named with their full name, plus 'Visitor'",
}
KIND_NAMES = {TILE_LAYER: "tile layer", OBJECT_LAYER: "object layer"}
NO_ARENA = (
    "areas layer: no arena — draw a rectangle over each room or place, with properties "
    "'sector' (e.g. 'Hobbs Cafe') and 'arena' (e.g. 'cafe')"
)
NO_RESIDENT = (
    "spawns layer: no resident — add a point named with a resident's full name, with "
    "properties 'home_sector', 'home_arena' and 'work_sector'"
)
NO_VISITOR = f"spawns layer: no {VISITOR!r} — add a point named {VISITOR!r} where the player starts"
WORLD_PROPERTY = "world"


def layers(root: ElementTree.Element) -> Iterator[ElementTree.Element]:
    """Every layer of a map, in file order (bottom to top), looking inside group layers."""
    for child in root:
        if child.tag in _LAYER_TAGS:
            yield child
        if child.tag == "group":
            yield from layers(child)


def map_property(root: ElementTree.Element, name: str) -> ElementTree.Element | None:
    """The map's own <property name=...> element (not a layer's or an object's)."""
    for prop in root.findall("properties/property"):
        if prop.get("name") == name:
            return prop
    return None


def property_text(prop: ElementTree.Element | None) -> str:
    """A property's value: the `value` attribute, or its text for multi-line strings."""
    if prop is None:
        return ""
    value = prop.get("value")
    return (prop.text or "" if value is None else value).strip()


def check_layout(root: ElementTree.Element) -> list[str]:
    """One line per required layer or property that is missing or of the wrong kind, and per
    layer name used twice. Each missing part says what it holds."""
    problems = []
    found: dict[str, list[ElementTree.Element]] = {}
    for layer in layers(root):
        found.setdefault(layer.get("name", ""), []).append(layer)
    for name, same in found.items():
        if len(same) > 1 and name in TILE_LAYERS | OBJECT_LAYERS:
            problems.append(f"{len(same)} layers are named {name!r}: keep one")
    for tag, required in ((TILE_LAYER, TILE_LAYERS), (OBJECT_LAYER, OBJECT_LAYERS)):
        kind = KIND_NAMES[tag]
        for name, purpose in required.items():
            if name not in found:
                problems.append(f"missing {kind} {name!r} ({purpose}){_near_miss(name, found)}")
            elif found[name][0].tag != tag:
                other = KIND_NAMES.get(found[name][0].tag, found[name][0].tag)
                problems.append(f"layer {name!r} is {a(other)}; it must be {a(kind)}")
    problems += _check_empty(found)
    if not property_text(map_property(root, WORLD_PROPERTY)):
        problems.append(
            f"map property {WORLD_PROPERTY!r} is missing (the world's name, e.g. 'the Ville'; "
            "in Tiled: Map ▸ Map Properties, add a string property)"
        )
    return problems


def a(kind: str) -> str:
    """ "an object layer", "a tile layer"."""
    return f"an {kind}" if kind[:1] in "aeiou" else f"a {kind}"


def _check_empty(found: dict[str, list[ElementTree.Element]]) -> list[str]:
    """The object layers that must hold something: an arena, a resident and the visitor.
    (Whether they are valid is checked when the places are built.)"""
    problems = []
    areas = [layer for layer in found.get("areas", []) if layer.tag == OBJECT_LAYER]
    if areas and not areas[0].findall("object"):
        problems.append(NO_ARENA)
    spawns = [layer for layer in found.get("spawns", []) if layer.tag == OBJECT_LAYER]
    if spawns:
        names = {obj.get("name", "").strip() for obj in spawns[0].findall("object")}
        if not names - {VISITOR, ""}:
            problems.append(NO_RESIDENT)
        if VISITOR not in names:
            problems.append(NO_VISITOR)
    return problems


def _near_miss(name: str, found: dict[str, list[ElementTree.Element]]) -> str:
    """ "; the map has 'Ground': names are case-sensitive" when a layer differs only in case."""
    similar = [other for other in found if other != name and other.strip().lower() == name]
    if not similar:
        return ""
    return f"; the map has {similar[0]!r}: rename it to {name!r} (names are case-sensitive)"

"""Write a finished `TownCanvas` as a Tiled map (.tmx, CSV layers, external tileset)."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

from maps.ville_canvas import TILE_LAYERS, PropertyValue, Rect, TownCanvas

TILE = 16
COLLISION_TILE = "collision"


def _properties(parent: ElementTree.Element, values: dict[str, PropertyValue]) -> None:
    if not values:
        return
    properties = ElementTree.SubElement(parent, "properties")
    for name, value in values.items():
        attributes = {"name": name}
        if isinstance(value, bool):
            attributes |= {"type": "bool", "value": "true" if value else "false"}
        elif isinstance(value, int):
            attributes |= {"type": "int", "value": str(value)}
        else:
            attributes["value"] = value
        ElementTree.SubElement(properties, "property", attributes)


def _csv(rows: list[list[int]]) -> str:
    return "\n" + ",\n".join(",".join(str(gid) for gid in row) for row in rows) + "\n"


def _tile_layer(
    root: ElementTree.Element, layer_id: int, name: str, rows: list[list[int]], visible: bool
) -> None:
    attributes = {
        "id": str(layer_id),
        "name": name,
        "width": str(len(rows[0])),
        "height": str(len(rows)),
    }
    if not visible:
        attributes["visible"] = "0"
        attributes["opacity"] = "0.5"
    layer = ElementTree.SubElement(root, "layer", attributes)
    data = ElementTree.SubElement(layer, "data", {"encoding": "csv"})
    data.text = _csv(rows)


class _ObjectIds:
    def __init__(self) -> None:
        self.next_id = 1

    def take(self) -> str:
        value, self.next_id = self.next_id, self.next_id + 1
        return str(value)


def _rect_object(
    group: ElementTree.Element, ids: _ObjectIds, name: str, rect: Rect
) -> ElementTree.Element:
    return ElementTree.SubElement(
        group,
        "object",
        {
            "id": ids.take(),
            "name": name,
            "x": str(rect.x * TILE),
            "y": str(rect.y * TILE),
            "width": str(rect.w * TILE),
            "height": str(rect.h * TILE),
        },
    )


def write_tmx(
    canvas: TownCanvas, path: Path, tileset_source: str, tile_ids: dict[str, int], world: str
) -> None:
    root = ElementTree.Element(
        "map",
        {
            "version": "1.10",
            "tiledversion": "1.10.2",
            "orientation": "orthogonal",
            "renderorder": "right-down",
            "width": str(canvas.width),
            "height": str(canvas.height),
            "tilewidth": str(TILE),
            "tileheight": str(TILE),
            "infinite": "0",
            "nextlayerid": "10",
            "nextobjectid": "1",
        },
    )
    _properties(root, {"world": world})
    ElementTree.SubElement(root, "tileset", {"firstgid": "1", "source": tileset_source})

    def gid(name: str | None) -> int:
        return 0 if name is None else tile_ids[name] + 1

    layer_id = 1
    for name in TILE_LAYERS:
        rows = [[gid(tile) for tile in row] for row in canvas.layers[name]]
        _tile_layer(root, layer_id, name, rows, visible=True)
        layer_id += 1
    collision_gid = gid(COLLISION_TILE)
    collision = [
        [collision_gid if (x, y) in canvas.blocked else 0 for x in range(canvas.width)]
        for y in range(canvas.height)
    ]
    _tile_layer(root, layer_id, "collision", collision, visible=False)
    layer_id += 1

    ids = _ObjectIds()
    areas = ElementTree.SubElement(root, "objectgroup", {"id": str(layer_id), "name": "areas"})
    layer_id += 1
    for area in canvas.areas:
        label = area.sector if area.arena is None else f"{area.sector}: {area.arena}"
        element = _rect_object(areas, ids, label, area.rect)
        values: dict[str, PropertyValue] = {"sector": area.sector}
        if area.arena is not None:
            values["arena"] = area.arena
        _properties(element, values | area.properties)

    objects = ElementTree.SubElement(root, "objectgroup", {"id": str(layer_id), "name": "objects"})
    layer_id += 1
    for game_object in canvas.objects:
        element = _rect_object(objects, ids, game_object.name, game_object.rect)
        _properties(element, game_object.properties)

    spawns = ElementTree.SubElement(root, "objectgroup", {"id": str(layer_id), "name": "spawns"})
    layer_id += 1
    for spawn in canvas.spawns:
        x, y = spawn.cell
        element = ElementTree.SubElement(
            spawns,
            "object",
            {
                "id": ids.take(),
                "name": spawn.name,
                "x": str(x * TILE + TILE // 2),
                "y": str(y * TILE + TILE // 2),
            },
        )
        _properties(element, spawn.properties)
        ElementTree.SubElement(element, "point")

    root.set("nextlayerid", str(layer_id))
    root.set("nextobjectid", str(ids.next_id))
    ElementTree.indent(root, space=" ")
    body = ElementTree.tostring(root, encoding="unicode")
    path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n")

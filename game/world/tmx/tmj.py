"""Tiled's JSON maps (.tmj) as the XML a .tmx holds, so that one reader serves both.

Tiled writes the same map in either format, field for field (https://doc.mapeditor.org/en/
stable/reference/json-map-format/); `tmj_to_xml` rebuilds the `<map>` element pytmx parses:
properties, tilesets (external .tsx ones by reference, embedded ones whole), tile layers (as
CSV, or base64 as Tiled wrote it), object layers, image layers and groups. A map that is
not what Tiled writes raises `TmjError` saying which field is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from xml.etree import ElementTree

JSON_SUFFIXES = (".tmj", ".tsj", ".json")


class TmjError(ValueError):
    """A JSON file that is not a Tiled map; the message says why."""


def looks_like_json(suffix: str, head: bytes) -> bool:
    """A .tmj/.json name, or text starting with "{"."""
    return suffix.lower() in JSON_SUFFIXES or head.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"{"


def tmj_to_xml(text: str) -> ElementTree.Element:
    """The `<map>` element for a Tiled JSON map's text. Raises `TmjError`."""
    return _convert(text, "map", _map)


def tsj_to_xml(text: str) -> ElementTree.Element:
    """The `<tileset>` element for a Tiled JSON tileset's text (without its `firstgid`,
    which the map gives). Raises `TmjError`."""
    return _convert(text, "tileset", _tileset)


def _convert(
    text: str, kind: str, convert: Callable[[dict[str, Any]], ElementTree.Element]
) -> ElementTree.Element:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise TmjError(
            f"malformed JSON at line {error.lineno}, column {error.colno} (was the file cut "
            "short or edited by hand?)"
        ) from None
    if not isinstance(data, dict):
        raise TmjError(f"the JSON holds no Tiled {kind} (no {{...}} object at its top)")
    if data.get("type", kind) != kind:
        raise TmjError(f"the JSON is a Tiled {data.get('type')}, not a {kind}")
    try:
        return convert(data)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        detail = f"no field {error}" if isinstance(error, KeyError) else str(error)
        raise TmjError(
            f"not a {kind} as Tiled writes it ({detail}): open it in Tiled and save it as "
            f".{'tmx' if kind == 'map' else 'tsx'}"
        ) from None


_MAP_ATTRIBUTES = (
    "version", "tiledversion", "orientation", "renderorder", "width", "height", "tilewidth",
    "tileheight", "hexsidelength", "staggeraxis", "staggerindex", "backgroundcolor",
    "nextlayerid", "nextobjectid", "infinite",
)  # fmt: skip
_TILESET_ATTRIBUTES = (
    "firstgid", "source", "name", "tilewidth", "tileheight", "spacing", "margin", "tilecount",
    "columns", "objectalignment",
)  # fmt: skip
_OBJECT_ATTRIBUTES = (
    "id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid", "visible",
    "template",
)  # fmt: skip
_LAYER_ATTRIBUTES = (
    "id", "name", "class", "x", "y", "width", "height", "opacity", "visible", "tintcolor",
    "offsetx", "offsety", "parallaxx", "parallaxy", "draworder", "color",
)  # fmt: skip
_LAYER_TAGS = {
    "tilelayer": "layer",
    "objectgroup": "objectgroup",
    "imagelayer": "imagelayer",
    "group": "group",
}


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _element(
    tag: str, fields: Mapping[str, Any], names: Iterable[str], **extra: str
) -> ElementTree.Element:
    """An element with the attributes of `names` that `fields` has (JSON values as XML)."""
    attributes = {name: _text(fields[name]) for name in names if fields.get(name) is not None}
    return ElementTree.Element(tag, attributes | extra)


def _properties(parent: ElementTree.Element, fields: Mapping[str, Any]) -> None:
    items = fields.get("properties") or []
    if not items:
        return
    node = ElementTree.SubElement(parent, "properties")
    for item in items:
        kind = item.get("type", "string")
        value = item.get("value")
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, dict | list):
            text = json.dumps(value)
        else:
            text = _text(value)
        attributes = {"name": str(item["name"]), "value": text}
        if kind not in ("string", "class"):
            attributes["type"] = kind
        ElementTree.SubElement(node, "property", attributes)


def _map(data: dict[str, Any]) -> ElementTree.Element:
    root = _element("map", data, _MAP_ATTRIBUTES)
    _properties(root, data)
    for tileset in data.get("tilesets", []):
        root.append(_tileset(tileset))
    _layers(root, data.get("layers", []))
    return root


def _image(parent: ElementTree.Element, fields: Mapping[str, Any]) -> None:
    if fields.get("image"):
        attributes = {"source": str(fields["image"])}
        for json_name, xml_name in (("imagewidth", "width"), ("imageheight", "height")):
            if fields.get(json_name):
                attributes[xml_name] = _text(fields[json_name])
        if fields.get("transparentcolor"):
            attributes["trans"] = str(fields["transparentcolor"]).lstrip("#")
        ElementTree.SubElement(parent, "image", attributes)


def _tileset(fields: dict[str, Any]) -> ElementTree.Element:
    node = _element("tileset", fields, _TILESET_ATTRIBUTES)
    if "source" in fields:
        return node
    offset = fields.get("tileoffset")
    if offset:
        ElementTree.SubElement(node, "tileoffset", {k: _text(v) for k, v in offset.items()})
    _properties(node, fields)
    _image(node, fields)
    for tile in fields.get("tiles", []):
        tile_node = ElementTree.SubElement(node, "tile", {"id": _text(tile["id"])})
        for name in ("type", "class", "probability"):
            if tile.get(name) not in (None, ""):
                tile_node.set(name, _text(tile[name]))
        _properties(tile_node, tile)
        _image(tile_node, tile)
        if tile.get("objectgroup"):
            _layers(tile_node, [tile["objectgroup"]])
        if tile.get("animation"):
            animation = ElementTree.SubElement(tile_node, "animation")
            for frame in tile["animation"]:
                ElementTree.SubElement(
                    animation,
                    "frame",
                    {"tileid": _text(frame["tileid"]), "duration": _text(frame["duration"])},
                )
    return node


def _layers(parent: ElementTree.Element, layers: list[dict[str, Any]]) -> None:
    for layer in layers:
        kind = layer.get("type", "")
        if kind not in _LAYER_TAGS:
            raise ValueError(f"layer {layer.get('name')!r} has the unknown type {kind!r}")
        node = _element(_LAYER_TAGS[kind], layer, _LAYER_ATTRIBUTES)
        parent.append(node)
        _properties(node, layer)
        if kind == "tilelayer":
            _tile_data(node, layer)
        elif kind == "objectgroup":
            for obj in layer.get("objects", []):
                node.append(_object(obj))
        elif kind == "imagelayer":
            _image(node, layer)
        else:
            _layers(node, layer.get("layers", []))


def _tile_data(node: ElementTree.Element, layer: dict[str, Any]) -> None:
    if "chunks" in layer:
        raise ValueError(f"layer {layer.get('name')!r} is in chunks (an infinite map)")
    data = layer["data"]
    if isinstance(data, str):  # base64, maybe compressed: pytmx decodes it as from a .tmx
        attributes = {"encoding": "base64"}
        if layer.get("compression"):
            attributes["compression"] = str(layer["compression"])
        ElementTree.SubElement(node, "data", attributes).text = data
        return
    ElementTree.SubElement(node, "data", {"encoding": "csv"}).text = ",".join(
        str(int(gid)) for gid in data
    )


def _object(fields: dict[str, Any]) -> ElementTree.Element:
    node = _element("object", fields, _OBJECT_ATTRIBUTES)
    if node.get("type") == "":
        del node.attrib["type"]
    if node.get("visible") == "1":
        del node.attrib["visible"]
    if node.get("rotation") == "0":
        del node.attrib["rotation"]
    _properties(node, fields)
    if fields.get("point"):
        ElementTree.SubElement(node, "point")
    if fields.get("ellipse"):
        ElementTree.SubElement(node, "ellipse")
    for shape in ("polygon", "polyline"):
        if fields.get(shape):
            points = " ".join(f"{_text(p['x'])},{_text(p['y'])}" for p in fields[shape])
            ElementTree.SubElement(node, shape, {"points": points})
    if fields.get("text"):
        text = fields["text"]
        ElementTree.SubElement(node, "text").text = str(text.get("text", ""))
    return node

"""`smallville map-init`: make someone's Tiled map ready to become a town by adding what can
be added empty — the layers our towns read (see `game.world.tmx.layout`) and the map's
`world` property — and keeping everything else (layers, tilesets, properties, objects).

The map's XML is edited with `xml.etree` and written back only when something was added,
after copying the file to a backup that never overwrites an earlier one (`MAP.tmx.bak`,
then `MAP.tmx.bak2`, ...). Running it again adds nothing. `guide_text` is the short
"what to draw next" page written beside the map.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

from game.world.tmx.files import TMX_HOW_TO, read_xml
from game.world.tmx.layout import (
    KIND_NAMES,
    OBJECT_LAYER,
    OBJECT_LAYERS,
    TILE_LAYER,
    TILE_LAYERS,
    WORLD_PROPERTY,
    a,
    layers,
    map_property,
    property_text,
)
from game.world.tmx.loader import MapError
from game.world.tmx.tmj import looks_like_json

GUIDE_TITLE = "# Making {name} a Smallville town"
# the bottom tile layer carries the map's own art: renaming it is the mapper's choice
ART_LAYER = "ground"
# the collision layer is painted over the art; half transparent, the art shows through
COLLISION_OPACITY = "0.5"


@dataclass
class InitResult:
    """What `init_map` did (or, dry, would do) to the map at `path`."""

    path: Path
    world: str
    added: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    backup: Path | None = None
    written: bool = False
    other_tile_layers: list[str] = field(default_factory=list)


def init_map(path: str | Path, world: str | None = None, dry_run: bool = False) -> InitResult:
    """Add the missing town layers and the `world` property to the map at `path`.
    Raises `MapError` (naming the file) for a file that is no editable Tiled map."""
    path = Path(path)
    problems: list[str] = []
    if path.is_file() and looks_like_json(path.suffix, path.read_bytes()[:64]):
        raise MapError(
            path,
            [
                f"{path.name} is a Tiled JSON map: map-init edits .tmx maps — open it in Tiled "
                f"and save it as .tmx ({TMX_HOW_TO}), then run map-init on that"
            ],
        )
    root = read_xml(path, "map file", problems, comments=True)
    if root is None:  # the friendly reasons (gzip, empty...)
        raise MapError(path, problems)
    tree: ElementTree.ElementTree[ElementTree.Element] = ElementTree.ElementTree(root)
    _check_editable(path, root)
    result = InitResult(path, world or default_world_name(path))
    _add_layers(root, result)
    _add_world(root, result)
    if world and world != result.world:
        result.notes.append(
            f"the map's world is already called {result.world!r}: --world {world!r} is not "
            "used (change it in Tiled: Map ▸ Map Properties)"
        )
    if result.added and not dry_run:
        result.backup = backup(path)
        ElementTree.indent(tree, space=" ")
        _write_atomically(path, tree)
        result.written = True
    return result


def default_world_name(path: Path) -> str:
    """ "my_town.tmx" → "my town"."""
    return path.stem.replace("_", " ").replace("-", " ").strip() or "my town"


def _check_editable(path: Path, root: ElementTree.Element) -> None:
    if root.tag != "map":
        raise MapError(path, [f"{path.name} is not a Tiled map: its root is <{root.tag}>"])
    problems = []
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        problems.append(
            f"{path.name}: the map is {orientation}; only orthogonal maps work "
            "(in Tiled: File ▸ New ▸ New Map, Orientation: Orthogonal)"
        )
    if root.get("infinite", "0") == "1":
        problems.append(
            f"{path.name}: the map is infinite; give it a fixed size first "
            "(in Tiled: Map ▸ Map Properties, untick Infinite, and save)"
        )
    width, height = _size(root)
    if width <= 0 or height <= 0:
        problems.append(f"{path.name}: map width and height must be whole numbers above 0")
    if problems:
        raise MapError(path, problems)


def _size(root: ElementTree.Element) -> tuple[int, int]:
    try:
        return int(root.get("width", "0")), int(root.get("height", "0"))
    except ValueError:
        return 0, 0


def _add_layers(root: ElementTree.Element, result: InitResult) -> None:
    existing = {layer.get("name", ""): layer for layer in layers(root)}
    lowered = {name.strip().lower(): name for name in existing}
    tile_names = [layer.get("name", "") for layer in layers(root) if layer.tag == TILE_LAYER]
    result.other_tile_layers = [name for name in tile_names if name not in TILE_LAYERS]
    new: list[ElementTree.Element] = []
    for tag, required in ((TILE_LAYER, TILE_LAYERS), (OBJECT_LAYER, OBJECT_LAYERS)):
        for name in required:
            kind = KIND_NAMES[tag]
            if name in existing:
                if existing[name].tag != tag:
                    other = KIND_NAMES.get(existing[name].tag, existing[name].tag)
                    result.notes.append(
                        f"layer {name!r} is {a(other)}, not {a(kind)}: rename or delete it and "
                        "run map-init again"
                    )
                continue
            if name in lowered:
                result.notes.append(
                    f"not adding {kind} {name!r}: the map has {lowered[name]!r} — rename it "
                    f"to {name!r} (layer names are case-sensitive)"
                )
                continue
            if name == ART_LAYER and tile_names:
                result.notes.append(
                    f"not adding tile layer {name!r}: rename the layer holding your grass, "
                    f"roads and floors (one of {', '.join(map(repr, tile_names))}) to {name!r}"
                )
                continue
            new.append(_new_layer(root, tag, name, _first_free_layer_id(root) + len(new)))
            size = "{}×{}, empty".format(*_size(root)) if tag == TILE_LAYER else "empty"
            result.added.append(f"{kind} {name!r} ({size})")
    if new and root.get("nextlayerid"):
        root.set("nextlayerid", str(int(new[-1].get("id", "0")) + 1))
    position = _after_last_layer(root)
    for offset, element in enumerate(new):
        root.insert(position + offset, element)


def _new_layer(
    root: ElementTree.Element, tag: str, name: str, layer_id: int
) -> ElementTree.Element:
    attributes = {"id": str(layer_id), "name": name}
    if tag == OBJECT_LAYER:
        return ElementTree.Element(tag, attributes)
    width, height = _size(root)
    attributes |= {"width": str(width), "height": str(height)}
    if name == "collision":
        attributes["opacity"] = COLLISION_OPACITY
    layer = ElementTree.Element(tag, attributes)
    data = ElementTree.SubElement(layer, "data", {"encoding": "csv"})
    row = ",".join("0" * width)
    data.text = "\n" + ",\n".join([row] * height) + "\n"
    return layer


def _first_free_layer_id(root: ElementTree.Element) -> int:
    """A layer id above every used one and at least the map's `nextlayerid`."""
    used = [int(layer.get("id", "0")) for layer in layers(root) if layer.get("id", "").isdigit()]
    recorded = root.get("nextlayerid", "")
    return max([*used, int(recorded) - 1 if recorded.isdigit() else 0]) + 1


def _after_last_layer(root: ElementTree.Element) -> int:
    """Where new layers go: above every existing layer (or after the tilesets)."""
    position = 0
    for index, child in enumerate(root):
        if child.tag in ("layer", "objectgroup", "imagelayer", "group", "tileset", "properties"):
            position = index + 1
    return position


def _add_world(root: ElementTree.Element, result: InitResult) -> None:
    prop = map_property(root, WORLD_PROPERTY)
    if property_text(prop):
        result.world = property_text(prop)
        return
    if prop is None:
        properties = root.find("properties")
        if properties is None:
            properties = ElementTree.Element("properties")
            # where Tiled writes it: first, after any <editorsettings>
            root.insert(len(root.findall("editorsettings")), properties)
        prop = ElementTree.SubElement(properties, "property", {"name": WORLD_PROPERTY})
    prop.text = None
    prop.set("value", result.world)
    result.added.append(f"map property {WORLD_PROPERTY!r} = {result.world!r}")


def backup(path: Path) -> Path:
    """Copy `path` to `PATH.bak` (or `.bak2`, `.bak3`... when that exists); the copy."""
    number = 1
    while True:
        suffix = ".bak" if number == 1 else f".bak{number}"
        target = path.with_name(path.name + suffix)
        if not target.exists():
            shutil.copy2(path, target)
            return target
        number += 1


def _write_atomically(path: Path, tree: ElementTree.ElementTree[ElementTree.Element]) -> None:
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(b'<?xml version="1.0" encoding="UTF-8"?>\n')  # as Tiled writes it
            tree.write(file, encoding="UTF-8", xml_declaration=False)
            file.write(b"\n")
        shutil.copymode(path, temporary)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def guide_text(result: InitResult, problems: list[str]) -> str:
    """The short page of what to draw next, for the map as `init_map` left it; `problems` is
    what map-check says about it now."""
    name = result.path.name
    lines = _guide_intro(result, problems)
    lines += _guide_tile_layers(result)
    lines += _guide_objects_and_play(name)
    return "\n".join(lines)


def _guide_intro(result: InitResult, problems: list[str]) -> list[str]:
    """The guide's title, how to use it, the world's name, what map-check still misses."""
    name = result.path.name
    lines = [
        GUIDE_TITLE.format(name=name),
        "",
        f"Written by `smallville map-init {name}`; run it again at any time (it adds nothing",
        "twice). Open the map in Tiled, work down this list and save; then",
        f"`uv run smallville map-check {name}` says what is still missing. The whole format is",
        "in maps/README.md.",
        "",
        f"The world is called {result.world!r} (map property `world`; change it in Tiled under",
        "Map ▸ Map Properties).",
        "",
        "## Still missing (map-check, now)",
        "",
    ]
    return lines + ([f"- {problem}" for problem in problems] or ["- nothing: the map is a town."])


def _guide_tile_layers(result: InitResult) -> list[str]:
    """Step 1: the tile layers to paint, and the map's own layers the game does not draw."""
    lines = ["", "## 1. Paint the tile layers (bottom to top)", ""]
    lines += [f"- `{layer}`: {purpose}." for layer, purpose in TILE_LAYERS.items()]
    lines += [
        "",
        "Doors are gaps in the walls with a door tile on `ground`. Residents walk wherever",
        "`collision` is empty: paint it over every wall, fence, trunk and piece of furniture.",
    ]
    if result.other_tile_layers:
        others = ", ".join(f"`{layer}`" for layer in result.other_tile_layers)
        lines += [
            f"The game draws only the layers above; your layers {others} are kept in the file",
            "but not drawn: move their tiles onto those layers (or Layer ▸ Merge Layer Down).",
        ]
    return lines


def _guide_objects_and_play(name: str) -> list[str]:
    """Steps 2 to 5: the places, the things, the people, then check and play."""
    return [
        "",
        "## 2. Mark the places (object layer `areas`)",
        "",
        "Draw a rectangle (snap to the grid: View ▸ Snapping ▸ Snap to Grid) over each room,",
        "with custom properties `sector` (the building: `Hobbs Cafe`) and `arena` (the room:",
        "`cafe`). Every walkable tile inside a building belongs to exactly one arena. A",
        "rectangle with `sector` and no `arena` gives the whole sector `kind` (`home`,",
        "`public` or `nature`), `open_hours` (`08:00-17:00`) and `description`.",
        "",
        "## 3. Name the things (object layer `objects`)",
        "",
        "A rectangle over each piece of furniture residents use, named after it (`bed`,",
        "`stove`, `customer table`), with property `state` (`idle`); optional `capacity`,",
        "`open_hours`, `one_person`. It belongs to the arena holding its centre; keep a",
        "walkable tile beside it.",
        "",
        "## 4. Place the people (object layer `spawns`)",
        "",
        "A point per resident, named with the resident's full name, with properties",
        "`home_sector`, `home_arena`, `work_sector` (and optional `work_arena`) naming places",
        "from `areas`; and one point named `Visitor` where the player starts.",
        "",
        "## 5. Check and play",
        "",
        "```",
        f"uv run smallville map-check {name}",
        f"uv run smallville new-town ~/my_town --map {name} --from the_ville_n3",
        "uv run smallville --town ~/my_town",
        "```",
        "",
    ]


def write_guide(result: InitResult, problems: list[str]) -> Path:
    """Write the guide beside the map as `MAP.guide.md`; a file of that name that is not an
    earlier guide is backed up first. Returns the guide's path."""
    target = result.path.with_name(f"{result.path.stem}.guide.md")
    text = guide_text(result, problems)
    if target.exists():
        old = target.read_text(encoding="utf-8", errors="replace")
        if old == text:
            return target
        if not old.startswith(GUIDE_TITLE.format(name=result.path.name)):
            backup(target)
    target.write_text(text, encoding="utf-8")
    return target

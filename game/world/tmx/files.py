"""Reading a map's file and checking the files behind it before pytmx parses it: the .tmx
(or Tiled JSON .tmj) itself, its tilesets and their images. Each problem is one line naming
the file and what is wrong with it."""

from __future__ import annotations

import os
from pathlib import Path
from xml.etree import ElementTree

from game.world.tmx.layout import check_layout
from game.world.tmx.tmj import TmjError, looks_like_json, tmj_to_xml, tsj_to_xml

TMX_HOW_TO = "File ▸ Save As, 'Tiled map files (*.tmx)'"


def read_xml(
    path: Path, what: str, problems: list[str], comments: bool = False
) -> ElementTree.Element | None:
    """The root element of an XML file (with `comments`, its comments kept as elements, for
    writing it back), or None after recording why it cannot be read (a Tiled JSON or gzipped
    file, an empty one, or XML that does not parse each get their own line saying what to
    do)."""
    if not path.is_file():
        problems.append(f"{what} not found: {path}")
        return None
    try:
        with path.open("rb") as file:
            head = file.read(64)
        not_xml = _not_xml(path, what, head)
        if not_xml is not None:
            problems.append(not_xml)
            return None
        builder = ElementTree.TreeBuilder(insert_comments=comments)
        return ElementTree.parse(path, ElementTree.XMLParser(target=builder)).getroot()
    except ElementTree.ParseError as error:
        line, column = error.position
        problems.append(
            f"{what} {path.name}: malformed XML at line {line}, column {column} "
            "(Tiled saves maps and tilesets as XML: was the file cut short or edited by hand?)"
        )
    except OSError as error:
        problems.append(f"{what} {path} cannot be read: {error.strerror or error}")
    return None


def _not_xml(path: Path, what: str, head: bytes) -> str | None:
    """Why a file that starts with `head` is no Tiled XML file, or None if it may be one."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    tileset = "tileset" in what
    if not text:
        return f"{what} {path.name} is empty"
    if text.startswith(b"{") or path.suffix.lower() in (".tmj", ".tsj", ".json"):
        if tileset:
            return (
                f"{what} {path.name} is a Tiled JSON tileset: open it in Tiled and save it as "
                ".tsx (File ▸ Save As, 'Tiled tileset files (*.tsx)')"
            )
        return (
            f"{path.name} is a Tiled JSON map: open it in Tiled and save it as .tmx ({TMX_HOW_TO})"
        )
    if head.startswith(b"\x1f\x8b"):
        return f"{what} {path.name} is gzip-compressed: unpack it first (gunzip {path.name})"
    if not text.startswith(b"<"):
        return (
            f"{what} {path.name} is not an XML file (it starts with {head[:12]!r}): "
            f"a Tiled map must be saved as .tmx ({TMX_HOW_TO})"
        )
    return None


def read_map(path: Path, problems: list[str]) -> ElementTree.Element | None:
    """The map's `<map>` element, from a .tmx or from a Tiled JSON map (converted, with its
    JSON tilesets embedded); None after recording why it cannot be read."""
    try:
        found = path.is_file()
    except OSError as error:  # a name too long for the file system
        problems.append(f"map file cannot be looked up: {error.strerror}")
        return None
    if not found:
        problems.append(f"map file not found: {path}")
        return None
    try:
        with path.open("rb") as file:
            head = file.read(64)
        if looks_like_json(path.suffix, head):
            root: ElementTree.Element | None = tmj_to_xml(path.read_text(encoding="utf-8-sig"))
        else:
            root = read_xml(path, "map file", problems)
        if root is not None:
            problems += _embed_json_tilesets(path, root)
        return root
    except TmjError as error:
        problems.append(f"map file {path.name}: {error}")
    except (OSError, UnicodeDecodeError) as error:
        problems.append(f"map file {path} cannot be read: {error}")
    return None


def _embed_json_tilesets(map_path: Path, root: ElementTree.Element) -> list[str]:
    """Put the map's JSON tileset files (.tsj; pytmx reads only .tsx) into the map, their
    image paths made relative to the map. Returns the problems with those files."""
    problems = []
    for index, node in enumerate(list(root)):
        source = node.get("source", "") if node.tag == "tileset" else ""
        path = map_path.parent / source
        if not source or not looks_like_json(path.suffix, b"") or not path.is_file():
            continue  # not a JSON tileset, or missing: `_check_tileset` says so
        label = f"tileset (firstgid {node.get('firstgid', '?')}) file {source!r}"
        try:
            tileset = tsj_to_xml(path.read_text(encoding="utf-8-sig"))
        except (TmjError, OSError, UnicodeDecodeError) as error:
            problems.append(f"{label}: {error}")
            continue
        tileset.set("firstgid", node.get("firstgid", "1"))
        tileset.attrib.pop("source", None)
        for image in tileset.iter("image"):
            image_path = path.parent / image.get("source", "")
            image.set("source", os.path.relpath(image_path, map_path.parent))
        root.remove(node)
        root.insert(index, tileset)
    return problems


def check_map_files(path: Path) -> tuple[ElementTree.Element | None, list[str]]:
    """The map's `<map>` element (None when unreadable) and every problem with the map file,
    the tileset files it names, and every required layer or property it lacks."""
    problems: list[str] = []
    root = read_map(path, problems)
    if root is None:
        return None, problems
    if root.tag != "map":
        return None, [
            f"{path.name} is not a Tiled map: its root element is <{root.tag}>, not <map>"
        ]
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        problems.append(f"{path.name}: the map is {orientation}; only orthogonal maps work")
    if root.get("infinite", "0") == "1":
        problems.append(f"{path.name}: infinite maps are not supported; give it a fixed size")
    if not root.findall("tileset"):
        problems.append(f"{path.name}: the map names no tileset")
    for tileset in root.findall("tileset"):
        problems += _check_tileset(path, tileset)
    for group in root.iter("objectgroup"):
        problems += _check_property_names(group)
    return root, problems + check_layout(root)


_OBJECT_ATTRIBUTES = frozenset(
    {
        "id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid",
        "visible", "closed", "template", "points", "parent", "properties", "custom_types",
        "image",
    }
)  # fmt: skip


def _check_property_names(group: ElementTree.Element) -> list[str]:
    """pytmx refuses a property named like an object attribute ("name", "type", ...)."""
    problems = []
    for obj in group.findall("object"):
        reserved = _OBJECT_ATTRIBUTES | set(obj.keys())
        for prop in obj.findall("properties/property"):
            if prop.get("name") in reserved:
                label = f"object {obj.get('id', '?')} {obj.get('name', '')!r}"
                problems.append(
                    f"{group.get('name', '?')} layer, {label}: property {prop.get('name')!r} "
                    "clashes with a Tiled attribute; rename it"
                )
    return problems


def _check_tileset(map_path: Path, node: ElementTree.Element) -> list[str]:
    problems: list[str] = []
    source = node.get("source")
    label = f"tileset (firstgid {node.get('firstgid', '?')})"
    if source is None:
        return _check_images(map_path.parent, node, f"{label} {node.get('name', '')!r}")
    if looks_like_json(Path(source).suffix, b""):  # read by `_embed_json_tilesets`
        found = (map_path.parent / source).is_file()
        return [] if found else [f"{label} file {source!r} not found: {map_path.parent / source}"]
    if not source.lower().endswith(".tsx"):
        return [f"{label} {source!r}: only .tsx tileset files are supported"]
    tsx_path = map_path.parent / source
    tsx_root = read_xml(tsx_path, f"{label} file {source!r}", problems)
    if tsx_root is None:
        return problems
    if tsx_root.tag != "tileset":
        return [f"{label} file {source!r} is not a tileset (root element <{tsx_root.tag}>)"]
    return _check_images(tsx_path.parent, tsx_root, f"{label} {source!r}")


def _check_images(folder: Path, tileset: ElementTree.Element, label: str) -> list[str]:
    """Missing image files of a tileset (its sheet, or each tile's own image)."""
    problems = []
    images = tileset.findall("image") + tileset.findall("tile/image")
    if not images:
        problems.append(f"{label} has no image")
    for image in images:
        source = image.get("source", "")
        if not (folder / source).is_file():
            problems.append(f"{label}: image {source!r} not found at {folder / source}")
    for image in tileset.findall("image"):
        if not (image.get("width") and image.get("height")):
            problems.append(
                f"{label}: image {image.get('source', '')!r} has no width and height "
                "(written by an old Tiled): open the tileset in Tiled and save it again"
            )
    return problems

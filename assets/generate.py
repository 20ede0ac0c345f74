"""Draw the town's tileset: `uv run python assets/generate.py [OUTPUT_DIR]`.

Writes, into OUTPUT_DIR (default `assets/tiles/`):
- `ville.png`  every 16×16 tile, 16 per row, in a fixed order;
- `ville.tsx`  the Tiled tileset, each tile carrying a `name` property;
- `tile_names.json`  tile name → local tile id, for the map builder and for tools.

The drawing is deterministic (seeded random, no clock), so two runs give identical bytes.
With the default output directory it also runs the character generator
(`assets/generate_characters.py`) when that file exists.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import sys
from pathlib import Path
from xml.etree import ElementTree

ASSETS_DIR = Path(__file__).resolve().parent
REPO_ROOT = ASSETS_DIR.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from assets.art_buildings import add_buildings  # noqa: E402
from assets.art_furniture import add_furniture  # noqa: E402
from assets.art_nature import add_nature  # noqa: E402
from assets.art_shops import add_shop_furniture  # noqa: E402
from assets.art_terrain import add_terrain  # noqa: E402
from assets.pixel import TILE, TileSheet  # noqa: E402

TILESET_NAME = "ville"
COLUMNS = 16
DEFAULT_OUTPUT = ASSETS_DIR / "tiles"


def build_sheet() -> TileSheet:
    sheet = TileSheet()
    add_terrain(sheet)
    add_buildings(sheet)
    add_furniture(sheet)
    add_shop_furniture(sheet)
    add_nature(sheet)
    return sheet


def sheet_image(sheet: TileSheet) -> pygame.Surface:
    rows = math.ceil(len(sheet.tiles) / COLUMNS)
    image = pygame.Surface((COLUMNS * TILE, rows * TILE), pygame.SRCALPHA)
    image.fill((0, 0, 0, 0))
    for index, tile in enumerate(sheet.tiles):
        image.blit(tile, ((index % COLUMNS) * TILE, (index // COLUMNS) * TILE))
    return image


def tsx_xml(sheet: TileSheet, image_name: str, width: int, height: int) -> bytes:
    tileset = ElementTree.Element(
        "tileset",
        {
            "version": "1.10",
            "tiledversion": "1.10.2",
            "name": TILESET_NAME,
            "tilewidth": str(TILE),
            "tileheight": str(TILE),
            "tilecount": str(len(sheet.tiles)),
            "columns": str(COLUMNS),
        },
    )
    ElementTree.SubElement(
        tileset, "image", {"source": image_name, "width": str(width), "height": str(height)}
    )
    for tile_id, name in enumerate(sheet.names):
        tile = ElementTree.SubElement(tileset, "tile", {"id": str(tile_id)})
        properties = ElementTree.SubElement(tile, "properties")
        ElementTree.SubElement(properties, "property", {"name": "name", "value": name})
    ElementTree.indent(tileset, space=" ")
    body = ElementTree.tostring(tileset, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n").encode()


def write_tileset(output_dir: Path) -> dict[str, int]:
    """Draw every tile and write the PNG, the .tsx and the name index; return the index."""
    pygame.init()
    output_dir.mkdir(parents=True, exist_ok=True)
    sheet = build_sheet()
    image = sheet_image(sheet)
    image_name = f"{TILESET_NAME}.png"
    pygame.image.save(image, str(output_dir / image_name))
    (output_dir / f"{TILESET_NAME}.tsx").write_bytes(
        tsx_xml(sheet, image_name, image.get_width(), image.get_height())
    )
    names = {name: tile_id for tile_id, name in enumerate(sheet.names)}
    (output_dir / "tile_names.json").write_text(json.dumps(names, indent=1) + "\n")
    return names


def run_character_generator() -> None:
    """Also draw the characters, if the character generator is present and imports cleanly."""
    if not (ASSETS_DIR / "generate_characters.py").exists():
        return
    try:
        module = importlib.import_module("assets.generate_characters")
    except ImportError as error:
        print(f"skipping characters: {error}", file=sys.stderr)
        return
    main_function = getattr(module, "main", None)
    if callable(main_function):
        main_function()


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    output_dir = Path(args[0]) if args else DEFAULT_OUTPUT
    names = write_tileset(output_dir)
    print(f"wrote {len(names)} tiles to {output_dir}")
    if not args:
        run_character_generator()


if __name__ == "__main__":
    main()

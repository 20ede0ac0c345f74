"""Render the whole map to one PNG: `uv run python assets/render_map.py [--labels] [--out PATH]`.

Draws every visible tile layer bottom to top (ground, walls, furniture, overhead), so tree
tops cover what is under them, exactly as the game does. `--labels` writes each sector's name
over it; `--scale 2` doubles the pixels for a closer look. Default output: `out/the_ville.png`.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytmx

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_MAP = REPO_ROOT / "maps" / "the_ville.tmx"
DEFAULT_OUT = REPO_ROOT / "out" / "the_ville.png"
DRAWN_LAYERS = ("ground", "walls", "furniture", "overhead")


def render(tiled_map: pytmx.TiledMap) -> pygame.Surface:
    width = tiled_map.width * tiled_map.tilewidth
    height = tiled_map.height * tiled_map.tileheight
    surface = pygame.Surface((width, height))
    surface.fill((40, 36, 44))
    for layer in tiled_map.visible_layers:
        if not isinstance(layer, pytmx.TiledTileLayer) or layer.name not in DRAWN_LAYERS:
            continue
        for x, y, image in layer.tiles():
            surface.blit(image, (x * tiled_map.tilewidth, y * tiled_map.tileheight))
    return surface


def draw_labels(surface: pygame.Surface, tiled_map: pytmx.TiledMap, scale: int) -> None:
    font = pygame.font.Font(None, 14 * scale)
    for area in tiled_map.get_layer_by_name("areas"):
        if "arena" in area.properties:
            continue
        text = font.render(area.properties["sector"], True, (255, 250, 235))
        shadow = font.render(area.properties["sector"], True, (40, 20, 40))
        x = int(area.x * scale + area.width * scale / 2 - text.get_width() / 2)
        y = int(area.y * scale + 4 * scale)
        for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
            surface.blit(shadow, (x + dx, y + dy))
        surface.blit(text, (x, y))


def main(argv: list[str] | None = None) -> Path:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", type=Path, default=DEFAULT_MAP)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--labels", action="store_true", help="write sector names on the map")
    parser.add_argument("--scale", type=int, default=1, help="integer zoom factor")
    args = parser.parse_args(argv)
    pygame.init()
    pygame.display.set_mode((1, 1))
    tiled_map = pytmx.load_pygame(str(args.map))
    surface = render(tiled_map)
    if args.scale > 1:
        surface = pygame.transform.scale_by(surface, args.scale)
    if args.labels:
        draw_labels(surface, tiled_map, args.scale)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(args.out))
    print(f"wrote {args.out}")
    return args.out


if __name__ == "__main__":
    main()

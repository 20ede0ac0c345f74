"""A tiny RGBA pixel canvas and a deterministic PNG writer for the character sprites.

No third-party imaging library: pixels are plain tuples, PNGs are written with zlib so the
same drawing always gives the same bytes.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

Color = tuple[int, int, int, int]


class Canvas:
    """A w×h grid of RGBA colours; None is fully transparent."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.px: list[list[Color | None]] = [[None] * width for _ in range(height)]

    def put(self, x: int, y: int, color: Color | None) -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            self.px[y][x] = color

    def get(self, x: int, y: int) -> Color | None:
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.px[y][x]
        return None

    def rect(self, x0: int, y0: int, x1: int, y1: int, color: Color | None) -> None:
        """Fill the inclusive rectangle (x0, y0)–(x1, y1)."""
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                self.put(x, y, color)

    def recolor(self, x: int, y: int, color: Color) -> None:
        """Set a pixel only where something is already drawn."""
        if self.get(x, y) is not None:
            self.put(x, y, color)

    def outline(self, color: Color) -> None:
        """Ring every drawn shape with a 1-px line (4-neighbourhood)."""
        edge = []
        for y in range(self.height):
            for x in range(self.width):
                if self.px[y][x] is None and any(
                    self.get(x + dx, y + dy) is not None
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                ):
                    edge.append((x, y))
        for x, y in edge:
            self.px[y][x] = color

    def flipped(self) -> Canvas:
        out = Canvas(self.width, self.height)
        out.px = [list(reversed(row)) for row in self.px]
        return out

    def blit(self, other: Canvas, ox: int, oy: int) -> None:
        for y, row in enumerate(other.px):
            for x, c in enumerate(row):
                if c is not None:
                    self.put(ox + x, oy + y, c)

    def scaled(self, k: int) -> Canvas:
        """Nearest-neighbour enlargement by an integer factor."""
        out = Canvas(self.width * k, self.height * k)
        out.px = [[c for c in row for _ in range(k)] for row in self.px for _ in range(k)]
        return out

    def opaque_count(self, x0: int = 0, y0: int = 0, w: int = -1, h: int = -1) -> int:
        w = self.width if w < 0 else w
        h = self.height if h < 0 else h
        return sum(
            1 for y in range(y0, y0 + h) for x in range(x0, x0 + w) if self.px[y][x] is not None
        )

    def png_bytes(self) -> bytes:
        raw = bytearray()
        for row in self.px:
            raw.append(0)
            for c in row:
                raw.extend(c if c is not None else (0, 0, 0, 0))
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 6, 0, 0, 0)
        return (
            b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + _chunk(b"IEND", b"")
        )

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(self.png_bytes())


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

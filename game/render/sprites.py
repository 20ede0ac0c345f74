"""Character sheets: a resident's own look drawn at run time, else
`assets/characters/<slug>.png`, else the look `default_look` picks from the name, drawn.

A sheet is 4 columns × 5 rows of 16×24 frames. Rows 0–3 face down, left, right, up (column 0
idle, 1–3 the walk cycle); row 4 holds the poses sleeping, sitting, talking, working. The
placeholder figure is left only for a look that cannot be drawn.
"""

from __future__ import annotations

import logging
import zlib
from collections.abc import Callable, Mapping
from pathlib import Path

import pygame

from game.render.looks import draw_portrait, draw_sheet
from game.town.looks import check_look, usable_parts
from game.town.resident import Facing, Pose, slug_of

log = logging.getLogger(__name__)

FRAME_WIDTH = 16
FRAME_HEIGHT = 24
COLUMNS = 4
ROWS = 5
WALK_CYCLE = (1, 2, 3, 2)
WALK_FRAMES_PER_TILE = 3.0
POSE_COLUMNS = {Pose.SLEEP: 0, Pose.SIT: 1, Pose.TALK: 2, Pose.WORK: 3}

OUTLINE = (30, 24, 32)
SKIN_TONES = ((241, 194, 160), (224, 172, 120), (198, 134, 90), (141, 85, 56), (96, 60, 40))
HAIR = ((40, 30, 24), (110, 70, 40), (200, 160, 80), (150, 60, 30), (90, 90, 96))


def frame_cell(facing: Facing, pose: Pose, distance_walked: float) -> tuple[int, int]:
    """(column, row) in the sheet for a resident's pose, facing and walk progress."""
    if pose is Pose.WALK:
        step = int(distance_walked * WALK_FRAMES_PER_TILE) % len(WALK_CYCLE)
        return WALK_CYCLE[step], facing.value
    if pose in POSE_COLUMNS:
        return POSE_COLUMNS[pose], 4
    return 0, facing.value


def _palette(slug: str) -> tuple[tuple[int, int, int], ...]:
    seed = zlib.crc32(slug.encode("utf-8"))
    shirt = pygame.Color(0)
    shirt.hsva = (seed % 360, 55 + seed // 360 % 30, 85, 100)
    return SKIN_TONES[seed // 7 % 5], HAIR[seed // 11 % 5], (shirt.r, shirt.g, shirt.b)


def _draw_figure(
    frame: pygame.Surface, slug: str, facing: Facing, column: int, pose_column: int | None
) -> None:
    """A small person: head, hair, shirt, legs; legs stride with the walk column."""
    skin, hair, shirt = _palette(slug)
    trousers = (52, 56, 84)
    if pose_column == 0:  # sleeping: lying down, eyes shut
        pygame.draw.rect(frame, shirt, (1, 14, 11, 6))
        pygame.draw.rect(frame, skin, (11, 13, 5, 6))
        pygame.draw.rect(frame, hair, (14, 13, 2, 6))
        return
    seated = pose_column == 1
    top = 4 if seated else 2
    pygame.draw.rect(frame, hair, (4, top, 8, 3))
    pygame.draw.rect(frame, skin, (4, top + 3, 8, 6))
    if facing is not Facing.UP:
        eye_y = top + 5
        eyes = {Facing.LEFT: (5,), Facing.RIGHT: (10,)}.get(facing, (6, 9))
        for eye_x in eyes:
            frame.fill(OUTLINE, (eye_x, eye_y, 1, 2))
    else:
        pygame.draw.rect(frame, hair, (4, top + 3, 8, 4))
    body_top = top + 9
    pygame.draw.rect(frame, shirt, (3, body_top, 10, 7))
    if seated:
        pygame.draw.rect(frame, trousers, (3, body_top + 7, 10, 3))
        return
    stride = {1: -1, 3: 1}.get(column, 0)
    pygame.draw.rect(frame, trousers, (4, body_top + 7, 3, 6 + min(0, stride)))
    pygame.draw.rect(frame, trousers, (9, body_top + 7, 3, 6 - max(0, stride)))


def placeholder_sheet(slug: str) -> pygame.Surface:
    """A coloured stand-in sheet with the same layout as the real art."""
    sheet = pygame.Surface((FRAME_WIDTH * COLUMNS, FRAME_HEIGHT * ROWS), pygame.SRCALPHA)
    for row in range(ROWS):
        for column in range(COLUMNS):
            frame = pygame.Surface((FRAME_WIDTH, FRAME_HEIGHT), pygame.SRCALPHA)
            facing = Facing(row) if row < 4 else Facing.DOWN
            _draw_figure(frame, slug, facing, column, column if row == 4 else None)
            mask = pygame.mask.from_surface(frame)
            silhouette = mask.to_surface(setcolor=OUTLINE, unsetcolor=(0, 0, 0, 0))
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                sheet.blit(silhouette, (column * FRAME_WIDTH + dx, row * FRAME_HEIGHT + dy))
            sheet.blit(frame, (column * FRAME_WIDTH, row * FRAME_HEIGHT))
    return sheet


class CharacterSheets:
    """Each resident's sheet, made once, and zoomed frames from a per-zoom copy.

    `looks`: resident name (or slug) → look (part → option, see `game.town.looks`; parts left
    out come from `default_look`). A resident with a look wears it drawn at run time; one
    without wears `directory/<slug>.png` when it exists, else `default_look(name)` drawn.
    Keys are matched by slug, as `Resident.slug` (the name, or whose look it borrows)."""

    def __init__(
        self, directory: Path | None, looks: Mapping[str, Mapping[str, str]] | None = None
    ) -> None:
        self.directory = directory
        self.looks: dict[str, dict[str, str]] = {}
        self._sheets: dict[str, pygame.Surface] = {}
        self._zoomed: dict[tuple[str, int], pygame.Surface] = {}
        for name, look in (looks or {}).items():
            self.set_look(name, look)

    def set_look(self, name: str, look: Mapping[str, str] | None) -> None:
        """Give `name` its own look (None: back to its file or default); redrawn on next use."""
        slug = slug_of(name)
        if look is None:
            self.looks.pop(slug, None)
        else:
            for problem in check_look(look):
                log.warning("%s: ignoring %s", name, problem)
            self.looks[slug] = usable_parts(look)
        self._sheets.pop(slug, None)
        for key in [k for k in self._zoomed if k[0] in (slug, f"portrait:{slug}")]:
            del self._zoomed[key]

    def sheet(self, slug: str) -> pygame.Surface:
        if slug not in self._sheets:
            self._sheets[slug] = self._load(slug)
        return self._sheets[slug]

    def _file(self, slug: str, folder: str = "") -> Path | None:
        if self.directory is None or slug in self.looks:
            return None
        path = self.directory / folder / f"{slug}.png"
        return path if path.is_file() else None

    def is_placeholder(self, slug: str) -> bool:
        """True when `slug` has neither a look of its own nor a sheet file (it wears the
        look `default_look` picks from its name)."""
        return slug not in self.looks and self._file(slug) is None

    def _drawn(
        self, slug: str, draw: Callable[[Mapping[str, str], str], pygame.Surface]
    ) -> pygame.Surface | None:
        try:
            return draw(self.looks.get(slug, {}), slug)
        except (ValueError, KeyError, pygame.error) as error:  # a look the code cannot draw
            log.warning("%s: cannot draw its look (%s)", slug, error)
            return None

    def _load(self, slug: str) -> pygame.Surface:
        path = self._file(slug)
        if path is not None:
            image = pygame.image.load(str(path))
            return image.convert_alpha() if pygame.display.get_surface() else image
        drawn = self._drawn(slug, draw_sheet)
        return drawn if drawn is not None else placeholder_sheet(slug)

    def portrait(self, slug: str, scale: int = 2) -> pygame.Surface | None:
        """The 32×32 portrait scaled up: of the resident's look, from `portraits/<slug>.png`,
        or of `default_look`; None only when the look cannot be drawn."""
        key = (f"portrait:{slug}", scale)
        if key not in self._zoomed:
            path = self._file(slug, "portraits")
            image = pygame.image.load(str(path)) if path else self._drawn(slug, draw_portrait)
            if image is None:
                return None
            self._zoomed[key] = pygame.transform.scale_by(image, scale)
        return self._zoomed[key]

    def zoomed(self, slug: str, zoom: int) -> pygame.Surface:
        key = (slug, zoom)
        if key not in self._zoomed:
            self._zoomed[key] = pygame.transform.scale_by(self.sheet(slug), zoom)
        return self._zoomed[key]

    def frame_area(self, cell: tuple[int, int], zoom: int) -> pygame.Rect:
        """The rectangle of frame (column, row) inside the zoomed sheet."""
        column, row = cell
        w, h = FRAME_WIDTH * zoom, FRAME_HEIGHT * zoom
        return pygame.Rect(column * w, row * h, w, h)

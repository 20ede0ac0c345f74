"""The camera: which part of the map the window shows, at which integer zoom.

Pure arithmetic (no pygame), so it is easy to test. Map coordinates are 1× pixels; the
camera keeps an integer pixel `origin` at the current zoom so tiles never shimmer.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_ZOOM = 1
MAX_ZOOM = 4


@dataclass
class Camera:
    """Centre (map pixels), zoom 1×–4× and viewport size (screen pixels); always clamped."""

    map_width: int
    map_height: int
    viewport_width: int = 1280
    viewport_height: int = 720
    zoom: int = 2
    centre_x: float = 0.0
    centre_y: float = 0.0

    def __post_init__(self) -> None:
        self.zoom = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom))
        self.clamp()

    @property
    def origin(self) -> tuple[int, int]:
        """The screen-space pixel of the map (at this zoom) shown at the window's top-left."""
        return (
            self._axis_origin(self.centre_x, self.map_width, self.viewport_width),
            self._axis_origin(self.centre_y, self.map_height, self.viewport_height),
        )

    def _axis_origin(self, centre: float, map_size: int, viewport: int) -> int:
        scaled = map_size * self.zoom
        if scaled <= viewport:  # the whole map fits: centre it
            return -((viewport - scaled) // 2)
        return round(centre * self.zoom - viewport / 2)

    def clamp(self) -> None:
        """Keep the view inside the map (or the map centred when it is smaller)."""
        self.centre_x = self._clamp_axis(self.centre_x, self.map_width, self.viewport_width)
        self.centre_y = self._clamp_axis(self.centre_y, self.map_height, self.viewport_height)

    def _clamp_axis(self, centre: float, map_size: int, viewport: int) -> float:
        half = viewport / (2 * self.zoom)
        if 2 * half >= map_size:
            return map_size / 2
        return min(max(centre, half), map_size - half)

    def look_at(self, x: float, y: float) -> None:
        self.centre_x, self.centre_y = x, y
        self.clamp()

    def pan(self, screen_dx: float, screen_dy: float) -> None:
        """Move the view by a screen-pixel offset (drag moves the map the other way)."""
        self.look_at(self.centre_x + screen_dx / self.zoom, self.centre_y + screen_dy / self.zoom)

    def resize(self, width: int, height: int) -> None:
        self.viewport_width, self.viewport_height = max(1, width), max(1, height)
        self.clamp()

    def set_zoom(self, zoom: int, anchor: tuple[int, int] | None = None) -> None:
        """Zoom to `zoom` keeping the map point under the screen pixel `anchor` still."""
        zoom = max(MIN_ZOOM, min(MAX_ZOOM, zoom))
        if zoom == self.zoom:
            return
        if anchor is None:
            anchor = (self.viewport_width // 2, self.viewport_height // 2)
        map_x, map_y = self.screen_to_map(*anchor)
        self.zoom = zoom
        self.centre_x = map_x + (self.viewport_width / 2 - anchor[0]) / zoom
        self.centre_y = map_y + (self.viewport_height / 2 - anchor[1]) / zoom
        self.clamp()

    def map_to_screen(self, x: float, y: float) -> tuple[int, int]:
        ox, oy = self.origin
        return round(x * self.zoom) - ox, round(y * self.zoom) - oy

    def screen_to_map(self, sx: float, sy: float) -> tuple[float, float]:
        ox, oy = self.origin
        return (sx + ox) / self.zoom, (sy + oy) / self.zoom

    def visible_map_rect(self) -> tuple[int, int, int, int]:
        """(x, y, width, height) in map pixels covering the viewport (may exceed the map)."""
        ox, oy = self.origin
        x, y = ox // self.zoom, oy // self.zoom
        width = -(-(ox + self.viewport_width) // self.zoom) - x
        height = -(-(oy + self.viewport_height) // self.zoom) - y
        return x, y, width, height

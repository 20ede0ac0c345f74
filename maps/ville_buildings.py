"""Buildings: an outer wall rectangle cut into rooms, with doors, wall faces and arenas.

A `Building` is laid out in map coordinates: `room()` carves a floor rectangle (one arena),
`door()` opens a wall cell. `finish()` paints walls, floors and doors onto the canvas and
writes the sector and arena rectangles. Every room gets one arena; a door in an inner wall
is given to the arena on one side of it (its rectangle grows by that wall line), so every
walkable tile inside a building belongs to exactly one arena.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from maps.ville_canvas import Area, Cell, PropertyValue, Rect, TownCanvas

NEIGHBOURS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # n, e, s, w


@dataclass
class Room:
    arena: str
    rect: Rect
    floor: str
    wallpaper: str
    properties: dict[str, PropertyValue] = field(default_factory=dict)
    clear: set[Cell] = field(default_factory=set)  # keep free: the way in from each door

    def at(self, dx: int, dy: int) -> Cell:
        """A cell by its offset from the room's top-left floor tile."""
        return (self.rect.x + dx, self.rect.y + dy)


class Building:
    def __init__(
        self,
        canvas: TownCanvas,
        sector: str,
        outer: Rect,
        facade: str,
        front_door_tile: str = "door_wood",
    ) -> None:
        self.canvas = canvas
        self.sector = sector
        self.outer = outer
        self.facade = facade  # wall_ext_<facade>
        self.front_door_tile = front_door_tile
        self.rooms: list[Room] = []
        self.doors: list[Cell] = []
        self.front_doors: list[Cell] = []

    def room(
        self,
        arena: str,
        x: int,
        y: int,
        w: int,
        h: int,
        floor: str,
        wallpaper: str = "cream",
        **properties: PropertyValue,
    ) -> Room:
        """A room whose floor starts `x, y` tiles from the building's top-left corner."""
        room = Room(arena, Rect(self.outer.x + x, self.outer.y + y, w, h), floor, wallpaper)
        room.properties.update(properties)
        self.rooms.append(room)
        return room

    def door(self, x: int, y: int, front: bool = False) -> Cell:
        cell = (self.outer.x + x, self.outer.y + y)
        (self.front_doors if front else self.doors).append(cell)
        return cell

    # painting -----------------------------------------------------------------------------

    def floor_cells(self) -> dict[Cell, Room]:
        return {cell: room for room in self.rooms for cell in room.rect.cells()}

    def finish(self, **sector_properties: PropertyValue) -> None:
        canvas = self.canvas
        floors = self.floor_cells()
        doors = set(self.doors) | set(self.front_doors)
        walls = {cell for cell in self.outer.cells() if cell not in floors and cell not in doors}
        for cell in self.outer.cells():
            canvas.indoor.add(cell)
            canvas.terrain[cell[1]][cell[0]] = "indoor"
        for cell, room in floors.items():
            canvas.put("ground", cell, room.floor)
        for cell in doors:
            canvas.put("ground", cell, self._door_tile(cell, walls))
            for room in self.rooms:
                for dx, dy in NEIGHBOURS:
                    inside = (cell[0] + dx, cell[1] + dy)
                    if room.rect.contains(inside):
                        room.clear.add(inside)
                        room.clear.add((inside[0] + dx, inside[1] + dy))
        for cell in walls:
            canvas.put("walls", cell, self._wall_tile(cell, walls, floors, doors), block=True)
        canvas.areas.append(Area(self.sector, None, self.outer, dict(sector_properties)))
        for room, rect in zip(self.rooms, self._arena_rects(walls, doors), strict=True):
            canvas.areas.append(Area(self.sector, room.arena, rect, room.properties))

    def _door_tile(self, cell: Cell, walls: set[Cell]) -> str:
        x, y = cell
        horizontal = (x - 1, y) in walls or (x + 1, y) in walls
        vertical = (x, y - 1) in walls and (x, y + 1) in walls
        if vertical and not horizontal:
            return "doorway_side"
        return self.front_door_tile if cell in self.front_doors else "doorway"

    def _wall_tile(
        self, cell: Cell, walls: set[Cell], floors: dict[Cell, Room], doors: set[Cell]
    ) -> str:
        x, y = cell
        south = (x, y + 1)
        if south not in walls:
            near_door = (x - 1, y) in doors or (x + 1, y) in doors
            on_edge = x in (self.outer.x, self.outer.right)
            if south in floors or south in doors:
                room = floors.get(south) or self.rooms[0]
                window = y == self.outer.y and not near_door and not on_edge and x % 4 == 1
                suffix = "_window" if window else ""
                return f"wall_int_{room.wallpaper}{suffix}"
            window = not near_door and not on_edge and x % 4 == 2
            return f"wall_ext_{self.facade}{'_window' if window else ''}"
        same = [(x + dx, y + dy) in walls for dx, dy in NEIGHBOURS]
        letters = "".join(s for s, ok in zip("nesw", same, strict=True) if ok) or "o"
        return f"wall_cap_{letters}"

    def _arena_rects(self, walls: set[Cell], doors: set[Cell]) -> list[Rect]:
        bounds = [[r.rect.x, r.rect.y, r.rect.right, r.rect.bottom] for r in self.rooms]

        def covering(cell: Cell) -> bool:
            return any(b[0] <= cell[0] <= b[2] and b[1] <= cell[1] <= b[3] for b in bounds)

        for door in sorted(doors, key=lambda c: (c[1], c[0])):
            if covering(door):
                continue
            for index, room in enumerate(self.rooms):
                grown = _grow_towards(bounds[index], door)
                if grown is None or not room.rect.contains(_step_inside(door, bounds[index])):
                    continue
                new_cells = _rect_cells(grown) - _rect_cells(bounds[index])
                if all(c in walls or (c in doors and not covering(c)) for c in new_cells):
                    bounds[index] = grown
                    break
            else:
                raise ValueError(f"{self.sector}: no arena can take the door at {door}")
        return [Rect(b[0], b[1], b[2] - b[0] + 1, b[3] - b[1] + 1) for b in bounds]


def _grow_towards(bound: list[int], door: Cell) -> list[int] | None:
    x0, y0, x1, y1 = bound
    x, y = door
    if x0 <= x <= x1 and y == y0 - 1:
        return [x0, y0 - 1, x1, y1]
    if x0 <= x <= x1 and y == y1 + 1:
        return [x0, y0, x1, y1 + 1]
    if y0 <= y <= y1 and x == x0 - 1:
        return [x0 - 1, y0, x1, y1]
    if y0 <= y <= y1 and x == x1 + 1:
        return [x0, y0, x1 + 1, y1]
    return None


def _step_inside(door: Cell, bound: list[int]) -> Cell:
    x, y = door
    x0, y0, x1, y1 = bound
    return (min(max(x, x0), x1), min(max(y, y0), y1))


def _rect_cells(bound: list[int]) -> set[Cell]:
    x0, y0, x1, y1 = bound
    return {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}

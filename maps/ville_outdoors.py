"""Outdoors: roads and sidewalks, trees, hedges and fences, Johnson Park, the town square and
the Lin family's garden."""

from __future__ import annotations

from maps.ville_canvas import Area, Cell, Rect, TownCanvas
from maps.ville_furnish import place

TREE_KINDS = ("oak", "oak", "oak", "pine", "blossom", "apple")


def road(canvas: TownCanvas, rect: Rect, horizontal: bool) -> None:
    """A 3-tile road with a dashed centre line and a 1-tile sidewalk on both sides."""
    if horizontal:
        canvas.paint("sidewalk", Rect(rect.x, rect.y - 1, rect.w, rect.h + 2))
    else:
        canvas.paint("sidewalk", Rect(rect.x - 1, rect.y, rect.w + 2, rect.h))
    canvas.paint("road", rect)


def centre_lines(canvas: TownCanvas) -> None:
    """Dashed lines down the middle of every road, except at crossings."""
    for y in range(1, canvas.height - 1):
        for x in range(1, canvas.width - 1):
            if canvas.terrain[y][x] != "road":
                continue
            column = [canvas.terrain[y + d][x] for d in (-1, 1)]
            row = [canvas.terrain[y][x + d] for d in (-1, 1)]
            road_rows = all(k.startswith("road") for k in column)
            road_cols = all(k.startswith("road") for k in row)
            if road_cols and not road_rows and _edge(canvas, (x, y), vertical=True):
                canvas.layers["ground"][y][x] = "road_line_h"
            elif road_rows and not road_cols and _edge(canvas, (x, y), vertical=False):
                canvas.layers["ground"][y][x] = "road_line_v"


def _edge(canvas: TownCanvas, cell: Cell, vertical: bool) -> bool:
    """True when the cell is the middle of a 3-wide road (the road's edges are 1 away)."""
    x, y = cell
    if vertical:
        return (
            canvas.terrain[y - 1][x] == "road"
            and canvas.terrain[y + 1][x] == "road"
            and (canvas.terrain[y - 2][x] != "road" and canvas.terrain[y + 2][x] != "road")
        )
    return (
        canvas.terrain[y][x - 1] == "road"
        and canvas.terrain[y][x + 1] == "road"
        and (canvas.terrain[y][x - 2] != "road" and canvas.terrain[y][x + 2] != "road")
    )


def crosswalk(canvas: TownCanvas, rect: Rect, horizontal_road: bool) -> None:
    for x, y in rect.cells():
        canvas.terrain[y][x] = "crosswalk_h" if horizontal_road else "crosswalk_v"


def tree(canvas: TownCanvas, cell: Cell, kind: str = "oak") -> bool:
    """A tree whose trunk stands on `cell` and the cell to its right; False if no room."""
    x, y = cell
    trunk = [(x, y), (x + 1, y)]
    crown = [(x + dx, y - dy) for dx in (0, 1) for dy in (1, 2)]
    if not all(canvas.is_free(c) for c in trunk):
        return False
    if any(
        c in canvas.indoor or canvas.layers["overhead"][c[1]][c[0]]
        for c in crown
        if canvas.inside(c)
    ):
        return False
    canvas.put("walls", trunk[0], f"tree_{kind}_trunk_l", block=True)
    canvas.put("walls", trunk[1], f"tree_{kind}_trunk_r", block=True)
    for (dx, dy), part in zip(
        ((0, 2), (1, 2), (0, 1), (1, 1)), ("tl", "tr", "bl", "br"), strict=True
    ):
        if canvas.inside((x + dx, y - dy)):
            canvas.put("overhead", (x + dx, y - dy), f"tree_{kind}_{part}")
    return True


def scatter_trees(
    canvas: TownCanvas, area: Rect, count: int, kinds: tuple[str, ...] = TREE_KINDS
) -> None:
    """Plant up to `count` trees at random free spots, leaving a tile of space around each."""
    tries = 0
    planted = 0
    while planted < count and tries < count * 30:
        tries += 1
        x = canvas.rng.randrange(area.x, area.right)
        y = canvas.rng.randrange(area.y, area.bottom + 1)
        around = [(x + dx, y + dy) for dx in (-1, 0, 1, 2) for dy in (-1, 0, 1)]
        if not all(canvas.is_free(c) or not canvas.inside(c) for c in around):
            continue
        if tree(canvas, (x, y), canvas.rng.choice(kinds)):
            planted += 1


def edge_line(canvas: TownCanvas, family: str, cells: list[Cell]) -> None:
    """A hedge or fence along cells; each piece joins its neighbours in the same line."""
    line = set(cells)
    for x, y in cells:
        same = [(x, y - 1) in line, (x + 1, y) in line, (x, y + 1) in line, (x - 1, y) in line]
        letters = "".join(s for s, ok in zip("nesw", same, strict=True) if ok) or "o"
        canvas.put("walls", (x, y), f"{family}_{letters}", block=True)


def row_cells(x0: int, x1: int, y: int, gaps: set[int] | None = None) -> list[Cell]:
    return [(x, y) for x in range(x0, x1 + 1) if x not in (gaps or set())]


def column_cells(x: int, y0: int, y1: int, gaps: set[int] | None = None) -> list[Cell]:
    return [(x, y) for y in range(y0, y1 + 1) if y not in (gaps or set())]


def lamp_post(canvas: TownCanvas, cell: Cell) -> None:
    x, y = cell
    canvas.put("walls", cell, "lamp_post", block=True)
    canvas.put("overhead", (x, y - 1), "lamp_post_top")


def johnson_park(canvas: TownCanvas, area: Rect) -> None:
    """A park: a flower garden on the west side, a lake with benches on the east side."""
    sector = "Johnson Park"
    garden = Rect(area.x, area.y, 14, area.h)
    lakeside = Rect(area.x + 14, area.y, area.w - 14, area.h)
    canvas.areas.append(
        Area(sector, None, area, {"kind": "nature", "description": "the town park, open all day"})
    )
    canvas.areas.append(Area(sector, "park garden", garden, {"description": "flower beds"}))
    canvas.areas.append(Area(sector, "lakeside", lakeside, {"description": "a lake with benches"}))
    lake = Rect(lakeside.x + 5, area.y + 7, 14, 10)
    canvas.paint("water", lake)
    canvas.paint("grass", Rect(lake.x, lake.y, 1, 1))
    canvas.paint("grass", Rect(lake.right, lake.bottom, 1, 1))
    canvas.add_object("lake", lake, state="calm")
    # a ring path round the lake, and paths to the garden and the street
    ring = Rect(lake.x - 3, lake.y - 3, lake.w + 6, lake.h + 6)
    for x, y in ring.cells():
        if x in (ring.x, ring.right) or y in (ring.y, ring.bottom):
            canvas.terrain[y][x] = "path"
    mid_x = ring.x + ring.w // 2
    canvas.paint("path", Rect(mid_x, ring.bottom, 1, area.bottom - ring.bottom + 2))
    canvas.paint("path", Rect(area.x + 2, ring.y + ring.h // 2, ring.x - area.x - 2, 1))
    canvas.paint("path", Rect(area.x + 2, area.y + 2, 1, area.h - 1))
    canvas.paint("path", Rect(area.x + 2, area.bottom + 1, 1, 2))
    beds = ["flower_bed_red", "flower_bed_yellow", "flower_bed_purple"]
    names = ["rose bed", "tulip bed", "lavender bed", "marigold bed", "iris bed", "daisy bed"]
    for i, (dx, dy) in enumerate(((4, 4), (9, 4), (4, 10), (9, 10), (4, 17), (9, 17))):
        for j in range(3):
            place(canvas, beds[(i + j) % 3], (area.x + dx + j, area.y + dy))
        canvas.add_object(names[i], Rect(area.x + dx, area.y + dy, 3, 1), state="blooming")
    for dy in (6, 7, 19, 20, 12):
        canvas.paint("flowers", Rect(area.x + 4, area.y + dy, 9, 1))
    for dx, dy in ((1, 1), (12, 1), (1, 8), (12, 8), (12, 15), (1, 15), (1, 22), (12, 22)):
        cell = (area.x + dx, area.y + dy)
        if canvas.is_free(cell):
            place(canvas, canvas.rng.choice(["bush", "bush_flowers", "bush_berries"]), cell)
    place(canvas, "bench", (area.x + 6, area.y + 13), "garden bench", capacity=2)
    place(canvas, "easel", (area.x + 10, area.y + 13), "painting spot")
    benches = [
        ((lake.x + 2, lake.y - 2), "north bench"),
        ((lake.x + 9, lake.y - 2), "willow bench"),
        ((lake.x + 2, lake.bottom + 2), "south bench"),
        ((lake.x + 9, lake.bottom + 2), "duck pond bench"),
    ]
    for cell, name in benches:
        place(canvas, "bench", cell, name, capacity=2)
    for cell in (
        (ring.x - 1, ring.y - 1),
        (ring.right + 1, ring.bottom - 2),
        (area.x + 1, area.bottom),
    ):
        if canvas.is_free(cell):
            lamp_post(canvas, cell)
    scatter_trees(canvas, garden, 6, ("blossom", "oak", "apple"))
    scatter_trees(canvas, lakeside, 14, ("oak", "pine", "oak", "blossom"))


def town_square(canvas: TownCanvas, area: Rect) -> None:
    sector = "Town Square"
    canvas.paint("cobble", area)
    canvas.areas.append(
        Area(sector, None, area, {"kind": "public", "description": "the town's small square"})
    )
    canvas.areas.append(
        Area(sector, "plaza", area, {"description": "a fountain and a notice board"})
    )
    place(canvas, "fountain", (area.x + area.w // 2 - 1, area.y + 4), "fountain", state="splashing")
    place(canvas, "notice_board", (area.x + area.w // 2 - 1, area.y + 1), "notice board")
    place(canvas, "bench", (area.x + 1, area.y + 7), "square bench west", capacity=2)
    place(canvas, "bench", (area.x + area.w - 3, area.y + 7), "square bench east", capacity=2)
    for cell in ((area.x, area.y), (area.right, area.y)):
        place(canvas, "bush_flowers", cell)


def vegetable_garden(canvas: TownCanvas, sector: str, area: Rect) -> None:
    """The Lin family's garden: crop rows, a bench and an apple tree."""
    canvas.areas.append(Area(sector, "garden", area, {"description": "a vegetable garden"}))
    crops = ["soil_cabbage", "soil_carrots", "soil_sprouts"]
    names = ["cabbage patch", "carrot patch", "herb patch"]
    for i, crop in enumerate(crops):
        y = area.y + 1 + i * 3
        cells = [(area.x + 1 + dx, y + dy) for dx in range(4) for dy in range(2)]
        for cell in cells:
            canvas.put("ground", cell, crop)
            canvas.blocked.add(cell)
            canvas.occupied.add(cell)
        canvas.add_object(names[i], Rect(area.x + 1, y, 4, 2), state="growing")
    place(canvas, "bench", (area.x + 6, area.bottom - 1), "garden bench", capacity=2)
    tree(canvas, (area.x + 7, area.y + 3), "apple")

"""Furniture: multi-tile pieces by name, and the standard kits for bedrooms, bathrooms,
kitchens and common rooms.

`place()` puts one piece on the furniture layer, blocks its cells and (when named) adds the
game object over it. `line_up()` stands pieces side by side along a row of a room, skipping
the cells kept clear in front of doors. Chairs are decoration and stay walkable: a resident
uses a desk from the chair in front of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from maps.ville_buildings import Room
from maps.ville_canvas import Cell, PropertyValue, Rect, TownCanvas


def _pieces() -> dict[str, list[list[str]]]:
    pieces: dict[str, list[list[str]]] = {}
    for color in ("red", "blue", "green", "yellow", "purple", "teal"):
        pieces[f"bed_{color}"] = [[f"bed_{color}_top"], [f"bed_{color}"]]
    for color in ("red", "blue", "green"):
        name = f"bed_double_{color}"
        pieces[name] = [[f"{name}_tl", f"{name}_tr"], [f"{name}_bl", f"{name}_br"]]
    for color in ("green", "blue", "red", "purple", "orange"):
        pieces[f"couch_{color}"] = [[f"couch_{color}_l", f"couch_{color}_r"]]
    for color in ("red", "blue"):
        name = f"rug_{color}"
        pieces[name] = [[f"{name}_tl", f"{name}_tr"], [f"{name}_bl", f"{name}_br"]]
    pieces |= {
        "bathtub": [["bathtub_l", "bathtub_r"]],
        "table": [["table_l", "table_r"]],
        "big_table": [["table_tl", "table_tr"], ["table_bl", "table_br"]],
        "library_table": [["library_table_l", "library_table_r"]],
        "teacher_desk": [["teacher_desk_l", "teacher_desk_r"]],
        "piano": [["piano_l", "piano_r"]],
        "blackboard": [["blackboard_l", "blackboard_m", "blackboard_r"]],
        "bench": [["bench_l", "bench_r"]],
        "notice_board": [["notice_board_l", "notice_board_r"]],
        "fountain": [["fountain_tl", "fountain_tr"], ["fountain_bl", "fountain_br"]],
    }
    return pieces


PIECES = _pieces()


def piece_grid(piece: str) -> list[list[str]]:
    return PIECES.get(piece, [[piece]])


def place(
    canvas: TownCanvas,
    piece: str,
    cell: Cell,
    name: str | None = None,
    block: bool = True,
    **properties: PropertyValue,
) -> Rect:
    grid = piece_grid(piece)
    x0, y0 = cell
    for dy, row in enumerate(grid):
        for dx, tile in enumerate(row):
            canvas.put("furniture", (x0 + dx, y0 + dy), tile, block=block)
    rect = Rect(x0, y0, len(grid[0]), len(grid))
    if name is not None:
        canvas.add_object(name, rect, **properties)
    return rect


@dataclass
class Item:
    piece: str
    name: str | None = None
    chair: str | None = None  # a walkable chair tile placed just below the piece
    gap_after: int = 0
    properties: dict[str, PropertyValue] = field(default_factory=dict)


def _fits(canvas: TownCanvas, room: Room, cells: list[Cell]) -> bool:
    return all(
        room.rect.contains(c) and c not in canvas.occupied and c not in room.clear for c in cells
    )


def line_up(
    canvas: TownCanvas,
    room: Room,
    items: list[Item],
    row: int = 0,
    start: int = 0,
    overflow_row: int | None = None,
) -> None:
    """Stand pieces left to right along a row of the room, skipping occupied or clear cells.

    Pieces that do not fit continue on `overflow_row` (counted from the top; negative counts
    from the bottom). Nothing is placed unless everything fits.
    """
    rows = [row] if overflow_row is None else [row, overflow_row % room.rect.h]
    taken: set[Cell] = set()
    plan: list[tuple[Item, Cell, int]] = []
    row_index, x = 0, room.rect.x + start
    for item in items:
        grid = piece_grid(item.piece)
        width, height = len(grid[0]), len(grid)
        while True:
            y = room.rect.y + rows[row_index]
            cells = [(x + dx, y + dy) for dy in range(height) for dx in range(width)]
            chair_cells = [(x, y + height)] if item.chair else []
            if x + width - 1 > room.rect.right:
                if row_index + 1 >= len(rows):
                    raise ValueError(f"no room for {item.piece} in {room.arena} at {room.rect}")
                row_index, x = row_index + 1, room.rect.x
                continue
            if _fits(canvas, room, cells + chair_cells) and not taken & set(cells + chair_cells):
                break
            x += 1
        taken |= set(cells + chair_cells)
        plan.append((item, (x, y), height))
        x += width + item.gap_after
    for item, cell, height in plan:
        place(canvas, item.piece, cell, item.name, **item.properties)
        if item.chair:
            canvas.put("furniture", (cell[0], cell[1] + height), item.chair)


def decorate(canvas: TownCanvas, room: Room, piece: str, dx: int, dy: int, block: bool) -> None:
    """Put a decoration (plant, lamp, rug) at an offset in the room if the spot is free."""
    grid = piece_grid(piece)
    cell = room.at(dx if dx >= 0 else room.rect.w + dx, dy if dy >= 0 else room.rect.h + dy)
    cells = [(cell[0] + i, cell[1] + j) for j in range(len(grid)) for i in range(len(grid[0]))]
    if _fits(canvas, room, cells):
        place(canvas, piece, cell, block=block)


def bedroom(
    canvas: TownCanvas,
    room: Room,
    bed: str = "bed_blue",
    bed_name: str = "bed",
    desk: str = "desk",
    extras: list[Item] | None = None,
) -> Cell:
    """Bed, desk (with chair), shelf and closet along the north wall.

    Returns a walkable cell beside the bed, where the resident wakes up.
    """
    items = [
        Item(bed, bed_name, gap_after=1),
        Item(desk, "desk", chair="chair_n"),
        Item("shelf", "shelf"),
        Item("closet", "closet"),
    ]
    try:
        line_up(canvas, room, items)
    except ValueError:
        items[0].gap_after = 0
        line_up(canvas, room, list(reversed(items)))
    if extras:
        line_up(canvas, room, extras, row=room.rect.h - 1)
    decorate(canvas, room, "potted_plant", -1, -1, block=True)
    if room.rect.h >= 4:
        decorate(canvas, room, "rug_blue", room.rect.w // 2 - 1, room.rect.h - 2, block=False)
    bed_rect = next(o.rect for o in reversed(canvas.objects) if o.name == bed_name)
    return beside(canvas, room, bed_rect)


def beside(canvas: TownCanvas, room: Room, rect: Rect) -> Cell:
    """A free floor cell next to a piece (prefers the lower cells, where people stand)."""
    candidates = [(rect.right + 1, rect.bottom), (rect.x - 1, rect.bottom)]
    candidates += [(x, rect.bottom + 1) for x in range(rect.x, rect.right + 1)]
    candidates += [(rect.right + 1, rect.y), (rect.x - 1, rect.y)]
    for cell in candidates:
        if room.rect.contains(cell) and cell not in canvas.blocked:
            return cell
    raise ValueError(f"nothing free beside {rect} in {room.arena}")


def bathroom(canvas: TownCanvas, room: Room, tub: bool = False) -> None:
    items = [Item("toilet", "toilet"), Item("bathroom_sink", "bathroom sink")]
    items.append(Item("shower", "shower"))
    if tub and room.rect.w >= 6:
        items.append(Item("bathtub", "bathtub"))
    line_up(canvas, room, items, overflow_row=-1)


def kitchen(canvas: TownCanvas, room: Room, table: bool = True) -> None:
    line_up(
        canvas,
        room,
        [
            Item("fridge", "refrigerator"),
            Item("stove", "stove"),
            Item("kitchen_counter_board", "kitchen counter"),
            Item("kitchen_sink", "kitchen sink"),
        ],
    )
    if table and room.rect.w >= 4 and room.rect.h >= 5:
        cell = room.at(room.rect.w // 2 - 1, room.rect.h // 2 + 1)
        cells = [cell, (cell[0] + 1, cell[1])]
        if all(c not in canvas.occupied and c not in room.clear for c in cells):
            place(canvas, "table", cell, "dining table")
            for dx in (0, 1):
                above = (cell[0] + dx, cell[1] - 1)
                if above not in room.clear and above not in canvas.occupied:
                    canvas.put("furniture", above, "chair_s")


def common_room(
    canvas: TownCanvas, room: Room, couch: str = "couch_green", extras: list[Item] | None = None
) -> None:
    items = [
        Item("bookshelf", "bookshelf"),
        Item(couch, "couch"),
        Item("tv", "tv"),
        *(extras or []),
    ]
    line_up(canvas, room, items)
    couch_rect = next(o.rect for o in canvas.objects if o.name == "couch" and _in(room, o.rect))
    table = (couch_rect.x, couch_rect.y + 2)
    if room.rect.contains(table) and table not in room.clear and table not in canvas.occupied:
        place(canvas, "coffee_table", table, "coffee table")
    decorate(canvas, room, "rug_red", couch_rect.x - room.rect.x, 3, block=False)
    decorate(canvas, room, "potted_plant", 0, -1, block=True)
    decorate(canvas, room, "floor_lamp", -1, -1, block=True)
    decorate(canvas, room, "armchair", -2, -2, block=True)


def _in(room: Room, rect: Rect) -> bool:
    return room.rect.contains((rect.x, rect.y))

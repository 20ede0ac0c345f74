"""Homes: family houses, apartments, the artists' co-living space and the college dorm.

Each builder lays out the rooms of one sector, furnishes them with the standard kits and
returns where each resident wakes up (`resident name -> (arena, cell)`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from maps.ville_buildings import Building, Room
from maps.ville_canvas import Cell, Rect, TownCanvas
from maps.ville_furnish import Item, bathroom, bedroom, common_room, kitchen, line_up

Beds = dict[str, tuple[str, Cell]]


@dataclass
class Sleeper:
    """A bedroom and who sleeps in it."""

    arena: str
    residents: list[str]
    bed: str  # piece name, e.g. "bed_double_red"
    bed_name: str = "bed"
    desk: str = "desk"
    wallpaper: str = "cream"
    floor: str = "floor_wood_light"
    extras: list[Item] = field(default_factory=list)


def house(
    canvas: TownCanvas,
    sector: str,
    x: int,
    y: int,
    sleepers: list[Sleeper],
    facing_south: bool,
    facade: str,
    door: str,
    common_extras: list[Item] | None = None,
    couch: str = "couch_green",
    living_paper: str = "butter",
) -> Beds:
    """A house: bedrooms and a bathroom in one row, kitchen and common room in the other.

    The front door opens from the common room onto the street side (south or north).
    """
    two = len(sleepers) == 2
    width = 22 if two else 17
    building = Building(canvas, sector, Rect(x, y, width, 14), facade, door)
    sleep_row, live_row = (1, 7) if facing_south else (8, 1)
    sleep_h, live_h = 5, 6
    middle_wall = 6 if facing_south else 7
    front_wall = 13 if facing_south else 0
    if two:
        bed_cols, bath_col, kitchen_w, common_col = [(1, 7), (9, 6)], (16, 5), 8, 10
        bedroom_doors, bath_door = [4, 12], 18
    else:
        bed_cols, bath_col, kitchen_w, common_col = [(1, 9)], (11, 5), 6, 8
        bedroom_doors, bath_door = [9], 13
    rooms: list[tuple[Sleeper, Room]] = []
    for sleeper, (col, w) in zip(sleepers, bed_cols, strict=True):
        room = building.room(
            sleeper.arena, col, sleep_row, w, sleep_h, sleeper.floor, sleeper.wallpaper
        )
        rooms.append((sleeper, room))
    bath = building.room(
        "bathroom", bath_col[0], sleep_row, bath_col[1], sleep_h, "floor_tile_blue"
    )
    bath.wallpaper = "mint"
    kitchen_room = building.room(
        "kitchen", 1, live_row, kitchen_w, live_h, "floor_checker", "cream"
    )
    common_w = width - 1 - common_col
    common = building.room(
        "common room", common_col, live_row, common_w, live_h, "floor_wood_light", living_paper
    )
    for col in [*bedroom_doors, bath_door]:
        building.door(col, middle_wall)
    building.door(common_col - 1, live_row + 3)
    building.door(common_col + common_w // 2, front_wall, front=True)
    building.finish(kind="home", description=f"the home of {_names(sleepers)}")
    beds: Beds = {}
    for sleeper, room in rooms:
        cell = bedroom(canvas, room, sleeper.bed, sleeper.bed_name, sleeper.desk, sleeper.extras)
        for resident in sleeper.residents:
            beds[resident] = (sleeper.arena, cell)
    bathroom(canvas, bath)
    kitchen(canvas, kitchen_room)
    common_room(canvas, common, couch, common_extras)
    return beds


def _names(sleepers: list[Sleeper]) -> str:
    people = [name for sleeper in sleepers for name in sleeper.residents]
    return ", ".join(people[:-1]) + " and " + people[-1] if len(people) > 1 else people[0]


def apartment(
    canvas: TownCanvas,
    sector: str,
    x: int,
    y: int,
    resident: str,
    facing_south: bool,
    bed: str,
    desk: str,
    couch: str,
    facade: str = "brick",
    wallpaper: str = "cream",
) -> Beds:
    """A small flat: bedroom + bathroom, and an open kitchen + common room; its own front door."""
    building = Building(canvas, sector, Rect(x, y, 11, 11), facade, "door_wood")
    sleep_row, live_row = (1, 6) if facing_south else (6, 1)
    middle_wall, front_wall = (5, 10) if facing_south else (5, 0)
    room = building.room("bedroom", 1, sleep_row, 5, 4, "floor_wood_light", wallpaper)
    bath = building.room("bathroom", 7, sleep_row, 3, 4, "floor_tile_white", "mint")
    kitchen_room = building.room("kitchen", 1, live_row, 4, 4, "floor_checker", "butter")
    common = building.room("common room", 5, live_row, 5, 4, "floor_wood_dark", wallpaper)
    building.door(5, middle_wall)
    building.door(8, middle_wall)
    building.door(7, front_wall, front=True)
    building.finish(kind="home", description=f"{resident}'s apartment")
    cell = bedroom(canvas, room, bed, "bed", desk)
    bathroom(canvas, bath)
    kitchen(canvas, kitchen_room, table=False)
    line_up(canvas, common, [Item("bookshelf", "bookshelf"), Item("tv", "tv")])
    couch_row = 2 if facing_south else 1
    line_up(canvas, common, [Item(couch, "couch")], row=couch_row, start=3)
    return {resident: ("bedroom", cell)}


def co_living(canvas: TownCanvas, x: int, y: int, residents: list[str]) -> Beds:
    sector = "Artist's co-living space"
    building = Building(canvas, sector, Rect(x, y, 32, 16), "rose", "door_blue")
    colours = ["bed_purple", "bed_yellow", "bed_teal", "bed_red", "bed_green"]
    papers = ["rose", "sage", "blue", "butter", "mint"]
    desks = ["desk_books", "desk", "desk_computer", "desk", "desk_books"]
    rooms: list[tuple[str, Room]] = []
    for i, resident in enumerate(residents):
        col = 1 + i * 6
        arena = f"{resident}'s room"
        width = 6 if i == 4 else 5
        rooms.append(
            (resident, building.room(arena, col, 1, width, 4, "floor_wood_light", papers[i]))
        )
        building.door(col + 2, 5)
    building.room("hallway", 1, 6, 30, 2, "carpet_red", "cream")
    kitchen_room = building.room("kitchen", 1, 9, 7, 6, "floor_checker", "butter")
    common = building.room("common room", 9, 9, 8, 6, "carpet_green", "sage")
    studio = building.room("studio", 18, 9, 9, 6, "floor_wood_light", "cream")
    bath = building.room("bathroom", 28, 9, 3, 6, "floor_tile_blue", "mint")
    for col in (4, 12, 22, 29):
        building.door(col, 8)
    building.door(12, 15, front=True)
    building.finish(kind="home", description="a shared house where five artists live and work")
    beds: Beds = {}
    for i, (resident, room) in enumerate(rooms):
        beds[resident] = (room.arena, bedroom(canvas, room, colours[i], "bed", desks[i]))
    kitchen(canvas, kitchen_room)
    common_room(canvas, common, "couch_orange")
    line_up(
        canvas,
        studio,
        [
            Item("easel", "easel"),
            Item("easel_portrait", "portrait easel"),
            Item("paint_table", "paint table"),
            Item("camera_tripod", "photo tripod"),
            Item("desk_computer", "animation desk", chair="chair_n"),
            Item("shelf_paint", "art supply shelf"),
            Item("desk_books", "writing desk", chair="chair_n"),
        ],
    )
    line_up(canvas, studio, [Item("big_table", "work table")], row=3, start=3)
    bathroom(canvas, bath)
    return beds


def dorm(canvas: TownCanvas, x: int, y: int, residents: list[str]) -> Beds:
    sector = "Dorm for Oak Hill College"
    building = Building(canvas, sector, Rect(x, y, 25, 15), "brick", "door_green")
    rooms: list[tuple[str, Room]] = []
    colours = ["bed_blue", "bed_purple", "bed_red", "bed_green"]
    papers = ["blue", "rose", "butter", "sage"]
    for i, resident in enumerate(residents):
        col = 1 + i * 6
        arena = f"{resident}'s room"
        rooms.append((resident, building.room(arena, col, 1, 5, 4, "floor_wood_light", papers[i])))
        building.door(col + 2, 5)
    building.room("hallway", 1, 6, 23, 2, "floor_wood_red", "cream")
    common = building.room("common room", 1, 9, 9, 5, "carpet_blue", "cream")
    kitchen_room = building.room("kitchen", 11, 9, 8, 5, "floor_checker", "butter")
    bath = building.room(
        "bathroom",
        20,
        9,
        4,
        5,
        "floor_tile_white",
        "mint",
        one_person=True,
        capacity=1,
        description="a bathroom for one person at a time",
    )
    for col in (5, 14, 21):
        building.door(col, 8)
    building.door(5, 14, front=True)
    building.finish(kind="home", description="where Oak Hill College students live")
    beds: Beds = {}
    for i, (resident, room) in enumerate(rooms):
        beds[resident] = (room.arena, bedroom(canvas, room, colours[i], "bed", "desk_computer"))
    common_room(canvas, common, "couch_blue")
    kitchen(canvas, kitchen_room)
    bathroom(canvas, bath)
    return beds

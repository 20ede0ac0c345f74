"""Public places: Hobbs Cafe, The Rose and Crown Pub, The Willows Market and Pharmacy,
Harvey Oak Supply Store and Oak Hill College. Opening hours live on the sectors so residents
can read them."""

from __future__ import annotations

from maps.ville_buildings import Building
from maps.ville_canvas import Rect, TownCanvas
from maps.ville_furnish import Item, kitchen, line_up, place

SHOP_HOURS = "08:00-17:00"


def hobbs_cafe(canvas: TownCanvas, x: int, y: int) -> None:
    """14×12: a kitchen at the back, the counter, and customer tables by the street windows."""
    building = Building(canvas, "Hobbs Cafe", Rect(x, y, 14, 12), "cream", "door_red")
    back = building.room("kitchen", 1, 1, 12, 3, "floor_checker", "butter")
    cafe = building.room("cafe", 1, 5, 12, 6, "floor_wood_light", "rose", capacity=20)
    building.door(2, 4)
    building.door(7, 11, front=True)
    building.finish(
        kind="public",
        open_hours="08:00-20:00",
        description="a cosy cafe with coffee, pastries and tables; busiest in the morning",
    )
    kitchen(canvas, back, table=False)
    line_up(canvas, back, [Item("shelf_bread", "pantry shelf")], start=6)
    line_up(
        canvas,
        cafe,
        [
            Item("pastry_display", "pastry display"),
            Item("cash_register", "cafe counter"),
            Item("counter", None),
            Item("coffee_machine", "coffee machine"),
        ],
        row=1,
        start=4,
    )
    line_up(canvas, cafe, [Item("shelf_bottles", "cup shelf")], start=9)
    for i, (dx, dy) in enumerate(((1, 4), (4, 4), (9, 4), (1, 1))):
        cell = cafe.at(dx, dy)
        place(canvas, "table_small", cell, f"customer table {i + 1}")
        for side, chair in ((-1, "chair_e"), (1, "chair_w")):
            seat = (cell[0] + side, cell[1])
            if cafe.rect.contains(seat) and seat not in canvas.occupied:
                canvas.put("furniture", seat, chair)
    place(canvas, "potted_plant", cafe.at(11, 5))


def rose_and_crown_pub(canvas: TownCanvas, x: int, y: int) -> None:
    building = Building(canvas, "The Rose and Crown Pub", Rect(x, y, 14, 12), "sage", "door_wood")
    pub = building.room("pub", 1, 1, 12, 10, "floor_wood_dark", "sage", capacity=30)
    building.door(6, 11, front=True)
    building.finish(
        kind="public",
        open_hours="12:00-24:00",
        description="the town's pub and its evening gathering place, with a piano on a stage",
    )
    line_up(
        canvas,
        pub,
        [Item("shelf_bottles", "liquor shelf"), Item("barrel", "beer barrel")],
        start=0,
    )
    for cell in [pub.at(dx, dy) for dx in range(7, 12) for dy in range(0, 3)]:
        canvas.put("ground", cell, "stage")
    place(canvas, "piano", pub.at(9, 0), "piano")
    place(canvas, "stool", pub.at(9, 1), block=False)
    line_up(
        canvas,
        pub,
        [
            Item("bar_taps", "bar counter", properties={"capacity": 6}),
            Item("bar_counter", None),
            Item("bar_pints", None),
        ],
        row=2,
        start=0,
    )
    for dx in range(0, 3):
        canvas.put("furniture", pub.at(dx, 3), "stool")
    for i, (dx, dy) in enumerate(((1, 6), (4, 6), (7, 6), (10, 5), (10, 8), (4, 8))):
        place(canvas, "pub_table", pub.at(dx, dy), f"pub table {i + 1}")
        for side, chair in ((-1, "stool"), (1, "stool")):
            seat = pub.at(dx + side, dy)
            if pub.rect.contains(seat) and seat not in canvas.occupied:
                canvas.put("furniture", seat, chair)


def willows_market(canvas: TownCanvas, x: int, y: int) -> None:
    sector = "The Willows Market and Pharmacy"
    building = Building(canvas, sector, Rect(x, y, 21, 11), "blue", "door_glass")
    grocery = building.room("grocery", 1, 1, 12, 9, "floor_tile_white", "cream")
    pharmacy = building.room("pharmacy", 14, 1, 6, 9, "floor_tile_blue", "mint")
    building.door(13, 5)
    building.door(5, 10, front=True)
    building.door(17, 10, front=True)
    building.finish(
        kind="public",
        open_hours=SHOP_HOURS,
        description="groceries at the front, a pharmacy counter at the side; closes at 5 pm",
    )
    line_up(
        canvas,
        grocery,
        [
            Item("market_fridge", "dairy fridge"),
            Item("market_fridge", None),
            Item("shelf_bread", "bread shelf"),
            Item("shelf_cans", "canned goods shelf"),
            Item("shelf_bottles", "drinks shelf"),
        ],
    )
    line_up(
        canvas,
        grocery,
        [Item("shelf_produce", "produce shelf"), Item("shelf_produce", None)],
        row=3,
        start=1,
    )
    line_up(
        canvas,
        grocery,
        [Item("shelf_cans", "pantry shelf"), Item("shelf_boxes", None)],
        row=3,
        start=6,
    )
    line_up(
        canvas,
        grocery,
        [Item("shelf_bread", "snack shelf"), Item("shelf_cans", None), Item("shelf_produce", None)],
        row=5,
        start=1,
    )
    line_up(
        canvas,
        grocery,
        [Item("cash_register", "grocery counter"), Item("counter", None)],
        row=6,
        start=8,
    )
    place(canvas, "potted_plant", grocery.at(11, 0))
    line_up(
        canvas,
        pharmacy,
        [Item("shelf_medicine", "medicine shelf"), Item("shelf_medicine", "vitamin shelf")],
        start=2,
    )
    line_up(
        canvas,
        pharmacy,
        [Item("medicine_counter", "pharmacy counter"), Item("cash_register", None)],
        row=3,
        start=2,
    )
    place(canvas, "potted_plant", pharmacy.at(5, 8))


def harvey_oak_supply(canvas: TownCanvas, x: int, y: int) -> None:
    sector = "Harvey Oak Supply Store"
    building = Building(canvas, sector, Rect(x, y, 15, 11), "stone", "door_wood")
    store = building.room("store", 1, 1, 13, 9, "floor_wood_red", "butter")
    building.door(7, 10, front=True)
    building.finish(
        kind="public",
        open_hours=SHOP_HOURS,
        description="tools, paint, art and stationery supplies; closes at 5 pm",
    )
    line_up(
        canvas,
        store,
        [
            Item("shelf_tools", "tool shelf"),
            Item("shelf_tools", None),
            Item("shelf_paint", "paint shelf"),
            Item("shelf_paint", None),
            Item("shelf_boxes", "stationery shelf"),
            Item("shelf_boxes", None, gap_after=1),
            Item("barrel", "nail barrel"),
        ],
    )
    line_up(canvas, store, [Item("shelf_boxes", "art supplies shelf")], row=3, start=1)
    line_up(canvas, store, [Item("shelf_paint", "canvas shelf")], row=3, start=4)
    line_up(
        canvas,
        store,
        [Item("shelf_tools", "garden tools shelf"), Item("shelf_tools", None)],
        row=3,
        start=7,
    )
    line_up(
        canvas,
        store,
        [Item("shelf_boxes", "paper shelf"), Item("shelf_paint", None), Item("barrel", None)],
        row=6,
        start=1,
    )
    place(canvas, "potted_plant", store.at(12, 8))
    line_up(
        canvas,
        store,
        [Item("cash_register", "store counter"), Item("counter", None)],
        row=5,
        start=9,
    )


def oak_hill_college(canvas: TownCanvas, x: int, y: int) -> None:
    sector = "Oak Hill College"
    building = Building(canvas, sector, Rect(x, y, 37, 11), "brick", "door_green")
    classroom = building.room("classroom", 1, 1, 12, 9, "floor_wood_light", "cream", capacity=20)
    music = building.room("music room", 14, 1, 7, 9, "carpet_red", "rose")
    library = building.room("library", 22, 1, 14, 9, "carpet_green", "sage", capacity=20)
    building.door(6, 10, front=True)
    building.door(17, 10, front=True)
    building.door(28, 10, front=True)
    building.finish(
        kind="public",
        open_hours="08:00-18:00",
        description="the town's college: a classroom, a music room and a library",
    )
    place(canvas, "blackboard", classroom.at(5, 0), "blackboard")
    place(canvas, "teacher_desk", classroom.at(1, 1), "teacher's desk")
    canvas.put("furniture", classroom.at(1, 2), "chair_n")
    number = 1
    for dy in (3, 5):
        for dx in (2, 4, 6, 8, 10):
            place(canvas, "student_desk", classroom.at(dx, dy), f"student desk {number}")
            canvas.put("furniture", classroom.at(dx, dy + 1), "chair_n")
            number += 1
    line_up(canvas, classroom, [Item("bookshelf", "classroom bookshelf")], start=10)
    place(canvas, "piano", music.at(1, 0), "piano")
    canvas.put("furniture", music.at(1, 1), "stool")
    place(canvas, "shelf", music.at(4, 0), "sheet music shelf")
    place(canvas, "desk", music.at(3, 5), "composition desk")
    canvas.put("furniture", music.at(3, 6), "chair_n")
    topics = ["history", "literature", "science", "mathematics", "sociology", "art"]
    shelves = [Item("bookshelf", f"{topic} bookshelf") for topic in topics]
    shelves += [Item("bookshelf", None) for _ in range(4)]
    line_up(canvas, library, shelves, start=1)
    line_up(
        canvas, library, [Item("bookshelf", "poetry bookshelf"), Item("bookshelf", None)], row=8
    )
    for i, (dx, dy) in enumerate(((2, 3), (7, 3), (2, 6), (7, 6))):
        place(canvas, "library_table", library.at(dx, dy), f"library table {i + 1}")
        canvas.put("furniture", library.at(dx, dy - 1), "chair_s")
        canvas.put("furniture", library.at(dx + 1, dy + 1), "chair_n")
    place(canvas, "desk_books", library.at(11, 4), "librarian's desk")
    canvas.put("furniture", library.at(11, 5), "chair_n")

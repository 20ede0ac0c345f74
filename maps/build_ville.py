"""Build Smallville: `uv run python maps/build_ville.py` writes `maps/the_ville.tmx`.

Deterministic: the same tileset gives the same map, byte for byte. The town plan:

- two east-west streets (Main Street at y 46, a residential street at y 72) and two
  north-south roads (x 40 and x 84);
- north-west: the artists' co-living space and two apartment blocks;
- north, middle: Johnson Park, and on Main Street Hobbs Cafe, the Town Square and the pub;
- north-east: Oak Hill College, its dorm, the market and pharmacy, the supply store;
- south: six family houses on the residential street, the Lin family in the middle with the
  Moores and Yuriko Yamamoto on either side.

The builder checks its own work (`ville_check.problems`) and refuses to write a broken map.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from maps.ville_canvas import Cell, Rect, Spawn, TownCanvas  # noqa: E402
from maps.ville_check import problems  # noqa: E402
from maps.ville_furnish import Item  # noqa: E402
from maps.ville_homes import Beds, Sleeper, apartment, co_living, dorm, house  # noqa: E402
from maps.ville_outdoors import (  # noqa: E402
    centre_lines,
    crosswalk,
    edge_line,
    johnson_park,
    lamp_post,
    road,
    row_cells,
    scatter_trees,
    town_square,
    tree,
    vegetable_garden,
)
from maps.ville_public import (  # noqa: E402
    harvey_oak_supply,
    hobbs_cafe,
    oak_hill_college,
    rose_and_crown_pub,
    willows_market,
)
from maps.ville_tmx import write_tmx  # noqa: E402

WIDTH, HEIGHT = 128, 96
MAP_PATH = REPO_ROOT / "maps" / "the_ville.tmx"
TILES_DIR = REPO_ROOT / "assets" / "tiles"
TILESET_SOURCE = "../assets/tiles/ville.tsx"
WORLD = "the Ville"

CO_LIVING = "Artist's co-living space"
COLLEGE = "Oak Hill College"
MARKET = "The Willows Market and Pharmacy"
PUB = "The Rose and Crown Pub"

# resident -> (work sector, work arena)
WORK: dict[str, tuple[str, str]] = {
    "Isabella Rodriguez": ("Hobbs Cafe", "cafe"),
    "Klaus Mueller": (COLLEGE, "library"),
    "Maria Lopez": (COLLEGE, "classroom"),
    "Latoya Williams": (CO_LIVING, "studio"),
    "Rajiv Patel": (CO_LIVING, "studio"),
    "Abigail Chen": (CO_LIVING, "studio"),
    "Francisco Lopez": (PUB, "pub"),
    "Hailey Johnson": (CO_LIVING, "studio"),
    "Arthur Burton": (PUB, "pub"),
    "Ryan Park": ("Ryan Park's apartment", "bedroom"),
    "Giorgio Rossi": ("Giorgio Rossi's apartment", "bedroom"),
    "Carlos Gomez": ("Carlos Gomez's apartment", "common room"),
    "Ayesha Khan": (COLLEGE, "library"),
    "Wolfgang Schulz": (COLLEGE, "classroom"),
    "Mei Lin": (COLLEGE, "classroom"),
    "John Lin": (MARKET, "pharmacy"),
    "Eddy Lin": (COLLEGE, "music room"),
    "Tom Moreno": (MARKET, "grocery"),
    "Jane Moreno": ("Moreno family's house", "kitchen"),
    "Tamara Taylor": ("Tamara Taylor and Carmen Ortiz's house", "Tamara Taylor's bedroom"),
    "Carmen Ortiz": ("Harvey Oak Supply Store", "store"),
    "Sam Moore": ("Town Square", "plaza"),
    "Jennifer Moore": ("Moore family's house", "common room"),
    "Yuriko Yamamoto": ("Yuriko Yamamoto's house", "bedroom"),
    "Adam Smith": ("Adam Smith's house", "common room"),
}


def lay_streets(canvas: TownCanvas) -> None:
    streets = [
        (Rect(0, 46, WIDTH, 3), True),
        (Rect(0, 72, WIDTH, 3), True),
        (Rect(40, 0, 3, HEIGHT), False),
        (Rect(84, 0, 3, HEIGHT), False),
    ]
    for rect, horizontal in streets:
        road(canvas, rect, horizontal)  # sidewalks first ...
    for rect, _ in streets:
        canvas.paint("road", rect)  # ... then the asphalt wins at the crossings
    for y in (46, 72):
        for x in (40, 84):
            crosswalk(canvas, Rect(x - 2, y, 1, 3), horizontal_road=True)
            crosswalk(canvas, Rect(x + 4, y, 1, 3), horizontal_road=True)
            crosswalk(canvas, Rect(x, y - 2, 3, 1), horizontal_road=False)
            crosswalk(canvas, Rect(x, y + 4, 3, 1), horizontal_road=False)
    # footpaths between the buildings and the roads
    canvas.paint("path", Rect(2, 19, 37, 2))  # behind the co-living space
    canvas.paint("path", Rect(88, 14, 37, 2))  # in front of the college
    canvas.paint("path", Rect(88, 32, 37, 1))  # in front of the dorm
    canvas.paint("path", Rect(88, 14, 1, 19))


def front_path(canvas: TownCanvas, door: Cell, to_y: int) -> None:
    x, y = door
    step = 1 if to_y > y else -1
    for yy in range(y + step, to_y, step):
        if canvas.terrain[yy][x] == "grass":
            canvas.terrain[yy][x] = "path"


def build_homes(canvas: TownCanvas) -> Beds:
    beds: Beds = {}
    beds |= co_living(
        canvas,
        3,
        3,
        ["Latoya Williams", "Rajiv Patel", "Abigail Chen", "Francisco Lopez", "Hailey Johnson"],
    )
    flats = [
        ("Ryan Park", 3, 21, False, "bed_blue", "desk_computer", "couch_blue", "blue"),
        ("Giorgio Rossi", 15, 21, False, "bed_green", "desk_books", "couch_green", "sage"),
        ("Carlos Gomez", 27, 21, False, "bed_red", "desk", "couch_red", "rose"),
        ("Isabella Rodriguez", 8, 33, True, "bed_yellow", "desk", "couch_orange", "butter"),
        ("Arthur Burton", 21, 33, True, "bed_purple", "desk_books", "couch_purple", "cream"),
    ]
    for name, x, y, south, bed, desk, couch, paper in flats:
        sector = f"{name}'s apartment"
        facade = "brick" if south else "cream"
        beds |= apartment(canvas, sector, x, y, name, south, bed, desk, couch, facade, paper)
        front_path(canvas, (x + 7, y + (10 if south else 0)), 45 if south else 20)
    beds |= dorm(canvas, 92, 17, ["Klaus Mueller", "Maria Lopez", "Ayesha Khan", "Wolfgang Schulz"])
    moore = [
        Sleeper(
            "bedroom",
            ["Sam Moore", "Jennifer Moore"],
            "bed_double_blue",
            "Sam and Jennifer's bed",
            wallpaper="blue",
        )
    ]
    beds |= house(
        canvas,
        "Moore family's house",
        10,
        55,
        moore,
        True,
        "blue",
        "door_red",
        [Item("easel", "easel")],
        "couch_blue",
    )
    lin = [
        Sleeper(
            "main bedroom",
            ["John Lin", "Mei Lin"],
            "bed_double_red",
            "John and Mei's bed",
            wallpaper="rose",
        ),
        Sleeper(
            "Eddy Lin's bedroom", ["Eddy Lin"], "bed_green", desk="desk_books", wallpaper="sage"
        ),
    ]
    beds |= house(
        canvas,
        "Lin family's house",
        48,
        55,
        lin,
        True,
        "cream",
        "door_green",
        [Item("piano", "piano")],
        "couch_red",
    )
    yuriko = [
        Sleeper(
            "bedroom", ["Yuriko Yamamoto"], "bed_purple", desk="desk_computer", wallpaper="mint"
        )
    ]
    beds |= house(canvas, "Yuriko Yamamoto's house", 98, 55, yuriko, True, "sage", "door_blue")
    moreno = [
        Sleeper(
            "bedroom",
            ["Tom Moreno", "Jane Moreno"],
            "bed_double_green",
            "Tom and Jane's bed",
            wallpaper="butter",
        )
    ]
    beds |= house(
        canvas,
        "Moreno family's house",
        10,
        77,
        moreno,
        False,
        "rose",
        "door_wood",
        couch="couch_orange",
    )
    taylor_ortiz = [
        Sleeper(
            "Tamara Taylor's bedroom",
            ["Tamara Taylor"],
            "bed_yellow",
            desk="desk_books",
            wallpaper="butter",
        ),
        Sleeper("Carmen Ortiz's bedroom", ["Carmen Ortiz"], "bed_teal", wallpaper="blue"),
    ]
    beds |= house(
        canvas,
        "Tamara Taylor and Carmen Ortiz's house",
        50,
        77,
        taylor_ortiz,
        False,
        "brick",
        "door_red",
        couch="couch_purple",
    )
    adam = [Sleeper("bedroom", ["Adam Smith"], "bed_blue", desk="desk_books", wallpaper="cream")]
    beds |= house(
        canvas,
        "Adam Smith's house",
        98,
        77,
        adam,
        False,
        "stone",
        "door_green",
        [Item("bookshelf", "philosophy bookshelf")],
        "couch_green",
    )
    vegetable_garden(canvas, "Lin family's house", Rect(71, 57, 10, 10))
    for area in canvas.areas:
        if area.sector == "Lin family's house" and area.arena is None:
            area.rect = Rect(48, 55, 33, 14)
    return beds


def yards(canvas: TownCanvas) -> None:
    """Front paths, fences and hedges for the houses on the residential street."""
    doors = [(22, 68), (63, 68), (110, 68)]
    for x, y in doors:
        front_path(canvas, (x, y), 71)
    for x, y in [(22, 77), (65, 77), (110, 77)]:
        front_path(canvas, (x, y), 75)
    for x0, x1, door_x in ((6, 31, 22), (46, 81, 63), (94, 119, 110)):
        edge_line(canvas, "fence", row_cells(x0, x1, 70, {door_x, door_x - 1, door_x + 1}))
    for x0, x1, door_x in ((6, 31, 22), (46, 81, 65), (94, 119, 110)):
        edge_line(canvas, "hedge", row_cells(x0, x1, 76, {door_x, door_x - 1, door_x + 1}))


def decorate_streets(canvas: TownCanvas) -> None:
    for x in range(6, WIDTH - 4, 10):
        if canvas.terrain[45][x] == "sidewalk":
            lamp_post(canvas, (x, 45))
    for x in range(8, WIDTH - 4, 12):
        if canvas.terrain[71][x] == "sidewalk" and (x, 70) not in canvas.blocked:
            lamp_post(canvas, (x, 71))


def plant_trees(canvas: TownCanvas) -> None:
    for x in range(0, WIDTH - 1, 3):
        tree(canvas, (x + canvas.rng.randrange(0, 2), 2), canvas.rng.choice(["oak", "pine"]))
        tree(canvas, (x, HEIGHT - 1), canvas.rng.choice(["oak", "pine", "oak"]))
    for y in range(4, HEIGHT - 2, 3):
        tree(canvas, (0, y), "pine")
        tree(canvas, (WIDTH - 2, y), "oak")
    regions = [
        Rect(2, 32, 36, 12),  # around the south apartment block
        Rect(2, 50, 36, 20),  # Moore garden
        Rect(88, 50, 36, 20),  # Yuriko's garden
        Rect(2, 78, 36, 16),
        Rect(44, 78, 38, 16),
        Rect(88, 78, 36, 16),
        Rect(44, 50, 38, 5),
        Rect(88, 2, 36, 2),
    ]
    for region in regions:
        scatter_trees(canvas, region, 6)


def add_spawns(canvas: TownCanvas, beds: Beds) -> None:
    homes = {area.rect: area.sector for area in canvas.areas if area.arena is not None}
    for resident, (arena, cell) in beds.items():
        sector = next(s for rect, s in homes.items() if rect.contains(cell))
        work_sector, work_arena = WORK[resident]
        canvas.spawns.append(
            Spawn(
                resident,
                cell,
                {
                    "home_sector": sector,
                    "home_arena": arena,
                    "work_sector": work_sector,
                    "work_arena": work_arena,
                },
            )
        )
    canvas.spawns.append(Spawn("Visitor", (63, 45), {}))


def build() -> TownCanvas:
    canvas = TownCanvas(WIDTH, HEIGHT)
    lay_streets(canvas)
    johnson_park(canvas, Rect(44, 2, 39, 28))
    hobbs_cafe(canvas, 44, 33)
    town_square(canvas, Rect(59, 35, 9, 10))
    rose_and_crown_pub(canvas, 69, 33)
    oak_hill_college(canvas, 89, 3)
    willows_market(canvas, 89, 34)
    harvey_oak_supply(canvas, 111, 34)
    beds = build_homes(canvas)
    yards(canvas)
    decorate_streets(canvas)
    plant_trees(canvas)
    canvas.resolve_ground()
    centre_lines(canvas)
    add_spawns(canvas, beds)
    return canvas


def main() -> None:
    canvas = build()
    found = problems(canvas)
    if found:
        print("\n".join(found[:40]), file=sys.stderr)
        raise SystemExit(f"the map has {len(found)} problems; not written")
    tile_ids = json.loads((TILES_DIR / "tile_names.json").read_text())
    write_tmx(canvas, MAP_PATH, TILESET_SOURCE, tile_ids, WORLD)
    sectors = {a.sector for a in canvas.areas}
    arenas = [a for a in canvas.areas if a.arena is not None]
    print(
        f"wrote {MAP_PATH.name}: {WIDTH}x{HEIGHT}, {len(sectors)} sectors, {len(arenas)} arenas, "
        f"{len(canvas.objects)} objects, {len(canvas.spawns)} spawns"
    )


if __name__ == "__main__":
    main()

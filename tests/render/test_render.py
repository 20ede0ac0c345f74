"""What the renderer puts on screen: map pixels, sprites where residents are, bubbles."""

from __future__ import annotations

import ast
from datetime import datetime
from pathlib import Path

import pygame
from townmaker import TownSpec

from game.render.camera import Camera
from game.render.emoji import EmojiCache
from game.render.scene import TownScene
from game.render.sprites import CharacterSheets, frame_cell
from game.render.tilemap import TileMapPicture
from game.town.population import Population
from game.town.resident import Activity, Facing, Pose, Resident
from game.town.wander import WanderDirector
from game.world.pathfinding import PathFinder
from game.world.tmx.loader import load_town

FLIP_HORIZONTALLY, FLIP_DIAGONALLY = 1 << 31, 1 << 29
NOON = datetime(2023, 2, 13, 12, 0)
MIDNIGHT = datetime(2023, 2, 13, 0, 0)


def scene_and_town(path: Path, residents: list[Resident]) -> tuple[TownScene, Population, Camera]:
    town = load_town(path)
    scene = TownScene.for_town(town, characters=None)
    population = Population(residents, WanderDirector([(0, 0)]), PathFinder(town.grid))
    camera = Camera(town.width * 16, town.height * 16, 320, 240, zoom=2)
    return scene, population, camera


def colours(surface: pygame.Surface) -> set[tuple[int, ...]]:
    width, height = surface.get_size()
    return {tuple(surface.get_at((x, y))) for x in range(0, width, 3) for y in range(0, height, 3)}


def test_a_frame_shows_the_map(display: pygame.Surface, tiny_town: Path) -> None:
    scene, population, camera = scene_and_town(tiny_town, [])
    scene.draw(display, camera, population, NOON, set(), None, 0.0)
    assert len(colours(display)) >= 4  # grass, walls, furniture, tile details


def test_every_zoom_draws_the_same_map_corner(display: pygame.Surface, tiny_town: Path) -> None:
    scene, population, camera = scene_and_town(tiny_town, [])
    corner = []
    for zoom in (1, 2, 3, 4):
        camera.set_zoom(zoom)
        camera.look_at(0, 0)
        scene.draw(display, camera, population, NOON, set(), None, 0.0)
        corner.append(tuple(display.get_at((1, 1))))
    assert len(set(corner)) == 1


def test_the_sprite_is_drawn_at_the_interpolated_position(
    display: pygame.Surface, tiny_town: Path
) -> None:
    walker = Resident("Ada Walker", (4, 4), path=[(5, 4)], step_progress=0.5)
    scene, population, camera = scene_and_town(tiny_town, [walker])
    camera.look_at(0, 0)
    rect = scene.painter.sprite_rect(walker, camera)
    # Feet at the bottom centre of tile x = 4.5, y = 4, zoom 2, camera at the map's corner.
    assert rect == pygame.Rect(round((4.5 * 16) * 2), (5 * 16 - 24) * 2, 32, 48)

    scene.draw(display, camera, Population([], population.director, population.pathfinder),
               NOON, set(), None, 0.0)  # fmt: skip
    empty = display.copy()
    scene.draw(display, camera, population, NOON, set(), None, 0.0)
    changed = [
        (x, y)
        for x in range(display.get_width())
        for y in range(display.get_height())
        if display.get_at((x, y)) != empty.get_at((x, y))
    ]
    assert changed
    assert all(rect.collidepoint(point) for point in changed)


def test_residents_are_drawn_back_to_front(display: pygame.Surface, tiny_town: Path) -> None:
    front = Resident("Front", (4, 4))
    back = Resident("Back", (4, 3))
    scene, population, camera = scene_and_town(tiny_town, [front, back])
    camera.look_at(0, 0)
    placed = scene.painter.visible(population, camera)
    assert [r.name for r, _ in placed] == ["Back", "Front"]


def test_bubble_and_name_never_overlap(display: pygame.Surface, tiny_town: Path) -> None:
    sitter = Resident("Isabella Rodriguez", (5, 8))
    sitter.activity = Activity("coffee", "☕", (5, 8), Pose.SIT)
    scene, _population, camera = scene_and_town(tiny_town, [sitter])
    for zoom in (1, 2, 3, 4):
        camera.set_zoom(zoom)
        sprite = scene.painter.sprite_rect(sitter, camera)
        bubble = scene.painter.bubble_rect(sprite, scene.painter.emoji.render("☕", 28).get_size())
        name = scene.painter.name_rect(sitter.name, sprite)
        assert not bubble.colliderect(name)
        assert bubble.bottom <= sprite.top and name.top >= sprite.bottom


def test_night_is_darker_than_noon(display: pygame.Surface, tiny_town: Path) -> None:
    scene, population, camera = scene_and_town(tiny_town, [])
    scene.draw(display, camera, population, NOON, set(), None, 0.0)
    noon = sum(pygame.transform.average_color(display)[:3])
    scene.draw(display, camera, population, MIDNIGHT, set(), None, 0.0)
    night = sum(pygame.transform.average_color(display)[:3])
    assert night < noon * 0.7


def map_tile(layer: pygame.Surface, cell: tuple[int, int]) -> bytes:
    return pygame.image.tobytes(layer.subsurface((cell[0] * 16, cell[1] * 16, 16, 16)), "RGBA")


def test_the_picture_is_drawn_from_the_worlds_map_art(
    display: pygame.Surface, tiny_town: Path
) -> None:
    spec = TownSpec.small()
    spec.extra_gids = {(23, 0): 3 | FLIP_HORIZONTALLY, (22, 0): 2 | FLIP_DIAGONALLY}
    tiny_town.write_text(spec.tmx_xml(), encoding="utf-8")  # two flipped tiles at the top
    sheet = pygame.image.load(str(tiny_town.parent / "tiny.png"))
    sheet.fill((0, 0, 255), (16 + 1, 9, 1, 3))  # a mark that a diagonal flip moves
    pygame.image.save(sheet, str(tiny_town.parent / "tiny.png"))
    picture = TileMapPicture.for_town(load_town(tiny_town))
    below, above = picture.below.surface, picture.above.surface
    assert below.get_size() == (24 * 16, 16 * 16)

    def tile(gid: int) -> pygame.Surface:  # the reference, cut from the image by gid alone
        return sheet.subsurface(((gid - 1) * 16, 0, 16, 16))

    def expected(image: pygame.Surface) -> bytes:
        return pygame.image.tobytes(image, "RGBA")

    wall = next(iter(spec.walls))
    furniture = next(iter(spec.blocked() - spec.walls))
    assert map_tile(below, (0, 15)) == expected(tile(1))  # ground only
    assert map_tile(below, wall) == expected(tile(2))  # a wall over the ground
    assert map_tile(below, furniture) == expected(tile(3))
    mirrored = pygame.transform.flip(tile(3), True, False)
    assert map_tile(below, (23, 0)) == expected(mirrored)
    assert map_tile(above, (23, 0)) == expected(mirrored)  # the overhead layer has it too
    transposed = pygame.Surface((16, 16))  # diagonal flip: pixel (x, y) comes from (y, x)
    for x in range(16):
        for y in range(16):
            transposed.set_at((x, y), tile(2).get_at((y, x)))
    assert map_tile(below, (22, 0)) == expected(transposed)
    assert map_tile(below, (22, 0)) != expected(tile(2))  # the transposition shows
    assert above.get_at((0, 15 * 16)).a == 0  # no overhead tile: see-through


def test_the_renderer_never_parses_the_map() -> None:
    render = Path(__file__).resolve().parents[2] / "game" / "render"
    imported = set()
    for path in render.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module.split(".")[0])
    assert "pytmx" not in imported


def test_emoji_are_coloured_and_cached(display: pygame.Surface) -> None:
    cache = EmojiCache()
    coffee = cache.render("☕️", 24)
    assert cache.render("☕️", 24) is coffee
    assert coffee.get_bounding_rect().width > 10
    assert len({tuple(c)[:3] for c in colours(coffee) if c[3] > 200}) > 2


def test_placeholder_sheets_follow_the_sheet_layout(display: pygame.Surface) -> None:
    sheet = CharacterSheets(None).sheet("ada_walker")
    assert sheet.get_size() == (64, 120)
    assert frame_cell(Facing.LEFT, Pose.IDLE, 0.0) == (0, 1)
    assert frame_cell(Facing.UP, Pose.WALK, 0.4) in {(1, 3), (2, 3), (3, 3)}
    assert frame_cell(Facing.RIGHT, Pose.SLEEP, 0.0) == (0, 4)


class ThinkingDirector:
    """A director whose every resident is waiting for a decision (like a slow model)."""

    label = "test model"

    def __init__(self, names: set[str]) -> None:
        self.names = frozenset(names)

    def pending_decisions(self) -> frozenset[str]:
        return self.names

    def next_activity(self, resident: Resident, now: datetime) -> Activity | None:
        return None


def test_thinking_residents_show_dots_above_their_heads(
    display: pygame.Surface, tiny_town: Path
) -> None:
    thinker = Resident("Klaus Mueller", (4, 5))
    scene, population, camera = scene_and_town(tiny_town, [thinker])
    camera.look_at(0, 0)
    scene.draw(display, camera, population, NOON, set(), None, 0.0)
    quiet = display.copy()
    population.director = ThinkingDirector({"Klaus Mueller"})
    population.update(NOON, 0.0)
    assert population.thinking_count == 1
    scene.draw(display, camera, population, NOON, set(), None, 0.0)
    sprite = scene.painter.sprite_rect(thinker, camera)
    above = pygame.Rect(sprite.x - 8, sprite.top - 24, sprite.width + 16, 24)
    assert any(
        display.get_at(p) != quiet.get_at(p)
        for p in (
            (x, y) for x in range(above.left, above.right) for y in range(above.top, above.bottom)
        )
    )

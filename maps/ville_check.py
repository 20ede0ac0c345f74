"""Self-checks run on the finished canvas before the map is written.

They mirror what `game/world` needs: objects sit in arenas, names are unique per arena,
spawns are walkable, every walkable indoor tile is in exactly one arena, and from every spawn
a resident can reach a tile next to every object.
"""

from __future__ import annotations

from collections import Counter, deque

from maps.ville_canvas import Area, Cell, TownCanvas


def arena_of(areas: list[Area], cell: Cell) -> Area | None:
    for area in areas:
        if area.arena is not None and area.rect.contains(cell):
            return area
    return None


def reachable_from(canvas: TownCanvas, start: Cell) -> set[Cell]:
    seen = {start}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if (nx, ny) not in seen and canvas.walkable((nx, ny)):
                seen.add((nx, ny))
                queue.append((nx, ny))
    return seen


def problems(canvas: TownCanvas) -> list[str]:
    found: list[str] = []
    arenas = [a for a in canvas.areas if a.arena is not None]
    names: Counter[tuple[str, str, str]] = Counter()
    for game_object in canvas.objects:
        rect = game_object.rect
        centre = (rect.x + rect.w // 2, rect.y + rect.h // 2)
        area = arena_of(arenas, centre)
        if area is None:
            found.append(f"object {game_object.name!r} at {rect} is in no arena")
            continue
        names[(area.sector, area.arena or "", game_object.name)] += 1
    found += [f"object name {key} is used {n} times" for key, n in names.items() if n > 1]
    for y in range(canvas.height):
        for x in range(canvas.width):
            if (x, y) in canvas.indoor and canvas.walkable((x, y)):
                count = sum(1 for a in arenas if a.rect.contains((x, y)))
                if count != 1:
                    found.append(f"indoor walkable tile {(x, y)} is in {count} arenas")
    if not canvas.spawns:
        return [*found, "no spawns"]
    for spawn in canvas.spawns:
        if not canvas.walkable(spawn.cell):
            found.append(f"spawn {spawn.name} at {spawn.cell} is blocked")
    reach = reachable_from(canvas, canvas.spawns[0].cell)
    for spawn in canvas.spawns:
        if spawn.cell not in reach:
            found.append(f"spawn {spawn.name} at {spawn.cell} cannot reach the others")
    for game_object in canvas.objects:
        rect = game_object.rect
        around = {
            (x + dx, y + dy)
            for x, y in rect.cells()
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        } - set(rect.cells())
        if not around & reach:
            found.append(f"object {game_object.name!r} at {rect} cannot be reached")
    return found

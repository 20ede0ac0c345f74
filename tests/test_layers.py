"""The rooms of DESIGN.md and game/README.md and what each may import, checked on the source
text (no imports executed); no import cycles; imports inside functions only where a comment
says why they are lazy. Each file is read and parsed once per test process (`parsed`), and
its imports found once (`imports_of`): the checks below all read the same source text."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "cognition")

BELOW_THE_UI = ("game.render", "game.world", "game.town", "game.saves", "game.files")

# room -> the project packages it may import (itself always), and outside libraries it must not
ROOMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "cognition": ((), ("pygame", "pytmx", "game")),
    "game.world": ((), ("pygame", "cognition")),
    "game.town": (("game.world",), ("pygame", "pytmx", "cognition")),
    "game.saves": ((), ("pygame", "pytmx", "cognition", "pickle")),
    "game.files": (("game.saves", "game.town"), ("pygame", "pytmx", "cognition")),
    "game.records": (("game.files", "game.saves"), ("pygame", "pytmx", "cognition", "pickle")),
    # the town files people make: personas are the minds' data (see TOWN_FILES_TAKE below)
    "game.town_files": (
        ("cognition", "game.world", "game.town", "game.saves", "game.files"),
        ("pygame", "pytmx"),
    ),
    "game.bridge": (
        (
            "cognition",
            "game.world",
            "game.town",
            "game.saves",
            "game.files",
            "game.records",
            "game.town_files",
        ),
        ("pygame",),
    ),
    "game.render": (("game.world", "game.town", "game.files"), ("cognition", "pytmx")),
    "game.ui": (BELOW_THE_UI, ("cognition",)),
    "game.play": (
        ("game.bridge", "game.town_files", "game.ui", "game.records", *BELOW_THE_UI),
        ("cognition",),
    ),
    "game.replay": (("game.records", "game.ui", *BELOW_THE_UI), ("cognition", "game.bridge")),
    "game.evaluation": (
        (
            "game.bridge",
            "game.town_files",
            "game.records",
            "game.files",
            "game.saves",
            "game.town",
            "game.world",
        ),
        ("cognition", "pygame"),
    ),
    "game.commands": (
        (
            "game.play",
            "game.replay",
            "game.evaluation",
            "game.bridge",
            "game.town_files",
            "game.ui",
            "game.records",
            *BELOW_THE_UI,
        ),
        ("cognition",),
    ),
    "game.cli": (("game.commands", "game.files"), ("cognition",)),
    "game.__main__": (("game.cli",), ("cognition",)),
}
# the town files take from `cognition` only these (a persona and its news are the files' data;
# field_location names a field of them in a problem line): no mind, model or memory
TOWN_FILES_TAKE = {"Persona", "News", "field_location"}
# `game` itself (game/__init__.py) holds only `__version__`: any room may read it
VERSION_PACKAGE = "game"


@dataclass(frozen=True)
class Import:
    file: str  # relative to the project root
    module: str  # the importing module's dotted name
    target: str  # the imported module's dotted name (what the statement names)
    line: int
    in_function: bool
    type_checking: bool


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_files() -> Iterator[Path]:
    for package in PACKAGES:
        yield from sorted((ROOT / package).rglob("*.py"))


@cache
def parsed(path: Path) -> tuple[list[str], ast.Module]:
    """The lines of `path` and its syntax tree (read once; the checks only read them)."""
    text = path.read_text(encoding="utf-8")
    return text.splitlines(), ast.parse(text, filename=str(path))


@cache
def imports_of(path: Path) -> tuple[Import, ...]:
    """Every import statement in `path`, where it sits, what it names."""
    tree = parsed(path)[1]
    module, file = module_name(path), str(path.relative_to(ROOT))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[Import] = []

    def visit(node: ast.AST, in_function: bool, type_checking: bool) -> None:
        for child in statements_in(node):
            function = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            checking = type_checking or (
                isinstance(child, ast.If) and "TYPE_CHECKING" in ast.dump(child.test)
            )
            targets: list[str] = []
            if isinstance(child, ast.Import):
                targets = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                    base = ".".join([*anchor, *([child.module] if child.module else [])])
                # `from pkg import submodule` names the submodule
                targets = [
                    f"{base}.{alias.name}" if is_module(f"{base}.{alias.name}") else base
                    for alias in child.names
                ]
            for target in dict.fromkeys(targets):
                found.append(Import(file, module, target, child.lineno, function, checking))
            visit(child, function, checking)

    visit(tree, False, False)
    return tuple(found)


STATEMENT_LISTS = ("body", "orelse", "finalbody", "handlers", "cases")


def statements_in(node: ast.AST) -> Iterator[ast.AST]:
    """The statements (and except handlers, match cases) right inside `node`: an import is a
    statement, so the walk for them need not enter expressions (most of a tree's nodes)."""
    for field in STATEMENT_LISTS:
        children = getattr(node, field, None)
        if isinstance(children, list):
            yield from children


def is_module(dotted: str) -> bool:
    path = ROOT / Path(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def all_imports() -> list[Import]:
    return [found for path in project_files() for found in imports_of(path)]  # parsed once


def room_of(module: str) -> str | None:
    rooms = sorted(ROOMS, key=len, reverse=True)
    return next((r for r in rooms if module == r or module.startswith(r + ".")), None)


def within(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def test_every_module_lives_in_a_room() -> None:
    homeless = [module_name(p) for p in project_files() if room_of(module_name(p)) is None]
    assert homeless in ([], ["game"]), homeless


def test_each_room_imports_only_what_it_may() -> None:
    offenders = []
    for found in all_imports():
        room = room_of(found.module)
        if room is None:
            continue
        allowed, forbidden = ROOMS[room]
        inside = within(found.target, PACKAGES) and found.target != VERSION_PACKAGE
        if within(found.target, forbidden) or (
            inside and not within(found.target, (room, *allowed))
        ):
            offenders.append(f"{found.file}:{found.line} ({room}) imports {found.target}")
    assert offenders == []


def surface_offenders(rooms: tuple[str, ...], package: str, public: set[str]) -> list[str]:
    """Imports in `rooms` of anything of `package` but `from package import <public name>`."""
    offenders = []
    for path in project_files():
        if room_of(module_name(path)) not in rooms:
            continue
        for node in ast.walk(parsed(path)[1]):
            if isinstance(node, ast.Import):
                named = [a.name for a in node.names if within(a.name, (package,))]
                offenders += [f"{path.relative_to(ROOT)}:{node.lineno} {n}" for n in named]
            elif isinstance(node, ast.ImportFrom) and within(node.module or "", (package,)):
                names = {alias.name for alias in node.names}
                if node.module != package or names - public:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.module}")
    return offenders


def test_above_the_bridge_the_minds_come_only_through_its_public_surface() -> None:
    """play, commands and evaluation import `from game.bridge import <name in __all__>` —
    never a bridge module — so the bridge's `__all__` is the whole contract."""
    import game.bridge

    rooms = ("game.play", "game.commands", "game.evaluation")
    assert surface_offenders(rooms, "game.bridge", set(game.bridge.__all__)) == []


def test_the_bridge_uses_the_minds_public_surface() -> None:
    """The bridge imports `from cognition import <name in __all__>` (or the `contract`
    module, the world↔mind contract itself), never the mind's inner modules."""
    import cognition

    public = {*cognition.__all__, "contract"}
    assert surface_offenders(("game.bridge",), "cognition", public) == []


def test_the_town_files_take_only_the_minds_data_types() -> None:
    """`game.town_files` reads and writes files of personas and news: it imports
    `from cognition import <one of TOWN_FILES_TAKE>` and nothing else of the minds, so the
    bridge stays the only room where the world meets thinking minds."""
    assert surface_offenders(("game.town_files",), "cognition", TOWN_FILES_TAKE) == []


def test_the_headless_runs_sit_on_top_of_the_bridge() -> None:
    """`game.bridge.headless` (simulate, its report, the day's checks) uses the rest of the
    bridge; no other bridge module imports it (only `game/bridge/__init__.py`, for `__all__`),
    so the seam between the world and the minds never depends on how a headless run goes."""
    headless = "game.bridge.headless"
    offenders = [
        f"{found.file}:{found.line} imports {found.target}"
        for found in all_imports()
        if within(found.target, (headless,))
        and not within(found.module, (headless,))
        and found.module != "game.bridge"
        and room_of(found.module) == "game.bridge"
    ]
    assert offenders == []


def test_there_are_no_import_cycles() -> None:
    """Between the modules of `game` and `cognition`, counting imports inside functions too
    (but not those only for type checkers)."""
    graph: dict[str, set[str]] = {module_name(p): set() for p in project_files()}
    for found in all_imports():
        if found.type_checking or found.target not in graph or found.target == found.module:
            continue
        if found.module.startswith(found.target + "."):
            continue  # a module naming its own package (`from game.world import area_text`)
        graph[found.module].add(found.target)
    cycles = strongly_connected(graph)
    assert cycles == []


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of two or more modules that import each other, round about (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_imports_inside_functions_say_why_they_are_lazy() -> None:
    """An import inside a function (or under TYPE_CHECKING) is allowed only for measured
    start-up laziness, with a comment right above its group of imports saying `lazy:`."""
    offenders = []
    for path in project_files():
        lines, tree = parsed(path)
        import_lines = {
            number
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom)
            for number in range(node.lineno, (node.end_lineno or node.lineno) + 1)
        }
        for found in imports_of(path):
            if (found.in_function or found.type_checking) and not lazy_comment_above(
                lines, found.line, import_lines
            ):
                offenders.append(f"{found.file}:{found.line} imports {found.target}")
    assert offenders == []


def lazy_comment_above(lines: list[str], line: int, import_lines: set[int]) -> bool:
    """True when the comment block just above the group of imports holding `line` (1-based)
    says `lazy:`."""
    number = line - 1
    while number >= 1 and (number in import_lines or not lines[number - 1].strip()):
        number -= 1
    comment = []
    while number >= 1 and lines[number - 1].strip().startswith("#"):
        comment.append(lines[number - 1])
        number -= 1
    return any("lazy:" in text for text in comment)


def test_the_checker_sees_imports() -> None:
    """Guard against a checker that silently finds nothing."""
    targets = {found.target for found in all_imports()}
    assert {"pydantic", "pygame", "cognition.contract", "game.world.grid"} <= targets
    assert room_of("game.ui.input.route") == "game.ui"
    assert strongly_connected({"a": {"b"}, "b": {"a"}, "c": set()}) == [["a", "b"]]

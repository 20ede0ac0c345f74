"""Rooms stay comfortable to live in (issue 34): no module in `cognition` or `game` over
400 lines, no function (or method) over 60 lines, counted from its `def` to its last line.
A few are being split right now; they are listed by name below until their split lands."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("cognition", "game")
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60

# being split by other hands at the time of writing; remove each as its split lands
ALLOWED_MODULES = frozenset({"game/bridge/director.py"})
ALLOWED_FUNCTIONS = frozenset(
    {
        "game/bridge/simulation.py:simulate",
        "game/bridge/town_minds.py:build_living_town",
        "game/bridge/persist/load.py:load_saved_town",
        "cognition/offline/event_conclusions.py:intention_conclusions",
        "cognition/offline/event_conclusions.py:news_conclusions",
    }
)


def sources() -> list[tuple[str, str]]:
    """Each module of the packages: its path from the project root (POSIX) and its text."""
    return [
        (path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    ]


def module_sizes() -> dict[str, int]:
    return {name: text.count("\n") for name, text in sources()}


def function_sizes() -> dict[str, int]:
    """Each function and method as "path:name" → its lines (the longest, when a name
    repeats in a module)."""
    sizes: dict[str, int] = {}
    for name, text in sources():
        for node in ast.walk(ast.parse(text, filename=name)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                key = f"{name}:{node.name}"
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                sizes[key] = max(length, sizes.get(key, 0))
    return sizes


def over(sizes: dict[str, int], limit: int, allowed: frozenset[str]) -> list[str]:
    return [
        f"{name} ({size} lines)"
        for name, size in sorted(sizes.items(), key=lambda item: -item[1])
        if size > limit and name not in allowed
    ]


def test_no_module_is_over_400_lines() -> None:
    offenders = over(module_sizes(), MAX_MODULE_LINES, ALLOWED_MODULES)
    assert not offenders, f"modules over {MAX_MODULE_LINES} lines: " + "; ".join(offenders)


def test_no_function_is_over_60_lines() -> None:
    offenders = over(function_sizes(), MAX_FUNCTION_LINES, ALLOWED_FUNCTIONS)
    assert not offenders, f"functions over {MAX_FUNCTION_LINES} lines: " + "; ".join(offenders)


def test_the_allowed_are_still_over_the_limit() -> None:
    """An allowed module or function that was split comes off the list (so it stays split)."""
    modules, functions = module_sizes(), function_sizes()
    done = sorted(name for name in ALLOWED_MODULES if modules.get(name, 0) <= MAX_MODULE_LINES)
    done += sorted(
        name for name in ALLOWED_FUNCTIONS if functions.get(name, 0) <= MAX_FUNCTION_LINES
    )
    assert not done, "split (or gone): remove from the allowed list: " + "; ".join(done)


def test_the_measure_names_an_offender_with_its_size() -> None:
    sizes = {"game/a.py:long": 61, "game/a.py:short": 60, "game/b.py:allowed": 90}
    assert over(sizes, 60, frozenset({"game/b.py:allowed"})) == ["game/a.py:long (61 lines)"]

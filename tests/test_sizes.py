"""Rooms stay comfortable to live in (issue 34): no module in `cognition` or `game` over
400 lines, no function (or method) over 60 lines, counted from its `def` to its last line.
None is exempt."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("cognition", "game")
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


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


def over(sizes: dict[str, int], limit: int) -> list[str]:
    return [
        f"{name} ({size} lines)"
        for name, size in sorted(sizes.items(), key=lambda item: -item[1])
        if size > limit
    ]


def test_no_module_is_over_400_lines() -> None:
    offenders = over(module_sizes(), MAX_MODULE_LINES)
    assert not offenders, f"modules over {MAX_MODULE_LINES} lines: " + "; ".join(offenders)


def test_no_function_is_over_60_lines() -> None:
    offenders = over(function_sizes(), MAX_FUNCTION_LINES)
    assert not offenders, f"functions over {MAX_FUNCTION_LINES} lines: " + "; ".join(offenders)


def test_the_measure_names_an_offender_with_its_size() -> None:
    sizes = {"game/a.py:long": 61, "game/a.py:short": 60, "game/b.py:longer": 90}
    assert over(sizes, 60) == ["game/b.py:longer (90 lines)", "game/a.py:long (61 lines)"]

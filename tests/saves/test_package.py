"""The package's surface: exports match `__all__`; layer-neutral imports only."""

from __future__ import annotations

import ast
from pathlib import Path

import game.saves

PACKAGE = Path(game.saves.__file__).resolve().parent


def test_exports_match_all() -> None:
    exported = {name for name in dir(game.saves) if not name.startswith("_")}
    modules = {
        "annotations",
        "autosave",
        "errors",
        "files",
        "format",
        "migrations",
        "quoting",
        "slots",
        "town_file",
    }
    assert exported - modules == set(game.saves.__all__)
    assert all(getattr(game.saves, name) is not None for name in game.saves.__all__)


def test_imports_neither_cognition_nor_pygame_nor_other_game_layers() -> None:
    imported: list[str] = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                imported.append(node.module)
    assert "pydantic" in imported  # the checker sees imports at all
    offenders = [
        name
        for name in imported
        if name.split(".")[0] in ("cognition", "pygame", "pytmx", "pickle")
        or (name.startswith("game.") and not name.startswith("game.saves"))
    ]
    assert offenders == []

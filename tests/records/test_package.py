"""The package's surface: exports match `__all__`; only `game.files` of the game imported."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType

import game.records

PACKAGE = Path(game.records.__file__).resolve().parent


def test_exports_match_all() -> None:
    exported = {
        name
        for name, value in vars(game.records).items()
        if not name.startswith("_") and not isinstance(value, ModuleType) and name != "annotations"
    }
    assert exported == set(game.records.__all__)
    assert len(game.records.__all__) == len(set(game.records.__all__))
    aliases = ("Row", "RunKind", "SCHEMA_VERSION")  # aliases and a number: no home module
    for name in game.records.__all__:
        value = getattr(game.records, name)
        assert value is not None
        assert name in aliases or value.__module__.startswith("game.records."), name


def test_imports_only_the_standard_library_and_game_files() -> None:
    imported: list[str] = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                imported.append(node.module)
    assert "sqlite3" in imported and "game.files.paths" in imported  # the checker sees imports
    outside = {
        name.split(".")[0]
        for name in imported
        if not name.startswith(("game.records", "game.files", "game.saves"))
    }
    assert outside <= {
        "__future__", "atexit", "collections", "contextlib", "csv", "dataclasses", "datetime",
        "json", "logging", "os", "pathlib", "queue", "sqlite3", "threading", "time", "types",
        "typing", "uuid",
    }  # fmt: skip

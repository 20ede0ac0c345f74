"""The import layers of DESIGN.md, enforced on the source text (no imports executed)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(package: str) -> list[tuple[str, str]]:
    """(file, imported top-level module path) for every import under `package`."""
    found: list[tuple[str, str]] = []
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.extend((str(path.relative_to(ROOT)), alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.append((str(path.relative_to(ROOT)), node.module))
    return found


def violations(package: str, forbidden: tuple[str, ...]) -> list[str]:
    return [
        f"{file} imports {module}"
        for file, module in imported_modules(package)
        if any(module == f or module.startswith(f + ".") for f in forbidden)
    ]


def test_cognition_imports_neither_pygame_pytmx_nor_game() -> None:
    assert violations("cognition", ("pygame", "pytmx", "game")) == []


def test_world_is_pure() -> None:
    forbidden = ("pygame", "cognition", "game.render", "game.ui", "game.bridge", "game.play.app")
    assert violations("game/world", forbidden) == []


def test_only_the_bridge_imports_cognition() -> None:
    offenders = []
    for sub in ("game/render", "game/ui", "game/world"):
        offenders += violations(sub, ("cognition",))
    assert offenders == []


def test_render_and_ui_never_reach_into_the_bridge_internals_from_world() -> None:
    # game.world must not depend upwards on anything in game except itself.
    upward = [m for f, m in imported_modules("game/world") if m.startswith("game.")]
    assert all(m.startswith("game.world") for m in upward), upward


def test_the_layer_checker_sees_imports(tmp_path: Path) -> None:
    # Guard against a checker that silently finds nothing.
    assert any(m == "pydantic" for _, m in imported_modules("cognition"))

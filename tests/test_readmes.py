"""Every room explains itself: each package of `game` and `cognition` (and `benchmarks`) has a
README.md, and that README names each of its modules and sub-packages, so a newcomer finds
every file from the room's own page."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "cognition")
SCRIPTS = "benchmarks"  # plain scripts, not a package: its README names each one


def rooms() -> list[Path]:
    """The package folders (those holding an `__init__.py`), and the benchmarks folder."""
    found = {init.parent for package in PACKAGES for init in (ROOT / package).rglob("__init__.py")}
    return sorted(found | {ROOT / SCRIPTS})


def members(room: Path) -> list[str]:
    """The names a room's README must mention: its modules and its sub-packages."""
    modules = [path.stem for path in room.glob("*.py") if not path.stem.startswith("__")]
    packages = [path.name for path in room.iterdir() if (path / "__init__.py").is_file()]
    return sorted(modules + packages)


def named(name: str, text: str) -> bool:
    """`name` appears as a whole word (`agent` in "`agent.py`", not in "agent_state")."""
    return re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", text) is not None


def test_every_package_has_a_readme() -> None:
    missing = [room for room in rooms() if not (room / "README.md").is_file()]
    assert [str(room.relative_to(ROOT)) for room in missing] == []


def test_each_readme_names_every_module_of_its_package() -> None:
    unnamed = []
    for room in rooms():
        readme = room / "README.md"
        if not readme.is_file():
            continue  # the test above names it
        text = readme.read_text(encoding="utf-8")
        unnamed += [f"{room.relative_to(ROOT)}/{m}" for m in members(room) if not named(m, text)]
    assert unnamed == []


def test_the_checker_sees_modules_and_names() -> None:
    """Guard against a checker that silently finds nothing."""
    assert ROOT / "cognition" / "steps" in rooms() and ROOT / "game" in rooms()
    assert {"steps", "agent", "agent_state"} <= set(members(ROOT / "cognition"))
    assert named("agent", "see `agent.py`") and not named("agent", "`agent_state.py`")
    assert not named("state", "`agent_state.py`") and not named("py", "`agent.py`")

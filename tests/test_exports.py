"""The public surfaces of `game.bridge`, `game.world` and `game.town_files` (httpx style): a
package's public names are exactly its `__all__`, each resolves, and each comes from the
module that defines it. (`cognition`'s surface: tests/cognition/test_exports.py.)"""

from __future__ import annotations

import importlib
import inspect
from types import ModuleType

import pytest

PACKAGES = ("game.bridge", "game.world", "game.town_files")


def public_names(package: ModuleType) -> set[str]:
    """The names the package holds that do not start with "_", its submodules and
    `from __future__ import annotations` aside."""
    return {
        name
        for name, value in vars(package).items()
        if not name.startswith("_") and not isinstance(value, ModuleType) and name != "annotations"
    }


@pytest.mark.parametrize("name", PACKAGES)
def test_the_public_names_are_exactly_all(name: str) -> None:
    package = importlib.import_module(name)
    assert len(package.__all__) == len(set(package.__all__))
    assert public_names(package) == set(package.__all__)


@pytest.mark.parametrize("name", PACKAGES)
def test_every_exported_name_resolves_to_its_own_definition(name: str) -> None:
    package = importlib.import_module(name)
    for exported in package.__all__:
        value = getattr(package, exported)
        assert value is not None, exported
        if inspect.isclass(value) or inspect.isfunction(value):  # not aliases like `Tile`
            home = value.__module__
            assert home.startswith(name + "."), f"{name}.{exported} comes from {home}"


def test_the_bridge_surface_covers_opening_running_saving_and_the_desk() -> None:
    import game.bridge as bridge

    for needed in ("open_town", "TownRecipe", "FromSave", "LockstepRunner", "save_town"):
        assert needed in bridge.__all__
    assert bridge.open_town.__module__ == "game.bridge.opening"

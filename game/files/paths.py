"""Where files are: bundled read-only files (maps, assets, bundled towns) and the user's own
(saves, settings, memory stores, audit logs).

`bundled("maps/the_ville.tmx")` works from a source checkout, from an installed wheel (which
carries the files under `game/bundle/`, found through `importlib.resources`) and from the
frozen app (PyInstaller puts the bundle's files under `sys._MEIPASS`); all three keep the
checkout's layout (maps/, assets/, saves/). User data never goes inside the
bundle: `user_data_dir()` is `$SMALLVILLE_DATA_DIR` when set (tests, CI), else the platform's
user data directory; `user_config_dir()` likewise with `$SMALLVILLE_CONFIG_DIR`.
Pure standard library plus platformdirs; the rooms above the town (bridge, render, ui, play,
commands) use it.
"""

from __future__ import annotations

import importlib.resources
import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "smallville"
DATA_DIR_VARIABLE = "SMALLVILLE_DATA_DIR"
CONFIG_DIR_VARIABLE = "SMALLVILLE_CONFIG_DIR"


WHEEL_BUNDLE = "bundle"  # the folder inside the `game` package that a wheel carries


def bundle_root() -> Path:
    """The unpacked bundle when frozen, `game/bundle/` when installed from a wheel, else the
    project root of the source checkout."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen is not None:
        return Path(frozen)
    installed = Path(str(importlib.resources.files("game").joinpath(WHEEL_BUNDLE)))
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2]


def is_frozen() -> bool:
    return getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS")


def bundled(relative: str | Path) -> Path:
    """The bundled file or folder at `relative` (a POSIX path from the project root)."""
    return bundle_root() / Path(relative)


def _override(variable: str) -> Path | None:
    value = os.environ.get(variable, "").strip()
    return Path(value) if value else None


def user_data_dir() -> Path:
    """Saves, memory stores of runs, audit logs (not created here)."""
    override = _override(DATA_DIR_VARIABLE)
    if override is not None:
        return override
    return Path(platformdirs.user_data_dir(APP_NAME))


def user_config_dir() -> Path:
    """The settings file (not created here)."""
    override = _override(CONFIG_DIR_VARIABLE)
    if override is not None:
        return override
    return Path(platformdirs.user_config_dir(APP_NAME))

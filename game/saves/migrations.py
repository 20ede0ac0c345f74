"""Bring an older `town.json` up to the current format, one version at a time.

Each step is a function `raw dict of version n -> raw dict of version n + 1`, registered in
`MIGRATIONS` under `n`. Only format 1 exists today; when format 2 arrives, write

    def _from_1(raw: dict[str, Any]) -> dict[str, Any]:
        return {**raw, "format_version": 2, "new_field": default}

    MIGRATIONS = {1: _from_1}

and bump `FORMAT_VERSION` in `format.py`. Steps work on plain JSON data, never on models, so
old models need not be kept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.saves.errors import SaveError
from game.saves.format import FORMAT_VERSION
from game.saves.quoting import quoted

__all__ = ["MIGRATIONS", "Migration", "migrate"]

Migration = Callable[[dict[str, Any]], dict[str, Any]]

MIGRATIONS: Mapping[int, Migration] = {}


def migrate(
    raw: dict[str, Any],
    migrations: Mapping[int, Migration] = MIGRATIONS,
    current: int = FORMAT_VERSION,
) -> dict[str, Any]:
    """`raw` brought up to format `current`; raises `SaveError` for a newer, unknown or missing
    version. Returns a new dict (or `raw` itself when it is already current)."""
    version = raw.get("format_version")
    if version is None:
        raise SaveError(
            "it has no format_version, so it is not a Smallville save "
            "(a bundled starting town has personas.json beside it instead)"
        )
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(f"its format_version {quoted(version)} is not a positive whole number")
    if version > current:
        raise SaveError(
            f"it was made by a newer Smallville (format {version}; this one reads up to "
            f"{current}); update Smallville to load it"
        )
    while version < current:
        step = migrations.get(version)
        if step is None:
            raise SaveError(f"format {version} cannot be upgraded (no migration from it)")
        raw = step(dict(raw))
        upgraded = raw.get("format_version")
        if upgraded != version + 1:
            raise SaveError(
                f"the migration from format {version} produced format {quoted(upgraded)}, "
                f"not {version + 1}"
            )
        version = upgraded
    return raw

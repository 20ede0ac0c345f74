"""Save slots: a versioned `town.json` (pydantic, JSON only) + the memory store, per directory.

Layer-neutral: imports neither `cognition` nor `pygame` nor the rest of `game`; the bridge
fills a `TownSave` from live state and restores from a `LoadedSlot`. See README.md.

Exceptions:
    SaveError    every failure to name, find, read, validate or write a slot
"""

from __future__ import annotations

from game.saves.autosave import Autosave
from game.saves.errors import SaveError
from game.saves.format import (
    FORMAT_VERSION,
    ActivitySave,
    MapRef,
    ResidentSave,
    TownSave,
    VisitorSave,
    file_sha256,
    secret_keys,
)
from game.saves.migrations import MIGRATIONS, migrate
from game.saves.quoting import quoted
from game.saves.slots import (
    LoadedSlot,
    SaveSlots,
    SlotInfo,
    check_slot_name,
    default_saves_root,
    map_warnings,
)

__all__ = [
    "FORMAT_VERSION",
    "MIGRATIONS",
    "ActivitySave",
    "Autosave",
    "LoadedSlot",
    "MapRef",
    "ResidentSave",
    "SaveError",
    "SaveSlots",
    "SlotInfo",
    "TownSave",
    "VisitorSave",
    "check_slot_name",
    "default_saves_root",
    "file_sha256",
    "map_warnings",
    "migrate",
    "quoted",
    "secret_keys",
]

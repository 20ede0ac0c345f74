"""Saving and loading living towns: `save.py` gathers every owner's state into a `TownSave`
and writes a slot (the town at rest); `load.py` reads one back into a living town;
`runtime.py` is the bridge's in-flight bookkeeping a save keeps; `capture.py` takes a save
while minds think, `writer.py` writes it on a worker thread, and `autosave.py` drives both
from the window, the clock running on. The slots themselves (files, format, atomic writes)
are `game.saves`."""

from __future__ import annotations

from game.bridge.persist.autosave import TownAutosaver
from game.bridge.persist.load import load_saved_town
from game.bridge.persist.save import embedder_name, save_town, snapshot, town_settings

__all__ = [
    "TownAutosaver",
    "embedder_name",
    "load_saved_town",
    "save_town",
    "snapshot",
    "town_settings",
]

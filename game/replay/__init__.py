"""Replays: a run record's town shown as it was at any moment (`smallville replay RUN`).

The record (`game.records`) says where everyone was and what they did, said, remembered and
planned; this room rebuilds the residents from it at the replay's time and walks them
between rows, and shows it with the game's own scene, HUD, conversation log, inspector
(through `RecordPort`) and the timeline bar (`game.ui.timeline`). It never imports the
minds or the bridge. See README.md.
"""

from __future__ import annotations

from game.replay.opening import (
    OpenedReplay,
    ReplayError,
    moment_in,
    open_record,
    open_replay,
)
from game.replay.port import RecordPort
from game.replay.town import ReplayTown

__all__ = [
    "OpenedReplay",
    "RecordPort",
    "ReplayError",
    "ReplayTown",
    "moment_in",
    "open_record",
    "open_replay",
]

"""The `smallville` command's subcommands, one module each (`game.cli` builds the parser).

Each module has `add_to(subcommands)` — its arguments, with `run(args) -> int` as the
handler — and imports what its work needs only inside `run`, so that `smallville --help`,
`smallville saves` and `smallville map-check` never pay for pygame or the minds. `play` is
the default (no subcommand): the game itself.
"""

from __future__ import annotations

from game.commands import (
    evaluate,
    export,
    map_check,
    map_init,
    new_town,
    play,
    replay,
    runs,
    saves,
    screenshots,
    simulate,
)

SUBCOMMANDS = (
    map_check,
    map_init,
    new_town,
    simulate,
    evaluate,
    saves,
    runs,
    export,
    replay,
    screenshots,
)

__all__ = [
    "SUBCOMMANDS",
    "evaluate",
    "export",
    "map_check",
    "map_init",
    "new_town",
    "play",
    "replay",
    "runs",
    "saves",
    "screenshots",
    "simulate",
]

"""One frame of a replay saved as a PNG, headless: `smallville replay RUN --at T
--screenshot shot.png` and the README's replay picture (`smallville screenshots`).

    save_frame(record, moment, Path("shot.png"), inspect="Isabella Rodriguez")

Needs pygame initialised with a display driver (SDL's dummy driver headless). The replay
stands paused at `moment`; a few frames run first so the conversation log's lines are in.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pygame

from game.records import RunRecord
from game.replay.app import ReplayApp, ReplayOptions
from game.replay.opening import ReplayError, open_replay

SETTLE_FRAMES = 30  # paused, time stands: the log's newest lines finish sliding in


def save_frame(
    record: RunRecord,
    moment: datetime,
    png: Path,
    *,
    inspect: str | None = None,
    size: tuple[int, int] = (1280, 720),
) -> Path:
    """The replay at `moment` (with the inspector open on `inspect`) saved as `png`.
    `ReplayError` for a map that cannot be opened or a resident not in town then."""
    app = ReplayApp(open_replay(record), ReplayOptions(size=size, playing=False))
    try:
        app.seek(moment)
        if inspect is not None:
            if app.town.population.get(inspect) is None:
                raise ReplayError(f"nobody called {inspect!r} is in {record.path} at that time")
            app.view.selected = inspect
            app.viewer.inspect(inspect)
        app.run_frames(SETTLE_FRAMES)
        png.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(png))
    finally:
        app.close()
    return png

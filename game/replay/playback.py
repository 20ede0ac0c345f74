"""How fast a replay plays: paused, or ×1 … ×60 as in play, and faster (×300, ×1000).

The replay's own `SimulationSpeed`: the HUD's speed buttons, the keys and the timeline bar
all act on the view's speed, so a replay speed is one in the view like any other. Game time
never runs past the record's end: `PlaybackSpeed.tick` stops there and pauses.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from game.town.speed import SPEEDS, SimulationSpeed
from game.world.clock import GameClock

REPLAY_SPEEDS: tuple[int, ...] = (*SPEEDS, 300, 1000)


class PlaybackSpeed(SimulationSpeed):
    """×1 … ×1000 on the replay's `GameClock`, which stops (paused) at `end`."""

    def __init__(self, clock: GameClock, end: datetime, multiplier: int = 1) -> None:
        self.end = end
        super().__init__(clock, multiplier)

    def set(self, multiplier: int, resume: bool = True) -> None:
        """Play at ×`multiplier` (one of REPLAY_SPEEDS); choosing a speed also resumes (from
        the start again when the replay stood at its end)."""
        if multiplier not in REPLAY_SPEEDS:
            raise ValueError(f"speed must be one of {REPLAY_SPEEDS}, not {multiplier}")
        self.multiplier = multiplier
        if resume:
            self.clock.resume()

    def faster(self) -> None:
        self.set(REPLAY_SPEEDS[min(self._index() + 1, len(REPLAY_SPEEDS) - 1)])

    def slower(self) -> None:
        self.set(REPLAY_SPEEDS[max(self._index() - 1, 0)])

    def _index(self) -> int:
        return REPLAY_SPEEDS.index(self.multiplier)

    def tick(self, real_seconds: float) -> float:
        """Advance the clock (never past `end`, where it pauses); the game minutes run."""
        if self.clock.paused or real_seconds <= 0:
            return 0.0
        left = (self.end - self.clock.now) / timedelta(minutes=1)
        minutes = min(real_seconds * self.multiplier, max(0.0, left))
        self.clock.advance(minutes)
        if self.clock.now >= self.end:
            self.clock.set(self.end)
            self.clock.pause()
        return minutes

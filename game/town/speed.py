"""How fast game time runs: paused, or ×1 … ×60 (×1 = one game minute per real second).

The play-mode half of DESIGN.md's two clock modes. Pausing goes through the world's
`GameClock` (its `paused` flag is the one truth); the multiplier is kept for resuming.
"""

from __future__ import annotations

from game.world.clock import GameClock

SPEEDS: tuple[int, ...] = (1, 2, 5, 10, 30, 60)
GAME_MINUTES_PER_REAL_SECOND_AT_X1 = 1.0


class SimulationSpeed:
    """Turns real seconds into game minutes on a `GameClock`."""

    def __init__(self, clock: GameClock, multiplier: int = 1) -> None:
        self.clock = clock
        self.multiplier = 1
        self.set(multiplier, resume=False)

    @property
    def paused(self) -> bool:
        return self.clock.paused

    def set(self, multiplier: int, resume: bool = True) -> None:
        """Run at ×`multiplier` (one of SPEEDS); choosing a speed also resumes play."""
        if multiplier not in SPEEDS:
            raise ValueError(f"speed must be one of {SPEEDS}, not {multiplier}")
        self.multiplier = multiplier
        if resume:
            self.clock.resume()

    def toggle_pause(self) -> None:
        if self.clock.paused:
            self.clock.resume()
        else:
            self.clock.pause()

    def faster(self) -> None:
        self.set(SPEEDS[min(SPEEDS.index(self.multiplier) + 1, len(SPEEDS) - 1)])

    def slower(self) -> None:
        self.set(SPEEDS[max(SPEEDS.index(self.multiplier) - 1, 0)])

    def tick(self, real_seconds: float) -> float:
        """Advance the clock for `real_seconds` of real time; returns the game minutes run."""
        if self.clock.paused or real_seconds <= 0:
            return 0.0
        minutes = real_seconds * self.multiplier * GAME_MINUTES_PER_REAL_SECOND_AT_X1
        self.clock.advance(minutes)
        return minutes

    @property
    def label(self) -> str:
        return "paused" if self.paused else f"×{self.multiplier}"

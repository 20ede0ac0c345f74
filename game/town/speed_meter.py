"""How fast game time really runs: game minutes per real second, measured, and why it lags.

    meter = SpeedMeter()
    ...each frame:  meter.frame(real_seconds, game_minutes, chosen=30, cause="minds thinking")
    meter.reading(chosen=30, paused=False).label   # "×30 · 12.4 game-min/s · minds thinking"

The chosen speed (×30: 30 game minutes per real second) is what the clock is asked for; the
effective speed is what it did over the last few real seconds (a sliding window, measured
afresh when the speed is changed or play resumes after a pause). Each
frame's shortfall — real seconds × chosen speed, less the game minutes the clock moved — is
put down to what held the clock that frame (`cause`, as the game loop saw it: paused, a save
being taken, minds thinking while the frame ran long); the cause that cost the most time in
the window is the reason shown when the effective speed is clearly lower than the chosen one.
Real time is whatever the caller measures per frame (the loop's frame time; tests pass their
own), so nothing here reads a clock.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Literal

Cause = Literal["paused", "saving", "minds thinking", "slow frames"]
WINDOW_SECONDS = 3.0  # the sliding window of real time measured
SETTLED_SECONDS = 1.0  # no effective speed before this much real time was measured
CLEARLY_LOWER = 0.9  # effective below this share of the chosen speed: say why


@dataclass(frozen=True)
class Sample:
    """One frame: real seconds it took, game minutes the clock moved, minutes it fell short
    of the chosen speed, and what held the clock (if it fell short)."""

    real_seconds: float
    game_minutes: float
    lost_minutes: float
    cause: Cause


@dataclass(frozen=True)
class SpeedReading:
    """The chosen speed, the effective one (None until measured), and why it is lower."""

    chosen: int
    effective: float | None
    paused: bool = False
    why: Cause | None = None

    @property
    def label(self) -> str:
        """ "×30 · 29.8 game-min/s", "×30 · 12.4 game-min/s · minds thinking", "×30 · paused"."""
        parts = [f"×{self.chosen}"]
        if self.paused:
            parts.append("paused")
        elif self.effective is not None:
            parts.append(f"{self.effective:.1f} game-min/s")
            if self.why is not None:
                parts.append(self.why)
        return " · ".join(parts)

    @property
    def lagging(self) -> bool:
        """True when the effective speed is clearly lower than the chosen one (or paused)."""
        return self.paused or self.why is not None


class SpeedMeter:
    """Effective game minutes per real second over the last `window_seconds` of frames."""

    def __init__(
        self,
        window_seconds: float = WINDOW_SECONDS,
        settled_seconds: float = SETTLED_SECONDS,
        clearly_lower: float = CLEARLY_LOWER,
    ) -> None:
        if window_seconds <= 0:
            raise ValueError(f"window_seconds must be positive, not {window_seconds}")
        self.window_seconds = window_seconds
        self.settled_seconds = min(settled_seconds, window_seconds)
        self.clearly_lower = clearly_lower
        self._samples: deque[Sample] = deque()
        self._real = 0.0  # real seconds in the window
        self._chosen: float | None = None  # the speed the window was measured at
        self._last_cause: Cause | None = None

    def frame(
        self,
        real_seconds: float,
        game_minutes: float,
        chosen: float,
        cause: Cause | None = None,
    ) -> None:
        """A frame took `real_seconds` and the clock moved `game_minutes` at ×`chosen`;
        `cause`: what held the clock this frame, if known (else "slow frames")."""
        if real_seconds <= 0:
            return
        resumed = self._last_cause == "paused" and cause != "paused"
        if chosen != self._chosen or resumed:
            self.reset()  # a new speed, or play again after a pause: measure afresh
        self._chosen, self._last_cause = chosen, cause
        lost = max(0.0, real_seconds * chosen - max(0.0, game_minutes))
        sample = Sample(real_seconds, max(0.0, game_minutes), lost, cause or "slow frames")
        self._samples.append(sample)
        self._real += real_seconds
        while self._samples and self._real - self._samples[0].real_seconds >= self.window_seconds:
            self._real -= self._samples.popleft().real_seconds

    def reset(self) -> None:
        """Forget what was measured (a new town, a loaded save)."""
        self._samples.clear()
        self._real = 0.0

    @property
    def measured_seconds(self) -> float:
        return self._real

    def effective(self) -> float | None:
        """Game minutes per real second over the window (None until enough was measured)."""
        if self._real < self.settled_seconds:
            return None
        return sum(sample.game_minutes for sample in self._samples) / self._real

    def reading(self, chosen: int, paused: bool = False) -> SpeedReading:
        """What the HUD shows: the chosen speed, the effective one and, when that is clearly
        lower, the cause that cost the most game time in the window."""
        effective = self.effective()
        if paused or effective is None or effective >= chosen * self.clearly_lower:
            return SpeedReading(chosen, effective, paused)
        lost: dict[Cause, float] = {}
        for sample in self._samples:
            lost[sample.cause] = lost.get(sample.cause, 0.0) + sample.lost_minutes
        worst = max(lost, key=lambda cause: lost[cause], default=None)
        why = worst if worst is not None and lost[worst] > 0 else None
        return SpeedReading(chosen, effective, paused, why)

"""How `evaluate` tells what it does: lines, and one progress bar across its phases."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from game.evaluation.estimate import Estimate

__all__ = ["Bar", "Progress"]


@dataclass
class Progress:
    """Where `evaluate` tells what it does: `say(line)` for lines, `advance(share, label)`
    for the one progress bar across the phases (share of the whole, 0–1)."""

    say: Callable[[str], None] = lambda line: None
    advance: Callable[[float, str], None] = lambda share, label: None


class Bar:
    """The one progress bar: each phase's share of the whole is its share of the estimate."""

    def __init__(self, estimate: Estimate, progress: Progress) -> None:
        phases = estimate.phases
        total = max(1, sum(phases.values()))
        self.weights = {name: calls / total for name, calls in phases.items()}
        self.done = 0.0
        self.progress = progress
        # ticks come from the interviews' worker threads: counted and told under one lock,
        # so the bar only ever moves forwards
        self._lock = threading.Lock()

    def phase(self, name: str, units: int) -> Callable[..., None]:
        """A tick for `name`'s `units` steps; call it with a label after each."""
        weight, base, count = self.weights.get(name, 0.0), self.done, [0]
        self.done += weight

        def tick(label: str = name) -> None:
            with self._lock:
                count[0] += 1
                share = base + weight * min(1.0, count[0] / max(1, units))
                self.progress.advance(min(1.0, share), label)

        return tick

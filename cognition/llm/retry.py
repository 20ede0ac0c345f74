"""Bounded retries with exponential backoff and jitter.

Time and randomness are injected (`sleep`, `rng`) so tests run instantly and reproducibly.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["RetryPolicy", "no_sleep"]


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how patiently to try again.

    The delay before retry number `n` (0-based) is `base_delay_s * 2**n`, capped at
    `max_delay_s`, scaled by a jitter factor in [0.5, 1.0). A server's `Retry-After` wins
    when it asks for longer (up to `max_retry_after_s`).
    """

    max_retries: int = 3
    base_delay_s: float = 0.5
    max_delay_s: float = 20.0
    max_retry_after_s: float = 60.0
    sleep: Callable[[float], None] = time.sleep
    rng: random.Random = field(default_factory=random.Random)
    clock: Callable[[], float] = time.monotonic

    def delay(self, retry_number: int, retry_after_s: float | None = None) -> float:
        """Seconds to wait before retry `retry_number` (0 for the first retry)."""
        backoff = min(self.max_delay_s, self.base_delay_s * (2.0**retry_number))
        jittered = backoff * (0.5 + 0.5 * self.rng.random())
        if retry_after_s is not None and retry_after_s > 0:
            return max(jittered, min(retry_after_s, self.max_retry_after_s))
        return jittered

    def wait(self, retry_number: int, retry_after_s: float | None = None) -> float:
        """Sleep before a retry; returns the seconds waited."""
        seconds = self.delay(retry_number, retry_after_s)
        self.sleep(seconds)
        return seconds


def no_sleep(_seconds: float) -> None:
    """A `sleep` for tests."""

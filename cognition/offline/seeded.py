"""`CallRandom`: the random of one offline call, which also knows the brain's seed.

Each call's random is seeded from (seed, agent, task, inputs), so its draws differ from call
to call. A few decisions must be the same at every call of one occasion — whether a speaker
brings a fact up is decided once a talk (`talk.in_this_talk`), whatever line is being
said — and still differ between seeds: `once(key)` is that draw, keyed by the brain's seed
and the occasion's `key`.
"""

from __future__ import annotations

import random

__all__ = ["CallRandom", "once"]


class CallRandom(random.Random):
    """A call's random (seeded from "<brain seed>|<call key>") that keeps the brain's seed."""

    def __init__(self, brain_seed: int, call_key: str) -> None:
        super().__init__(f"{brain_seed}|{call_key}")
        self.brain_seed = brain_seed


def once(rng: random.Random, key: str) -> float:
    """The draw in [0, 1) of the occasion `key` under the brain's seed that made `rng` (a
    plain `random.Random`, as a test may pass, stands for seed 0): the same for every call
    of that occasion, different between seeds."""
    seed = rng.brain_seed if isinstance(rng, CallRandom) else 0
    return random.Random(f"{seed}|{key}").random()

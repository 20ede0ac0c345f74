"""TrueSkill-style ratings of the conditions from the panel's pairwise verdicts.

The paper rated its conditions with TrueSkill (μ, σ; full architecture μ 29.89 against
21.21 with no memory). We use openskill's Thurstone–Mosteller full-pairing model, the
TrueSkill model's Bayesian approximation (Weng & Lin 2011), on TrueSkill's scale (μ 25,
σ 25/3), so the figures read the same way. A tie is a draw. Outcomes are applied in the
order given (the panel's, fixed by the seed), so the ratings are deterministic.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import ThurstoneMostellerFull

__all__ = ["MU", "SIGMA", "Pairing", "Rating", "rate"]

MU = 25.0
SIGMA = MU / 3


@dataclass(frozen=True)
class Pairing:
    """One judged pair: the conditions of answers A and B, and the winner ("A", "B", "tie")."""

    condition_a: str
    condition_b: str
    winner: str


@dataclass(frozen=True)
class Rating:
    condition: str
    mu: float
    sigma: float
    wins: int
    losses: int
    ties: int


def rate(conditions: Sequence[str], pairings: Iterable[Pairing]) -> list[Rating]:
    """A rating per condition (in the order given), from prior μ 25, σ 25/3."""
    model = ThurstoneMostellerFull(mu=MU, sigma=SIGMA)
    ratings = {name: model.rating(name=name) for name in conditions}
    tally = {name: [0, 0, 0] for name in conditions}
    for pairing in pairings:
        a, b = pairing.condition_a, pairing.condition_b
        if a not in ratings or b not in ratings or a == b:
            continue
        if pairing.winner == "A":
            ranks, result = [0.0, 1.0], ((a, 0), (b, 1))
        elif pairing.winner == "B":
            ranks, result = [1.0, 0.0], ((b, 0), (a, 1))
        else:
            ranks, result = [0.0, 0.0], ((a, 2), (b, 2))
        [[new_a], [new_b]] = model.rate([[ratings[a]], [ratings[b]]], ranks=ranks)
        ratings[a], ratings[b] = new_a, new_b
        for name, column in result:
            tally[name][column] += 1
    return [
        Rating(name, round(ratings[name].mu, 2), round(ratings[name].sigma, 2), *tally[name])
        for name in conditions
    ]

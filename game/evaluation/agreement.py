"""How far to trust the judge panel: its position bias, its agreement with ground truth, and
the mean scores it gave each condition.

- **Position bias** — every asked pair is judged in both orders. A pair is *consistent* when
  both orders name the same answer (or both a tie); *first-favoured* when each order picked
  whichever answer was shown first, *second-favoured* when each picked the one shown second;
  the bias is (first − second) / asked pairs: 0 none, +1 always the first answer.
- **Agreement with ground truth** — a pair both of whose answers the controlled interview
  scored against ground truth has a true verdict: the correct answer when one is correct and
  the other not, else a tie. The panel's accuracy is the share of such pairs where its verdict
  is the true one; Cohen's kappa (over "A", "B", "tie") discounts agreement by chance.
- **Scores** (judging by scores) — per condition and criterion, the mean score its answers got.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.evaluation.judging import JudgedPair

__all__ = ["cohen_kappa", "condition_scores", "panel_agreement", "position_bias", "true_verdict"]

LABELS = ("A", "B", "tie")


def position_bias(judged: Sequence[JudgedPair]) -> dict[str, Any]:
    asked = [pair for pair in judged if pair.asked]
    first = sum(1 for p in asked if p.first_order == "A" and p.second_order == "B")
    second = sum(1 for p in asked if p.first_order == "B" and p.second_order == "A")
    consistent = sum(1 for p in asked if p.first_order == p.second_order)
    n = len(asked)
    return {
        "pairs": n,
        "consistent": consistent,
        "first_favoured": first,
        "second_favoured": second,
        "consistency": round(consistent / n, 4) if n else None,
        "bias": round((first - second) / n, 4) if n else None,
    }


def true_verdict(pair: JudgedPair) -> str | None:
    """ "A" or "B" when exactly that answer is correct; "tie" when both or neither are; None
    without ground truth for both."""
    a, b = pair.pair.correct_a, pair.pair.correct_b
    if a is None or b is None:
        return None
    return "tie" if a == b else "A" if a else "B"


def cohen_kappa(left: Sequence[str], right: Sequence[str]) -> float | None:
    """Cohen's kappa of two raters' labels (None with no items, or chance agreement of 1)."""
    n = len(left)
    if n == 0 or n != len(right):
        return None
    observed = sum(1 for a, b in zip(left, right, strict=True) if a == b) / n
    counts_left, counts_right = Counter(left), Counter(right)
    chance = sum(counts_left[label] * counts_right[label] for label in counts_left) / (n * n)
    if chance >= 1.0:
        return None
    return round((observed - chance) / (1 - chance), 4)


def truth_agreement(judged: Sequence[JudgedPair]) -> dict[str, Any]:
    """Over the asked pairs (identical answers are no judgement of the panel's)."""
    truth = [(pair.winner, true_verdict(pair)) for pair in judged if pair.asked]
    known = [(said, true) for said, true in truth if true is not None]
    decisive = [(said, true) for said, true in known if true != "tie"]
    said, true = [s for s, _ in known], [t for _, t in known]
    return {
        "pairs": len(known),
        "accuracy": round(sum(1 for s, t in known if s == t) / len(known), 4) if known else None,
        "kappa": cohen_kappa(said, true),
        "decisive_pairs": len(decisive),
        "decisive_accuracy": (
            round(sum(1 for s, t in decisive if s == t) / len(decisive), 4) if decisive else None
        ),
    }


def condition_scores(judged: Sequence[JudgedPair]) -> dict[str, dict[str, float]]:
    """Per condition, per criterion, the mean score its answers got (judging by scores)."""
    given: dict[str, dict[str, list[float]]] = {}
    for pair in judged:
        for criterion, (a, b) in pair.scores.items():
            for condition, score in ((pair.pair.condition_a, a), (pair.pair.condition_b, b)):
                given.setdefault(condition, {}).setdefault(criterion, []).append(score)
    return {
        condition: {name: round(sum(v) / len(v), 2) for name, v in criteria.items()}
        for condition, criteria in given.items()
    }


def panel_agreement(judged: Sequence[JudgedPair]) -> dict[str, Any]:
    """The position bias, the agreement with ground truth and the scores of one panel."""
    return {
        "position": position_bias(judged),
        "truth": truth_agreement(judged),
        "scores": condition_scores(judged),
    }

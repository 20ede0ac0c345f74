"""Offline score judging: a referee's scores per criterion for two interview answers, by rule.

A crude, deterministic stand-in for a referee, so the offline path runs the whole panel:
an answer scores on a criterion by how many of its words are details (not the question's)
and how many it shares with who the resident is, the criterion's description and what the
referee's role looks for (so roles matter, and the same-role ablation can differ), scaled so
the better answer of the two gets the top of the scale.
"""

from __future__ import annotations

import random

from cognition.offline.text import words
from cognition.steps.referee_scores import CriterionScore, RefereeScores, ScoreInput


def weight(answer: str, inputs: ScoreInput, looks_for: str) -> int:
    """The answer's details beside the question, plus its words about `looks_for`."""
    said = words(answer)
    return len(said - words(inputs.question)) + len(said & words(looks_for))


def scaled(value: int, best: int, top: int) -> int:
    if best == 0:
        return (top + 1) // 2
    return max(1, round(top * value / best))


def scores(inputs: ScoreInput, rng: random.Random) -> RefereeScores:
    rows: list[CriterionScore] = []
    for criterion in inputs.criteria:
        looks_for = f"{inputs.about_resident} {criterion.description} {inputs.role}"
        a = weight(inputs.answer_a, inputs, looks_for)
        b = weight(inputs.answer_b, inputs, looks_for)
        best, top = max(a, b), inputs.scale_max
        rows.append(CriterionScore(criterion=criterion.name, score_a=scaled(a, best, top),
                                   score_b=scaled(b, best, top)))  # fmt: skip
    total_a = sum(r.score_a for r in rows)
    total_b = sum(r.score_b for r in rows)
    if total_a == total_b:
        reasoning = "Both answers score about the same."
    else:
        better = "A" if total_a > total_b else "B"
        reasoning = f"Answer {better} scores higher ({max(total_a, total_b)} against " \
            f"{min(total_a, total_b)})."  # fmt: skip
    return RefereeScores(reasoning=reasoning, scores=rows)

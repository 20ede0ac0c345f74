"""Retrieval scoring as in Park et al. (2023), vectorised with numpy.

score = w_recency * recency + w_importance * importance + w_relevance * relevance, where over
the candidate records:
- recency    = decay ** (game hours since the record was last accessed), decay = 0.995;
- importance = the record's 1–10 importance;
- relevance  = cosine similarity between the query and the record's embedding;
and each of the three is min-max normalised to [0, 1] before weighting.

When a component has the same value for every candidate (a single candidate, or all equally
important), min-max is undefined; it is then 0.5 for every candidate — the midpoint the
paper's reference implementation uses — so it neither lifts nor sinks anyone.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float64]

PAPER_RECENCY_DECAY = 0.995
CONSTANT_COMPONENT_VALUE = 0.5


@dataclass(frozen=True)
class RetrievalWeights:
    """Weights of the three retrieval components (the paper uses 1, 1, 1)."""

    recency: float = 1.0
    importance: float = 1.0
    relevance: float = 1.0


@dataclass(frozen=True)
class ComponentScores:
    """Normalised components and the weighted total, one entry per candidate."""

    recency: Floats
    importance: Floats
    relevance: Floats
    score: Floats


def min_max_normalise(values: npt.ArrayLike) -> Floats:
    """Scale to [0, 1]; a constant array becomes `CONSTANT_COMPONENT_VALUE` everywhere."""
    array = np.asarray(values, dtype=np.float64)
    if array.size == 0:
        return array
    low = float(array.min())
    high = float(array.max())
    if high - low <= 1e-12:
        return np.full(array.shape, CONSTANT_COMPONENT_VALUE)
    return (array - low) / (high - low)


def recency_values(hours_since_access: npt.ArrayLike, decay: float = PAPER_RECENCY_DECAY) -> Floats:
    """decay ** hours, with negative ages (access in the future of `now`) counted as 0."""
    hours = np.maximum(np.asarray(hours_since_access, dtype=np.float64), 0.0)
    return np.power(decay, hours)


def score_components(
    hours_since_access: npt.ArrayLike,
    importance: npt.ArrayLike,
    cosine: npt.ArrayLike,
    weights: RetrievalWeights,
    decay: float = PAPER_RECENCY_DECAY,
) -> ComponentScores:
    """The paper's retrieval score for every candidate."""
    recency = min_max_normalise(recency_values(hours_since_access, decay))
    importance_normalised = min_max_normalise(importance)
    relevance = min_max_normalise(cosine)
    score = (
        weights.recency * recency
        + weights.importance * importance_normalised
        + weights.relevance * relevance
    )
    return ComponentScores(recency, importance_normalised, relevance, score)


def top_k_indices(score: Floats, k: int) -> npt.NDArray[np.intp]:
    """Indices of the k best scores, best first; ties go to the earlier index."""
    if k <= 0 or score.size == 0:
        return np.zeros(0, dtype=np.intp)
    if k < score.size:
        candidates = np.argpartition(-score, k - 1)[:k]
        # argpartition breaks ties arbitrarily: take every index tied with the k-th score.
        threshold = score[candidates].min()
        candidates = np.flatnonzero(score >= threshold)
    else:
        candidates = np.arange(score.size)
    order = np.lexsort((candidates, -score[candidates]))
    return candidates[order][:k]

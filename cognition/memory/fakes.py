"""Deterministic, instant embedders for tests (no model file, no network).

- `HashingEmbedder`: bag of words hashed into `dimension` buckets, so sentences sharing words
  are similar. Good enough for tests of thinking steps that retrieve memories.
- `TableEmbedder`: the vector for each text is given explicitly, for hand-checked scores.
Both count their calls and texts, so tests can check what was (re)computed.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence

import numpy as np

from cognition.memory.embeddings import MINILM_DIMENSION, FloatMatrix, normalise_rows

_WORD = re.compile(r"[a-z0-9']+")


def _bucket(word: str, dimension: int) -> tuple[int, float]:
    digest = hashlib.blake2b(word.encode("utf-8"), digest_size=8).digest()
    number = int.from_bytes(digest, "little")
    return number % dimension, 1.0 if (number >> 63) & 1 == 0 else -1.0


class HashingEmbedder:
    """Each lower-cased word adds ±1 to one of `dimension` buckets; rows are normalised."""

    def __init__(self, dimension: int = MINILM_DIMENSION, name: str = "hashing-fake") -> None:
        self.dimension = dimension
        self.name = name
        self.calls = 0
        self.texts_embedded = 0

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        self.calls += 1
        self.texts_embedded += len(texts)
        matrix = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            words = _WORD.findall(text.lower()) or [""]
            for word in words:
                column, sign = _bucket(word, self.dimension)
                matrix[row, column] += sign
        return normalise_rows(matrix)


class TableEmbedder:
    """Looks each text up in `vectors` (normalised on the way out); unknown texts raise."""

    def __init__(self, vectors: Mapping[str, Sequence[float]], name: str = "table-fake") -> None:
        self._vectors = {text: np.asarray(v, dtype=np.float32) for text, v in vectors.items()}
        dimensions = {vector.shape[0] for vector in self._vectors.values()}
        if len(dimensions) != 1:
            raise ValueError(f"all vectors need one dimension, got {sorted(dimensions)}")
        self.dimension = dimensions.pop()
        self.name = name
        self.calls = 0
        self.texts_embedded = 0

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        self.calls += 1
        self.texts_embedded += len(texts)
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return normalise_rows(np.stack([self._vectors[text] for text in texts]))

"""`RecordMirror`: one agent's records held in memory as numpy arrays for fast scoring.

Chroma is the durable store; fetching every record's metadata from it per retrieval is far
too slow for the paper's score-everything retrieval, so each open collection keeps this
mirror: loaded once, appended on every add, updated on every access.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import datetime
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from cognition.memory.records import MemoryKind, MemoryRecord

_Scalar = TypeVar("_Scalar", bound=np.generic)
_NAIVE_EPOCH = datetime(1970, 1, 1)
KIND_CODES: dict[MemoryKind, int] = {kind: code for code, kind in enumerate(MemoryKind)}


# Whether this process's BLAS was set to one thread (`one_blas_thread`), once per process.
_blas_limited = threading.Event()


def one_blas_thread() -> None:
    """Let numpy's BLAS (OpenBLAS) use one thread in this process, once: retrieval's score is
    one matrix-vector product per query, asked from the minds' many threads at once, and
    above ~1100 records OpenBLAS splits each product over threads of its own that only
    contend with them (benchmarks/retrieval.py, 2 cores, load ~5: p50 8.0 → 0.83 ms at 2000
    records, 12.0 → 1.9 ms at 5000). Below that size nothing changes: same products, same
    bits."""
    if _blas_limited.is_set():
        return
    _blas_limited.set()
    # lazy: importing threadpoolctl and its scan of the loaded libraries take ~40 ms (measured),
    # paid once, at the first mirror
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1, user_api="blas")


def game_hours(moment: datetime) -> float:
    """Hours since 1970-01-01; naive datetimes are read as UTC (game time has no zone)."""
    if moment.tzinfo is None:
        return (moment - _NAIVE_EPOCH).total_seconds() / 3600.0
    return moment.timestamp() / 3600.0


class RecordMirror:
    """Columns of one agent's records, row i being `records[i]`, in insertion order."""

    def __init__(self) -> None:
        one_blas_thread()  # scoring is a BLAS product asked from many threads
        self.records: list[MemoryRecord] = []
        self.index_of: dict[str, int] = {}
        self.dimension: int | None = None
        capacity = 0
        self._embeddings = np.zeros((capacity, 0), dtype=np.float32)
        self._inverse_norms = np.zeros(capacity, dtype=np.float32)
        self._importance = np.zeros(capacity, dtype=np.float64)
        self._last_access = np.zeros(capacity, dtype=np.float64)
        self._created = np.zeros(capacity, dtype=np.float64)
        self._kinds = np.zeros(capacity, dtype=np.int8)
        self._sequences = np.zeros(capacity, dtype=np.int64)

    def __len__(self) -> int:
        return len(self.records)

    # Views of the filled rows (no copies).
    @property
    def embeddings(self) -> npt.NDArray[np.float32]:
        return self._embeddings[: len(self)]

    @property
    def inverse_norms(self) -> npt.NDArray[np.float32]:
        return self._inverse_norms[: len(self)]

    @property
    def importance(self) -> npt.NDArray[np.float64]:
        return self._importance[: len(self)]

    @property
    def last_access_hours(self) -> npt.NDArray[np.float64]:
        return self._last_access[: len(self)]

    @property
    def created_hours(self) -> npt.NDArray[np.float64]:
        return self._created[: len(self)]

    @property
    def kind_codes(self) -> npt.NDArray[np.int8]:
        return self._kinds[: len(self)]

    @property
    def sequences(self) -> npt.NDArray[np.int64]:
        return self._sequences[: len(self)]

    def append(
        self,
        records: Sequence[MemoryRecord],
        embeddings: npt.NDArray[np.float32],
        sequences: Sequence[int],
    ) -> None:
        count = len(records)
        if embeddings.shape[0] != count or len(sequences) != count:
            raise ValueError("records, embeddings and sequences differ in length")
        if count == 0:
            return
        self.check_dimension(int(embeddings.shape[1]))
        self._reserve(len(self) + count)
        rows = slice(len(self), len(self) + count)
        vectors = np.asarray(embeddings, dtype=np.float32)
        norms = np.linalg.norm(vectors, axis=1)
        self._embeddings[rows] = vectors
        self._inverse_norms[rows] = np.where(norms > 0, 1.0 / np.where(norms > 0, norms, 1), 0)
        self._importance[rows] = [r.importance for r in records]
        self._last_access[rows] = [game_hours(r.last_accessed) for r in records]
        self._created[rows] = [game_hours(r.created) for r in records]
        self._kinds[rows] = [KIND_CODES[r.kind] for r in records]
        self._sequences[rows] = sequences
        for offset, record in enumerate(records):
            self.index_of[record.id] = len(self.records) + offset
        self.records.extend(records)

    def check_dimension(self, dimension: int) -> None:
        if self.dimension is None:
            self.dimension = dimension
        elif dimension != self.dimension:
            raise ValueError(f"embedding dimension {dimension} != this stream's {self.dimension}")

    def touch(self, rows: Sequence[int], moment: datetime) -> None:
        """Set the last-access time of the given rows."""
        hours = game_hours(moment)
        for row in rows:
            self._last_access[row] = hours
            self.records[row] = self.records[row].model_copy(update={"last_accessed": moment})

    def _reserve(self, needed: int) -> None:
        capacity = self._importance.shape[0]
        if needed <= capacity and self._embeddings.shape[1] == self.dimension:
            return
        new_capacity = max(needed, capacity * 2, 256)
        assert self.dimension is not None
        filled = len(self)
        embeddings = np.zeros((new_capacity, self.dimension), dtype=np.float32)
        if filled:
            embeddings[:filled] = self._embeddings[:filled]
        self._embeddings = embeddings
        self._inverse_norms = _grown(self._inverse_norms, new_capacity, filled)
        self._importance = _grown(self._importance, new_capacity, filled)
        self._last_access = _grown(self._last_access, new_capacity, filled)
        self._created = _grown(self._created, new_capacity, filled)
        self._kinds = _grown(self._kinds, new_capacity, filled)
        self._sequences = _grown(self._sequences, new_capacity, filled)


def _grown(array: npt.NDArray[_Scalar], capacity: int, filled: int) -> npt.NDArray[_Scalar]:
    bigger = np.zeros(capacity, dtype=array.dtype)
    bigger[:filled] = array[:filled]
    return bigger

"""`CachedEmbedder`: remembers embeddings by text, so the same sentence is embedded once."""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from cognition.memory.embeddings import Embedder, FloatMatrix


class CachedEmbedder:
    """Wraps an `Embedder` with a thread-safe LRU cache keyed by the exact text.

    The cache is asked before any model work. Misses in one call are de-duplicated and
    embedded in a single batch; a text another thread is embedding right now is waited for,
    not embedded again (if that embedding fails, both callers get the exception). With `path`,
    the cache is loaded from that `.npz` file (only if it was written for the same embedder
    name and dimension) and written back by `save()` — no pickle, an atomic replace.
    """

    def __init__(
        self, inner: Embedder, max_entries: int = 20_000, path: Path | None = None
    ) -> None:
        self.inner = inner
        self.max_entries = max_entries
        self.path = path
        self.hits = 0  # texts answered from the cache
        self.misses = 0  # distinct texts passed to the inner embedder
        self.shared = 0  # texts answered by another caller's embedding still in flight
        self._entries: OrderedDict[str, FloatMatrix] = OrderedDict()
        self._in_flight: dict[str, _InFlight] = {}
        self._lock = threading.Lock()
        if path is not None and path.is_file():
            self._load(path)

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        vectors: dict[str, FloatMatrix] = {}
        theirs: dict[str, _InFlight] = {}
        with self._lock:
            for text in texts:
                cached = self._entries.get(text)
                if cached is not None:
                    self._entries.move_to_end(text)
                    vectors[text] = cached
                    self.hits += 1
                elif text in self._in_flight and text not in theirs:
                    theirs[text] = self._in_flight[text]
            mine = list(dict.fromkeys(t for t in texts if t not in vectors and t not in theirs))
            for text in mine:
                self._in_flight[text] = _InFlight()
            self.misses += len(mine)
            self.shared += len(theirs)
        if mine:
            # Embedded outside the lock: other threads may use the cache meanwhile.
            vectors.update(self._embed_missing(mine))
        for text, flight in theirs.items():
            vectors[text] = flight.wait()
        stacked: FloatMatrix = np.stack([vectors[text] for text in texts]).astype(np.float32)
        return stacked

    def _embed_missing(self, missing: list[str]) -> dict[str, FloatMatrix]:
        """Embed texts this caller announced as in flight; store them, then release the
        callers waiting for them — with the vectors, or with the inner embedder's error."""
        try:
            new_vectors = self.inner.embed(missing)
        except BaseException as error:
            with self._lock:
                for text in missing:
                    self._in_flight.pop(text).fail(error)
            raise
        found = {text: vector.copy() for text, vector in zip(missing, new_vectors, strict=True)}
        with self._lock:
            for text, vector in found.items():
                self._entries[text] = vector
                self._entries.move_to_end(text)
                self._in_flight.pop(text).answer(vector)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)
        return found

    def save(self) -> None:
        """Write the cache to `path` (no-op without a path)."""
        if self.path is None:
            return
        with self._lock:
            texts = np.array(list(self._entries.keys()), dtype=np.str_)
            vectors = (
                np.stack(list(self._entries.values()))
                if self._entries
                else np.zeros((0, self.dimension), dtype=np.float32)
            )
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_name(self.path.name + ".tmp.npz")
        np.savez(temporary, name=np.array(self.name), texts=texts, vectors=vectors)
        os.replace(temporary, self.path)

    def _load(self, path: Path) -> None:
        with np.load(path, allow_pickle=False) as data:
            if str(data["name"]) != self.name:
                return
            vectors = np.asarray(data["vectors"], dtype=np.float32)
            if vectors.ndim != 2 or (len(vectors) and vectors.shape[1] != self.dimension):
                return
            for text, vector in zip(data["texts"].tolist(), vectors, strict=True):
                self._entries[str(text)] = vector
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)


class _InFlight:
    """One text being embedded by some caller; other callers wait here for its vector."""

    def __init__(self) -> None:
        self._done = threading.Event()
        self._vector: FloatMatrix | None = None
        self._error: BaseException | None = None

    def answer(self, vector: FloatMatrix) -> None:
        self._vector = vector
        self._done.set()

    def fail(self, error: BaseException) -> None:
        self._error = error
        self._done.set()

    def wait(self) -> FloatMatrix:
        # The embedding caller always answers or fails (even on KeyboardInterrupt), and its
        # own wait is bounded by the inner embedder (`CoalescingEmbedder.stall_seconds`).
        self._done.wait()
        if self._error is not None:
            raise self._error
        assert self._vector is not None
        return self._vector

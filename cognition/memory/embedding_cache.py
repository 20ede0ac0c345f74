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

    Misses in one call are de-duplicated and embedded in a single batch. With `path`, the
    cache is loaded from that `.npz` file (only if it was written for the same embedder name
    and dimension) and written back by `save()` — no pickle, an atomic replace.
    """

    def __init__(
        self, inner: Embedder, max_entries: int = 20_000, path: Path | None = None
    ) -> None:
        self.inner = inner
        self.max_entries = max_entries
        self.path = path
        self.hits = 0  # texts answered from the cache
        self.misses = 0  # distinct texts passed to the inner embedder
        self._entries: OrderedDict[str, FloatMatrix] = OrderedDict()
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
        with self._lock:
            for text in texts:
                cached = self._entries.get(text)
                if cached is not None:
                    self._entries.move_to_end(text)
                    vectors[text] = cached
            missing = list(dict.fromkeys(text for text in texts if text not in vectors))
            self.hits += sum(1 for text in texts if text in vectors)
            self.misses += len(missing)
        if missing:
            # Embedded outside the lock: other threads may use the cache meanwhile.
            new_vectors = self.inner.embed(missing)
            with self._lock:
                for text, vector in zip(missing, new_vectors, strict=True):
                    vectors[text] = vector.copy()
                    self._entries[text] = vectors[text]
                    self._entries.move_to_end(text)
                while len(self._entries) > self.max_entries:
                    self._entries.popitem(last=False)
        stacked: FloatMatrix = np.stack([vectors[text] for text in texts]).astype(np.float32)
        return stacked

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

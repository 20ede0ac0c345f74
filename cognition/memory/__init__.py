"""Memory stream, embeddings and retrieval (see README.md in this package)."""

from __future__ import annotations

from cognition.memory.bundled import bundled_file
from cognition.memory.chroma_child import (
    ChromaChildError,
    ChromaChildGone,
    end_memory_children,
)
from cognition.memory.coalescing import CoalescingEmbedder, EmbedderClosed, EmbeddingStalled
from cognition.memory.collection import StoredRecord
from cognition.memory.embedding_cache import CachedEmbedder
from cognition.memory.embeddings import Embedder, LocalMiniLM, ServerEmbedder, normalise_rows
from cognition.memory.records import MemoryKind, MemoryRecord, NewMemory, RetrievalHit
from cognition.memory.scoring import RetrievalWeights
from cognition.memory.server import (
    ChromaAddress,
    MemoryServer,
    MemoryServerProblem,
    MemoryStoreUnavailable,
    check_server,
    drop_database,
    parse_chroma_url,
)
from cognition.memory.store import MemoryStore, collection_name
from cognition.memory.stream import MemoryStream

__all__ = [
    "CachedEmbedder",
    "ChromaAddress",
    "ChromaChildError",
    "ChromaChildGone",
    "CoalescingEmbedder",
    "Embedder",
    "EmbedderClosed",
    "EmbeddingStalled",
    "LocalMiniLM",
    "MemoryKind",
    "MemoryRecord",
    "MemoryServer",
    "MemoryServerProblem",
    "MemoryStore",
    "MemoryStoreUnavailable",
    "MemoryStream",
    "NewMemory",
    "RetrievalHit",
    "RetrievalWeights",
    "ServerEmbedder",
    "StoredRecord",
    "bundled_file",
    "check_server",
    "collection_name",
    "drop_database",
    "end_memory_children",
    "normalise_rows",
    "parse_chroma_url",
]

"""`MemoryStore`: every agent's memories in one Chroma database — a local directory, or a
database on a Chroma server (`MemoryStore.on_server`).

One collection per agent, so no query ever needs a `where` filter. A local directory is the
state: copying it (after `close()`) copies the town's memories. Use one `MemoryStore` per
directory per process; Chroma is not safe for two processes writing one directory. On a
server, every Chroma call is guarded (`server.py`): a lost connection raises
`MemoryStoreUnavailable`, and `health.lost` says so until `health.recovered()`.
"""

from __future__ import annotations

import hashlib
import logging
import re
import threading
from pathlib import Path
from types import TracebackType
from typing import Any

from cognition.memory.chroma_child import ChromaChild, ChromaChildGone
from cognition.memory.collection import FORMAT_VERSION, AgentCollection
from cognition.memory.server import (
    MemoryServer,
    MemoryStoreUnavailable,
    ServerHealth,
    close_client,
    connect,
)

log = logging.getLogger(__name__)

_SLUG_LENGTH = 40
_HASH_LENGTH = 10


def collection_name(agent: str) -> str:
    """A Chroma collection name for an agent: readable, unique and stable.

    "Mei Lin" → "agent-mei-lin-<hash>". Chroma wants 3–512 characters of [a-zA-Z0-9._-],
    starting and ending with a letter or digit; the slug is lower-case and cut to 40
    characters, so the hash of the exact name (case and punctuation included) keeps
    different agents apart.
    """
    if not agent:
        raise ValueError("an agent needs a non-empty name")
    slug = re.sub(r"[^a-z0-9]+", "-", agent.lower()).strip("-")[:_SLUG_LENGTH].strip("-")
    digest = hashlib.sha256(agent.encode("utf-8")).hexdigest()[:_HASH_LENGTH]
    return f"agent-{slug}-{digest}" if slug else f"agent-{digest}"


class MemoryStore:
    """Owns the Chroma client for `directory` and one `AgentCollection` per opened agent."""

    def __init__(
        self,
        directory: Path | None = None,
        access_flush_threshold: int = 256,
        *,
        server: MemoryServer | None = None,
        write_behind: int = 0,
        in_child: bool = False,
    ) -> None:
        """A local store in `directory`, or (with `server` instead) the memories in that
        server's database (see `on_server`). With `write_behind=N` (local stores only) an
        agent's new records reach Chroma N at a time (and on `flush()` / `close()`): a crash
        can then lose each agent's last N - 1 records; the mirror, and so retrieval and
        `copy_to`, has them at once. With `in_child` (local stores only) Chroma runs in a
        child process (`chroma_child.py`): its writes no longer hold this process's GIL."""
        if (directory is None) == (server is None):
            raise ValueError("a memory store needs a directory or a server, not both")
        if (write_behind or in_child) and server is not None:
            raise ValueError("write_behind and in_child are for a local store")
        self._write_behind = max(0, write_behind)
        self._in_child = in_child
        self.directory = None if directory is None else Path(directory)
        self.server = server
        self.health: ServerHealth | None = None
        self._client: Any
        if server is not None:
            self.health = ServerHealth(server.address)
            self._client = connect(server, self.health)
        elif in_child:
            assert self.directory is not None
            self._client = ChromaChild(self.directory)
        else:
            # lazy: importing chromadb costs about 3 s (measured); only a store needs it
            import chromadb
            from chromadb.config import Settings

            assert self.directory is not None
            self.directory.mkdir(parents=True, exist_ok=True)
            self._client = chromadb.PersistentClient(
                path=str(self.directory), settings=Settings(anonymized_telemetry=False)
            )
        self._access_flush_threshold = access_flush_threshold
        self._collections: dict[str, AgentCollection] = {}
        self._lock = threading.Lock()
        self._closed = False

    @classmethod
    def on_server(cls, server: MemoryServer, access_flush_threshold: int = 256) -> MemoryStore:
        """The memories in `server`'s database (tenant and database created when missing):
        the same collections, mirror and retrieval as in process. `MemoryStoreUnavailable`
        when the server does not answer (check it first: `check_server`)."""
        return cls(None, access_flush_threshold, server=server)

    @property
    def where(self) -> str:
        """Where the memories live, for messages: the directory or the server's database."""
        return self.server.where if self.server is not None else str(self.directory)

    def collection(self, agent: str) -> AgentCollection:
        """The agent's collection, created on first use and shared by all its streams."""
        with self._lock:
            self._check_open()
            existing = self._collections.get(agent)
            if existing is not None:
                return existing
            name = collection_name(agent)
            chroma_collection = self._client.get_or_create_collection(
                name=name,
                embedding_function=None,  # embeddings are always passed in; never download
                # Vectors are unit length, so inner product is cosine. Chroma's "cosine" space
                # would re-normalise them on write and change last bits: no exact copies.
                configuration={"hnsw": {"space": "ip"}},
                metadata={"agent": agent, "format": FORMAT_VERSION},
            )
            stored_agent = (chroma_collection.metadata or {}).get("agent")
            if stored_agent != agent:
                raise ValueError(f"collection {name} belongs to {stored_agent!r}, not {agent!r}")
            opened = AgentCollection(
                chroma_collection, agent, self._access_flush_threshold, self._write_behind
            )
            self._collections[agent] = opened
            return opened

    def agents(self) -> list[str]:
        """Names of all agents with a collection in this store, sorted."""
        with self._lock:
            self._check_open()
            names = []
            for chroma_collection in self._client.list_collections():
                agent = (chroma_collection.metadata or {}).get("agent")
                if isinstance(agent, str):
                    names.append(agent)
            return sorted(names)

    def opened_agents(self) -> list[str]:
        """Names of the agents opened in this process, sorted (their mirrors hold every
        record Chroma has: enough to save from while a server is away)."""
        with self._lock:
            return sorted(self._collections)

    def delete_agent(self, agent: str) -> None:
        """Forget an agent's memories entirely."""
        with self._lock:
            self._check_open()
            self._collections.pop(agent, None)
            if collection_name(agent) in {c.name for c in self._client.list_collections()}:
                self._client.delete_collection(collection_name(agent))

    def copy_to(self, directory: Path) -> None:
        """Write an exact copy of every agent's memories (records, embeddings, access times,
        reflection time, embedder name) into a new local store at `directory` — e.g. a save
        slot's temporary directory, swapped in afterwards. `directory` must not hold a store
        yet. Works the same for a store on a server (the copy comes from the mirrors). A store
        kept by a child process writes its copy by a child too."""
        target_directory = Path(directory)
        if target_directory.exists() and any(target_directory.iterdir()):
            raise FileExistsError(f"{target_directory} is not empty")
        with MemoryStore(target_directory, in_child=self._in_child) as target:
            self.copy_into(target)

    def copy_into(self, target: MemoryStore) -> None:
        """Copy every agent's memories exactly into `target` (another store, local or on a
        server), whose agents must have no memories yet. The copy comes from the mirrors,
        so it is whole even when the child keeping this store has died: then the agents are
        those opened here (a town opens every resident's)."""
        try:
            agents = self.agents()
        except ChromaChildGone:
            with self._lock:
                agents = sorted(self._collections)
        for agent in agents:
            source = self.collection(agent)
            copy = target.collection(agent)
            with source.lock:
                records = list(source.mirror.records)
                embeddings = source.mirror.embeddings.copy()
                settings = source.settings()
            for key, value in settings.items():
                copy.set_setting(key, value)
            copy.write(records, embeddings)

    def flush(self) -> None:
        """Write every pending last-access time to disk."""
        with self._lock:
            collections = list(self._collections.values())
        for opened in collections:
            opened.flush()
        if isinstance(self._client, ChromaChild):
            self._client.sync()  # written, not only sent

    def close(self) -> None:
        """Flush and release the Chroma client (its SQLite files). Safe to call twice. On a
        server that no longer answers, the access times not yet written are lost (logged);
        every memory itself was written when it was made."""
        if self._closed:
            return
        try:
            self.flush()
        except MemoryStoreUnavailable as error:
            log.warning("closing the memory store without its last access times: %s", error)
        finally:  # a child whose write failed (raised by the flush) is ended all the same
            with self._lock:
                self._closed = True
                self._collections.clear()
                if self.server is not None:
                    close_client(self._client)
                else:
                    self._client.close()

    @property
    def closed(self) -> bool:
        return self._closed

    def process_ended(self) -> str | None:
        """Why the child process keeping this open store's database ended (`in_child`), else
        None: it lives, or there is none. Costs no call to the child."""
        if self._closed or not isinstance(self._client, ChromaChild):
            return None
        return self._client.ended()

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError(f"memory store {self.where} is closed")

    def __enter__(self) -> MemoryStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

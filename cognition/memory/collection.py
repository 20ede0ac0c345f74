"""`AgentCollection`: one agent's Chroma collection together with its in-memory mirror.

Writes go to Chroma first, then to the mirror, so the mirror never holds what is not stored
(on a server that stops answering, a write raises `MemoryStoreUnavailable` and the mirror
stays as it was).
Last-access updates are the exception: they change the mirror at once and reach Chroma in
batches (on `flush()`, on close, or once `access_flush_threshold` are pending), because a
Chroma update costs ~5 ms — as much as the whole retrieval. A record still waiting for its
write (`write_behind`) needs no update: it is written with the mirror's last-access time.
With `write_behind=N` (a local store that asks for it) new records, too, go to the mirror at
once and to Chroma in one write once N are waiting, on `flush()` and on close: a local
Chroma write costs ~8 ms of CPU and several fsyncs whatever its size, holding the GIL.
With `write_behind` a changed setting (`set_setting`) also waits, for the next write of
records or `flush()`: it is read back from the collection's copy of its settings at once.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np
import numpy.typing as npt

from cognition.memory.fields import MemoryFields, fields_from_json, fields_to_json
from cognition.memory.mirror import RecordMirror
from cognition.memory.records import MemoryKind, MemoryRecord
from cognition.memory.server import MemoryStoreUnavailable

CHROMA_MAX_BATCH = 5000
PAGE_SIZE = 5000
FORMAT_VERSION = 1


@dataclass(frozen=True, eq=False)
class StoredRecord:
    """A record with its embedding: what `export_records` gives and `import_records` takes."""

    record: MemoryRecord
    embedding: npt.NDArray[np.float32]


def record_metadata(record: MemoryRecord, sequence: int) -> dict[str, str | int]:
    return {
        "kind": record.kind.value,
        "created": record.created.isoformat(),
        "last_accessed": record.last_accessed.isoformat(),
        "importance": record.importance,
        "depth": record.depth,
        "evidence": json.dumps(list(record.evidence)),
        "sequence": sequence,
        "about": fields_to_json(record.about),
    }


def record_from_metadata(
    record_id: str, agent: str, text: str, metadata: Mapping[str, Any]
) -> MemoryRecord:
    return MemoryRecord(
        id=record_id,
        agent=agent,
        kind=MemoryKind(metadata["kind"]),
        text=text,
        created=datetime.fromisoformat(metadata["created"]),
        last_accessed=datetime.fromisoformat(metadata["last_accessed"]),
        importance=int(metadata["importance"]),
        evidence=tuple(json.loads(metadata["evidence"])),
        depth=int(metadata["depth"]),
        about=fields_from_json(metadata.get("about")),  # none in a save older than fields
    )


class AgentCollection:
    """Durable records (Chroma) + mirror + lock for one agent. Obtain through `MemoryStore`."""

    def __init__(
        self,
        chroma_collection: Any,
        agent: str,
        access_flush_threshold: int,
        write_behind: int = 0,
    ) -> None:
        self.agent = agent
        self.lock = threading.RLock()
        self.mirror = RecordMirror()
        self._collection = chroma_collection
        self._pending_access: dict[str, str] = {}
        self._access_flush_threshold = access_flush_threshold
        self._write_behind = write_behind
        self._unwritten: list[tuple[MemoryRecord, npt.NDArray[np.float32], int]] = []
        self._unwritten_ids: set[str] = set()  # a touch of these rides along with their write
        self._metadata: dict[str, Any] = dict(chroma_collection.metadata or {})
        self._metadata_unwritten = False  # a setting changed, not yet in Chroma (write_behind)
        self._next_sequence = 0
        self._load()

    def _load(self) -> None:
        total = int(self._collection.count())
        rows: list[tuple[int, MemoryRecord, npt.NDArray[np.float32]]] = []
        for offset in range(0, total, PAGE_SIZE):
            page = self._collection.get(
                include=["embeddings", "documents", "metadatas"], limit=PAGE_SIZE, offset=offset
            )
            embeddings = np.asarray(page["embeddings"], dtype=np.float32)
            for row, record_id in enumerate(page["ids"]):
                metadata = page["metadatas"][row]
                record = record_from_metadata(
                    record_id, self.agent, page["documents"][row], metadata
                )
                rows.append((int(metadata["sequence"]), record, embeddings[row]))
        if not rows:
            return
        rows.sort(key=lambda row: row[0])
        self.mirror.append(
            [row[1] for row in rows], np.stack([row[2] for row in rows]), [row[0] for row in rows]
        )
        self._next_sequence = rows[-1][0] + 1

    def new_ids(self, count: int) -> list[str]:
        """Fresh, stable ids: 'm' + the zero-padded sequence number, skipping any taken id."""
        with self.lock:
            ids: list[str] = []
            candidate = self._next_sequence
            while len(ids) < count:
                record_id = f"m{candidate:06d}"
                if record_id not in self.mirror.index_of:
                    ids.append(record_id)
                candidate += 1
            return ids

    def write(self, records: Sequence[MemoryRecord], embeddings: npt.NDArray[np.float32]) -> None:
        """Store new records (ids must be unused) with their embeddings."""
        if not records:
            return
        vectors = np.asarray(embeddings, dtype=np.float32)
        with self.lock:
            self.mirror.check_dimension(int(vectors.shape[1]))
            ids = [record.id for record in records]
            taken = [i for i in ids if i in self.mirror.index_of]
            if taken or len(set(ids)) != len(ids):
                raise ValueError(f"record ids already used: {taken or ids}")
            sequences = list(range(self._next_sequence, self._next_sequence + len(records)))
            rows = list(zip(records, vectors, sequences, strict=True))
            if self._write_behind <= 0:
                self._upsert(rows)
            self.mirror.append(records, vectors, sequences)
            self._next_sequence += len(records)
            if self._write_behind > 0:
                self._unwritten.extend(rows)
                self._unwritten_ids.update(ids)
                if len(self._unwritten) >= self._write_behind:
                    self._write_unwritten()

    @property
    def unwritten_count(self) -> int:
        """Records in the mirror not yet in Chroma (only with `write_behind`)."""
        with self.lock:
            return len(self._unwritten)

    def _write_unwritten(self) -> None:
        """Write the waiting records as the mirror has them now: with the last-access time
        of any touch since they were added (`touch` left those out of the pending updates)."""
        records, index_of = self.mirror.records, self.mirror.index_of
        rows = [
            (records[index_of[record.id]], vector, seq) for record, vector, seq in self._unwritten
        ]
        self._upsert(rows)  # raises: they stay waiting, written by a later flush
        self._unwritten = []
        self._unwritten_ids.clear()
        self._write_metadata()

    def _write_metadata(self) -> None:
        if self._metadata_unwritten:
            self._collection.modify(metadata=self._metadata)
            self._metadata_unwritten = False

    def _upsert(self, rows: Sequence[tuple[MemoryRecord, npt.NDArray[np.float32], int]]) -> None:
        for start in range(0, len(rows), CHROMA_MAX_BATCH):
            chunk = rows[start : start + CHROMA_MAX_BATCH]
            # upsert, not add: the ids are new to the mirror, but a write a lost server
            # took without answering may hold them; Chroma's add would keep that old text
            self._collection.upsert(
                ids=[record.id for record, _, _ in chunk],
                embeddings=np.stack([vector for _, vector, _ in chunk]),
                documents=[record.text for record, _, _ in chunk],
                metadatas=[record_metadata(record, sequence) for record, _, sequence in chunk],
            )

    def refill(self, fields: Mapping[str, MemoryFields | None]) -> list[MemoryRecord]:
        """Give stored records new fields (`fields`: id → fields; an older save's records
        migrated once): Chroma first, then the mirror; KeyError for an unknown id."""
        with self.lock:
            rows = [self.mirror.index_of[record_id] for record_id in fields]
            if self._unwritten:
                self._write_unwritten()  # the records to change are all in Chroma first
            changes = list(fields.items())
            for start in range(0, len(changes), CHROMA_MAX_BATCH):
                chunk = changes[start : start + CHROMA_MAX_BATCH]
                self._collection.update(
                    ids=[record_id for record_id, _ in chunk],
                    metadatas=[{"about": fields_to_json(about)} for _, about in chunk],
                )
            records = self.mirror.records
            for row, (_, about) in zip(rows, changes, strict=True):
                records[row] = records[row].model_copy(update={"about": about})
            return [records[row] for row in rows]

    def touch(self, rows: Sequence[int], moment: datetime) -> None:
        with self.lock:
            self.mirror.touch(rows, moment)
            stamp = moment.isoformat()
            for row in rows:
                record_id = self.mirror.records[row].id
                if record_id not in self._unwritten_ids:  # else: written with its new time
                    self._pending_access[record_id] = stamp
            if len(self._pending_access) >= self._access_flush_threshold:
                with contextlib.suppress(MemoryStoreUnavailable):
                    self.flush()  # if the server is lost: still pending, written later

    def flush(self) -> None:
        """Write the records waiting (with `write_behind`), then pending last-access times,
        to Chroma."""
        with self.lock:
            if self._unwritten:
                self._write_unwritten()  # first: an access time may be for one of them
            self._write_metadata()
            pending = list(self._pending_access.items())
            for start in range(0, len(pending), CHROMA_MAX_BATCH):
                chunk = pending[start : start + CHROMA_MAX_BATCH]
                self._collection.update(
                    ids=[record_id for record_id, _ in chunk],
                    metadatas=[{"last_accessed": stamp} for _, stamp in chunk],
                )
            self._pending_access.clear()

    @property
    def pending_access_count(self) -> int:
        with self.lock:
            return len(self._pending_access)

    def setting(self, key: str) -> Any:
        """A value stored on the collection (e.g. the last reflection time)."""
        with self.lock:
            return self._metadata.get(key)

    def settings(self) -> dict[str, Any]:
        """Every value stored on the collection except the agent's name and the format."""
        with self.lock:
            return {k: v for k, v in self._metadata.items() if k not in {"agent", "format"}}

    def set_setting(self, key: str, value: str | int | float) -> None:
        """Store a value on the collection: in Chroma at once, or with `write_behind` at the
        next write of records or `flush()` (each Chroma write holds the GIL and fsyncs)."""
        with self.lock:
            metadata = {**self._metadata, key: value}
            if self._write_behind > 0:
                self._metadata, self._metadata_unwritten = metadata, True
                return
            self._collection.modify(metadata=metadata)  # Chroma first, as every write
            self._metadata = metadata

    @property
    def metadata_unwritten(self) -> bool:
        """A setting changed and not yet in Chroma (only with `write_behind`)."""
        with self.lock:
            return self._metadata_unwritten

    def embeddings_of(self, rows: Sequence[int]) -> npt.NDArray[np.float32]:
        with self.lock:
            return self.mirror.embeddings[list(rows)].copy()

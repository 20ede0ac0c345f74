"""Writing a run record: rows go on a queue; one background thread batches them into SQLite.

    writer = RecordWriter(path, meta, secrets=[api_key])   # creates the file, or continues it
    writer.write(PositionRow(...))                         # any thread; never waits on disk
    writer.flush()                                         # everything so far is committed
    writer.copy_to(slot / "record.sqlite")                 # a consistent copy, for a save
    writer.close()                                         # flush, stop, checkpoint

The file is in WAL mode with `synchronous=NORMAL`: a commit at least every `flush_every_s`
(and on `flush`), so a killed process loses at most about that much, never the file. Every
text is redacted of `secrets` before it is written. After construction nothing here raises
into the caller: a failure (disk full, folder gone, a malformed row) is logged, counted in
`errors`, kept as a one-line `last_error` for the game to show, and the failed rows dropped.
A path that cannot hold a record (its folder cannot be made, or it holds something that is
not a record this version can continue) leaves a writer that records nothing and says why in
`last_error`. One writer per file.
"""

from __future__ import annotations

import atexit
import logging
import os
import queue
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import replace
from pathlib import Path

from game.records.codec import (
    Redactor,
    SqlValue,
    encode_row,
    format_time,
    format_wall,
    meta_items,
)
from game.records.errors import RecordError
from game.records.reader import RunRecord, size_on_disk
from game.records.rows import Row, RunMeta
from game.records.schema import META, MIGRATIONS, RUNS, SCHEMA_VERSION, TABLES, create_schema
from game.saves.files import PRIVATE_FILE_MODE, private_directory

__all__ = ["RecordWriter"]

log = logging.getLogger(__name__)

MAX_BATCH = 5000  # rows per transaction at most, when rows arrive faster than once a second
CLOSE_TIMEOUT_S = 30.0


class _Flush:
    """A marker on the queue: set `done` once every row queued before it is committed."""

    def __init__(self) -> None:
        self.done = threading.Event()


class _Stop:
    """A marker on the queue: commit what is queued, checkpoint, close the connection."""


class RecordWriter:
    """Appends rows to the run record at `path` from any thread (see the module docstring)."""

    def __init__(
        self,
        path: Path,
        meta: RunMeta,
        *,
        secrets: Iterable[str] = (),
        flush_every_s: float = 1.0,
    ) -> None:
        self.path = Path(path)
        self.flush_every_s = flush_every_s
        self._redact = Redactor(secrets)
        for name, text in meta.texts().items():
            if self._redact.found_in(text):
                raise ValueError(f"RunMeta.{name} holds a secret; a run record never stores one")
        self.meta = meta
        self._lock = threading.Lock()
        self._queue: queue.SimpleQueue[Row | _Flush | _Stop] = queue.SimpleQueue()
        self._rows_written = self._rows_dropped = self._errors = self._pending = 0
        self._last_error: str | None = None
        self._closed = False
        self._next_conversation = 1
        self._connection: sqlite3.Connection | None = None
        self._thread: threading.Thread | None = None
        self._usable = False  # the file was made (or continued): copies can be taken
        try:
            self._connection, self.meta, self._next_conversation = open_for_writing(self.path, meta)
        except RecordError as error:
            self._failed(f"not recording this run: {error}")
        except (OSError, sqlite3.Error) as error:
            self._failed(f"not recording this run: cannot create {self.path} ({_reason(error)})")
        if self._connection is not None:
            self._usable = True
            self._thread = threading.Thread(
                target=self._run, name=f"record writer {self.path.name}", daemon=True
            )
            self._thread.start()
            atexit.register(self.close)  # rows still queued at exit reach the file

    @property
    def usable(self) -> bool:
        """True when the file was made (or continued): the run is being recorded."""
        return self._usable

    # --- any thread ---------------------------------------------------------------------------

    def write(self, row: Row) -> None:
        """Queue `row` for the file; returns at once (checked and written on the writer's
        thread; a bad row is counted in `errors`, not raised)."""
        with self._lock:
            if self._closed or self._connection is None:
                self._rows_dropped += 1
                return
            self._pending += 1
            self._queue.put(row)

    def next_conversation_id(self) -> int:
        """A fresh conversation id: one more than any handed out or already in the file."""
        with self._lock:
            number = self._next_conversation
            self._next_conversation += 1
            return number

    def flush(self, timeout: float = 10.0) -> None:
        """Return once every row written so far is committed (or failed), or after
        `timeout` seconds (logged)."""
        thread = self._thread
        if thread is None or not thread.is_alive():
            return
        marker = _Flush()
        with self._lock:
            if self._closed:
                return
            self._queue.put(marker)
        if not marker.done.wait(timeout):
            log.warning("run record %s: not flushed within %.1f s", self.path.name, timeout)

    def copy_to(self, path: Path) -> None:
        """A consistent, self-contained copy of the record as it is now (after a flush) at
        `path`, written beside it and renamed into place. `RecordError` when it cannot be
        made (a save can go on without it). Works after `close()` too."""
        target = Path(path)
        if target.resolve() == self.path.resolve():
            raise ValueError("copy_to needs a path other than the record's own")
        if not self._usable:
            raise RecordError(f"no run record to copy ({self._last_error})")
        self.flush()
        temporary = target.with_name(f".{target.name}.tmp-{uuid.uuid4().hex}")
        try:
            private_directory(target.parent)
            os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT, PRIVATE_FILE_MODE))
            source = sqlite3.connect(self.path.resolve().as_uri() + "?mode=ro", uri=True)
            try:
                copy = sqlite3.connect(temporary)
                try:
                    source.backup(copy)
                    copy.execute("PRAGMA journal_mode = DELETE")
                finally:
                    copy.close()
            finally:
                source.close()
            os.replace(temporary, target)
        except (OSError, sqlite3.Error) as error:
            with suppress(OSError):
                temporary.unlink(missing_ok=True)
            raise RecordError(
                f"cannot copy the run record {self.path} to {target}: {_reason(error)}"
            ) from None

    def close(self) -> None:
        """Commit everything queued, stop the thread, checkpoint the WAL into the file and
        leave it as one self-contained file. Idempotent; later writes are dropped."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self._thread is not None:
                self._queue.put(_Stop())
        atexit.unregister(self.close)
        if self._thread is not None:
            self._thread.join(CLOSE_TIMEOUT_S)
            if self._thread.is_alive():
                log.warning("run record %s: the writer did not stop in time", self.path.name)

    # --- stats, for the UI and benchmarks ----------------------------------------------------

    @property
    def rows_written(self) -> int:
        return self._rows_written

    @property
    def rows_dropped(self) -> int:
        """Rows lost: failed writes, malformed rows, writes after close or without a file."""
        return self._rows_dropped

    @property
    def pending(self) -> int:
        """Rows queued and not yet committed (or dropped)."""
        return self._pending

    @property
    def errors(self) -> int:
        """Failures so far: each failed batch, malformed row or unusable path counts one."""
        return self._errors

    @property
    def last_error(self) -> str | None:
        """The latest failure in one line, for the game to show; None while all is well."""
        return self._last_error

    @property
    def bytes(self) -> int:
        """The record's size on disk: the file and its WAL."""
        return size_on_disk(self.path)

    # --- the writer's thread -----------------------------------------------------------------

    def _run(self) -> None:
        try:
            self._loop()
        except Exception:  # a bug here must not kill the game: log it, stop recording
            log.exception("run record %s: the writer stopped", self.path.name)
            self._failed("the run record's writer stopped (see the log)")
        finally:
            self._finish()

    def _loop(self) -> None:
        batch: list[Row] = []
        commit_at = 0.0
        while True:
            timeout = max(0.0, commit_at - time.monotonic()) if batch else None
            items: list[Row | _Flush | _Stop] = []
            try:
                items.append(self._queue.get(timeout=timeout))
                while len(items) < MAX_BATCH:
                    items.append(self._queue.get_nowait())
            except queue.Empty:
                pass
            flushes, stopping = [], False
            for item in items:
                if isinstance(item, _Flush):
                    flushes.append(item)
                elif isinstance(item, _Stop):
                    stopping = True
                else:
                    if not batch:
                        commit_at = time.monotonic() + self.flush_every_s
                    batch.append(item)
            due = time.monotonic() >= commit_at or len(batch) >= MAX_BATCH
            if batch and (flushes or stopping or due):
                self._store(batch)
                batch = []
            for flush in flushes:
                flush.done.set()
            if stopping:
                return

    def _store(self, batch: list[Row]) -> None:
        """Insert `batch` in one transaction; on failure count it, drop it, carry on."""
        connection = self._connection
        assert connection is not None
        by_table: dict[str, list[tuple[SqlValue, ...]]] = {}
        for row in batch:
            try:
                table, values = encode_row(row, self._redact)
            except (TypeError, ValueError) as error:
                self._failed(f"a {type(row).__name__} was not recorded: {error}", rows=1)
                continue
            by_table.setdefault(table.name, []).append(values)
        count = sum(len(values) for values in by_table.values())
        try:
            if count and not self.path.exists():
                raise FileNotFoundError("the file is gone (its folder was moved or deleted?)")
            if count:
                connection.execute("BEGIN")
                for name, rows in by_table.items():
                    connection.executemany(TABLES[name].insert_sql(), rows)
                connection.execute("COMMIT")
        except (OSError, sqlite3.Error) as error:
            _roll_back(connection)
            self._failed(
                f"{count} rows were not recorded in {self.path.name}: {_reason(error)}", rows=count
            )
        else:
            with self._lock:
                self._rows_written += count
        with self._lock:
            self._pending -= len(batch)

    def _finish(self) -> None:
        connection, self._connection = self._connection, None
        if connection is None:
            return
        try:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            connection.execute("PRAGMA journal_mode = DELETE")  # one file, readable anywhere
        except sqlite3.Error as error:  # e.g. a reader still has it open: it stays in WAL
            log.info("run record %s: left in WAL mode (%s)", self.path.name, error)
        finally:
            connection.close()

    def _failed(self, message: str, rows: int = 0) -> None:
        log.warning("run record: %s", message)
        with self._lock:
            self._errors += 1
            self._rows_dropped += rows
            self._last_error = message


def open_for_writing(path: Path, meta: RunMeta) -> tuple[sqlite3.Connection, RunMeta, int]:
    """A connection to a new record at `path`, or to the valid record already there (whose
    run id becomes `continues`; one of an older schema migrated to this one, in the same
    transaction as its new meta); the meta as stored; the next conversation id."""
    private_directory(path.parent)
    fresh = not path.exists() or path.stat().st_size == 0
    version = SCHEMA_VERSION
    if fresh:
        for leftover in ("-wal", "-shm", "-journal"):  # from a file deleted under them
            Path(f"{path}{leftover}").unlink(missing_ok=True)
        # the record holds what the minds said: the player's alone (SQLite gives its -wal
        # and -shm files the database's mode)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, PRIVATE_FILE_MODE))
    else:
        with RunRecord.open(path) as previous:
            old, version = previous.meta, previous.version
        carried = old.continues if old.run_id == meta.run_id else old.run_id
        meta = replace(meta, continues=carried)
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise sqlite3.OperationalError(f"cannot use WAL mode here (got {mode})")
        connection.execute("PRAGMA synchronous = NORMAL")
        connection.execute("BEGIN IMMEDIATE")
        if fresh:
            create_schema(connection)
        for older in range(version, SCHEMA_VERSION):
            for statement in MIGRATIONS[older]:
                connection.execute(statement)
        connection.execute("DELETE FROM meta")
        connection.executemany(META.insert_sql(), meta_items(meta))
        known = connection.execute(  # the same run writing again (evaluate's traces)
            f"SELECT 1 FROM {RUNS.name} WHERE run_id = ?", (meta.run_id,)
        ).fetchone()
        if known is None:
            connection.execute(
                RUNS.insert_sql(),
                (
                    meta.run_id, meta.kind, format_wall(meta.started),
                    format_time(meta.start_time), meta.brain, meta.model, meta.app_version,
                ),
            )  # fmt: skip
        (largest,) = connection.execute(
            "SELECT MAX(n) FROM (SELECT MAX(id) AS n FROM conversations "
            "UNION ALL SELECT MAX(conversation) FROM lines)"
        ).fetchone()
        connection.execute("COMMIT")
    except BaseException:
        connection.close()
        if fresh:  # a record that could not be made leaves no husk of a file behind
            for made in (path, *(Path(f"{path}{end}") for end in ("-wal", "-shm", "-journal"))):
                with suppress(OSError):
                    made.unlink(missing_ok=True)
        raise
    return connection, meta, int(largest or 0) + 1


def _roll_back(connection: sqlite3.Connection) -> None:
    try:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
    except sqlite3.Error as error:
        log.info("run record: rollback failed (%s)", error)


def _reason(error: BaseException) -> str:
    """An error in a few words, on one line."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror if not error.filename else f"{error.strerror}: {error.filename}"
    return " ".join(str(error).split()) or type(error).__name__

"""Reading a run record: `RunRecord.open(path)` checks the file and answers questions about
the town at any game time, through a read-only connection.

A record being written by a live writer, or left by a killed one (its WAL not checkpointed),
reads up to its last commit. A record of an older schema reads as it is: a column it lacks
reads as None (a version 1 record's memories have `fields` None: unknown). The checks made
on opening live in `opening.py`. Every failure is a `RecordError` whose one-line message
names the file and says what is wrong. A `RunRecord` is for one thread at a time.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from types import TracebackType

from game.records.codec import decode_row, format_time, parse_time
from game.records.errors import RecordError
from game.records.marks import mark_from, mark_sources
from game.records.opening import (
    cannot_open,
    check_contents,
    check_header,
    present_columns,
    select_list,
    size_on_disk,
)
from game.records.rows import (
    ConversationRow,
    LineRow,
    Mark,
    MemoryRow,
    ObjectRow,
    PersonRow,
    PlanRow,
    PlayerActionRow,
    PositionRow,
    RunMeta,
    TraceRow,
)
from game.records.schema import (
    CONVERSATIONS,
    DATA_TABLES,
    LINES,
    MEMORIES,
    OBJECTS,
    PEOPLE,
    PLANS,
    PLAYER_ACTIONS,
    POSITIONS,
    TABLES,
    TRACES,
    Table,
)

__all__ = ["RunRecord", "check_header", "size_on_disk"]


class RunRecord:
    """An open run record. `RunRecord.open(path)`; use as a context manager or `close()`."""

    def __init__(
        self,
        path: Path,
        connection: sqlite3.Connection,
        meta: RunMeta,
        version: int,
        present: dict[str, frozenset[str]],
    ) -> None:
        self.path = path
        self.meta = meta
        self.version = version  # the record's schema version (older ones read too)
        self._connection = connection
        self._present = present  # each table's columns as the file has them

    @classmethod
    def open(cls, path: Path | str) -> RunRecord:
        """Open and check the record at `path`; `RecordError` when it cannot be read."""
        path = Path(path)
        check_header(path)
        uri = path.resolve().as_uri() + "?mode=ro"
        try:
            connection = sqlite3.connect(uri, uri=True, check_same_thread=False)
        except sqlite3.Error as error:
            raise cannot_open(path, f"SQLite cannot open it ({error})") from None
        connection.row_factory = sqlite3.Row
        try:
            meta, version = check_contents(path, connection)
            present = present_columns(path, connection)
        except BaseException:
            connection.close()
            raise
        return cls(path, connection, meta, version, present)

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> RunRecord:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # --- the whole run ----------------------------------------------------------------------

    def span(self) -> tuple[datetime, datetime]:
        """The first and last game time of any row (the meta's start time twice when empty)."""
        parts = " UNION ALL ".join(
            f"SELECT MIN({t.time_column}) AS t FROM {t.name} "
            f"UNION ALL SELECT MAX({t.time_column}) FROM {t.name}"
            for t in DATA_TABLES
        )
        (first, last) = self._query(f"SELECT MIN(t), MAX(t) FROM ({parts})")[0]
        if first is None:
            return self.meta.start_time, self.meta.start_time
        return parse_time(first), parse_time(last)

    def residents(self) -> list[str]:
        """The meta's residents, then anyone else with a position row (by name)."""
        known = list(self.meta.residents)
        others = sorted(set(self._distinct(POSITIONS, "resident")) - set(known))
        return known + others

    def counts(self) -> dict[str, int]:
        """Rows per data table."""
        return {
            table.name: int(self._query(f"SELECT COUNT(*) FROM {table.name}")[0][0])
            for table in DATA_TABLES
        }

    # --- the town at a moment -----------------------------------------------------------------

    def positions_at(self, t: datetime) -> dict[str, PositionRow]:
        """Every resident's row in effect at `t`: their last row at or before `t` (each row
        holds the whole state; keyframes every game hour keep that row near). Residents with
        no row yet are absent."""
        rows = self._latest_per(POSITIONS, "resident", t)
        return {row["resident"]: decode_row(PositionRow, POSITIONS, row) for row in rows}

    def positions_between(self, after: datetime, until: datetime) -> list[PositionRow]:
        """The position rows written for times in (`after`, `until`], in time order (rows of
        one moment in the order written): what a replay playing forward applies next."""
        rows = self._select(
            POSITIONS, "WHERE time > ? AND time <= ? ORDER BY time, rowid",
            (format_time(after), format_time(until)),
        )  # fmt: skip
        return [decode_row(PositionRow, POSITIONS, row) for row in rows]

    def objects_at(self, t: datetime) -> dict[str, ObjectRow]:
        """The last change of each object at or before `t`; objects never changed are absent."""
        rows = self._latest_per(OBJECTS, "key", t)
        return {row["key"]: decode_row(ObjectRow, OBJECTS, row) for row in rows}

    def person_at(self, name: str, t: datetime) -> PersonRow | None:
        """Who `name` was at `t`: their latest person row at or before `t` (else the first
        one written, for a moment before the record begins)."""
        rows = self._select(
            PEOPLE, "WHERE name = ? AND time <= ? ORDER BY time DESC, rowid DESC LIMIT 1",
            (name, format_time(t)),
        )  # fmt: skip
        if not rows:
            rows = self._select(PEOPLE, "WHERE name = ? ORDER BY time, rowid LIMIT 1", (name,))
        return decode_row(PersonRow, PEOPLE, rows[0]) if rows else None

    def plan_at(self, resident: str, t: datetime) -> PlanRow | None:
        """The resident's latest plan row (any kind) at or before `t`."""
        rows = self._select(
            PLANS, "WHERE resident = ? AND time <= ? ORDER BY time DESC, rowid DESC LIMIT 1",
            (resident, format_time(t)),
        )  # fmt: skip
        return decode_row(PlanRow, PLANS, rows[0]) if rows else None

    # --- what was said and done -------------------------------------------------------------

    def lines_between(self, start: datetime, end: datetime) -> list[LineRow]:
        """Lines spoken from `start` to `end` (both included), in order."""
        rows = self._select(
            LINES, "WHERE time >= ? AND time <= ? ORDER BY time, conversation, number",
            (format_time(start), format_time(end)),
        )  # fmt: skip
        return [decode_row(LineRow, LINES, row) for row in rows]

    def last_lines(self, t: datetime, n: int) -> list[LineRow]:
        """The last `n` lines spoken at or before `t`, oldest first."""
        rows = self._select(
            LINES, "WHERE time <= ? ORDER BY time DESC, conversation DESC, number DESC LIMIT ?",
            (format_time(t), n),
        )  # fmt: skip
        return [decode_row(LineRow, LINES, row) for row in reversed(rows)]

    def conversations_between(self, start: datetime, end: datetime) -> list[ConversationRow]:
        """Conversations started from `start` to `end` (both included), in order."""
        rows = self._select(
            CONVERSATIONS, "WHERE started >= ? AND started <= ? ORDER BY started, id",
            (format_time(start), format_time(end)),
        )  # fmt: skip
        return [decode_row(ConversationRow, CONVERSATIONS, row) for row in rows]

    def player_actions(self, start: datetime, end: datetime) -> list[PlayerActionRow]:
        """What the player did from `start` to `end` (both included), in order."""
        rows = self._select(
            PLAYER_ACTIONS, "WHERE time >= ? AND time <= ? ORDER BY time, rowid",
            (format_time(start), format_time(end)),
        )  # fmt: skip
        return [decode_row(PlayerActionRow, PLAYER_ACTIONS, row) for row in rows]

    def memories(
        self,
        resident: str,
        until: datetime,
        kinds: frozenset[str] | None = None,
        limit: int = 200,
    ) -> list[MemoryRow]:
        """The resident's memories written at or before `until`, newest first."""
        kind_values: tuple[str, ...] = () if kinds is None else tuple(sorted(kinds))
        holes = ", ".join("?" for _ in kind_values)
        kind_filter = "" if kinds is None else f" AND kind IN ({holes})"
        rows = self._select(
            MEMORIES,
            f"WHERE resident = ? AND time <= ?{kind_filter} ORDER BY time DESC, rowid DESC LIMIT ?",
            (resident, format_time(until), *kind_values, limit),
        )
        return [decode_row(MemoryRow, MEMORIES, row) for row in rows]

    def memory(self, resident: str, id: str) -> MemoryRow | None:
        """One of `resident`'s memories by id (ids count per resident: "m000012")."""
        rows = self._select(MEMORIES, "WHERE resident = ? AND id = ?", (resident, id))
        return decode_row(MemoryRow, MEMORIES, rows[0]) if rows else None

    def traces(self, resident: str, until: datetime, limit: int = 50) -> list[TraceRow]:
        """The resident's model calls at or before `until`, newest first."""
        rows = self._select(
            TRACES, "WHERE resident = ? AND time <= ? ORDER BY time DESC, rowid DESC LIMIT ?",
            (resident, format_time(until), limit),
        )  # fmt: skip
        return [decode_row(TraceRow, TRACES, row) for row in rows]

    # --- the replay timeline ----------------------------------------------------------------

    def marks(self, kinds: frozenset[str] | None = None) -> list[Mark]:
        """Every mark of `kinds` (all kinds when None), in time order."""
        found = [
            mark_from(source.kind, *row)
            for source in mark_sources(kinds)
            for row in self._query(source.sql("all"))
        ]
        return sorted(found, key=lambda mark: mark.time)

    def next_mark(self, after: datetime, kinds: frozenset[str] | None = None) -> Mark | None:
        """The first mark strictly after `after`."""
        found = [
            mark_from(source.kind, *row)
            for source in mark_sources(kinds)
            for row in self._query(source.sql("after"), (format_time(after),))
        ]
        return min(found, key=lambda mark: mark.time, default=None)

    def previous_mark(self, before: datetime, kinds: frozenset[str] | None = None) -> Mark | None:
        """The last mark strictly before `before`."""
        found = [
            mark_from(source.kind, *row)
            for source in mark_sources(kinds)
            for row in self._query(source.sql("before"), (format_time(before),))
        ]
        return max(found, key=lambda mark: mark.time, default=None)

    # --- export -------------------------------------------------------------------------------

    def tables(self) -> list[str]:
        """The record's tables: meta, runs, then the data tables."""
        return list(TABLES)

    def rows(self, table: str) -> Iterator[dict[str, object]]:
        """Every row of `table` in the order written, as column → SQL value (times and JSON
        as text, booleans as 0/1), streamed; `ValueError` for a table a record lacks."""
        spec = TABLES.get(table)
        if spec is None:
            raise ValueError(f"no table {table!r} in a run record (tables: {', '.join(TABLES)})")
        return self._stream(spec)

    def _stream(self, table: Table) -> Iterator[dict[str, object]]:
        names = table.names
        with self._reading():
            cursor = self._connection.execute(
                f"SELECT {self._columns(table)} FROM {table.name} ORDER BY rowid"
            )
            try:
                for row in cursor:
                    yield dict(zip(names, tuple(row), strict=True))
            finally:
                cursor.close()

    # --- helpers ------------------------------------------------------------------------------

    @contextmanager
    def _reading(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.DatabaseError as error:
            raise RecordError(f"cannot read the run record {self.path}: {error}") from None

    def _query(self, sql: str, parameters: tuple[object, ...] = ()) -> list[sqlite3.Row]:
        with self._reading():
            return self._connection.execute(sql, parameters).fetchall()

    def _columns(self, table: Table, prefix: str = "") -> str:
        """All of `table`'s columns, those the file lacks (an older schema) as NULL."""
        return select_list(table, self._present[table.name], prefix)

    def _select(self, table: Table, rest: str, parameters: tuple[object, ...]) -> list[sqlite3.Row]:
        return self._query(f"SELECT {self._columns(table)} FROM {table.name} {rest}", parameters)

    def _distinct(self, table: Table, column: str) -> list[str]:
        """The distinct values of an indexed column, one index seek each (no full scan)."""
        rows = self._query(
            f"WITH RECURSIVE seen(value) AS ("
            f" SELECT MIN({column}) FROM {table.name}"
            f" UNION ALL SELECT (SELECT MIN({column}) FROM {table.name} WHERE {column} > value)"
            f" FROM seen WHERE value IS NOT NULL)"
            f" SELECT value FROM seen WHERE value IS NOT NULL"
        )
        return [str(row[0]) for row in rows]

    def _latest_per(self, table: Table, key: str, t: datetime) -> list[sqlite3.Row]:
        """For each distinct `key` value, its last row at or before `t` (ties: the later
        written); an index seek per key over (key, time)."""
        columns = self._columns(table, prefix=f"{table.name}.")
        return self._query(
            f"WITH RECURSIVE seen(value) AS ("
            f" SELECT MIN({key}) FROM {table.name}"
            f" UNION ALL SELECT (SELECT MIN({key}) FROM {table.name} WHERE {key} > value)"
            f" FROM seen WHERE value IS NOT NULL)"
            f" SELECT {columns} FROM seen JOIN {table.name} ON {table.name}.rowid = ("
            f"  SELECT rowid FROM {table.name} WHERE {key} = seen.value AND time <= ?"
            f"  ORDER BY time DESC, rowid DESC LIMIT 1)",
            (format_time(t),),
        )

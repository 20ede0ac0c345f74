"""The tables of a run record, as data: columns, their kinds, indexes and the SQL made of them.

Version history (`SCHEMA_VERSION`, also stored in `meta` as `schema_version`):
    1   people, positions, conversations, lines, memories, plans, objects, player_actions,
        traces;
        meta (key, value); runs (one row per run that wrote into the file)
    2   memories gain `fields` (JSON, NULL when unknown): the memory's typed fields —
        speaker, partners, subject, item, place, time and the news it carries;
        lines gain `told` (text, NULL when unknown): the scenario item the line tells
        ("" when it told none — written so since the evaluation tells the two apart)

A reader refuses a record whose schema_version is newer than the one it knows, and reads an
older one as it is (a column the file lacks reads as NULL: a version 1 record's memories have
fields unknown, its lines' news unknown). A writer continuing an older record migrates it
first (`MIGRATIONS`, in the transaction that rewrites its meta). A change to the tables
bumps the version.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "APPLICATION_ID",
    "DATA_TABLES",
    "META",
    "MIGRATIONS",
    "RUNS",
    "SCHEMA_VERSION",
    "TABLES",
    "Column",
    "ColumnKind",
    "Table",
    "create_schema",
]

SCHEMA_VERSION = 2
APPLICATION_ID = 0x534D5652  # "SMVR" in the SQLite header, so tools can tell a record

# time: a naive game time as ISO text · wall: an aware time as UTC ISO text ending in "Z"
# json: JSON text, kept as a str · names: a tuple of str, stored as a JSON array
ColumnKind = Literal["time", "wall", "text", "int", "real", "bool", "json", "names"]
_SQL_TYPE: dict[ColumnKind, str] = {
    "time": "TEXT",
    "wall": "TEXT",
    "text": "TEXT",
    "int": "INTEGER",
    "real": "REAL",
    "bool": "INTEGER",
    "json": "TEXT",
    "names": "TEXT",
}


@dataclass(frozen=True)
class Column:
    name: str
    kind: ColumnKind = "text"
    nullable: bool = False  # may hold NULL (meta's value; a position's resting tile)


@dataclass(frozen=True)
class Table:
    """A table: its columns (the row dataclass's fields, in order), its indexes (column
    lists), the column that dates a row, and `unique`: a row whose `unique` columns match an
    existing row's replaces it (`INSERT OR REPLACE`)."""

    name: str
    columns: tuple[Column, ...]
    indexes: tuple[tuple[str, ...], ...] = ()
    time_column: str | None = "time"
    unique: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(column.name for column in self.columns)

    def create_sql(self) -> list[str]:
        """The CREATE TABLE and CREATE INDEX statements."""
        body = ", ".join(
            f"{column.name} {_SQL_TYPE[column.kind]}" + ("" if column.nullable else " NOT NULL")
            for column in self.columns
        )
        statements = [f"CREATE TABLE {self.name} ({body})"]
        if self.unique:
            statements.append(_index_sql(self.name, self.unique, unique=True))
        statements += [_index_sql(self.name, index, unique=False) for index in self.indexes]
        return statements

    def insert_sql(self) -> str:
        verb = "INSERT OR REPLACE" if self.unique else "INSERT"
        holes = ", ".join("?" for _ in self.columns)
        return f"{verb} INTO {self.name} ({', '.join(self.names)}) VALUES ({holes})"


def _index_sql(table: str, columns: tuple[str, ...], *, unique: bool) -> str:
    kind = "UNIQUE INDEX" if unique else "INDEX"
    name = f"{table}_by_{'_'.join(columns)}"
    return f"CREATE {kind} {name} ON {table} ({', '.join(columns)})"


def _c(spec: str) -> Column:
    """ "x:int" → Column("x", "int"); "rest_x:int?" → a nullable one; "place" → text."""
    name, _, kind = spec.partition(":")
    kind = kind or "text"
    nullable = kind.endswith("?")
    kind = kind.removesuffix("?")
    if kind not in _SQL_TYPE:
        raise ValueError(f"unknown column kind in {spec!r}")
    return Column(name, kind, nullable)


def _columns(*specs: str) -> tuple[Column, ...]:
    return tuple(_c(spec) for spec in specs)


BY_TIME = ("time",)
BY_RESIDENT = ("resident", "time")

POSITIONS = Table(
    "positions",
    _columns(
        "time:time", "resident", "x:int", "y:int", "facing", "walking:bool", "activity",
        "emoji", "pose", "place", "keyframe:bool", "rest_x:int?", "rest_y:int?",
    ),
    indexes=(BY_RESIDENT, BY_TIME),
)  # fmt: skip
CONVERSATIONS = Table(
    "conversations",
    _columns("id:int", "started:time", "participants:names", "place", "summary"),
    indexes=(("started",),),
    time_column="started",
    unique=("id",),
)
LINES = Table(
    "lines",
    _columns(
        "conversation:int", "number:int", "time:time", "speaker", "listener", "text", "told:text?",
    ),
    indexes=(BY_TIME,),
    unique=("conversation", "number"),
)  # fmt: skip
MEMORIES = Table(
    "memories",
    _columns(
        "id", "resident", "time:time", "kind", "text", "importance:int", "evidence:names",
        "depth:int", "fields:json?",
    ),
    indexes=(BY_RESIDENT, ("kind", "time"), BY_TIME),
    unique=("resident", "id"),  # ids are per resident's stream (m000000, m000001, …)
)  # fmt: skip
PLANS = Table(
    "plans",
    _columns("time:time", "resident", "kind", "plan:json"),
    indexes=(BY_RESIDENT, BY_TIME),
)
OBJECTS = Table(
    "objects",
    _columns("time:time", "key", "place", "by", "before", "after"),
    indexes=(("key", "time"), BY_TIME),
)
PLAYER_ACTIONS = Table(
    "player_actions",
    _columns("time:time", "kind", "resident", "text", "detail:json"),
    indexes=(BY_TIME,),
)
TRACES = Table(
    "traces",
    _columns(
        "time:time", "wall_time:wall", "resident", "step", "template", "model", "source",
        "messages:json", "raw_answer", "parsed:json", "fallback:bool", "why", "attempts:int",
        "prompt_tokens:int", "completion_tokens:int", "estimated:bool", "latency_ms:real",
    ),
    indexes=(BY_RESIDENT, BY_TIME),
)  # fmt: skip
PEOPLE = Table(
    "people",
    _columns("time:time", "name", "age:int", "traits", "description", "look"),
    indexes=(("name", "time"),),
)
META = Table(
    "meta",
    (Column("key"), Column("value", nullable=True)),
    time_column=None,
    unique=("key",),
)
RUNS = Table(
    "runs",
    _columns(
        "run_id", "kind", "started:wall", "start_time:time", "brain", "model", "app_version",
    ),
    time_column=None,
)  # fmt: skip

DATA_TABLES: tuple[Table, ...] = (
    PEOPLE,
    POSITIONS,
    CONVERSATIONS,
    LINES,
    MEMORIES,
    PLANS,
    OBJECTS,
    PLAYER_ACTIONS,
    TRACES,
)
TABLES: dict[str, Table] = {table.name: table for table in (META, RUNS, *DATA_TABLES)}


# version → the statements that bring a record of that version to the next one
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        "ALTER TABLE memories ADD COLUMN fields TEXT",
        "ALTER TABLE lines ADD COLUMN told TEXT",
    ),
}


def create_schema(connection: sqlite3.Connection) -> None:
    """Create every table and index (inside the caller's transaction)."""
    for table in TABLES.values():
        for statement in table.create_sql():
            connection.execute(statement)
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")

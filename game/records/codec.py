"""Rows to SQL values and back; times as ISO text; secrets redacted on the way in.

Game times are naive and stored as `datetime.isoformat()` ("2023-02-13T15:00:00", with
".ffffff" only when there are microseconds), so text order is time order. Wall-clock times
are aware and stored in UTC ending in "Z". A value of the wrong type is a `TypeError` naming
the field (the writer counts it and drops the row), never silently converted.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import TypeVar, cast

from game.records.rows import (
    ConversationRow,
    LineRow,
    MemoryRow,
    ObjectRow,
    PersonRow,
    PlanRow,
    PlayerActionRow,
    PositionRow,
    Row,
    RunMeta,
    TraceRow,
)
from game.records.schema import (
    CONVERSATIONS,
    LINES,
    MEMORIES,
    OBJECTS,
    PEOPLE,
    PLANS,
    PLAYER_ACTIONS,
    POSITIONS,
    SCHEMA_VERSION,
    TRACES,
    Column,
    Table,
)

__all__ = [
    "REDACTED",
    "ROW_TABLES",
    "Redactor",
    "SqlValue",
    "decode_row",
    "encode_row",
    "format_time",
    "format_wall",
    "meta_from",
    "meta_items",
    "parse_time",
    "parse_wall",
]

REDACTED = "[redacted]"
SqlValue = str | int | float | None
R = TypeVar("R")

ROW_TABLES: dict[type, Table] = {
    PersonRow: PEOPLE,
    PositionRow: POSITIONS,
    ConversationRow: CONVERSATIONS,
    LineRow: LINES,
    MemoryRow: MEMORIES,
    PlanRow: PLANS,
    ObjectRow: OBJECTS,
    PlayerActionRow: PLAYER_ACTIONS,
    TraceRow: TRACES,
}


def format_time(moment: datetime) -> str:
    """A naive game time as ISO text; an aware one is a `ValueError` (game time has no zone)."""
    if not isinstance(moment, datetime):
        raise TypeError(f"a game time must be a datetime, not {type(moment).__name__}")
    if moment.tzinfo is not None:
        raise ValueError("a game time must be naive (the town's clock has no time zone)")
    return moment.isoformat()


def parse_time(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is not None:
        raise ValueError(f"game time {text!r} has a time zone")
    return moment


def format_wall(moment: datetime) -> str:
    """An aware wall-clock time as UTC ISO text ending in "Z"."""
    if not isinstance(moment, datetime):
        raise TypeError(f"a wall-clock time must be a datetime, not {type(moment).__name__}")
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("a wall-clock time must be timezone-aware")
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def parse_wall(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        raise ValueError(f"wall-clock time {text!r} has no time zone")
    return moment.astimezone(UTC)


class Redactor:
    """Replaces every secret (and its JSON-escaped spelling) by "[redacted]"."""

    def __init__(self, secrets: Iterable[str]) -> None:
        spellings = set()
        for secret in secrets:
            if secret:
                spellings |= {
                    secret,
                    json.dumps(secret)[1:-1],
                    json.dumps(secret, ensure_ascii=False)[1:-1],
                }
        self.secrets = tuple(sorted(spellings, key=len, reverse=True))

    def __call__(self, text: str) -> str:
        for secret in self.secrets:
            if secret in text:
                text = text.replace(secret, REDACTED)
        return text

    def found_in(self, text: str) -> bool:
        return any(secret in text for secret in self.secrets)


def encode_row(row: Row, redact: Redactor) -> tuple[Table, tuple[SqlValue, ...]]:
    """The table a row goes to and its column values, secrets redacted in every text."""
    table = ROW_TABLES.get(type(row))
    if table is None:
        raise TypeError(f"{type(row).__name__} is not a run record row")
    owner = type(row).__name__
    values = tuple(
        _encode(getattr(row, column.name), column, redact, owner) for column in table.columns
    )
    return table, values


def _encode(value: object, column: Column, redact: Redactor, owner: str) -> SqlValue:
    where = f"{owner}.{column.name}"
    if value is None and column.nullable:
        return None
    match column.kind:
        case "time":
            return format_time(cast(datetime, value))
        case "wall":
            return format_wall(cast(datetime, value))
        case "text" | "json":
            if not isinstance(value, str):
                raise TypeError(f"{where} must be text, not {type(value).__name__}")
            return redact(value)
        case "names":
            if not isinstance(value, tuple | list) or not all(isinstance(v, str) for v in value):
                raise TypeError(f"{where} must be a tuple of text")
            return json.dumps([redact(name) for name in value], ensure_ascii=False)
        case "int" | "bool":
            if not isinstance(value, int):
                raise TypeError(f"{where} must be an int, not {type(value).__name__}")
            return int(value)
        case "real":
            if not isinstance(value, int | float):
                raise TypeError(f"{where} must be a number, not {type(value).__name__}")
            return float(value)
    raise AssertionError(column.kind)  # pragma: no cover - every kind is matched above


def decode_row(make: Callable[..., R], table: Table, values: sqlite3.Row) -> R:
    """A row dataclass from a `sqlite3.Row` of `table` (selected with all its columns)."""
    return make(**{column.name: _decode(values[column.name], column) for column in table.columns})


def _decode(value: object, column: Column) -> object:
    if value is None and column.nullable:
        return None
    match column.kind:
        case "time":
            return parse_time(str(value))
        case "wall":
            return parse_wall(str(value))
        case "names":
            return tuple(str(name) for name in json.loads(str(value)))
        case "int":
            return int(cast(int, value))
        case "real":
            return float(cast(float, value))
        case "bool":
            return bool(value)
    return "" if value is None else str(value)


def meta_items(meta: RunMeta) -> list[tuple[str, str | None]]:
    """The `meta` table's (key, value) rows for `meta`, schema_version first."""
    return [
        ("schema_version", str(SCHEMA_VERSION)),
        ("run_id", meta.run_id),
        ("kind", meta.kind),
        ("town", meta.town),
        ("map_path", meta.map_path),
        ("map_sha256", meta.map_sha256),
        ("started", format_wall(meta.started)),
        ("start_time", format_time(meta.start_time)),
        ("brain", meta.brain),
        ("model", meta.model),
        ("seed", None if meta.seed is None else str(meta.seed)),
        ("residents", json.dumps(list(meta.residents), ensure_ascii=False)),
        ("continues", meta.continues),
        ("app_version", meta.app_version),
        ("memory_server", meta.memory_server),
        ("talk_lines_per_call", lines_text(meta.talk_lines_per_call)),
        ("group_lines_per_call", lines_text(meta.group_lines_per_call)),
    ]


def lines_text(lines: int | None) -> str | None:
    return None if lines is None else str(lines)


def lines_per_call(value: str | None, key: str = "talk_lines_per_call") -> int | None:
    """The meta's `key` (`talk_lines_per_call`, `group_lines_per_call`; None: not
    recorded); `ValueError` when not a whole number of at least 1."""
    if value is None:
        return None
    lines = int(value)
    if lines < 1:
        raise ValueError(f"meta {key!r} is {value!r}")
    return lines


def meta_from(values: dict[str, str | None]) -> RunMeta:
    """A `RunMeta` from the meta table; `ValueError` naming the first bad or missing key."""

    def text(key: str) -> str:
        value = values.get(key)
        if value is None:
            raise ValueError(f"meta has no {key!r}")
        return value

    try:
        residents = json.loads(text("residents"))
        if not isinstance(residents, list) or not all(isinstance(n, str) for n in residents):
            raise ValueError("meta 'residents' is not a list of names")
        seed = values.get("seed")
        kind = text("kind")
        if kind not in ("simulate", "play"):
            raise ValueError(f"meta 'kind' is {kind!r}")
        return RunMeta(
            run_id=text("run_id"),
            kind="play" if kind == "play" else "simulate",
            town=text("town"),
            map_path=text("map_path"),
            map_sha256=text("map_sha256"),
            started=parse_wall(text("started")),
            start_time=parse_time(text("start_time")),
            brain=text("brain"),
            model=text("model"),
            seed=None if seed is None else int(seed),
            residents=tuple(residents),
            continues=values.get("continues"),
            app_version=text("app_version"),
            memory_server=values.get("memory_server"),
            talk_lines_per_call=lines_per_call(values.get("talk_lines_per_call")),
            group_lines_per_call=lines_per_call(
                values.get("group_lines_per_call"), "group_lines_per_call"
            ),
        )
    except json.JSONDecodeError as error:
        raise ValueError(f"meta 'residents' is not JSON ({error.msg})") from None

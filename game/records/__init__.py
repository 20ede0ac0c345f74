"""Run records: every run of the town leaves one SQLite file holding its history, with the
game time on every row, for replays and for research (SQL, pandas, DuckDB). See README.md.

This room only stores and reads: `game.bridge` turns the living town into rows. It imports
`game.files` (for the default folder) and the standard library, nothing else of the game.

Exceptions:
    RecordError    a record cannot be opened, read or found (the writer never raises one
                   into its callers after construction: it counts and reports failures)
"""

from __future__ import annotations

from game.records.catalog import RecordInfo, find_record, list_records, records_folder
from game.records.errors import RecordError
from game.records.export import export_record
from game.records.memory_fields import (
    Going,
    goings,
    items_named,
    people_named,
    states_plan,
)
from game.records.reader import RunRecord
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
    Row,
    RunKind,
    RunMeta,
    TraceRow,
)
from game.records.schema import SCHEMA_VERSION
from game.records.writer import RecordWriter

__all__ = [
    "SCHEMA_VERSION",
    "ConversationRow",
    "Going",
    "LineRow",
    "Mark",
    "MemoryRow",
    "ObjectRow",
    "PersonRow",
    "PlanRow",
    "PlayerActionRow",
    "PositionRow",
    "RecordError",
    "RecordInfo",
    "RecordWriter",
    "Row",
    "RunKind",
    "RunMeta",
    "RunRecord",
    "TraceRow",
    "export_record",
    "find_record",
    "goings",
    "items_named",
    "list_records",
    "people_named",
    "records_folder",
    "states_plan",
]

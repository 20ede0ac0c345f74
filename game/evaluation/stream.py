"""The memory records of a run record as the measures read them: who remembered what, when,
and from when it counts as known.

"At the start" means before anyone spoke: a dialogue memory written at the run's start time
itself (a conversation in the first minute) counts just after the start, so it shows at the
first game hour, not in the start column. Everything else counts from its time.

`items` are the news items the memory's typed fields name and `people` the people they name
(None: its fields are unknown, as in a record made before memories had fields);
`knowing.py` reads the items, `relationships.py` the people.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

from game.records import RunRecord, items_named, people_named

__all__ = ["Remembered", "counts_from", "remembered"]

JUST_AFTER = timedelta(microseconds=1)


@dataclass(frozen=True)
class Remembered:
    resident: str
    time: datetime  # when the memory was written
    kind: str  # observation, dialogue, plan, reflection
    text: str
    counts_from: datetime  # when it counts as known (see the module's doc)
    items: frozenset[str] | None = None  # the news items its fields name; None: unknown
    people: frozenset[str] | None = None  # the people its fields name; None: unknown


def counts_from(time: datetime, kind: str, start: datetime) -> datetime:
    return time + JUST_AFTER if kind == "dialogue" and time == start else time


def remembered(record: RunRecord, start: datetime, until: datetime) -> Iterator[Remembered]:
    """Every memory written at or before `until`, in the order written."""
    for row in record.rows("memories"):
        time = datetime.fromisoformat(str(row["time"]))
        if time > until:
            continue
        kind = str(row["kind"])
        fields = row.get("fields")
        stored = fields if isinstance(fields, str) else None
        yield Remembered(
            str(row["resident"]), time, kind, str(row["text"]), counts_from(time, kind, start),
            items_named(stored), people_named(stored),
        )  # fmt: skip

"""The notes under `evaluate --matrix`'s table: which columns count what, and whether the
runs were long enough for the variants to differ.

With a model, each configuration's evaluation runs the judge panel by default, so each row
has a believability measure (the full condition's rating μ, its answers judged against the
answers with no memory). The "sim" columns are the simulation's alone; "all" columns count
every phase. A preset whose full architecture made no reflection yet ran too short for
"no reflection" to differ from it: the note says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["COLUMN_NOTES", "too_short"]

COLUMN_NOTES = (
    '"sim" columns are the simulation\'s alone; "all calls" and "all wall s" count '
    "every phase of the evaluation (interviews at the start and the end, the controlled "
    "interview, the judge panel) — each row's evaluation.json splits them per phase and "
    "route. Believability: the full condition's rating μ from the judge panel (TrueSkill's "
    'scale, prior 25; "-" without a panel).',
)


def too_short(rows: Sequence[dict[str, Any]]) -> list[str]:
    """A note for each preset whose full architecture never reflected: its variants that
    differ from it by reflection could not differ in runs this short."""
    notes = []
    for row in rows:
        if row["variant"] == "full" and not row.get("reflections"):
            notes.append(
                f"- **{row['preset']}**: the runs are too short for the variants to differ "
                'by reflection — the full architecture made no reflection yet, so "no '
                'reflection" is the same town; run more game hours.'
            )
    return ["", *notes] if notes else []

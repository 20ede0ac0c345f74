"""Validation problems as lines people can act on: the file, the field and what is wrong.

personas.json: personas[2] (Ada Quill).routine.wake_hour: Input should be less than or
equal to 23
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from cognition import field_location

__all__ = ["TownFileError", "problem_lines"]

MAX_LISTED = 8


class TownFileError(ValueError):
    """A town's files cannot be used or written: `problems` are lines naming the file, the
    field and the problem; `str()` is all of them, one a line."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems) or ("the town cannot be used",)
        shown = list(self.problems[:MAX_LISTED])
        if len(self.problems) > MAX_LISTED:
            shown.append(f"… and {len(self.problems) - MAX_LISTED} more problems")
        super().__init__("\n".join(shown))


def problem_lines(
    error: ValidationError, raw: object, file: Path | str | None, whole: str = ""
) -> list[str]:
    """One line per problem: "file: field: message (got 27)" (pydantic's "Value error, "
    dropped); `whole` names a problem of the whole (a model's own check), if anything."""
    prefix = f"{Path(file).name}: " if file is not None else ""
    lines = []
    for found in error.errors():
        where = field_location(found["loc"], raw) or whole
        message = str(found["msg"]).removeprefix("Value error, ")
        if found["type"] == "extra_forbidden":
            message = "unknown key (a typo? see the JSON Schema in docs/schemas/)"
        elif isinstance(found.get("input"), int | float | str) and found["type"] in _SHOW_INPUT:
            message += f" (got {found['input']!r})"
        lines.append(f"{prefix}{where}: {message}" if where else f"{prefix}{message}")
    return lines


# the checks whose message does not say what was given
_SHOW_INPUT = frozenset(
    {
        "less_than",
        "less_than_equal",
        "greater_than",
        "greater_than_equal",
        "int_parsing",
        "int_from_float",
        "float_parsing",
        "datetime_from_date_parsing",
        "datetime_parsing",
        "string_pattern_mismatch",
    }
)

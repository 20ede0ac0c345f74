"""Validation problems as lines people can act on: the file, the field and what is wrong.

personas.json: personas[2] (Ada Quill).routine.wake_hour: Input should be less than or
equal to 23
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from cognition import field_location

__all__ = ["TownFileError", "problem_lines", "read_json", "read_model"]

Model = TypeVar("Model", bound=BaseModel)

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


def read_json(path: Path) -> Any:
    """The JSON in `path`; TownFileError saying what is wrong otherwise."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TownFileError([f"{path}: no such file"]) from None
    except OSError as error:
        raise TownFileError([f"{path}: cannot be read ({error.strerror or error})"]) from None
    except UnicodeDecodeError:
        raise TownFileError([f"{path}: not UTF-8 text"]) from None
    except json.JSONDecodeError as error:
        raise TownFileError(
            [f"{path} is not valid JSON ({error.msg} at line {error.lineno}, column {error.colno})"]
        ) from None


def read_model(path: Path, model: type[Model]) -> Model:
    """The file `path` read as `model`; TownFileError naming the file, the field and the
    problem otherwise."""
    raw = read_json(path)
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        raise TownFileError(problem_lines(error, raw, path)) from None


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

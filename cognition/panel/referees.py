"""Who sits on the judge panel: `Referee`s, loaded from JSON (the bundled `referees.json` by
default) and validated, with `PanelError` saying in one line what is wrong where."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    model_validator,
)

from cognition.persona import field_location

BUNDLED_REFEREES = Path(__file__).resolve().parent / "referees.json"

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]


class PanelError(Exception):
    """A referee file is missing, not JSON, or does not describe a valid panel."""


@dataclass(frozen=True)
class Referee:
    name: str
    role: str  # who they are and what they look for: "a novelist who judges …"


class RefereeEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: Text
    role: Text


class RefereeFile(BaseModel):
    """The content of a referees.json file: `{"referees": [{"name": …, "role": …}, …]}`."""

    model_config = ConfigDict(extra="forbid")

    referees: list[RefereeEntry] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> RefereeFile:
        names = [r.name for r in self.referees]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise ValueError(f"duplicate referee names: {', '.join(duplicates)}")
        return self


def load_referees(path: Path | None = None) -> list[Referee]:
    """The referees in `path` (None: the bundled panel); PanelError naming file and problem."""
    path = BUNDLED_REFEREES if path is None else path
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise PanelError(f"{path}: no such referee file") from error
    except (OSError, UnicodeDecodeError) as error:
        raise PanelError(f"{path}: cannot be read ({error})") from error
    except json.JSONDecodeError as error:
        raise PanelError(
            f"{path}: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from error
    try:
        panel = RefereeFile.model_validate(raw)
    except ValidationError as error:
        problems = "; ".join(
            f"{location(issue['loc'], raw)}: {issue['msg'].removeprefix('Value error, ')}"
            for issue in error.errors()
        )
        raise PanelError(f"{path}: {problems}") from error
    return [Referee(entry.name, entry.role) for entry in panel.referees]


def same_role(referees: Sequence[Referee]) -> list[Referee]:
    """The same-role ablation: every referee keeps its name but judges from the first
    referee's role (ChatEval found that a panel of one repeated role loses the gain)."""
    return [Referee(referee.name, referees[0].role) for referee in referees]


def location(path: Sequence[int | str], raw: object) -> str:
    """ "referees[1] (Tomas Reyes).role" style places for error messages."""
    return field_location(path, raw) or "file"

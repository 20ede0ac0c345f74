"""What became of one town of an evaluation (`towns.run_town`'s answer): its own module so the
state of an interrupted evaluation (`interrupted`) can hold outcomes without importing the
towns' runner, which imports the evaluation itself."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

Status = Literal["done", "reused", "failed"]


@dataclass(frozen=True)
class TownOutcome:
    """What became of one town. `figures`: `result_figures` of its evaluation; `run`: town,
    seed, hours, brain, the simulation's figures (calls, wall time…), the report's path."""

    name: str
    folder: Path
    status: Status
    figures: dict[str, Any] = field(default_factory=dict)
    run: dict[str, Any] = field(default_factory=dict)
    wall_s: float = 0.0
    error: str | None = None
    detail: str | None = None  # the traceback of a failure

    @property
    def ok(self) -> bool:
        return self.status != "failed"

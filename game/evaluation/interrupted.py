"""What an evaluation had done when it was interrupted (Ctrl-C): `interrupted.json` in its out
folder — that it was interrupted, in which phase, what had finished (the phases of one town;
the towns of `--seeds` / `--matrix`, with their status) and the run record when there is one.

`EvaluationState` is filled in as the evaluation goes (`evaluate(..., state=…)`,
`run_matrix(..., state=…)`, the `finished` callback of `run_towns`); `write_interrupted(state)`
is cheap (one small JSON file, no plotting), so the command can call it at the moment of
Ctrl-C, before the calls in flight are abandoned, and again on the way out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.evaluation.outcome import TownOutcome
from game.saves.files import replace_durably

__all__ = ["INTERRUPTED_FILE", "EvaluationState", "write_interrupted"]

INTERRUPTED_FILE = "interrupted.json"


@dataclass
class EvaluationState:
    """Where an evaluation is: its out folder (once known), the phase running, the phases
    finished, the run record (once the simulation made one) and the towns that ended."""

    out_dir: Path | None = None
    phase: str = "planning"
    finished: list[str] = field(default_factory=list)
    record: Path | None = None
    towns: dict[str, dict[str, Any]] = field(default_factory=dict)

    def begin(self, phase: str) -> None:
        self.phase = phase

    def end(self, phase: str) -> None:
        if phase not in self.finished:
            self.finished.append(phase)

    def town_ended(self, outcome: TownOutcome) -> None:
        """A `run_towns` `finished` callback: the town's status, folder and figures."""
        self.towns[outcome.name] = {
            "status": outcome.status,
            "folder": str(outcome.folder),
            "error": outcome.error,
            "figures": outcome.figures,
        }

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "interrupted": True,
            "phase": self.phase,
            "finished": list(self.finished),
        }
        if self.record is not None:
            data["record"] = str(self.record)
        if self.towns or self.phase == "towns":
            data["towns"] = dict(self.towns)
        return data


def write_interrupted(state: EvaluationState) -> Path | None:
    """`interrupted.json` in the state's out folder (whole or not at all, 0600); None when
    the folder is not known yet or cannot be written (the interruption itself is not lost:
    the command says it on stderr)."""
    if state.out_dir is None:
        return None
    path = state.out_dir / INTERRUPTED_FILE
    try:
        text = json.dumps(state.to_json(), indent=2, ensure_ascii=False, default=str)
        replace_durably(path, text + "\n")
    except OSError:
        return None
    return path

"""`RunInfo`: the run an evaluation's measures come from (town, seed, hours, the brain or
model, the record), read by the report (`report.py`) and its markdown (`report_markdown.py`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["RunInfo"]


@dataclass(frozen=True)
class RunInfo:
    """The run the measures come from."""

    town: str
    seed: int | None
    hours: float  # game hours simulated
    brain: str  # "offline brain", or the record's brain label
    model: str  # the model's name ("" for the offline brain)
    record: Path
    run_id: str
    simulated: bool  # False when an earlier run's record was measured again
    simulation: dict[str, Any] = field(default_factory=dict)  # simulate's report, abridged
    # the Chroma server databases the towns used, by phase (None: memories in process)
    memory_servers: dict[str, Any] | None = None

    @property
    def produced_by(self) -> str:
        """The brain, and the model when it says more ("labor pool (…)" is both: once)."""
        if not self.model or self.model == self.brain:
            return self.brain
        return f"{self.brain} ({self.model})"

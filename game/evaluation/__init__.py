"""The paper's evaluation, end to end: a town run headless with a run record, then measured
— information diffusion, relationship density, coordination around an event — beside the
paper's figures, in a report (`evaluation.json`, `report.md`, PNG plots). See README.md.

    result = evaluate(EvaluationOptions(town="the_ville_n3", hours=2, out_dir=Path("out")))

The news to follow comes from the town's `scenario.json` (`scenario.py`), never from code.
May import `game.bridge` (only its `__all__`), `game.records`, `game.files`, `game.saves`,
`game.town`, `game.world`; never `cognition` or pygame (`tests/test_layers.py`).

Exceptions:
    EvaluationError    an unknown town, a bad scenario, an unusable run record or model
                       settings; `str()` is one line naming the file and the field
"""

from __future__ import annotations

from game.evaluation.measures import Measures, measure
from game.evaluation.report import ReportFiles, RunInfo, write_report
from game.evaluation.runner import (
    EvaluationOptions,
    EvaluationPlan,
    EvaluationResult,
    Progress,
    evaluate,
    plan,
)
from game.evaluation.scenario import (
    EvaluationError,
    NewsItem,
    Scenario,
    TownInfo,
    load_scenario,
    read_town,
)

__all__ = [
    "EvaluationError",
    "EvaluationOptions",
    "EvaluationPlan",
    "EvaluationResult",
    "Measures",
    "NewsItem",
    "Progress",
    "ReportFiles",
    "RunInfo",
    "Scenario",
    "TownInfo",
    "evaluate",
    "load_scenario",
    "measure",
    "plan",
    "read_town",
    "write_report",
]

"""`evaluate(EvaluationOptions(...))`: run the town headless with a run record (through
`game.bridge.simulate`), measure the record, write the report.

Resumable: when `out_dir` holds a finished run of the same town, seed, hours, brain and
embedder (its `run.json`, written once the simulation has finished, and a record that
opens), the record is measured again instead of simulating anew. `run.json` is written
before anything is measured, so a failure while measuring never costs the simulation.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from game.bridge import LivingTown, SimulationOptions, settings_problem, simulate
from game.evaluation.measures import Measures, measure
from game.evaluation.report import ReportFiles, RunInfo, write_report
from game.evaluation.scenario import EvaluationError, Scenario, TownInfo, load_scenario, read_town
from game.files.paths import user_data_dir
from game.records import RecordError, RunRecord

__all__ = ["EvaluationOptions", "EvaluationPlan", "EvaluationResult", "evaluate", "plan"]

Progress = Callable[[str], None]
RUN_FILE = "run.json"
SIMULATION_FIGURES = (
    "game_hours", "wall_s", "llm_calls", "llm_calls_per_agent_day", "tokens_per_agent_day",
    "fallbacks", "errors", "memories", "reflections", "conversations", "plans",
)  # fmt: skip


@dataclass
class EvaluationOptions:
    town: str = "the_ville_n25"
    hours: float | None = None  # None: from the town's start to the scenario's run_until
    seed: int = 0
    out_dir: Path | None = None  # None: <user data>/evaluations/<town>-seed<seed>-<hours>h
    base_url: str | None = None  # an OpenAI-compatible server (None: the offline brain)
    model: str | None = None
    api_key: str | None = None
    embedder: str = "minilm"  # "minilm" (the real local model) or "hashing" (instant, tests)
    workers: int = 16
    fresh: bool = False  # simulate again even when out_dir holds a finished run


@dataclass(frozen=True)
class EvaluationPlan:
    """What `evaluate` will do, settled before any simulation."""

    town: TownInfo
    scenario: Scenario
    hours: float
    out_dir: Path
    simulation: SimulationOptions

    def settings(self) -> dict[str, Any]:
        """What makes two runs the same run (kept in run.json)."""
        options = self.simulation
        return {
            "town": self.town.id,
            "seed": options.seed,
            "hours": self.hours,
            "base_url": options.base_url,
            "model": options.model,
            "embedder": options.embedder,
        }


@dataclass(frozen=True)
class EvaluationResult:
    run: RunInfo
    measures: Measures
    files: ReportFiles


def plan(options: EvaluationOptions) -> EvaluationPlan:
    """Check the town, its scenario, the hours and the model settings; `EvaluationError`
    with a one-line message on the first problem."""
    town = read_town(options.town)
    scenario = load_scenario(town)
    hours = options.hours
    if hours is None:
        hours = (scenario.run_until - town.start).total_seconds() / 3600
    if hours <= 0:
        raise EvaluationError(f"--hours must be more than 0 (not {hours:g})")
    folder = options.out_dir or (
        user_data_dir() / "evaluations" / f"{town.directory.name}-seed{options.seed}-{hours:g}h"
    )
    simulation = SimulationOptions(
        town=town.id,
        hours=hours,
        seed=options.seed,
        base_url=options.base_url,
        model=options.model,
        api_key=options.api_key,
        workers=options.workers,
        embedder=options.embedder,
        record_dir=folder / "record",
    )
    problem = settings_problem(simulation)
    if problem is not None:
        raise EvaluationError(problem)
    return EvaluationPlan(town, scenario, hours, folder, simulation)


def evaluate(options: EvaluationOptions, progress: Progress | None = None) -> EvaluationResult:
    """Simulate (or reuse a finished run), measure, report; progress lines on `progress`."""
    tell = progress or (lambda line: None)
    settled = plan(options)
    found = None if options.fresh else finished_run(settled)
    if found is not None:
        record_path, figures = found
        tell(f"reusing the finished run in {record_path} (not simulated again)")
    else:
        record_path, figures = _simulate(settled, tell)
    tell("measuring diffusion, relationships and coordination from the run record")
    try:
        with RunRecord.open(record_path) as record:
            end = record.meta.start_time + timedelta(hours=settled.hours)
            measures = measure(record, settled.scenario, end)
            run = RunInfo(
                town=settled.town.id,
                seed=record.meta.seed,
                hours=settled.hours,
                brain=record.meta.brain,
                model=record.meta.model,
                record=record_path,
                run_id=record.meta.run_id,
                simulated=found is None,
                simulation=figures,
            )
    except RecordError as error:
        raise EvaluationError(str(error)) from None
    tell(f"writing the report into {settled.out_dir}")
    files = write_report(run, settled.scenario, measures, settled.out_dir)
    return EvaluationResult(run, measures, files)


def finished_run(settled: EvaluationPlan) -> tuple[Path, dict[str, Any]] | None:
    """The record and figures of a finished run of the same settings in the out folder."""
    run_file = settled.out_dir / RUN_FILE
    try:
        data = json.loads(run_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("settings") != settled.settings():
        return None
    record_path = settled.out_dir / str(data.get("record", ""))
    try:
        RunRecord.open(record_path).close()
    except RecordError:
        return None
    figures = data.get("simulation")
    return record_path, figures if isinstance(figures, dict) else {}


def _simulate(settled: EvaluationPlan, tell: Progress) -> tuple[Path, dict[str, Any]]:
    hours = settled.hours
    tell(f"simulating {settled.town.id} for {hours:g} game hours (seed {settled.simulation.seed})")
    start = settled.town.start
    told = [start]

    def each_hour(town: LivingTown) -> None:
        now: datetime = town.clock.now
        if now - told[0] >= timedelta(hours=1):
            told[0] = now
            done = (now - start).total_seconds() / 3600
            tell(f"  game time {now:%a %H:%M} ({done:g} of {hours:g} game hours)")

    report, _ = simulate(settled.simulation, observe=each_hour, warn=tell)
    if not report.get("record"):
        raise EvaluationError(f"the run left no run record ({report.get('record_problem')})")
    record_path = Path(report["record"])
    figures = {key: report[key] for key in SIMULATION_FIGURES if key in report}
    if report.get("record_problem"):
        figures["record_problem"] = report["record_problem"]
    run_file = settled.out_dir / RUN_FILE
    run_file.write_text(
        json.dumps(
            {
                "settings": settled.settings(),
                "record": _relative(record_path, settled.out_dir),
                "simulation": figures,
            },
            indent=2,
        )
        + "\n",
        encoding="utf-8",
    )
    return record_path, figures


def _relative(path: Path, folder: Path) -> str:
    """`path` from `folder` when inside it (the out folder may move), else in full."""
    try:
        return path.relative_to(folder).as_posix()
    except ValueError:
        return str(path.resolve())

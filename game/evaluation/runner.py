"""`evaluate(EvaluationOptions(...))`: the paper's evaluation of a town, in phases —

1. interviews at the start: the town as it starts, asked "do you know …?" (diffusion and
   relationships the paper's way);
2. the simulation: the town run headless in lockstep with a run record, saved at the end;
3. interviews at the end: the saved town asked again, then the controlled interview (the
   question files under each condition, scored against ground truth);
4. the judge panel (a model only): pairs of answers judged, ratings per condition;
5. the control (unless `controls` is off): the same town and seed with no news seeded,
   simulated and asked at the end (`controls.py`), each measure set against it;
6. the report: the record measured, the interviews' measures beside it, the control's.

Resumable: each phase's result is kept in the out folder (`run.json` with the record and the
save; `interviews-*.json`, `panel.json`) and reused when its settings match, so a finished
simulation is never re-run to re-judge. Before anything runs, `plan` checks the town, the
scenario, the questions, the referees and the model settings, and estimates the calls.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from game.bridge import LivingTown, append_traces, simulate
from game.evaluation.answers import Findings
from game.evaluation.control_measures import ControlMeasures, against_control
from game.evaluation.controls import CONTROL_DIR, CONTROL_INTERVIEW, CONTROL_PHASE, run_control
from game.evaluation.estimate import Estimate
from game.evaluation.interrupted import INTERRUPTED_FILE, EvaluationState
from game.evaluation.measures import Measures, measure
from game.evaluation.phase_files import END_FILE, START_FILE
from game.evaluation.phases import Spending, end_phases, end_slots, start_interviews
from game.evaluation.plan import END_SLOT, EvaluationOptions, EvaluationPlan, plan
from game.evaluation.progress import Bar, Progress
from game.evaluation.report import ReportFiles, RunInfo, write_report
from game.evaluation.scenario import EvaluationError
from game.records import RecordError, RunRecord

__all__ = [
    "EvaluationOptions",
    "EvaluationPlan",
    "EvaluationResult",
    "Progress",
    "evaluate",
    "plan",
]

RUN_FILE = "run.json"
SIMULATION_FIGURES = (
    "game_hours", "wall_s", "llm_calls", "llm_calls_per_agent_day", "tokens_per_agent_day",
    "fallbacks", "errors", "memories", "reflections", "conversations", "plans", "groups",
    "routes", "memory_server",
)  # fmt: skip


@dataclass(frozen=True)
class EvaluationResult:
    run: RunInfo
    measures: Measures
    files: ReportFiles
    findings: Findings | None = None
    estimate: Estimate | None = None
    controls: dict[str, Any] | None = None  # evaluation.json's `controls` (None: no control)


def evaluate(
    options: EvaluationOptions,
    progress: Progress | None = None,
    state: EvaluationState | None = None,
) -> EvaluationResult:
    """Every phase (or its kept result), then the report. `state` (when given) follows the
    phases, for a partial report if the evaluation is interrupted (`interrupted.py`)."""
    tell = progress or Progress()
    where = state or EvaluationState()
    settled = plan(options)
    where.out_dir = settled.out_dir
    where.end("planning")
    tell.say(settled.estimate.line())
    bar = Bar(settled.estimate, tell)
    spending = Spending()
    where.begin("interviews at the start")
    start_answers = start_interviews(settled, tell, bar, spending)
    where.end("interviews at the start")
    where.begin("simulation")
    found = None if options.fresh else finished_run(settled)
    if found is not None:
        record_path, figures = found
        tell.say(f"reusing the finished run in {record_path} (not simulated again)")
        bar.phase("simulation", 1)()
    else:
        record_path, figures = _simulate(settled, tell, bar, where)
    where.record = record_path
    where.end("simulation")
    _traces_into(record_path, spending, settled, tell)
    where.begin("interviews at the end and the judge panel")
    findings = end_phases(settled, tell, bar, spending, start_answers, fresh=found is None)
    _traces_into(record_path, spending, settled, tell)
    where.end("interviews at the end and the judge panel")
    control = _control(settled, tell, bar, where) if options.controls else None
    where.begin("report")
    measures, run = _measure(settled, record_path, figures, tell, simulated=found is None)
    controls = (
        None if control is None else against_control(measures, findings, control, CONTROL_DIR)
    )
    tell.say(f"writing the report into {settled.out_dir}")
    files = write_report(run, settled.scenario, measures, settled.out_dir, findings, controls)
    with contextlib.suppress(OSError):  # an earlier interruption's note no longer holds
        (settled.out_dir / INTERRUPTED_FILE).unlink(missing_ok=True)
    tell.advance(1.0, "done")
    return EvaluationResult(run, measures, files, findings, settled.estimate, controls)


def _measure(
    settled: EvaluationPlan,
    record_path: Path,
    figures: dict[str, Any],
    tell: Progress,
    *,
    simulated: bool,
) -> tuple[Measures, RunInfo]:
    """The run record measured (diffusion, relationships, coordination) and the run it
    holds (`simulated`: False when an earlier run was measured again)."""
    tell.say("measuring diffusion, relationships and coordination from the run record")
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
                simulated=simulated,
                simulation=figures,
                memory_servers=memory_servers(settled.out_dir, figures),
            )
    except RecordError as error:
        raise EvaluationError(str(error)) from None
    return measures, run


def _control(
    settled: EvaluationPlan, tell: Progress, bar: Bar, where: EvaluationState
) -> ControlMeasures:
    """The control run (`controls.py`), its simulation kept like the run's."""
    where.begin(CONTROL_PHASE)

    def simulated(plan: EvaluationPlan) -> tuple[Path, dict[str, Any]]:
        kept = None if settled.options.fresh else finished_run(plan)
        return kept or _simulate(plan, tell, bar, where, CONTROL_PHASE)

    control = run_control(settled, simulated, tell, bar)
    where.end(CONTROL_PHASE)
    return control


def memory_servers(out_dir: Path, figures: dict[str, Any]) -> dict[str, Any] | None:
    """The Chroma server databases the evaluation's towns used, by phase (the simulations'
    kept — the run's and its control's; the interviews' dropped when they ended); None when
    the memories were in process."""
    found = {"simulation": figures.get("memory_server")}
    control = out_dir / CONTROL_DIR
    phases = (
        ("interviews at the start", out_dir / START_FILE, ()),
        ("interviews at the end", out_dir / END_FILE, ()),
        (CONTROL_PHASE, control / RUN_FILE, ("simulation",)),
        (CONTROL_INTERVIEW, control / END_FILE, ()),
    )
    for phase, path, inside in phases:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        for key in inside:
            data = data.get(key) if isinstance(data, dict) else None
        found[phase] = data.get("memory_server") if isinstance(data, dict) else None
    return {phase: where for phase, where in found.items() if where} or None


def _traces_into(record: Path, spending: Spending, settled: EvaluationPlan, tell: Progress) -> None:
    """The decision traces of the evaluation's calls so far, into the run record."""
    rows, spending.traces = spending.traces, []
    key = settled.simulation.api_key
    secret = key.get_secret_value() if key is not None else ""
    problem = append_traces(record, rows, [secret] if secret else [])
    if problem:
        tell.say(f"warning: the evaluation's decision traces are not in the record: {problem}")


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
    if not end_slots(settled).exists(END_SLOT):
        return None  # the interviews need the town as it ended
    figures = data.get("simulation")
    return record_path, figures if isinstance(figures, dict) else {}


def _simulate(
    settled: EvaluationPlan,
    tell: Progress,
    bar: Bar,
    state: EvaluationState,
    phase: str = "simulation",
) -> tuple[Path, dict[str, Any]]:
    hours = settled.hours
    seed = settled.simulation.seed
    tell.say(f"simulating {settled.town.id} for {hours:g} game hours (seed {seed})")
    start = settled.town.start
    told = [start]
    tick = bar.phase(phase, max(1, round(hours)))

    def each_hour(town: LivingTown) -> None:
        now: datetime = town.clock.now
        if now - told[0] >= timedelta(hours=1):
            told[0] = now
            tick(f"simulating: game time {now:%a %H:%M}")

    report, _ = simulate(settled.simulation, observe=each_hour, warn=tell.say)
    if report.get("interrupted"):  # Ctrl-C: the record is closed; the run is not finished
        if report.get("record"):
            state.record = Path(report["record"])
        raise KeyboardInterrupt
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

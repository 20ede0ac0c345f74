"""The control run of an evaluation: the same town and seed with no news seeded
(`control_town.py`), simulated for the same hours in `<out>/control/`, measured with the
scenario's items all the same, and asked "do you know …?" at the end — so each measure of
the run has its baseline (`control_measures.py`). It costs a second simulation and a second
knowledge interview at the end; `evaluate --no-control` skips it.

Like the run, it is kept: a finished control (its `run.json`, `saves/end` and
`interviews-end.json` made with the same settings) is measured again, not re-run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from game.bridge import FromSave, InterviewDesk
from game.evaluation.control_measures import ControlMeasures
from game.evaluation.control_town import write_control_town
from game.evaluation.interviews import (
    KnowledgeAnswer,
    knowledge_interview,
    knowledge_interview_size,
)
from game.evaluation.measures import measure
from game.evaluation.phase_files import END_FILE, load_phase, read_knowledge, write_phase
from game.evaluation.phases import scratch_server
from game.evaluation.plan import END_SLOT, EvaluationPlan
from game.evaluation.progress import Bar, Progress
from game.evaluation.scenario import EvaluationError, read_town
from game.files.scratch import scratch_dir
from game.records import RecordError, RunRecord
from game.saves import SaveSlots

__all__ = ["CONTROL_DIR", "CONTROL_PHASE", "control_plan", "run_control"]

CONTROL_DIR = "control"  # in the out folder
CONTROL_PHASE = "control run"  # its phase in the estimate and the progress bar
CONTROL_INTERVIEW = "control: interviews at the end"
# runs a plan's simulation, or reuses its finished one: (record, figures)
Simulation = Callable[[EvaluationPlan], tuple[Path, dict[str, Any]]]


def control_plan(settled: EvaluationPlan) -> EvaluationPlan:
    """The evaluation's plan for its control: the control town (written into
    `<out>/control/town`), its own record and saves, the run's scenario to measure."""
    folder = settled.out_dir / CONTROL_DIR
    try:
        town_dir = write_control_town(settled.town, settled.scenario, folder / "town")
    except (OSError, ValueError) as error:
        raise EvaluationError(f"cannot write the control town into {folder}: {error}") from None
    town = read_town(town_dir)
    simulation = replace(
        settled.simulation,
        town=town.id,
        record_dir=folder / "record",
        saves_dir=folder / "saves",
    )
    return replace(settled, town=town, out_dir=folder, simulation=simulation)


def run_control(
    settled: EvaluationPlan, simulated: Simulation, tell: Progress, bar: Bar
) -> ControlMeasures:
    """The control simulated (or kept), measured, and asked at the end."""
    plan = control_plan(settled)
    tell.say(f"the control: {plan.town.id} — the same town and seed with no news seeded")
    record_path, _ = simulated(plan)
    try:
        with RunRecord.open(record_path) as record:
            end = record.meta.start_time + timedelta(hours=plan.hours)
            measures = measure(record, settled.scenario, end)
    except RecordError as error:
        raise EvaluationError(f"the control's record: {error}") from None
    knowledge = _asked_at_end(plan, tell, bar)
    return ControlMeasures(measures, tuple(knowledge))


def _asked_at_end(plan: EvaluationPlan, tell: Progress, bar: Bar) -> list[KnowledgeAnswer]:
    path = plan.out_dir / END_FILE
    settings = plan.interview_settings()
    kept = None if plan.options.fresh else load_phase(path, settings)
    size = knowledge_interview_size(len(plan.town.residents), len(plan.scenario.news))
    # the estimate weighs the control's simulation; its interview moves the bar no further
    tick = bar.phase(CONTROL_INTERVIEW, size)
    if kept is not None:
        tell.say(f"reusing the control's interviews at the end in {path}")
        tick()
        return read_knowledge(kept)
    tell.say("interviewing the control's residents at the end (do you know …?)")
    save = FromSave(END_SLOT, slots=SaveSlots(plan.out_dir / "saves"))
    with (
        scratch_dir("smallville-control-") as scratch,
        InterviewDesk.open(plan.recipe(Path(scratch)), save, scratch=True) as desk,
    ):
        answers = knowledge_interview(
            desk, plan.scenario, "end", lambda: tick(CONTROL_INTERVIEW), plan.simulation.workers
        )
        usage = desk.usage()
        dropped = scratch_server(desk)  # its server database (if any) goes when it closes
    knowledge = [a.to_dict() for a in answers]
    write_phase(path, settings, knowledge=knowledge, usage=usage, memory_server=dropped)
    return answers

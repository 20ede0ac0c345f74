"""The interview and panel phases of `evaluate`: each runs, or reuses its kept file when
the settings match (`phase_files`).

- `start_interviews` — the town as it starts, asked "do you know …?";
- `end_phases` — the town saved at the simulation's end: asked again, then the controlled
  interview under each condition, then the judge panel (a model only; the offline brain
  cannot judge, and the report says so), within the call budget.
"""

from __future__ import annotations

import tempfile
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.bridge import FromSave, InterviewDesk
from game.evaluation.answers import Findings, PanelInfo, with_ratings
from game.evaluation.interviews import (
    ControlledAnswer,
    KnowledgeAnswer,
    controlled_interview,
    knowledge_interview,
    knowledge_interview_size,
)
from game.evaluation.judging import JudgedPair, judge_pairs, pairs_to_judge
from game.evaluation.phase_files import (
    END_FILE,
    PANEL_FILE,
    START_FILE,
    load_phase,
    read_controlled,
    read_judged,
    read_knowledge,
    write_phase,
)
from game.evaluation.plan import END_SLOT, EvaluationPlan
from game.evaluation.progress import Bar, Progress
from game.saves import SaveSlots

__all__ = ["OFFLINE_PANEL", "end_phases", "end_slots", "start_interviews"]

OFFLINE_PANEL = (
    "the judge panel needs a model: the offline brain cannot judge believability "
    "(run with --base-url and --model); the ground-truth scores work offline"
)


def end_slots(settled: EvaluationPlan) -> SaveSlots:
    """Where the town is saved as the simulation ended."""
    return SaveSlots(settled.out_dir / "saves")


def start_interviews(
    settled: EvaluationPlan, tell: Progress, bar: Bar, usage: dict[str, dict[str, int]]
) -> list[KnowledgeAnswer]:
    path = settled.out_dir / START_FILE
    settings = settled.interview_settings()
    kept = None if settled.options.fresh else load_phase(path, settings)
    units = knowledge_interview_size(len(settled.town.residents), len(settled.scenario.news))
    tick = bar.phase("interviews at the start", units)
    if kept is not None:
        tell.say(f"reusing the interviews at the start in {path}")
        usage["interviews at the start"] = kept.get("usage", {})
        tick()
        return read_knowledge(kept)
    tell.say("interviewing the residents as the town starts (do you know …?)")
    with (
        tempfile.TemporaryDirectory(prefix="smallville-eval-") as scratch,
        InterviewDesk.open(settled.recipe(Path(scratch)), scratch=True) as desk,
    ):
        answers = knowledge_interview(
            desk, settled.scenario, "start", lambda: tick("interviews at the start"),
            settled.simulation.workers,
        )  # fmt: skip
        usage["interviews at the start"] = desk.usage()
    write_phase(
        path,
        settings,
        knowledge=[a.to_dict() for a in answers],
        usage=usage["interviews at the start"],
        memory_server=scratch_server(desk),
    )
    return answers


def end_phases(
    settled: EvaluationPlan,
    tell: Progress,
    bar: Bar,
    usage: dict[str, dict[str, int]],
    start_answers: list[KnowledgeAnswer],
    fresh: bool,
) -> Findings:
    """The interviews at the end (or their kept file), then the panel (or its kept file)."""
    residents = len(settled.town.residents)
    path = settled.out_dir / END_FILE
    settings = settled.interview_settings()
    kept = None if fresh or settled.options.fresh else load_phase(path, settings)
    size = knowledge_interview_size(residents, len(settled.scenario.news))
    knowing = bar.phase("interviews at the end", size)
    asked = settled.estimate.phases["controlled interviews"]
    controlling = bar.phase("controlled interviews", asked)
    panel_path = settled.out_dir / PANEL_FILE
    panel_kept = None if settled.options.fresh else load_phase(panel_path, settled.panel_settings())
    judging = not _offline(settled) and panel_kept is None
    with ExitStack() as opened:
        desk = None
        if kept is None or judging:  # the saved town is loaded only when someone is asked
            scratch = opened.enter_context(tempfile.TemporaryDirectory(prefix="smallville-eval-"))
            save = FromSave(END_SLOT, slots=end_slots(settled))
            recipe = settled.recipe(Path(scratch))
            desk = opened.enter_context(InterviewDesk.open(recipe, save, scratch=True))
        if kept is not None:
            tell.say(f"reusing the interviews at the end in {path}")
            knowledge, controlled = read_knowledge(kept), read_controlled(kept)
            skipped = kept.get("skipped", {})
            usage.update(kept.get("usage", {}))
            knowing(), controlling()
        else:
            assert desk is not None
            tell.say("interviewing the residents at the end (do you know …?)")
            before = desk.usage()
            workers = settled.simulation.workers
            knowledge = knowledge_interview(
                desk, settled.scenario, "end", lambda: knowing("interviews at the end"),
                workers,
            )  # fmt: skip
            middle = desk.usage()
            usage["interviews at the end"] = _spent(before, middle)
            tell.say(
                f"the controlled interview: {len(settled.conditions)} conditions, "
                "ground truth where the answer is known"
            )
            controlled, skipped = controlled_interview(
                desk, settled.questions, settled.scenario, settled.conditions,
                settled.simulation.seed, lambda: controlling("controlled interviews"),
                workers,
            )  # fmt: skip
            usage["controlled interviews"] = _spent(middle, desk.usage())
            write_phase(
                path, settings,
                knowledge=[a.to_dict() for a in knowledge],
                controlled=[a.to_dict() for a in controlled],
                skipped=skipped,
                usage={k: usage[k] for k in ("interviews at the end", "controlled interviews")},
                memory_server=scratch_server(desk),
            )  # fmt: skip
        judged, info = _panel(settled, desk, controlled, panel_kept, tell, bar, usage)
    findings = Findings(
        residents=tuple(settled.town.residents),
        conditions=tuple(settled.conditions),
        knowledge=(*start_answers, *knowledge),
        controlled=tuple(controlled),
        skipped=skipped,
        judged=tuple(judged),
        panel=info,
        usage=usage,
    )
    return with_ratings(findings)


def scratch_server(desk: InterviewDesk) -> dict[str, Any] | None:
    """The server database the interviews' town used (dropped when they end), or None."""
    if desk.memory_server is None:
        return None
    return {**desk.memory_server, "dropped_when_done": True}


def _offline(settled: EvaluationPlan) -> bool:
    """The offline brain answers (no server): the panel cannot run."""
    return not settled.uses_model


def _spent(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    return {key: after.get(key, 0) - before.get(key, 0) for key in after}


def _panel(
    settled: EvaluationPlan,
    desk: InterviewDesk | None,
    controlled: list[ControlledAnswer],
    kept: dict[str, Any] | None,
    tell: Progress,
    bar: Bar,
    usage: dict[str, dict[str, int]],
) -> tuple[list[JudgedPair], PanelInfo]:
    options = settled.options
    names = tuple(r.name for r in settled.referees)
    conditions = list(settled.conditions)
    pairs = pairs_to_judge(controlled, conditions, options.panel_pairs, settled.simulation.seed)
    info = PanelInfo(settled.strategy, names, options.panel_rounds, len(pairs))
    if _offline(settled):
        tell.say(f"no judge panel: {OFFLINE_PANEL}")
        return [], replace(info, skipped=OFFLINE_PANEL)
    if kept is not None or desk is None:
        assert kept is not None  # the desk is opened whenever the panel must run
        tell.say("reusing the panel's verdicts")
        usage["judge panel"] = kept.get("usage", {})
        return read_judged(kept), replace(info, stopped=kept.get("stopped"))
    tell.say(
        f"the judge panel ({settled.strategy}, {len(names)} referees, "
        f"{options.panel_rounds} rounds) on {len(pairs)} pairs of answers"
    )
    tick = bar.phase("judge panel", len(pairs))
    before = desk.usage()
    budget = options.budget

    def may_go_on() -> bool:
        return (
            budget is None or _total_calls(usage) + desk.usage()["calls"] - before["calls"] < budget
        )

    judged = judge_pairs(
        desk, pairs, settled.referees, settled.strategy, options.panel_rounds,
        lambda: tick("judge panel"), may_go_on,
    )  # fmt: skip
    stopped = None
    if len(judged) < len(pairs):
        stopped = f"the budget of {budget:,} calls was reached after {len(judged)} pairs"
        tell.say(f"panel stopped: {stopped}")
    usage["judge panel"] = _spent(before, desk.usage())
    write_phase(
        settled.out_dir / PANEL_FILE, settled.panel_settings(),
        judged=[j.to_dict() for j in judged], usage=usage["judge panel"], stopped=stopped,
    )  # fmt: skip
    return judged, replace(info, stopped=stopped)


def _total_calls(usage: dict[str, dict[str, int]]) -> int:
    return sum(phase.get("calls", 0) for phase in usage.values())

"""The interview and panel phases of `evaluate`: each runs, or reuses its kept file when
the settings match (`phase_files`).

- `start_interviews` — the town as it starts, asked "do you know …?";
- `end_phases` — the town saved at the simulation's end: asked again, then the controlled
  interview under each condition, then the judge panel (every pair in both orders; again by
  one repeated role for the same-role ablation when asked), within the call budget.

`Spending` keeps what each phase cost — calls, tokens and fallbacks, calls per endpoint of
the labor pool — and the decision trace of every call made, for the run record.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
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
from game.evaluation.judging import JudgedPair, PairToJudge, judge_pairs, pairs_to_judge
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
from game.files.scratch import scratch_dir
from game.records import TraceRow
from game.saves import SaveSlots

__all__ = ["NO_PAIRS", "Spending", "end_phases", "end_slots", "start_interviews"]

NO_PAIRS = "no pair of answers to judge (--panel-pairs 0, or a single condition)"

Mark = tuple[dict[str, int], dict[str, int]]  # a desk's usage and calls per route, so far
Tick = Callable[..., None]  # a phase's step done on the progress bar (`Bar.phase`)


@dataclass
class Spending:
    """What the evaluation's phases cost, phase by phase, and their calls' traces."""

    usage: dict[str, dict[str, int]] = field(default_factory=dict)  # calls, tokens, fallbacks
    by_route: dict[str, dict[str, int]] = field(default_factory=dict)  # endpoint → calls
    traces: list[TraceRow] = field(default_factory=list)  # not yet in the run record

    @staticmethod
    def mark(desk: InterviewDesk) -> Mark:
        return desk.usage(), desk.calls_by_route()

    def since(self, phase: str, desk: InterviewDesk, mark: Mark) -> None:
        """`phase` cost what `desk` spent since `mark`; its calls' traces are kept."""
        now = self.mark(desk)
        self.usage[phase] = _spent(mark[0], now[0])
        self.by_route[phase] = {k: v for k, v in _spent(mark[1], now[1]).items() if v}
        self.traces += desk.take_traces()

    def reuse(self, phases: list[str], kept: dict[str, Any]) -> None:
        """The phases' costs as a kept phase file has them (their traces are in the record
        of the run that made them)."""
        usage, routes = kept.get("usage", {}), kept.get("by_route", {})
        for phase in phases:
            flat = "calls" in usage  # a start file from before the costs were per phase
            self.usage[phase] = usage if flat else usage.get(phase, {})
            self.by_route[phase] = routes.get(phase, {})

    def kept(self, *phases: str) -> dict[str, Any]:
        """What a phase file keeps of `phases`' costs."""
        return {
            "usage": {p: self.usage[p] for p in phases},
            "by_route": {p: self.by_route.get(p, {}) for p in phases},
        }


def end_slots(settled: EvaluationPlan) -> SaveSlots:
    """Where the town is saved as the simulation ended."""
    return SaveSlots(settled.out_dir / "saves")


def start_interviews(
    settled: EvaluationPlan, tell: Progress, bar: Bar, spending: Spending
) -> list[KnowledgeAnswer]:
    phase = "interviews at the start"
    path = settled.out_dir / START_FILE
    settings = settled.interview_settings()
    kept = None if settled.options.fresh else load_phase(path, settings)
    units = knowledge_interview_size(len(settled.town.residents), len(settled.scenario.news))
    tick = bar.phase(phase, units)
    if kept is not None:
        tell.say(f"reusing the interviews at the start in {path}")
        spending.reuse([phase], kept)
        tick()
        return read_knowledge(kept)
    tell.say("interviewing the residents as the town starts (do you know …?)")
    with (
        scratch_dir("smallville-eval-") as scratch,
        InterviewDesk.open(settled.recipe(Path(scratch)), scratch=True) as desk,
    ):
        mark = spending.mark(desk)
        answers = knowledge_interview(
            desk, settled.scenario, "start", lambda: tick(phase), settled.simulation.workers
        )
        spending.since(phase, desk, mark)
    write_phase(
        path,
        settings,
        knowledge=[a.to_dict() for a in answers],
        memory_server=scratch_server(desk),
        **spending.kept(phase),
    )
    return answers


def end_phases(
    settled: EvaluationPlan,
    tell: Progress,
    bar: Bar,
    spending: Spending,
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
    with ExitStack() as opened:
        desk = None
        if kept is None or panel_kept is None:  # the saved town is loaded only when needed
            scratch = opened.enter_context(scratch_dir("smallville-eval-"))
            save = FromSave(END_SLOT, slots=end_slots(settled))
            recipe = settled.recipe(Path(scratch))
            desk = opened.enter_context(InterviewDesk.open(recipe, save, scratch=True))
        knowledge, controlled, skipped = _end_interviews(
            settled, desk, kept, (knowing, controlling), tell, spending
        )
        judged, same_role, info = _panel(settled, desk, controlled, panel_kept, tell, bar, spending)
    findings = Findings(
        residents=tuple(settled.town.residents),
        conditions=tuple(settled.conditions),
        knowledge=(*start_answers, *knowledge),
        controlled=tuple(controlled),
        skipped=skipped,
        judged=tuple(judged),
        panel=info,
        usage=spending.usage,
        judged_same_role=tuple(same_role),
        by_route=spending.by_route,
    )
    return with_ratings(findings)


def _end_interviews(
    settled: EvaluationPlan,
    desk: InterviewDesk | None,
    kept: dict[str, Any] | None,
    ticks: tuple[Tick, Tick],
    tell: Progress,
    spending: Spending,
) -> tuple[list[KnowledgeAnswer], list[ControlledAnswer], dict[str, Any]]:
    """The interviews at the end and the controlled interview (or their kept file, when
    `kept`): the answers, and the questions skipped."""
    knowing, controlling = ticks
    path = settled.out_dir / END_FILE
    settings = settled.interview_settings()
    if kept is not None:
        tell.say(f"reusing the interviews at the end in {path}")
        knowledge, controlled = read_knowledge(kept), read_controlled(kept)
        skipped = kept.get("skipped", {})
        spending.reuse(["interviews at the end", "controlled interviews"], kept)
        knowing(), controlling()
    else:
        assert desk is not None
        tell.say("interviewing the residents at the end (do you know …?)")
        mark = spending.mark(desk)
        workers = settled.simulation.workers
        knowledge = knowledge_interview(
            desk, settled.scenario, "end", lambda: knowing("interviews at the end"),
            workers,
        )  # fmt: skip
        spending.since("interviews at the end", desk, mark)
        tell.say(
            f"the controlled interview: {len(settled.conditions)} conditions, "
            "ground truth where the answer is known"
        )
        mark = spending.mark(desk)
        controlled, skipped = controlled_interview(
            desk, settled.questions, settled.scenario, settled.conditions,
            settled.simulation.seed, lambda: controlling("controlled interviews"),
            workers,
        )  # fmt: skip
        spending.since("controlled interviews", desk, mark)
        write_phase(
            path, settings,
            knowledge=[a.to_dict() for a in knowledge],
            controlled=[a.to_dict() for a in controlled],
            skipped=skipped,
            memory_server=scratch_server(desk),
            **spending.kept("interviews at the end", "controlled interviews"),
        )  # fmt: skip
    return knowledge, controlled, skipped


def scratch_server(desk: InterviewDesk) -> dict[str, Any] | None:
    """The server database the interviews' town used (dropped when they end), or None."""
    if desk.memory_server is None:
        return None
    return {**desk.memory_server, "dropped_when_done": True}


def _spent(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    return {key: after.get(key, 0) - before.get(key, 0) for key in after}


def _panel(
    settled: EvaluationPlan,
    desk: InterviewDesk | None,
    controlled: list[ControlledAnswer],
    kept: dict[str, Any] | None,
    tell: Progress,
    bar: Bar,
    spending: Spending,
) -> tuple[list[JudgedPair], list[JudgedPair], PanelInfo]:
    options = settled.options
    names = tuple(r.name for r in settled.referees)
    conditions = list(settled.conditions)
    pairs = pairs_to_judge(controlled, conditions, options.panel_pairs, settled.simulation.seed)
    info = PanelInfo(
        settled.strategy, names, options.panel_rounds, len(pairs),
        judging=options.panel_judging, same_role_ablation=options.same_role_ablation,
    )  # fmt: skip
    phase = "judge panel"
    if not pairs:
        tell.say(f"no judge panel: {NO_PAIRS}")
        return [], [], replace(info, skipped=NO_PAIRS)
    if kept is not None or desk is None:
        assert kept is not None  # the desk is opened whenever the panel must run
        tell.say("reusing the panel's verdicts")
        spending.reuse([phase], kept)
        ablated = _rows_of(kept, "judged_same_role")
        return read_judged(kept), ablated, replace(info, stopped=kept.get("stopped"))
    judged, ablated, stopped = _judge(settled, desk, pairs, tell, bar, spending)
    return judged, ablated, replace(info, stopped=stopped)


def _judge(
    settled: EvaluationPlan,
    desk: InterviewDesk,
    pairs: list[PairToJudge],
    tell: Progress,
    bar: Bar,
    spending: Spending,
) -> tuple[list[JudgedPair], list[JudgedPair], str | None]:
    """The panel judges the pairs (and again in one role, when asked) within the budget:
    the verdicts, the same-role verdicts, and why it stopped early (None: it did not)."""
    options = settled.options
    phase = "judge panel"
    tell.say(
        f"the judge panel ({settled.strategy}, {len(settled.referees)} referees, "
        f"{options.panel_rounds} rounds, {options.panel_judging}) on {len(pairs)} pairs of "
        "answers, each in both orders"
        + (", then again with one role for all" if options.same_role_ablation else "")
    )
    panels = 2 if options.same_role_ablation else 1
    tick = bar.phase(phase, len(pairs) * panels)
    mark = spending.mark(desk)
    budget = options.budget
    spent_before = sum(used.get("calls", 0) for used in spending.usage.values())

    def may_go_on() -> bool:
        spent = spent_before + desk.usage()["calls"] - mark[0]["calls"]
        return budget is None or spent < budget

    def judge(one_role: bool) -> list[JudgedPair]:
        return judge_pairs(
            desk, pairs, settled.referees, settled.strategy, options.panel_rounds,
            lambda: tick(phase), may_go_on, options.panel_judging, one_role,
        )  # fmt: skip

    judged = judge(one_role=False)
    ablated = judge(one_role=True) if options.same_role_ablation else []
    stopped = None
    if len(judged) + len(ablated) < len(pairs) * panels:
        stopped = f"the budget of {budget:,} calls was reached after {len(judged)} pairs"
        tell.say(f"panel stopped: {stopped}")
    spending.since(phase, desk, mark)
    write_phase(
        settled.out_dir / PANEL_FILE, settled.panel_settings(),
        judged=[j.to_dict() for j in judged], judged_same_role=[j.to_dict() for j in ablated],
        stopped=stopped, **spending.kept(phase),
    )  # fmt: skip
    return judged, ablated, stopped


def _rows_of(kept: dict[str, Any], key: str) -> list[JudgedPair]:
    return read_judged({"judged": kept.get(key, [])})

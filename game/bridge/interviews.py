"""`InterviewDesk`: the residents of an opened town, ready for the evaluation's interviews.

    with InterviewDesk.open(recipe, FromSave("end", slots=slots)) as desk:
        said = desk.ask("Maria Lopez", "Do you know Klaus Mueller?", Condition.FULL)
        judged = desk.knows("Maria Lopez", question, said.text, "Klaus Mueller")

The interviews change nothing in the minds (no memory stored, no access time touched), so
they can be repeated under every condition in any order. The same model that drives the
town answers and judges: the offline brain by rule, a server by its model. `usage()` is what
the desk's calls cost so far, from the model stack's meter; `calls_by_route()` the same
per endpoint of a labor pool. Every model call the desk makes is kept as a decision trace
row (`take_traces()`), for `append_traces` to write into the evaluated run's record.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from cognition import (
    KNOWS,
    CallTrace,
    Condition,
    Interviewee,
    JudgePanel,
    KnowsInput,
    MemoryFields,
    PanelCase,
    PanelError,
    PanelJudging,
    PanelStrategy,
    PersonaAsker,
    Referee,
    Source,
    claims_to_know,
    denies,
    interviewee,
    load_referees,
    panel_calls_per_case,
    same_role,
)
from game.bridge.build import OpenedTown, TownRecipe
from game.bridge.memory_health import DatabaseNotDropped, drop_town_database, server_where
from game.bridge.opening import FromSave, open_town
from game.bridge.recording import trace_row
from game.records import (
    RecordError,
    RecordWriter,
    RunRecord,
    TraceRow,
    items_named,
    people_named,
)

__all__ = [
    "CONDITIONS",
    "PANEL_JUDGINGS",
    "PANEL_STRATEGIES",
    "Answered",
    "InterviewDesk",
    "Judged",
    "MemoryFacts",
    "Panel",
    "PanelMember",
    "PanelVerdict",
    "RefereesError",
    "append_traces",
    "claims_knowledge",
    "panel_calls",
    "read_referees",
]

# the paper's conditions, as the evaluation names them: "full", "no reflection", …
CONDITIONS: tuple[str, ...] = tuple(condition.value for condition in Condition)
# ChatEval's strategies and the single judge: "one-by-one", "simultaneous-talk", …
PANEL_STRATEGIES: tuple[str, ...] = tuple(strategy.value for strategy in PanelStrategy)
# how a referee judges: "pairwise" (a verdict) or "scores" (per criterion, 1 to 10)
PANEL_JUDGINGS: tuple[str, ...] = tuple(judging.value for judging in PanelJudging)

log = logging.getLogger(__name__)


class RefereesError(Exception):
    """A referees file that cannot be used; `str()` is one line naming the file."""


@dataclass(frozen=True)
class PanelMember:
    """A referee of the judge panel: a name and the role it judges from."""

    name: str
    role: str


@dataclass(frozen=True)
class PanelVerdict:
    winner: str  # "A", "B" or "tie"
    votes: dict[str, str]
    statements: tuple[tuple[str, str], ...]
    calls: int
    fallbacks: int
    # judging by scores: criterion -> (answer A's, answer B's) mean score; {} pairwise
    scores: dict[str, tuple[float, float]] = field(default_factory=dict)


def read_referees(path: Path | None = None) -> list[PanelMember]:
    """The referees in `path` (None: the bundled ones); `RefereesError` when unusable."""
    try:
        return [PanelMember(r.name, r.role) for r in load_referees(path)]
    except PanelError as error:
        raise RefereesError(str(error)) from None


def panel_calls(strategy: str, referees: int, rounds: int) -> int:
    """The model calls the panel makes per pair of answers."""
    return panel_calls_per_case(PanelStrategy(strategy), referees, rounds)


def claims_knowledge(answer: str, subject: str) -> bool:
    """The rule: does `answer` claim to know `subject` (no denial, the subject named)?"""
    return claims_to_know(answer, subject)


class Panel:
    """A judge panel on a town's model (see `cognition.panel`)."""

    def __init__(self, panel: JudgePanel) -> None:
        self._panel = panel

    def judge(
        self, resident: str, about: str, question: str, answer_a: str, answer_b: str
    ) -> PanelVerdict:
        verdict = self._panel.judge(PanelCase(resident, about, question, answer_a, answer_b))
        return PanelVerdict(
            verdict.winner, dict(verdict.votes), verdict.statements, verdict.calls,
            verdict.fallbacks, dict(verdict.scores),
        )  # fmt: skip


INTERVIEWER = PersonaAsker(
    name="The interviewer", description="a researcher interviewing the town's residents"
)


@dataclass(frozen=True)
class Answered:
    text: str


@dataclass(frozen=True)
class MemoryFacts:
    """A resident's memory as the evaluation reads it: its words, its kind (observation,
    dialogue, plan, reflection) and the news items its typed fields name — their `item` and
    each news's (a scenario item's id); None when the fields are unknown (a memory written
    without them, or saved before memories had them) — and the people they name
    (`game.records.people_named`; None: unknown)."""

    text: str
    kind: str
    items: frozenset[str] | None
    people: frozenset[str] | None = None


def _items_named(about: MemoryFields | None) -> frozenset[str] | None:
    """The items `about` names, read as the run record reads the fields it stores."""
    return None if about is None else items_named(about.model_dump_json(exclude_defaults=True))


def _people_named(about: MemoryFields | None) -> frozenset[str] | None:
    """The people `about` names, read as the run record reads the fields it stores."""
    return None if about is None else people_named(about.model_dump_json(exclude_defaults=True))


@dataclass(frozen=True)
class Judged:
    knows: bool
    fell_back: bool  # the model's verdict was unusable: the rule in `cognition.steps.knows`
    denied: bool = False  # the answer says it does not know (no call was made)


class InterviewDesk:
    """Ask and judge the residents of `opened` at its current game time."""

    def __init__(self, opened: OpenedTown, scratch: bool = False) -> None:
        self.opened = opened
        self.living = opened.living
        self.now: datetime = self.living.clock.now
        self._interviewees: dict[tuple[str, Condition], Interviewee] = {}
        # the server database holding this town's memories (None: in process); a scratch
        # town's is dropped when the desk closes, so interviews leave none behind
        self.memory_server = server_where(self.living.store.server)
        self.scratch = scratch
        self._traces: list[TraceRow] = []
        self.living.stack.tracer.add_listener(self._on_trace)

    def _on_trace(self, trace: CallTrace) -> None:
        self._traces.append(trace_row(trace, self.now))

    def take_traces(self) -> list[TraceRow]:
        """The decision traces of the calls made since the last take (and forgets them)."""
        taken, self._traces = self._traces, []
        return taken

    @classmethod
    def open(
        cls, recipe: TownRecipe, save: FromSave | None = None, scratch: bool = False
    ) -> InterviewDesk:
        """The town of `recipe` built fresh (its start), or the saved town in `save`; with
        `scratch`, its server database (if any) is dropped on closing."""
        return cls(open_town(recipe, save), scratch)

    def __enter__(self) -> InterviewDesk:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self.living.stack.tracer.remove_listener(self._on_trace)
        self.living.close()
        if self.scratch and self.memory_server is not None:
            try:
                drop_town_database(self.memory_server)
            except DatabaseNotDropped as error:  # the interviews are done; say so, go on
                log.warning("the interviews' memory database stays on the server: %s", error)

    @property
    def residents(self) -> list[str]:
        return sorted(self.living.minds)

    def persona(self, name: str) -> dict[str, Any]:
        """The resident's persona as plain data (for ground truth)."""
        return self.living.minds[name].persona.model_dump(mode="json")

    def plan(self, name: str) -> list[dict[str, Any]]:
        """The resident's latest day plan, hour chunks: day, start and end minute, what."""
        plan = self.living.minds[name].state.plan
        if plan is None:
            return []
        return [
            {"day": plan.day.isoformat(), "start": s.start, "end": s.end, "what": s.activity}
            for s in plan.hourly
        ]

    def memory_texts(self, name: str) -> list[str]:
        """Every memory the resident has now (its persona's seeded), oldest first."""
        return [memory.text for memory in self.memory_facts(name)]

    def memory_facts(self, name: str) -> list[MemoryFacts]:
        """Every memory the resident has now (its persona's seeded), oldest first, with the
        news items and the people its fields name."""
        mind = self.living.minds[name]
        mind.seed(self.now)
        mind.flush()
        return [
            MemoryFacts(
                record.text,
                record.kind.value,
                _items_named(record.about),
                _people_named(record.about),
            )
            for record in mind.memory.all()
        ]

    def ask(self, name: str, question: str, condition: str = "full") -> Answered:
        """`name`'s answer to the interviewer under `condition` (one of `CONDITIONS`;
        nothing remembered)."""
        key = (name, Condition(condition))
        asked = self._interviewees.get(key)
        if asked is None:
            asked = interviewee(self.living.minds[name], self.now, key[1])
            self._interviewees[key] = asked
        return Answered(asked.answer(question, INTERVIEWER))

    def knows(
        self,
        name: str,
        question: str,
        answer: str,
        subject: str,
        facts: str = "",
        fact_phrases: Sequence[Sequence[str]] = (),
    ) -> Judged:
        """Whether `answer` claims that `name` knows `subject` (judged by the town's model;
        an answer that denies knowing is no claim and costs no call). With `facts` (in words,
        for the model's rubric) and `fact_phrases` (per fact the phrases that show it, for
        the rule), knowing means carrying every fact (`cognition.steps.knows`)."""
        if denies(answer):
            return Judged(knows=False, fell_back=False, denied=True)
        inputs = KnowsInput(
            agent=name,
            question=question,
            answer=answer,
            subject=subject,
            facts=facts,
            fact_phrases=[list(phrases) for phrases in fact_phrases],
        )
        completion = self.living.stack.model.complete(KNOWS, inputs, agent=name)
        fell_back = completion.source is Source.FALLBACK or completion.error is not None
        return Judged(completion.output.knows, fell_back)

    def panel(
        self,
        referees: Sequence[PanelMember],
        strategy: str,
        rounds: int,
        judging: str = "pairwise",
        one_role: bool = False,
    ) -> Panel:
        """A judge panel on the town's model (`strategy`: one of `PANEL_STRATEGIES`;
        `judging`: one of `PANEL_JUDGINGS`); `one_role`: the same-role ablation, every
        referee judging from the first one's role."""
        members = [Referee(member.name, member.role) for member in referees]
        if one_role:
            members = same_role(members)
        model = self.living.stack.model
        return Panel(
            JudgePanel(model, members, PanelStrategy(strategy), rounds,
                       judging=PanelJudging(judging))
        )  # fmt: skip

    def usage(self) -> dict[str, int]:
        """Model calls, tokens and fallbacks through this town's model so far."""
        total = self.living.stack.meter.snapshot().total
        return {"calls": total.calls, "tokens": total.total_tokens, "fallbacks": total.fallbacks}

    def calls_by_route(self) -> dict[str, int]:
        """Calls so far per endpoint of the labor pool; {} with one model (all on it)."""
        figures = self.living.stack.route_figures()
        if figures is None:
            return {}
        return {name: int(f["calls"]) for name, f in figures.get("by_endpoint", {}).items()}


def append_traces(record: Path, rows: Sequence[TraceRow], secrets: Sequence[str] = ()) -> str:
    """Write `rows` (an evaluation's decision traces) into the run record at `record`, as
    the same run; "" when written, else why not (one line)."""
    if not rows:
        return ""
    try:
        with RunRecord.open(record) as opened:
            meta = opened.meta
    except RecordError as error:
        return str(error)
    writer = RecordWriter(record, meta, secrets=secrets)
    for row in rows:
        writer.write(row)
    writer.close()
    return writer.last_error or ""

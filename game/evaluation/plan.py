"""`plan(EvaluationOptions(...))`: everything `evaluate` will do, checked and settled before
any of it runs — the town, its scenario, the hours, the question files, the conditions, the
referees, the model settings — with the estimate of the calls (and the `budget` check).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import SecretStr

from game.bridge import (
    CONDITIONS,
    PANEL_JUDGINGS,
    PANEL_STRATEGIES,
    PanelMember,
    RefereesError,
    Routes,
    SimulationOptions,
    TownRecipe,
    panel_calls,
    public_url,
    read_referees,
    settings_problem,
    simulation_recipe,
    uses_model,
)
from game.evaluation.estimate import Estimate, estimate
from game.evaluation.questions import QuestionFile, load_questions
from game.evaluation.scenario import EvaluationError, Scenario, TownInfo, load_scenario, read_town
from game.files.paths import user_data_dir

__all__ = ["END_SLOT", "EvaluationOptions", "EvaluationPlan", "plan"]

END_SLOT = "end"  # the save slot (in <out>/saves) holding the town as the simulation ended
# the interview judge's rule, kept with the interviews: answers judged by another are judged anew
JUDGE = "strict: news known by its facts (who, what, where or when)"


@dataclass
class EvaluationOptions:
    town: str = "the_ville_n25"
    hours: float | None = None  # None: from the town's start to the scenario's run_until
    seed: int = 0
    out_dir: Path | None = None  # None: <user data>/evaluations/<town>-seed<seed>-<hours>h
    base_url: str | None = None  # an OpenAI-compatible server (None: the offline brain)
    model: str | None = None
    api_key: SecretStr | None = None  # captured once (brain_flags); prints as stars
    embedder: str = "minilm"  # "minilm" (the real local model) or "hashing" (instant, tests)
    workers: int = 16
    embedding_threads: int | None = None  # the simulation's (None: a headless run's default)
    fresh: bool = False  # redo every phase even when out_dir holds them
    questions_dir: Path | None = None  # None: the bundled question files
    conditions: tuple[str, ...] = CONDITIONS
    panel_strategy: str = "one-by-one"
    panel_rounds: int = 2
    panel_pairs: int | None = 100  # pairs judged (a sample fixed by the seed); None: all
    panel_judging: str = "pairwise"  # or "scores": per criterion, 1 to 10 (PANEL_JUDGINGS)
    same_role_ablation: bool = False  # judge the pairs again with every referee in one role
    referees_file: Path | None = None  # None: the bundled referees
    budget: int | None = None  # most model calls the whole evaluation may make
    # a labor pool: each thinking step on its endpoints (None: every step on base_url/model)
    routes: Routes | None = None
    variant: str | None = None  # an architecture variant ("no reflection", …); None: full
    # the memories on a Chroma server (one database per town), None: in process
    chroma_url: str | None = None
    # who speaks next in group talks (`smallville simulate --group-strategy`); None: the town's
    group_strategy: str | None = None
    # a control run (the same town and seed, no news seeded) for each measure's baseline:
    # a second simulation and knowledge interview at the end (`controls.py`)
    controls: bool = True


@dataclass(frozen=True)
class EvaluationPlan:
    """What `evaluate` will do, settled before any simulation."""

    town: TownInfo
    scenario: Scenario
    hours: float
    out_dir: Path
    simulation: SimulationOptions
    questions: list[QuestionFile]
    conditions: tuple[str, ...]
    referees: list[PanelMember]
    strategy: str
    options: EvaluationOptions
    estimate: Estimate

    def settings(self) -> dict[str, Any]:
        """What makes two runs the same run (kept in run.json)."""
        options = self.simulation
        return {
            "town": self.town.id,
            "seed": options.seed,
            "hours": self.hours,
            "base_url": public_url(options.base_url),
            "model": options.model,
            "embedder": options.embedder,
            "routes": None if options.routes is None else options.routes.identity(),
            "variant": options.variant or "full",
            # only when chosen, so the records of earlier runs still match theirs
            **({"group_strategy": options.group_strategy} if options.group_strategy else {}),
        }

    def interview_settings(self) -> dict[str, Any]:
        questions = [file.model_dump() for file in self.questions]
        return {
            **self.settings(),
            "questions": questions,
            "conditions": list(self.conditions),
            "news": [item.model_dump(mode="json") for item in self.scenario.news],
            "judge": JUDGE,
        }

    def panel_settings(self) -> dict[str, Any]:
        return {
            **self.interview_settings(),
            "strategy": self.strategy,
            "rounds": self.options.panel_rounds,
            "pairs": self.options.panel_pairs,
            "judging": self.options.panel_judging,
            "same_role_ablation": self.options.same_role_ablation,
            "referees": [[r.name, r.role] for r in self.referees],
        }

    def recipe(self, memory_dir: Path) -> TownRecipe:
        return simulation_recipe(self.simulation, memory_dir)

    @property
    def uses_model(self) -> bool:
        """A model answers some step (else the offline brain answers all: no panel)."""
        return uses_model(self.simulation.base_url, self.simulation.routes)


def plan(options: EvaluationOptions) -> EvaluationPlan:
    """Check the town, its scenario, the hours, the questions, the conditions, the panel and
    the model settings; estimate the calls; `EvaluationError` with a one-line message on
    the first problem (also when the estimate is over `budget`)."""
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
    simulation = _simulation(options, town, hours, folder)
    questions = load_questions(options.questions_dir)
    conditions = _conditions(options.conditions)
    strategy, referees = _panel(options)
    cost = _estimate(options, town, scenario, hours, questions, conditions, strategy, referees)
    return EvaluationPlan(
        town, scenario, hours, folder, simulation, questions, conditions, referees, strategy,
        options, cost,
    )  # fmt: skip


def _simulation(
    options: EvaluationOptions, town: TownInfo, hours: float, folder: Path
) -> SimulationOptions:
    """The simulation's options (its record and end save in `folder`), checked."""
    simulation = SimulationOptions(
        town=town.id,
        hours=hours,
        seed=options.seed,
        base_url=options.base_url,
        model=options.model,
        api_key=options.api_key,
        workers=options.workers,
        embedder=options.embedder,
        embedding_threads=options.embedding_threads,
        record_dir=folder / "record",
        save=END_SLOT,
        saves_dir=folder / "saves",
        routes=options.routes,
        variant=options.variant,
        chroma_url=options.chroma_url,
        group_strategy=options.group_strategy,
    )
    problem = settings_problem(simulation)
    if problem is not None:
        raise EvaluationError(problem)
    return simulation


def _panel(options: EvaluationOptions) -> tuple[str, list[PanelMember]]:
    """The judge panel's strategy and referees, its rounds and pairs checked."""
    strategy = _strategy(options.panel_strategy)
    if options.panel_rounds < 1:
        raise EvaluationError(f"--panel-rounds must be 1 or more (not {options.panel_rounds})")
    if options.panel_pairs is not None and options.panel_pairs < 0:
        raise EvaluationError(f"--panel-pairs must be 0 or more (not {options.panel_pairs})")
    try:
        referees = read_referees(options.referees_file)
    except RefereesError as error:
        raise EvaluationError(str(error)) from None
    return strategy, referees


def _estimate(
    options: EvaluationOptions,
    town: TownInfo,
    scenario: Scenario,
    hours: float,
    questions: list[QuestionFile],
    conditions: tuple[str, ...],
    strategy: str,
    referees: list[PanelMember],
) -> Estimate:
    """The calls the evaluation will make; `EvaluationError` when over `budget` (or for a
    panel judging it does not know)."""
    offline = not uses_model(options.base_url, options.routes)
    residents = len(town.residents)
    asked = sum(len(file.questions) for file in questions) + len(scenario.news) - 1
    if options.panel_judging not in PANEL_JUDGINGS:
        listed = ", ".join(PANEL_JUDGINGS)
        raise EvaluationError(f"unknown panel judging {options.panel_judging!r} ({listed})")
    pairs = residents * asked * len(conditions) * (len(conditions) - 1) // 2
    if options.panel_pairs is not None:
        pairs = min(pairs, options.panel_pairs)
    # every pair in both orders, and again by the same-role panel when asked
    panels = 2 if options.same_role_ablation else 1
    per_pair = 2 * panels * panel_calls(strategy, len(referees), options.panel_rounds)
    cost = estimate(
        residents=residents,
        hours=hours,
        items=len(scenario.news),
        questions=asked,
        conditions=len(conditions),
        panel_pairs=pairs,
        panel_calls_per_pair=per_pair,
        offline=offline,
        control=options.controls,
    )
    if options.budget is not None and not offline and cost.calls > options.budget:
        raise EvaluationError(
            f"the estimate (~{cost.calls:,} model calls) is over --budget {options.budget:,}: "
            "lower --hours or --panel-pairs, or raise the budget"
        )
    return cost


def _conditions(names: tuple[str, ...]) -> tuple[str, ...]:
    for name in names:
        if name not in CONDITIONS:
            listed = "; ".join(CONDITIONS)
            raise EvaluationError(f"unknown condition {name!r} (conditions: {listed})")
    if not names:
        raise EvaluationError("name at least one condition to interview under")
    return tuple(names)


def _strategy(name: str) -> str:
    if name not in PANEL_STRATEGIES:
        listed = ", ".join(PANEL_STRATEGIES)
        raise EvaluationError(f"unknown panel strategy {name!r} ({listed})")
    return name

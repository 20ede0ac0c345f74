"""`smallville evaluate --matrix FILE`: architecture variants × route presets, compared as
BOLAA compares agent architectures with the models they run on — one evaluation per
configuration, then one table (calls, tokens, cost, wall time and the evaluation's
measures per configuration) and a plot.

A matrix file (.toml or .json):

```toml
town = "the_ville_n3"        # a bundled town or a town folder
hours = 6                    # default: the scenario's whole run
seed = 0
variants = ["full", "no reflection", "no planning", "no reaction"]  # or "no plan reuse",
                             # "one line per call"
conditions = ["full"]        # interview conditions (default: full only; with the panel,
                             # full and no memory, so it has a pair to judge)
panel_pairs = 20             # pairs the judge panel judges (default: 20 with a model, else 0)
threads = 16                 # thinking threads per town

[presets.offline]
preset = "offline"

[presets.small-large]
preset = "small-large"
base_url = "http://127.0.0.1:8000/v1"
model = "llama3.1:8b"
small_url = "http://127.0.0.1:11434/v1"
small_model = "qwen2.5:0.5b"

[presets.cascade]            # BOLAA's controller deciding per call: small first, then large
preset = "cascade"           # (same endpoint keys as small-large)
base_url = "http://127.0.0.1:8000/v1"
model = "llama3.1:8b"
small_url = "http://127.0.0.1:11434/v1"
small_model = "qwen2.5:0.5b"

[presets.mine]
routes = "routes.toml"       # a routes file, relative to the matrix file
```

Everything is checked before any town starts — the file's fields, each preset's routes (an
unknown endpoint or step is refused, not run on the fallback: a comparison must compare
what it says) and each model endpoint's connection. Each configuration is one town of
`towns.run_towns`: run one after another, in local worker processes or as Ray tasks
(`evaluate --workers K`, `--cluster ray://HOST:PORT`), each in its own folder under the out
folder, so a re-run reuses every finished one; the table is rewritten as each configuration
finishes, so a failed one loses nothing of the others.

With a model, each configuration runs the judge panel by default (a believability measure
per row); the table's notes are `matrix_notes`.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.bridge import (
    RouteChoice,
    RouteFlagError,
    Routes,
    check_endpoints,
    route_settings,
    server_settings,
)
from game.evaluation.executors import open_executor
from game.evaluation.interrupted import EvaluationState
from game.evaluation.matrix_notes import COLUMN_NOTES, too_short
from game.evaluation.plan import EvaluationOptions
from game.evaluation.scenario import EvaluationError
from game.evaluation.towns import TownJob, TownOutcome, run_towns

__all__ = ["MatrixFile", "MatrixOptions", "MatrixResult", "read_matrix", "run_matrix"]

VariantName = Literal[
    "full", "no reflection", "no planning", "no reaction", "no plan reuse", "one line per call"
]
ALL_VARIANTS: list[VariantName] = ["full", "no reflection", "no planning", "no reaction"]
MEASURES = (
    "knew_end_party",
    "knew_end_candidacy",
    "density_end",
    "invited_and_came_party",
    "distinct_share",
    "targets_passed",
)
PANEL_PAIRS = 20  # the panel's pairs per configuration on a model, unless the file says
NO_MEMORY = "no observation, no reflection, no planning"


class PresetEntry(BaseModel):
    """One route preset of the matrix: a named preset, or a routes file."""

    model_config = ConfigDict(extra="forbid")

    preset: Literal["one-model", "small-large", "cascade", "offline"] | None = None
    routes: str | None = None  # a routes file, relative to the matrix file
    base_url: str | None = None
    model: str | None = None
    small_url: str | None = None
    small_model: str | None = None
    max_concurrency: int = Field(default=16, ge=1, le=256)


class MatrixFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    town: str = "the_ville_n3"
    hours: float | None = Field(default=None, gt=0)
    seed: int = 0
    variants: list[VariantName] = Field(default_factory=lambda: list(ALL_VARIANTS), min_length=1)
    presets: dict[str, PresetEntry] = Field(min_length=1)
    conditions: list[str] | None = Field(default=None, min_length=1)  # None: see `_job`
    panel_pairs: int | None = Field(default=None, ge=0)  # None: PANEL_PAIRS with a model
    embedder: Literal["minilm", "hashing"] = "minilm"
    threads: int = Field(default=16, ge=1, le=256)  # thinking threads per town


@dataclass(frozen=True)
class Configuration:
    preset: str
    variant: str
    routes: Routes

    @property
    def name(self) -> str:
        return f"{self.preset} × {self.variant}"

    @property
    def folder(self) -> str:
        return f"{self.preset}--{self.variant.replace(' ', '-')}"


@dataclass
class MatrixOptions:
    file: Path
    out_dir: Path
    fresh: bool = False
    check_endpoints: bool = True
    workers: int | None = None  # towns at once (None: `executors.default_workers`)
    cluster: str | None = None  # a Ray client address, ray://HOST:PORT
    chroma_url: str | None = None  # the towns' memories on this Chroma server (None: in process)


@dataclass
class MatrixResult:
    rows: list[dict[str, Any]] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    files: dict[str, Path] = field(default_factory=dict)


def read_matrix(path: Path, check: bool = True) -> tuple[MatrixFile, list[Configuration]]:
    """The matrix and its configurations, everything checked; `EvaluationError` naming the
    file and the setting on the first problem."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise EvaluationError(f"{path}: cannot read the matrix file ({error.strerror})") from None
    try:
        data = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
        if isinstance(data, dict) and "workers" in data:
            raise EvaluationError(
                f"{path}: workers: the thinking threads per town are now `threads`; towns at "
                "once are evaluate's --workers"
            )
        matrix = MatrixFile.model_validate(data)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
        raise EvaluationError(f"{path}: not valid {path.suffix[1:].upper()} ({error})") from None
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the file"
        raise EvaluationError(f"{path}: {where}: {first['msg']}") from None
    configurations = []
    for name, entry in matrix.presets.items():
        routes = _routes(path, name, entry, check)
        configurations += [Configuration(name, variant, routes) for variant in matrix.variants]
    return matrix, configurations


def _routes(path: Path, name: str, entry: PresetEntry, check: bool) -> Routes:
    where = f"{path.name}: presets.{name}"
    if (entry.preset is None) == (entry.routes is None):
        raise EvaluationError(f"{where}: give either preset or routes (a routes file)")
    file = None if entry.routes is None else (path.parent / entry.routes)
    choice = RouteChoice(
        preset=entry.preset,
        file=file,
        base_url=entry.base_url,
        model=entry.model,
        max_concurrency=entry.max_concurrency,
        small_url=entry.small_url,
        small_model=entry.small_model,
        small_concurrency=entry.max_concurrency,
    )
    try:
        routes = route_settings(choice)
    except RouteFlagError as error:
        raise EvaluationError(f"{where}: {error}") from None
    if routes is None:  # cannot happen: a preset or a file was given
        raise EvaluationError(f"{where}: no routes")
    if routes.problems:
        raise EvaluationError(f"{where}: {routes.problems[0]}")
    if check and routes.uses_model:
        tested = check_endpoints(routes, server_settings(entry.base_url, entry.model, None))
        if tested.problems:
            raise EvaluationError(f"{where}: {tested.problems[0]}")
        routes = tested
    return routes


def run_matrix(
    options: MatrixOptions,
    say: Callable[[str], None] = lambda line: None,
    state: EvaluationState | None = None,
) -> MatrixResult:
    """Every configuration's evaluation (reusing finished ones), the table and the plot;
    everything checked — the file, the endpoints, the executor — before any town starts.
    `state` follows the towns that ended (for a partial report on Ctrl-C, which also ends
    the running towns at once)."""
    where = state or EvaluationState()
    where.out_dir = options.out_dir
    matrix, configurations = read_matrix(options.file, options.check_endpoints)
    jobs = [_job(matrix, configuration, options) for configuration in configurations]
    executor = open_executor(options.workers, options.cluster, len(jobs))
    options.out_dir.mkdir(parents=True, exist_ok=True)
    say(f"{len(configurations)} configurations: {', '.join(c.name for c in configurations)}")
    ended: dict[str, TownOutcome] = {}

    def finished(outcome: TownOutcome) -> None:  # the table so far, as each town ends
        ended[outcome.name] = outcome
        where.town_ended(outcome)
        write_table(_gathered(configurations, ended), options.out_dir)

    where.end("planning")
    where.begin("towns")
    try:
        outcomes = run_towns(jobs, executor, say, finished)
    except KeyboardInterrupt:
        executor.stop()
        raise
    finally:
        executor.close()
    result = _gathered(configurations, dict(zip([j.name for j in jobs], outcomes, strict=True)))
    result.files = write_table(result, options.out_dir)
    return result


def _gathered(
    configurations: Sequence[Configuration], outcomes: dict[str, TownOutcome]
) -> MatrixResult:
    """The rows (and failures) of the configurations that ended, in the matrix's order."""
    result = MatrixResult()
    for configuration in configurations:
        outcome = outcomes.get(configuration.name)
        if outcome is None:
            continue
        if outcome.ok:
            result.rows.append(_row(configuration, outcome))
        else:
            result.failed.append(f"{configuration.name}: {outcome.error}")
    return result


def _job(matrix: MatrixFile, configuration: Configuration, options: MatrixOptions) -> TownJob:
    pairs = matrix.panel_pairs
    if pairs is None:
        pairs = PANEL_PAIRS if configuration.routes.uses_model else 0
    conditions = matrix.conditions or (["full", NO_MEMORY] if pairs else ["full"])
    evaluation = EvaluationOptions(
        town=matrix.town,
        hours=matrix.hours,
        seed=matrix.seed,
        out_dir=options.out_dir / configuration.folder,
        embedder=matrix.embedder,
        workers=matrix.threads,
        fresh=options.fresh,
        conditions=tuple(conditions),
        panel_pairs=pairs,
        routes=configuration.routes,
        variant=configuration.variant,
        chroma_url=options.chroma_url,
    )
    return TownJob(configuration.name, evaluation)


def _row(configuration: Configuration, outcome: TownOutcome) -> dict[str, Any]:
    simulation = outcome.run.get("simulation") or {}
    figures = outcome.figures
    routes = simulation.get("routes") or {}
    cost = sum(f.get("cost_usd", 0.0) for f in routes.get("by_endpoint", {}).values())
    return {
        "configuration": configuration.name,
        "preset": configuration.preset,
        "variant": configuration.variant,
        "folder": configuration.folder,
        "status": outcome.status,
        "game_hours": outcome.run.get("hours"),
        "wall_s": simulation.get("wall_s"),
        "calls": simulation.get("llm_calls"),
        "calls_per_resident_day": simulation.get("llm_calls_per_agent_day"),
        "tokens_per_resident_day": simulation.get("tokens_per_agent_day"),
        "cost_usd": round(cost, 4),
        "wall_s_all": outcome.wall_s,
        "calls_all_phases": figures.get("calls_all_phases"),
        "believability_full_mu": figures.get("believability_full_mu"),
        "panel_truth_accuracy": figures.get("panel_truth_accuracy"),
        "reflections": simulation.get("reflections"),
        "conversations": simulation.get("conversations"),
        **{key: figures.get(key) for key in MEASURES},
        "targets": figures.get("targets"),
        "calls_by_endpoint": {n: f["calls"] for n, f in routes.get("by_endpoint", {}).items()},
        "escalations": (routes.get("cascade") or {}).get("escalated"),
    }


def write_table(result: MatrixResult, out_dir: Path) -> dict[str, Path]:
    """matrix.json, matrix.md and matrix.png (the plot) in `out_dir`."""
    # lazy: matplotlib costs ~1 s to import; the report imports it anyway
    from game.evaluation.plots_matrix import plot_matrix

    files = {"json": out_dir / "matrix.json", "markdown": out_dir / "matrix.md"}
    files["json"].write_text(
        json.dumps({"rows": result.rows, "failed": result.failed}, indent=2) + "\n",
        encoding="utf-8",
    )
    files["markdown"].write_text(matrix_markdown(result), encoding="utf-8")
    if result.rows:
        files["plot"] = plot_matrix(result.rows, out_dir / "matrix.png")
    return files


COLUMNS = (
    ("configuration", "configuration"),
    ("sim calls / resident-day", "calls_per_resident_day"),
    ("sim tokens / resident-day", "tokens_per_resident_day"),
    ("sim cost $", "cost_usd"),
    ("sim wall s", "wall_s"),
    ("escalations", "escalations"),
    ("all calls", "calls_all_phases"),
    ("all wall s", "wall_s_all"),
    ("believability μ (full)", "believability_full_mu"),
    ("reflections", "reflections"),
    ("conversations", "conversations"),
    ("party known", "knew_end_party"),
    ("candidacy known", "knew_end_candidacy"),
    ("density end", "density_end"),
    ("invited & came", "invited_and_came_party"),
    ("distinct lines", "distinct_share"),
    ("targets passed", "targets_passed"),
)


def matrix_markdown(result: MatrixResult) -> str:
    lines = [
        "# Evaluation matrix: architecture variants × route presets",
        "",
        "| " + " | ".join(title for title, _ in COLUMNS) + " |",
        "|---|" + "---:|" * (len(COLUMNS) - 1),
    ]
    for row in result.rows:
        cells = ["-" if row.get(key) is None else str(row[key]) for _, key in COLUMNS]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", *COLUMN_NOTES, *too_short(result.rows), "", "![matrix](matrix.png)", ""]
    if result.failed:
        lines += ["## Failed", "", *(f"- {line}" for line in result.failed), ""]
    return "\n".join(lines)

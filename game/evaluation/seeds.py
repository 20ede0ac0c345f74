"""`smallville evaluate --seeds N`: one town evaluated under seeds S … S+N−1 (each seed's
whole evaluation in `<out>/seed-K/`), gathered into one report — per seed the figures of
`figures.result_figures` and the targets, and the mean, min and max of each figure over the
seeds that finished (`seeds.json`, `seeds.md`, `seeds.png`). A failed seed is listed with
its error; the others are measured all the same.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.evaluation.plan import EvaluationOptions, plan
from game.evaluation.towns import TownJob, TownOutcome

__all__ = [
    "news_items",
    "seed_jobs",
    "seeds_folder",
    "seeds_summary",
    "seeds_text",
    "spread",
    "t_interval",
    "write_seeds_report",
]


def seeds_folder(options: EvaluationOptions, seeds: Sequence[int]) -> Path:
    """The default out folder: evaluations/<town>-seeds<first>-<last>-<hours>h in the user
    data dir, beside the single evaluations' folders."""
    settled = plan(replace(options, out_dir=None))
    name = f"{settled.town.directory.name}-seeds{seeds[0]}-{seeds[-1]}-{settled.hours:g}h"
    return settled.out_dir.parent / name


def seed_jobs(options: EvaluationOptions, seeds: Sequence[int], out_dir: Path) -> list[TownJob]:
    """One job per seed, each in `out_dir/seed-K`."""
    return [
        TownJob(f"seed {seed}", replace(options, seed=seed, out_dir=out_dir / f"seed-{seed}"))
        for seed in seeds
    ]


def news_items(figures: dict[str, Any]) -> list[str]:
    """The news items of `result_figures`: each `knew_end_<item>` (not `knew_end_by`, nor the
    memory stream's `knew_end_stream_<item>`)."""
    return [
        key.removeprefix("knew_end_")
        for key in figures
        if key.startswith("knew_end_")
        and key != "knew_end_by"
        and not key.startswith("knew_end_stream_")
    ]


# Student's t, two-sided 95 %: the 0.975 quantile for 1 … 30 degrees of freedom (beyond: 1.96)
T_975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


def t_interval(values: Sequence[float]) -> tuple[float, float] | None:
    """The 95 % t-interval of the mean (mean ± t₀.₉₇₅,ₙ₋₁ · s/√n); None under 2 values."""
    if len(values) < 2:
        return None
    mean = statistics.fmean(values)
    df = len(values) - 1
    t = T_975[df - 1] if df <= len(T_975) else 1.96
    half = t * statistics.stdev(values) / len(values) ** 0.5
    return mean - half, mean + half


def spread(lines: Sequence[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Mean, min, max and the mean's 95 % t-interval (`ci95_low`, `ci95_high`; with two
    seeds or more) of each number in the lines' figures (booleans and `seed` aside)."""
    keys = [
        key for key, value in (lines[0] if lines else {}).items()
        if isinstance(value, int | float) and not isinstance(value, bool) and key != "seed"
    ]  # fmt: skip
    found: dict[str, dict[str, float]] = {}
    for key in keys:
        values = [line[key] for line in lines if isinstance(line.get(key), int | float)]
        if values:
            found[key] = {
                "mean": round(statistics.fmean(values), 4),
                "min": min(values),
                "max": max(values),
            }
            interval = t_interval(values)
            if interval is not None:
                found[key] |= {
                    "ci95_low": round(interval[0], 4),
                    "ci95_high": round(interval[1], 4),
                }
    return found


def seeds_summary(seeds: Sequence[int], outcomes: Sequence[TownOutcome]) -> dict[str, Any]:
    """seeds.json: each seed's status, figures and folder; the targets by seed; the spread."""
    finished = [(s, o) for s, o in zip(seeds, outcomes, strict=True) if o.ok]
    lines = [outcome.figures for _, outcome in finished]
    first = finished[0][1].run if finished else {}
    ids = list(lines[0].get("targets", {})) if lines else []
    return {
        "town": first.get("town"),
        "hours": first.get("hours"),
        "produced_by": first.get("produced_by"),
        "seeds": [
            {
                "seed": seed,
                "status": outcome.status,
                "folder": str(outcome.folder),
                "wall_s": outcome.wall_s,
                "figures": outcome.figures,
                "calls": outcome.run.get("simulation", {}).get("llm_calls"),
                "error": outcome.error,
            }
            for seed, outcome in zip(seeds, outcomes, strict=True)
        ],
        "finished": [seed for seed, _ in finished],
        "failed": {str(s): o.error for s, o in zip(seeds, outcomes, strict=True) if not o.ok},
        "targets_passed_by_seeds": {
            target: sum(1 for line in lines if line.get("targets", {}).get(target))
            for target in ids
        },
        "all_targets_passed": [s for s, o in finished if all(o.figures["targets"].values())],
        "figures": spread(lines),
    }


def _columns(lines: Sequence[dict[str, Any]]) -> list[tuple[str, str]]:
    keys = list(lines[0]) if lines else []
    items = news_items(lines[0]) if lines else []
    events = [key.removeprefix("invited_") for key in keys if key.startswith("invited_")]
    events = [event for event in events if not event.startswith("and_came")]
    return [
        *((f"{item} known", f"knew_end_{item}") for item in items),
        ("density start", "density_start"),
        ("density end", "density_end"),
        *((f"{event}: invited", f"invited_{event}") for event in events),
        *((f"{event}: guests there", f"attended_guests_{event}") for event in events),
        *_control_columns(keys),
        ("distinct lines", "distinct_share"),
        ("stock greetings & goodbyes", "stock_share"),
        ("template share", "template_share"),
        ("most said / day", "max_daily_repeats"),
        ("nested", "nested"),
        ("calls / resident-day", "calls_per_resident_day"),
        ("targets passed", "targets_passed"),
    ]


def _control_columns(keys: Sequence[str]) -> list[tuple[str, str]]:
    """The figures against the control run and the hallucination rate, where present."""
    named = (
        ("reach_beyond_control_stream_", "beyond control (memories)"),
        ("reach_beyond_control_answers_", "beyond control (answers)"),
        ("guests_beyond_control_", "guests beyond control"),
        ("came_because_invited_", "came because invited"),
    )
    found = [
        (f"{key.removeprefix(prefix)}: {title}", key)
        for prefix, title in named
        for key in keys
        if key.startswith(prefix)
    ]
    found += [
        (title, key)
        for title, key in (
            ("density beyond control", "density_beyond_control_stream"),
            ("hallucination", "hallucination_rate"),
        )
        if key in keys
    ]
    return found


def seeds_markdown(summary: dict[str, Any]) -> str:
    rows = summary["seeds"]
    lines_of = [row["figures"] for row in rows if row["status"] != "failed"]
    columns = _columns(lines_of)
    title = f"# {summary['town']} under {len(rows)} seeds"
    head = f"{summary['hours']:g} game hours, {summary['produced_by']}" if lines_of else ""
    lines = [title, "", head, "", "| seed | status | " + " | ".join(t for t, _ in columns) + " |"]
    lines.append("|---:|---|" + "---:|" * len(columns))
    for row in rows:
        cells = ["-" if row["figures"].get(key) is None else str(row["figures"][key])
                 for _, key in columns]  # fmt: skip
        lines.append(f"| {row['seed']} | {row['status']} | " + " | ".join(cells) + " |")
    for name in ("mean", "min", "max"):
        cells = [
            str(summary["figures"][key][name]) if key in summary["figures"] else "-"
            for _, key in columns
        ]
        lines.append(f"| **{name}** | | " + " | ".join(cells) + " |")
    intervals = [summary["figures"].get(key, {}) for _, key in columns]
    cells = [f"{i['ci95_low']}–{i['ci95_high']}" if "ci95_low" in i else "-" for i in intervals]
    lines.append("| **95 % t-interval** | | " + " | ".join(cells) + " |")
    lines += ["", "![seeds](seeds.png)", "", "## Targets by seed", ""]
    ids = list(summary["targets_passed_by_seeds"])
    lines.append("| seed | " + " | ".join(ids) + " |")
    lines.append("|---:|" + "---|" * len(ids))
    for row in rows:
        targets = row["figures"].get("targets", {})
        marks = ["pass" if targets.get(i) else "fail" for i in ids]
        if row["status"] != "failed":
            lines.append(f"| {row['seed']} | " + " | ".join(marks) + " |")
    passed = summary["targets_passed_by_seeds"]
    lines.append("| **seeds passed** | " + " | ".join(str(passed[i]) for i in ids) + " |")
    lines += ["", "Each seed's whole evaluation: `seed-K/report.md`.", ""]
    if summary["failed"]:
        lines += ["## Failed", ""]
        lines += [f"- seed {seed}: {error}" for seed, error in summary["failed"].items()]
        lines += ["", "Each failed seed's traceback: `seed-K/error.txt`.", ""]
    return "\n".join(lines)


def write_seeds_report(
    seeds: Sequence[int], outcomes: Sequence[TownOutcome], out_dir: Path
) -> dict[str, Path]:
    """seeds.json, seeds.md and (when a seed finished) seeds.png in `out_dir`."""
    # lazy: matplotlib costs ~1 s to import; the reports import it anyway
    from game.evaluation.plots_seeds import plot_seeds

    summary = seeds_summary(seeds, outcomes)
    out_dir.mkdir(parents=True, exist_ok=True)
    files = {"json": out_dir / "seeds.json", "markdown": out_dir / "seeds.md"}
    files["json"].write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    files["markdown"].write_text(seeds_markdown(summary), encoding="utf-8")
    if summary["finished"]:
        first = next(row["figures"] for row in summary["seeds"] if row["status"] != "failed")
        files["plot"] = plot_seeds(summary, out_dir / "seeds.png", news_items(first))
    return files


def seeds_text(
    seeds: Sequence[int], outcomes: Sequence[TownOutcome], files: dict[str, Path]
) -> str:
    """What `evaluate --seeds` prints: a line per seed, the mean, where the report is."""
    summary = seeds_summary(seeds, outcomes)
    failed = len(summary["failed"])
    lines = [
        f"{summary['town'] or 'the town'}, seeds {seeds[0]}–{seeds[-1]}, "
        f"{summary['hours'] or 0:g} game hours, {summary['produced_by'] or '-'}: "
        f"{len(summary['finished'])} finished, {failed} failed"
    ]
    for row in summary["seeds"]:
        if row["status"] == "failed":
            lines.append(f"  seed {row['seed']}: failed: {row['error']}")
            continue
        lines.append(f"  seed {row['seed']}: {_figures_line(row['figures'])}")
    mean = {key: value["mean"] for key, value in summary["figures"].items()}
    if mean:
        lines.append(f"  mean: {_figures_line(mean)}")
    lines.append(f"report: {files['markdown']} (each seed's evaluation in seed-K/ beside it)")
    return "\n".join(lines)


def _figures_line(figures: dict[str, Any]) -> str:
    known = [f"{item} known {figures[f'knew_end_{item}']:.0%}" for item in news_items(figures)]
    parts = [
        *known,
        f"density {figures.get('density_start', 0):.3f} → {figures.get('density_end', 0):.3f}",
        f"{figures.get('targets_passed', 0):g} targets passed",
    ]
    return ", ".join(parts)

"""The seeds' plot: per seed what the town achieved — each news item known at the end, the
relationship density at the end — with the mean over the seeds as a dashed line, and the
targets passed per seed (a failed seed is marked, not drawn as zero)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from game.evaluation.plots import COLOURS, save_figure

__all__ = ["plot_seeds"]


def plot_seeds(summary: dict[str, Any], path: Path, items: Sequence[str]) -> Path:
    """The plot of `summary` (seeds.json) with a share per news item in `items` (ids, as
    `seeds.news_items` finds them) and the density."""
    rows = summary["seeds"]
    positions = list(range(len(rows)))
    shares = [(f"knew_end_{item}", f"{item} known at the end") for item in items]
    shares.append(("density_end", "density at the end"))
    figure = Figure(figsize=(max(8.0, 0.9 * len(rows) + 4), 7.5))
    achieved, targets = figure.subplots(2, 1, sharex=True, height_ratios=(3, 2))
    step = 0.8 / len(shares)
    for index, (key, label) in enumerate(shares):
        colour = COLOURS[index % len(COLOURS)]
        offset = -0.4 + step * (index + 0.5)
        values = [row["figures"].get(key) for row in rows]
        achieved.bar(
            [p + offset for p, v in zip(positions, values, strict=True) if v is not None],
            [v for v in values if v is not None],
            step,
            color=colour,
            label=label,
        )
        mean = summary["figures"].get(key, {}).get("mean")
        if mean is not None:
            achieved.axhline(mean, color=colour, linestyle="--", linewidth=1)
    achieved.set_ylim(0, 1.12)
    achieved.set_ylabel("share (dashed: the mean over the seeds)")
    achieved.set_title(
        f"{summary['town']}, {summary['hours']:g} game hours, {summary['produced_by']}: "
        f"{len(rows)} seeds"
    )
    achieved.legend(loc="upper right", fontsize=8, ncols=len(shares))
    most = max([len(row["figures"].get("targets") or {}) for row in rows] + [1])
    passed = [row["figures"].get("targets_passed") for row in rows]
    targets.bar(
        [p for p, v in zip(positions, passed, strict=True) if v is not None],
        [v for v in passed if v is not None],
        0.5,
        color=COLOURS[2],
    )
    for position, row in zip(positions, rows, strict=True):
        if row["status"] == "failed":
            targets.annotate("failed", (position, 0.2), ha="center", color=COLOURS[1])
    targets.set_ylim(0, most + 0.5)
    targets.set_ylabel(f"targets passed (of {most})")
    targets.set_xticks(positions)
    targets.set_xticklabels([f"seed {row['seed']}" for row in rows])
    figure.tight_layout()
    return save_figure(figure, path)

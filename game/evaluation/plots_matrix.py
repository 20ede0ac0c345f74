"""The matrix's plot: per configuration (variant × route preset), what it cost — calls and
tokens per resident-day — beside what it achieved — the news known at the end, the
relationship density, the targets passed."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from game.evaluation.plots import COLOURS, save_figure

__all__ = ["plot_matrix"]

ACHIEVED = (
    ("knew_end_party", "party known"),
    ("knew_end_candidacy", "candidacy known"),
    ("density_end", "density at the end"),
)


def _number(row: dict[str, Any], key: str) -> float:
    value = row.get(key)
    return float(value) if isinstance(value, int | float) else 0.0


def plot_matrix(rows: Sequence[dict[str, Any]], path: Path) -> Path:
    names = [str(row["configuration"]).replace(" × ", "\n") for row in rows]
    positions = list(range(len(rows)))
    figure = Figure(figsize=(max(9.0, 1.6 * len(rows) + 3), 9.5))
    cost, achieved, targets = figure.subplots(3, 1, sharex=True)
    width = 0.38
    cost.bar(
        [p - width / 2 for p in positions],
        [_number(r, "calls_per_resident_day") for r in rows],
        width,
        color=COLOURS[0],
        label="simulation calls / resident-day",
    )
    tokens = cost.twinx()
    thousands = [_number(r, "tokens_per_resident_day") / 1000 for r in rows]
    tokens.bar(
        [p + width / 2 for p in positions],
        thousands,
        width,
        color=COLOURS[4],
        label="simulation k tokens / resident-day",
    )
    tokens.set_ylim(0, max([*thousands, 1.0]) * 1.15)
    cost.set_ylim(0, max([_number(r, "calls_per_resident_day") for r in rows] + [1.0]) * 1.15)
    cost.set_ylabel("simulation calls / resident-day", color=COLOURS[0])
    tokens.set_ylabel("simulation k tokens / resident-day", color=COLOURS[4])
    cost.set_title("What each configuration cost")
    step = 0.8 / len(ACHIEVED)
    for index, (key, label) in enumerate(ACHIEVED):
        offset = -0.4 + step * (index + 0.5)
        achieved.bar(
            [p + offset for p in positions],
            [_number(r, key) for r in rows],
            step,
            color=COLOURS[(index + 1) % len(COLOURS)],
            label=label,
        )
    achieved.set_ylim(0, 1.05)
    achieved.set_ylabel("share")
    achieved.set_title("What the town achieved")
    achieved.legend(loc="upper right", fontsize=8)
    targets.bar(positions, [_number(r, "targets_passed") for r in rows], 0.5, color=COLOURS[2])
    most = max([len(r.get("targets") or {}) for r in rows] + [1])
    targets.set_ylim(0, most + 0.5)
    targets.set_ylabel(f"targets passed (of {most})")
    targets.set_xticks(positions)
    targets.set_xticklabels(names, fontsize=8)
    figure.tight_layout()
    return save_figure(figure, path)

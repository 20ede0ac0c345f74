"""The report's pictures from the interviews and the judge panel (matplotlib's Agg canvas):
the panel's ratings per condition beside the paper's, the controlled interview's accuracy
per category and condition, and the relationship network from the answers at the start and
the end. Each states the brain or model that produced it."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import networkx as nx
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from game.evaluation.answers import Accuracy, Findings, accuracy, density_by_answers
from game.evaluation.measures import Measures
from game.evaluation.plots import COLOURS, draw_network, save_figure
from game.evaluation.ratings import MU, Rating
from game.evaluation.relationships import Network, pair
from game.evaluation.report_interviews import PAPER_HUMANS, PAPER_RATINGS

__all__ = [
    "draw_interview_plots",
    "interview_network",
    "interview_plots",
    "plot_accuracy",
    "plot_interview_network",
    "plot_ratings",
]

DPI = 100
NOTE = "#555555"


def interview_plots(findings: Findings, out: Path) -> list[Path]:
    """The PNGs the findings make: the network by answers (when anyone was asked), the
    accuracy (when an answer was scored), the ratings (when there are any)."""
    paths = [out / "network-interviews.png"] if findings.moments() else []
    if any(a.correct is not None for a in findings.controlled):
        paths.append(out / "accuracy.png")
    return paths + ([out / "ratings.png"] if findings.ratings else [])


def draw_interview_plots(
    findings: Findings, measures: Measures, produced_by: str, paths: Sequence[Path]
) -> None:
    """Draw the PNGs `interview_plots` named."""
    for path in paths:
        if path.name == "network-interviews.png":
            start = interview_network(findings, "start", measures.start)
            end = interview_network(findings, "end", measures.end)
            plot_interview_network(start, end, produced_by, path)
        elif path.name == "accuracy.png":
            found = accuracy(findings.controlled, findings.conditions)
            asked = {a.category for a in findings.controlled}
            untruthed = asked - {a.category for a in found}
            plot_accuracy(found, sorted(untruthed), produced_by, path)
        elif path.name == "ratings.png":
            plot_ratings(findings.ratings, PAPER_RATINGS, PAPER_HUMANS, produced_by, path)


def interview_network(findings: Findings, moment: str, time: datetime) -> Network | None:
    """The network from the answers at `moment` (None when nobody was asked then)."""
    answers = findings.answers_at(moment)
    if not answers:
        return None
    _, edges = density_by_answers(answers, findings.residents)
    return Network(time, findings.residents, frozenset(pair(a, b) for a, b in edges))


def _note(figure: Figure, text: str) -> None:
    figure.text(0.01, 0.01, text, fontsize=8, color=NOTE)


def _label(condition: str) -> str:
    return "\n".join(textwrap.wrap(condition, 18))


def plot_ratings(
    ratings: Sequence[Rating],
    paper: dict[str, tuple[float, float]],
    humans: tuple[float, float],
    produced_by: str,
    path: Path,
) -> Path:
    """μ per condition with σ error bars (filled), the paper's μ ± σ beside (hollow); the
    paper's human crowdworkers as a dashed line."""
    figure = Figure(figsize=(9, 5))
    axes = figure.subplots()
    xs = list(range(len(ratings)))
    axes.errorbar(
        [x - 0.12 for x in xs], [r.mu for r in ratings], yerr=[r.sigma for r in ratings],
        fmt="o", color=COLOURS[0], markersize=8, capsize=5, label="this run (μ ± σ)",
    )  # fmt: skip
    known = [
        (x, paper[r.condition]) for x, r in zip(xs, ratings, strict=True) if r.condition in paper
    ]
    if known:
        axes.errorbar(
            [x + 0.12 for x, _ in known], [mu for _, (mu, _) in known],
            yerr=[sigma for _, (_, sigma) in known], fmt="o", markerfacecolor="white",
            color=COLOURS[1], markersize=8, capsize=4, label="the paper (μ ± σ)",
        )  # fmt: skip
    for x, (mu, _) in known:
        axes.annotate(f"{mu:.2f}", (x + 0.12, mu), xytext=(8, 0), textcoords="offset points",
                      va="center", fontsize=8, color=COLOURS[1])  # fmt: skip
    for x, rating in zip(xs, ratings, strict=True):
        axes.annotate(
            f"{rating.mu:.1f}\n{rating.wins}-{rating.losses}-{rating.ties}",
            (x - 0.12, rating.mu), xytext=(-8, 0), textcoords="offset points",
            ha="right", va="center", fontsize=8, color=COLOURS[0],
        )  # fmt: skip
    axes.axhline(humans[0], color=COLOURS[2], linestyle="--", linewidth=1.2)
    axes.annotate(
        f"the paper's human crowdworkers: {humans[0]:.2f}", (0.99, humans[0]),
        xycoords=("axes fraction", "data"), xytext=(0, 3), textcoords="offset points",
        ha="right", fontsize=8, color=COLOURS[2],
    )  # fmt: skip
    axes.axhline(MU, color="#aaaaaa", linestyle=":", linewidth=1)
    axes.set_xticks(xs)
    axes.set_xticklabels([_label(r.condition) for r in ratings], fontsize=9)
    axes.set_xlim(-0.6, len(ratings) - 0.4)
    axes.set_ylabel("TrueSkill μ (prior 25, dotted)")
    axes.grid(axis="y", alpha=0.3)
    axes.legend(loc="upper right", fontsize=9)
    axes.set_title("Believability by the judge panel (labels: μ, wins-losses-ties)", fontsize=11)
    _note(figure, f"judged by: {produced_by}   hollow: Park et al. (2023), Fig. 8")
    figure.tight_layout(rect=(0, 0.04, 1, 1))
    return save_figure(figure, path, DPI)


def plot_accuracy(
    found: Sequence[Accuracy], without_truth: Sequence[str], produced_by: str, path: Path
) -> Path:
    """Grouped bars: the share of scored answers that were correct, per category (groups)
    and condition (bars); "n/m" above each bar, "—" where nothing was scored; the footnote
    names the categories `without_truth` (the panel's only)."""
    conditions = list(dict.fromkeys(a.condition for a in found))
    categories = list(dict.fromkeys(a.category for a in found))
    cells = {(a.condition, a.category): a for a in found}
    figure = Figure(figsize=(10, 5))
    axes = figure.subplots()
    width = 0.8 / max(len(conditions), 1)
    for number, condition in enumerate(conditions):
        offset = (number - (len(conditions) - 1) / 2) * width
        for group, category in enumerate(categories):
            cell, x = cells[(condition, category)], group + offset
            height = 0.0 if cell.rate is None else 100 * cell.rate
            label = "—" if cell.rate is None else f"{cell.correct}/{cell.scored}"
            axes.bar(x, height, width * 0.92, color=COLOURS[number % len(COLOURS)])
            axes.text(x, height + 1.5, label, ha="center", fontsize=7.5)
    handles = [Patch(color=COLOURS[n % len(COLOURS)], label=c) for n, c in enumerate(conditions)]
    axes.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8.5,
                title="condition")  # fmt: skip
    axes.set_xticks(range(len(categories)))
    axes.set_xticklabels(categories)
    axes.set_ylim(0, 110)
    axes.set_ylabel("correct (% of answers with a ground truth)")
    axes.grid(axis="y", alpha=0.3)
    axes.set_title("The controlled interview against ground truth", fontsize=11)
    untruthed = f"   no ground truth (the panel's only): {', '.join(without_truth)}"
    _note(figure, f"answers by: {produced_by}{untruthed if without_truth else ''}")
    figure.tight_layout(rect=(0, 0.04, 1, 1))
    return save_figure(figure, path, DPI)


def plot_interview_network(
    start: Network | None, end: Network | None, produced_by: str, path: Path
) -> Path:
    """Who answered "Do you know X?" as knowing, both ways: start and end side by side (new
    edges orange)."""
    shown = [network for network in (start, end) if network is not None]
    residents = list(shown[-1].residents) if shown else []
    graph = nx.Graph()
    graph.add_nodes_from(residents)
    layout = nx.circular_layout(graph) if residents else {}
    positions = {name: (float(x), float(y)) for name, (x, y) in layout.items()}
    figure = Figure(figsize=(6 * max(len(shown), 1), 6))
    panels = figure.subplots(1, max(len(shown), 1), squeeze=False)[0]
    new = (
        frozenset(end.edges - start.edges) if start is not None and end is not None else frozenset()
    )
    for axes, network in zip(panels, shown, strict=False):
        label = "Start" if network is start else "End"
        draw_network(axes, network, new if network is end else frozenset(), positions, label)
    figure.suptitle('Who knows whom (both answered "Do you know X?" as knowing)', fontsize=12)
    _note(figure, f"answers by: {produced_by}   grey: known at the start   orange: new by the end")
    figure.tight_layout(rect=(0, 0.03, 1, 0.95))
    return save_figure(figure, path, DPI)

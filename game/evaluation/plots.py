"""The report's pictures, drawn with matplotlib's Agg canvas (headless, no pyplot state):
diffusion curves, the relationship network at the start and the end (laid out with
networkx), and presence at an event's place over its hours. Each states the brain or model
that produced it."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import networkx as nx
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from game.evaluation.coordination import Coordination
from game.evaluation.diffusion import Diffusion
from game.evaluation.relationships import Network, Relationships
from game.evaluation.scenario import Scenario

__all__ = [
    "COLOURS",
    "draw_network",
    "plot_diffusion",
    "plot_network",
    "plot_presence",
    "save_figure",
]

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
OLD_EDGE, NEW_EDGE, NODE = "#9aa5b1", "#e8590c", "#1c7ed6"


def save_figure(figure: Figure, path: Path, dpi: int = 110) -> Path:
    FigureCanvasAgg(figure)
    figure.savefig(path, dpi=dpi)
    return path


def _hours(moment: datetime, start: datetime) -> float:
    return (moment - start).total_seconds() / 3600


def _time_axis(axes: Axes, start: datetime, end: datetime) -> None:
    """Ticks on whole game hours (every 1, 3 or 6), labelled "Mon 08:00"; x is game hours
    since `start`."""
    hours = _hours(end, start)
    step = 1 if hours <= 12 else (3 if hours <= 36 else 6)
    first = start.replace(minute=0, second=0, microsecond=0)
    if first < start:
        first += timedelta(hours=1)
    ticks = []
    moment = first
    while moment <= end:
        if moment.hour % step == 0:
            ticks.append(moment)
        moment += timedelta(hours=1)
    axes.set_xticks([_hours(tick, start) for tick in ticks])
    axes.set_xticklabels([f"{tick:%a %H:%M}" for tick in ticks], rotation=30, ha="right")
    axes.set_xlim(0, max(hours, 0.01))


def plot_diffusion(
    diffusion: tuple[Diffusion, ...], scenario: Scenario, produced_by: str, path: Path
) -> Path:
    """Share of residents who know each item, over game time; the paper's end share dotted."""
    figure = Figure(figsize=(11, 5.2))
    axes = figure.subplots()
    for number, spread in enumerate(diffusion):
        colour = COLOURS[number % len(COLOURS)]
        times = [_hours(point.time, spread.start.time) for point in spread.curve]
        shares = [100 * point.share for point in spread.curve]
        end = spread.end
        label = f"{spread.item}: {spread.start.count} → {end.count} of {end.population}"
        axes.step(times, shares, where="post", color=colour, linewidth=2.2, label=label)
        axes.plot(times, shares, "o", color=colour, markersize=4)
        figures = scenario.item(spread.item).paper
        if scenario.paper is not None and figures.knew_end is not None:
            share = 100 * figures.knew_end / scenario.paper.residents
            axes.axhline(share, color=colour, linestyle=":", linewidth=1.4)
            axes.annotate(
                f"the paper's {spread.item} at its end: {share:.0f} %",
                (0.01, share), xycoords=("axes fraction", "data"), xytext=(0, 3),
                textcoords="offset points", color=colour, fontsize=8.5,
            )  # fmt: skip
    axes.set_ylim(-3, 105)
    axes.set_ylabel("residents who know it (%)")
    axes.set_xlabel("game time")
    axes.grid(alpha=0.3)
    if diffusion and len(diffusion[0].curve) > 1:
        _time_axis(axes, diffusion[0].start.time, diffusion[0].end.time)
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9, title="news: start → end")
    axes.set_title("Who knows the news (from the memory stream)", fontsize=12)
    source = f"   dotted: {scenario.paper.source}" if scenario.paper is not None else ""
    figure.text(0.01, 0.01, f"produced by: {produced_by}{source}", fontsize=8, color="#555555")
    figure.tight_layout(rect=(0, 0.03, 1, 1))
    return save_figure(figure, path)


def plot_network(relationships: Relationships, produced_by: str, path: Path) -> Path:
    """The network at the start and at the end, side by side; new edges in orange."""
    residents = list(relationships.end.residents)
    graph = nx.Graph()
    graph.add_nodes_from(residents)
    layout = nx.circular_layout(graph) if residents else {}
    positions = {name: (float(x), float(y)) for name, (x, y) in layout.items()}
    figure = Figure(figsize=(12, 6.4))
    left, right = figure.subplots(1, 2)
    draw_network(left, relationships.start, frozenset(), positions, "Start")
    draw_network(right, relationships.end, relationships.new_edges, positions, "End")
    figure.suptitle("Who knows whom (both ways, from the memory stream)", fontsize=12)
    figure.text(
        0.01, 0.01,
        f"produced by: {produced_by}   grey: known at the start   orange: new by the end",
        fontsize=8, color="#555555",
    )  # fmt: skip
    figure.tight_layout(rect=(0, 0.03, 1, 0.95))
    return save_figure(figure, path)


def draw_network(
    axes: Axes,
    network: Network,
    new: frozenset[tuple[str, str]],
    positions: dict[str, tuple[float, float]],
    label: str,
) -> None:
    """One network on `axes` (nodes at `positions`), `new` edges in orange; the title says
    `label`, the time and the density."""
    thin = 0.6 if len(network.residents) > 12 else 1.0  # many edges: thinner lines
    for a, b in sorted(network.edges, key=lambda edge: edge in new):  # new ones on top
        colour, width = (NEW_EDGE, 1.8 * thin) if (a, b) in new else (OLD_EDGE, 1.3 * thin)
        (xa, ya), (xb, yb) = positions[a], positions[b]
        axes.plot([xa, xb], [ya, yb], color=colour, linewidth=width, alpha=0.85, zorder=1)
    xs = [positions[name][0] for name in network.residents]
    ys = [positions[name][1] for name in network.residents]
    axes.scatter(xs, ys, s=90, color=NODE, zorder=2)
    small = len(network.residents) > 12
    for name in network.residents:
        x, y = positions[name]
        axes.text(
            x * 1.12, y * 1.12, _short(name, network.residents),
            ha="left" if x > 0.05 else ("right" if x < -0.05 else "center"),
            va="center", fontsize=8 if small else 10,
        )  # fmt: skip
    axes.set_xlim(-1.6, 1.6)
    axes.set_ylim(-1.35, 1.35)
    axes.set_aspect("equal")
    axes.axis("off")
    axes.set_title(
        f"{label} ({network.time:%a %H:%M}): density {network.density:.3f} "
        f"({len(network.edges)} of {network.pairs} pairs)",
        fontsize=10.5,
    )


def _minutes(moment: datetime, start: datetime) -> float:
    return (moment - start).total_seconds() / 60


def _short(name: str, everyone: tuple[str, ...]) -> str:
    """The first name when no one else has it, else the full name."""
    first = name.split()[0] if name.split() else name
    others = [other for other in everyone if other != name and other.split()[:1] == [first]]
    return name if others else first


def plot_presence(coordination: Coordination, produced_by: str, path: Path) -> Path:
    """Residents at the event's place, minute by minute over its window."""
    figure = Figure(figsize=(9, 4.6))
    axes = figure.subplots()
    event = coordination.event
    times = [_minutes(moment, event.starts) for moment, _ in coordination.presence]
    counts = [count for _, count in coordination.presence]
    if times:  # the last minute's step runs to the end of what was observed
        times.append(_minutes(coordination.observed_until, event.starts))
        counts.append(counts[-1])
    if times:
        axes.step(times, counts, where="post", color=COLOURS[0], linewidth=2)
        axes.fill_between(times, counts, step="post", alpha=0.2, color=COLOURS[0])
    length = _minutes(event.ends, event.starts)
    axes.set_xlim(0, length)
    axes.set_ylim(0, max([*counts, 1]) + 1)
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    ticks = [minute for minute in range(0, int(length) + 1) if minute % 30 == 0]
    axes.set_xticks(ticks)
    axes.set_xticklabels([f"{event.starts + timedelta(minutes=m):%H:%M}" for m in ticks])
    axes.set_ylabel("residents there")
    axes.set_xlabel(f"game time, {event.starts:%A %B %d}")
    axes.grid(alpha=0.3)
    guests = len(coordination.guests)
    axes.set_title(
        f"At {event.place} during the {coordination.item} ({len(coordination.attended)} there "
        f"≥ {event.min_minutes:g} min, {guests} guest{'' if guests == 1 else 's'})",
        fontsize=11,
    )
    note = "" if coordination.status == "whole" else "   (the run ended during the event)"
    figure.text(0.01, 0.01, f"produced by: {produced_by}{note}", fontsize=8, color="#555555")
    figure.tight_layout(rect=(0, 0.04, 1, 1))
    return save_figure(figure, path)

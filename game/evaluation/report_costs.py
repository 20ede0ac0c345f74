"""What the whole evaluation cost, per phase and per route: evaluation.json's
`calls.by_route` and `calls.total`, and report.md's table of them.

Every model call of the evaluation is in it — the simulation's, the interviews' and the
panel's — each phase's calls split by the labor pool's endpoint that answered ("one model"
when the town had no labor pool). Calls the pool's meter did not see (a cached answer, the
breaker's offline standby) are "other", so each phase's row sums to its calls and the table
to the evaluation's total.
"""

from __future__ import annotations

from typing import Any

from game.evaluation.answers import Findings

__all__ = ["ONE_MODEL", "OTHER", "costs_json", "costs_section"]

ONE_MODEL = "one model"
OTHER = "other (cache, standby)"
PHASE_ORDER = (
    "interviews at the start",
    "simulation",
    "interviews at the end",
    "controlled interviews",
    "judge panel",
)


def split(calls: int, routes: dict[str, int]) -> dict[str, int]:
    """`calls` split by route: `routes` (or all on one model), the rest as "other"."""
    if not routes:
        return {ONE_MODEL: calls} if calls else {}
    split = {name: count for name, count in routes.items() if count}
    rest = calls - sum(split.values())
    if rest > 0:
        split[OTHER] = rest
    return split


def simulation_routes(simulation: dict[str, Any]) -> dict[str, int]:
    figures = simulation.get("routes")
    if not isinstance(figures, dict):
        return {}
    return {name: int(f.get("calls", 0)) for name, f in figures.get("by_endpoint", {}).items()}


def costs_json(findings: Findings, simulation: dict[str, Any]) -> dict[str, Any]:
    """`by_route` (phase → route → calls, phases in the order run), `routes` and `total`."""
    phases: dict[str, tuple[int, dict[str, int]]] = {
        "simulation": (int(simulation.get("llm_calls") or 0), simulation_routes(simulation))
    }
    for phase, used in findings.usage.items():
        phases[phase] = (int(used.get("calls", 0)), findings.by_route.get(phase, {}))
    ordered = [p for p in PHASE_ORDER if p in phases] + [p for p in phases if p not in PHASE_ORDER]
    by_route = {phase: split(*phases[phase]) for phase in ordered}
    routes = list(dict.fromkeys(name for row in by_route.values() for name in row))
    return {
        "by_route": by_route,
        "routes": routes,
        "total": sum(sum(row.values()) for row in by_route.values()),
    }


def costs_section(found: dict[str, Any]) -> list[str]:
    """The table: one row per phase, one column per route, and the total."""
    routes: list[str] = found["routes"]
    lines = [
        "### Every call of the evaluation, by phase and route",
        "",
        "| phase | " + " | ".join(routes) + " | all |",
        "|---|" + "---:|" * (len(routes) + 1),
    ]
    for phase, row in found["by_route"].items():
        cells = [f"{row.get(name, 0):,}" for name in routes]
        lines.append(f"| {phase} | " + " | ".join(cells) + f" | {sum(row.values()):,} |")
    totals = [f"{sum(r.get(n, 0) for r in found['by_route'].values()):,}" for n in routes]
    lines.append("| **total** | " + " | ".join(totals) + f" | **{found['total']:,}** |")
    return [*lines, ""]

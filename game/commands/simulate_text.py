"""`smallville simulate`'s summary on stdout: the run in a few lines (residents, calls,
memories, plan reuse, groups), the server profile's speed, the labor pool's meter per route,
the structured-output ladder; a loaded save described (`--hours 0`)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from game.world.clock import format_moment

__all__ = [
    "cascade_text",
    "profile_text",
    "routes_text",
    "structured_text",
    "summary_text",
    "town_text",
]


def town_text(town: dict[str, Any]) -> str:
    source = f" (loaded from {town['loaded_from']!r})" if town.get("loaded_from") else ""
    when = datetime.fromisoformat(town["game_time"])
    lines = [f"{town['town']}{source}: {format_moment(when)}, {len(town['residents'])} residents"]
    lines += [f"  {name}: {count} memories" for name, count in town["residents"].items()]
    return "\n".join(lines)


def summary_text(report: dict[str, Any]) -> str:
    lines = [
        f"{report['agents']} residents, {report['game_hours']} game hours in {report['wall_s']} s",
        f"model calls: {report['llm_calls']} "
        f"({report['llm_calls_per_agent_day']} per resident per game day, "
        f"{report['tokens_per_agent_day']} tokens)",
        f"fallbacks: {report['fallbacks']}, errors: {report['errors']}",
        f"memories: {report['memories']}, reflections: {report['reflections']}, "
        f"plans: {report['plans']}, conversations: {report['conversations']}",
        f"distinct places visited: {report['distinct_places_visited']}",
    ]
    if report.get("server_profile"):
        lines.append(profile_text(report["server_profile"]))
    reuse = report.get("plan_reuse")
    if reuse and (reuse["hours_reused"] or reuse["hours_planned"]):
        lines.append(
            f"hours planned by a call: {reuse['hours_planned']}, reused from an earlier day: "
            f"{reuse['hours_reused']} ({reuse['rate']:.0%})"
        )
    kinds = (reuse or {}).get("by_kind") or {}
    if any(kind != "hours" for kind in kinds):
        shown = ", ".join(
            f"{kind} {figures['reused']} of {figures['reused'] + figures['by_call']}"
            for kind, figures in kinds.items()
        )
        lines.append(f"reused without a call: {shown}")
    groups = report.get("groups")
    if groups and groups.get("formed"):
        lines.append(
            f"group conversations ({groups['strategy']}): {groups['formed']} formed, "
            f"{groups['mean_members']} members on average, the largest {groups['largest']}; "
            f"{groups['lines']} lines, the longest {groups['longest_lines']}"
        )
    if report.get("breaker_trips"):
        standby = ", ".join(report.get("steps_on_standby") or []) or "none now"
        lines.append(
            f"steps the model kept failing, answered by the offline brain for a while: "
            f"{report['breaker_trips']} trip(s); on standby at the end: {standby}"
        )
    structured = report.get("structured_output")
    if structured:
        lines.append(structured_text(structured))
    if report.get("routes"):
        lines += routes_text(report["routes"])
    if report.get("message"):
        lines.append(str(report["message"]))
    return "\n".join(lines)


def profile_text(profile: dict[str, Any]) -> str:
    """The server profile's line: speed, calls in flight, and the share of what it can
    serve that the town used."""
    limit = profile["throughput_limit_calls_per_s"]
    share = profile["share_of_limit"]
    capacity = (
        f"it can serve {limit:.2f} calls/s of these; the town used {share:.0%} of that"
        if limit and share is not None
        else "no calls"
    )
    return (
        f"on a {profile['name']} server ({profile['slots']} at once): "
        f"{profile['game_minutes_per_s']:.2f} game minutes a second, "
        f"{profile['calls_per_game_minute']:.2f} calls a game minute, calls in flight "
        f"{profile['calls_in_flight_mean']:.1f} on average and {profile['calls_in_flight_max']} "
        f"at most; {capacity}"
    )


def routes_text(routes: dict[str, Any]) -> list[str]:
    """The meter per route: one line per endpoint, then per step (calls, tokens, p50/p95,
    cost, rerouted)."""
    lines = [f"labor pool ({routes['pool']['name']}):"]
    for kind in ("by_endpoint", "by_step"):
        for name, f in routes[kind].items():
            p50 = "-" if f["p50_ms"] is None else f"{f['p50_ms']:.0f}"
            p95 = "-" if f["p95_ms"] is None else f"{f['p95_ms']:.0f}"
            extra = f", {f['rerouted']} rerouted" if f["rerouted"] else ""
            extra += f", {f['fallbacks']} fallbacks" if f["fallbacks"] else ""
            cost = f", ${f['cost_usd']:.4f}" if f["cost_usd"] else ""
            lines.append(
                f"  {'endpoint' if kind == 'by_endpoint' else 'step':8} {name:12} "
                f"{f['calls']:6} calls {f['prompt_tokens'] + f['completion_tokens']:9} tokens "
                f"p50 {p50} ms p95 {p95} ms{cost}{extra}"
            )
    if routes.get("cascade"):
        lines.append(cascade_text(routes["cascade"]))
    down = [n for n, h in routes["health"].items() if not h["up"]]
    if down:
        lines.append(f"  down at the end: {', '.join(down)}")
    for problem in routes["pool"]["problems"]:
        lines.append(f"  settings: {problem}")
    return lines


def cascade_text(cascade: dict[str, Any]) -> str:
    """The cascade's decisions in one line: kept small, escalated, sent large as hard."""
    return (
        f"  cascade: {cascade['small']} calls kept on the small model, {cascade['escalated']} "
        f"escalated to the large one (answer unusable), {cascade['hard']} sent large as hard "
        f"({', '.join(cascade['hard_steps'])} and talk with the player)"
    )


def structured_text(structured: dict[str, Any]) -> str:
    """The output ladder's rung, and how many answers were usable (the worst steps named)."""
    rates = []
    answers = usable = 0
    for step, rungs in structured["steps"].items():
        step_answers = sum(counts["answers"] for counts in rungs.values())
        step_usable = sum(counts["usable"] for counts in rungs.values())
        answers, usable = answers + step_answers, usable + step_usable
        if step_answers:
            rates.append((step_usable / step_answers, step))
    if structured["rung"] is None or not answers:
        return "structured output: none (no model server answered)"
    line = f"structured output: {structured['rung']}"
    worst = ", ".join(f"{step} {rate:.0%}" for rate, step in sorted(rates)[:3] if rate < 1)
    line += f"; usable answers {usable}/{answers} ({usable / answers:.0%})"
    return line + (f"; least usable: {worst}" if worst else "")

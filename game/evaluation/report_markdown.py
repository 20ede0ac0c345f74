"""report.md: the targets passed or failed, the measures of the run record as tables beside
the paper's figures, the plots, the talk (`report_talk`), and the interviews' sections
(`report_sections`)."""

from __future__ import annotations

from typing import Any

from game.evaluation.answers import Findings
from game.evaluation.diffusion import Knowledge
from game.evaluation.measures import Measures
from game.evaluation.report_sections import interview_sections
from game.evaluation.report_talk import talk_section, targets_section
from game.evaluation.run_info import RunInfo
from game.evaluation.scenario import Scenario
from game.evaluation.targets import check_targets

__all__ = ["report_markdown"]


def report_markdown(
    run: RunInfo, scenario: Scenario, measures: Measures, findings: Findings | None, data: Any
) -> str:
    """report.md, from the measures, the findings and `data`, evaluation.json's content."""
    plots: list[str] = data["plots"]
    n = len(measures.residents)
    how = "simulated for this report"
    if not run.simulated:
        how = "an earlier run's record, measured again"
    lines = [
        f"# Evaluation: {run.town}, seed {run.seed}, {run.hours:g} game hours",
        "",
        f"*{scenario.title}.* Produced by **{run.produced_by}**; {n} residents; "
        f"{measures.start:%a %b %d %H:%M} → {measures.end:%a %b %d %H:%M}.",
        f"Run record: `{run.record}` ({how}).",
        "",
    ]
    if scenario.paper is not None:
        lines += [f"The paper's figures: {scenario.paper.source}.", ""]
    lines += targets_section(check_targets(measures, findings))
    lines += ["## Information diffusion (from the memory stream)", ""]
    lines += _diffusion_tables(measures, scenario)
    lines += [f"![diffusion]({plots[0]})", "", "## Relationships", ""]
    lines += _relationship_table(measures, scenario)
    lines += [f"![network]({plots[1]})", ""]
    if measures.coordination:
        lines += ["## Coordination", ""]
        lines += _coordination_table(measures, scenario, plots)
    lines += talk_section(run.produced_by, measures.talk)
    if findings is not None:
        lines += interview_sections(run.produced_by, scenario, findings, data, plots)
    lines += routes_section(run.simulation.get("routes"))
    if measures.warnings:
        lines += ["## Warnings", "", *(f"- {warning}" for warning in measures.warnings), ""]
    lines += ["## Not measured yet", "", *(f"- {what}" for what in data["not_measured"]), ""]
    return "\n".join(lines)


def _count(point: Knowledge) -> str:
    return f"{point.count} of {point.population} ({point.share:.0%})"


def _paper_text(start: int | None, end: int | None, scenario: Scenario) -> str:
    if scenario.paper is None or start is None or end is None:
        return "—"
    total = scenario.paper.residents
    return f"{start} → {end} of {total} ({start / total:.0%} → {end / total:.0%})"


def _diffusion_tables(measures: Measures, scenario: Scenario) -> list[str]:
    lines = [
        "| news | seeds | knew at the start | knew at the end | paper |",
        "|---|---|---|---|---|",
    ]
    for spread in measures.diffusion:
        figures = scenario.item(spread.item).paper
        paper = _paper_text(figures.knew_start, figures.knew_end, scenario)
        lines.append(
            f"| {spread.item} | {', '.join(spread.seeds)} | {_count(spread.start)} | "
            f"{_count(spread.end)} | {paper} |"
        )
    lines += ["", "Who knows, game hour by game hour:", ""]
    lines += ["| game time | " + " | ".join(s.item for s in measures.diffusion) + " |"]
    lines += ["|---|" + "---|" * len(measures.diffusion)]
    if measures.diffusion:
        for index, point in enumerate(measures.diffusion[0].curve):
            cells = [f"{spread.curve[index].count}" for spread in measures.diffusion]
            lines.append(f"| {point.time:%a %H:%M} | " + " | ".join(cells) + " |")
    heard = [
        f"- {spread.item}: {name} at {moment:%a %H:%M}"
        for spread in measures.diffusion
        for name, moment in sorted(spread.first_heard.items(), key=lambda entry: entry[1])
        if name not in spread.seeds
    ]
    lines += ["", "First heard (seeds aside):", "", *(heard or ["- nobody yet"]), ""]
    judged = measures.judged
    lines += [
        f"Memories judged by their typed fields: {judged.by_fields}; by their text (fields "
        f"unknown): {judged.by_text} ({judged.text_share:.0%}).",
        "",
    ]
    return lines


def _relationship_table(measures: Measures, scenario: Scenario) -> list[str]:
    found = measures.relationships
    paper = scenario.paper
    paper_text = "—"
    if paper is not None and paper.density_start is not None and paper.density_end is not None:
        paper_text = f"{paper.density_start:.3f} → {paper.density_end:.3f}"
    new = ", ".join(f"{a} – {b}" for a, b in sorted(found.new_edges)) or "none"
    return [
        "An edge where each of two residents has a memory naming the other — in its typed",
        "fields; in its words only where they are unknown (the paper: both answer yes to",
        f'"Do you know X?"). Memories read by their fields: {found.judged.by_fields}, by their',
        f"words: {found.judged.by_text}.",
        "",
        "| | start | end | paper |",
        "|---|---|---|---|",
        f"| density | {found.start.density:.3f} | {found.end.density:.3f} | {paper_text} |",
        f"| edges of {found.end.pairs} pairs | {len(found.start.edges)} | "
        f"{len(found.end.edges)} | |",
        "",
        f"New edges: {new}. Pairs who talked: {len(found.talked)}.",
        "",
    ]


def _coordination_table(measures: Measures, scenario: Scenario, plots: list[str]) -> list[str]:
    lines = [
        "| event | place, window | status | invited | planned | there (guests) | paper |",
        "|---|---|---|---|---|---|---|",
    ]
    for event in measures.coordination:
        figures = scenario.item(event.item).paper
        paper = f"{figures.invited} invited, {figures.attended} came"
        window = f"{event.event.place}, {event.event.starts:%a %H:%M}–{event.event.ends:%H:%M}"
        lines.append(
            f"| {event.item} | {window} | {event.status} | {len(event.invited)} | "
            f"{len(event.planned)} | {len(event.attended)} ({len(event.guests)}) | {paper} |"
        )
    lines.append("")
    for event in measures.coordination:
        invited = ", ".join(f"{i.guest} (by {i.by}, {i.time:%a %H:%M})" for i in event.invited)
        planned = ", ".join(event.planned) or "nobody"
        there = ", ".join(event.attended) or "nobody"
        lines.append(
            f"- {event.item}: invited: {invited or 'nobody'}; planned: {planned}; there: {there}"
        )
        if f"presence-{event.item}.png" in plots:
            lines += ["", f"![presence at the {event.item}](presence-{event.item}.png)"]
    lines.append("")
    return lines


def routes_section(routes: Any) -> list[str]:
    """The labor pool's meter per route (the simulation's only: every phase's calls per
    route are in "Model calls"), when the run had one."""
    if not isinstance(routes, dict):
        return []
    lines = [
        f"## Model calls of the simulation by route (labor pool: {routes['pool']['name']})",
        "",
        "| endpoint or step | calls | tokens in | tokens out | p50 ms | p95 ms | cost $ | "
        "rerouted | fallbacks |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for kind, label in (("by_endpoint", "endpoint"), ("by_step", "step")):
        for name, f in routes[kind].items():
            lines.append(
                f"| {label} **{name}** | {f['calls']} | {f['prompt_tokens']} | "
                f"{f['completion_tokens']} | {f['p50_ms']} | {f['p95_ms']} | "
                f"{f['cost_usd']:.4f} | {f['rerouted']} | {f['fallbacks']} |"
            )
    problems = routes["pool"].get("problems") or []
    lines += ["", *(f"- settings: {p}" for p in problems), *cascade_lines(routes), ""]
    return lines


def cascade_lines(routes: dict[str, Any]) -> list[str]:
    """What the cascade decided: calls kept on the small model, escalated, sent large."""
    cascade = routes.get("cascade")
    if not isinstance(cascade, dict):
        return []
    return [
        f"- cascade: {cascade['small']} calls kept on the small model, {cascade['escalated']} "
        f"escalated to the large one (the small answer unusable), {cascade['hard']} sent "
        f"large as hard ({', '.join(cascade['hard_steps'])}, talk with the player)"
    ]

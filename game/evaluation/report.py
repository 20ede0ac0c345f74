"""The evaluation's report: `evaluation.json` (the measures beside the paper's figures, the
brain or model that produced them, the seed, the hours), `report.md` with tables, the same
as `report.html`, and the PNG plots (`plots.py`). With the interviews' `Findings`, their
figures too (`report_interviews.py`, `plots_interviews.py`) and `answers.csv`, every question
and answer (`report_html.py`). `evaluation.json` is written first, so a plot that fails
leaves the figures on disk."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from game.evaluation.answers import Findings
from game.evaluation.coordination import Coordination
from game.evaluation.diffusion import Diffusion, Knowledge
from game.evaluation.measures import Measures
from game.evaluation.plots import plot_diffusion, plot_network, plot_presence
from game.evaluation.plots_interviews import draw_interview_plots, interview_plots
from game.evaluation.relationships import Network
from game.evaluation.report_html import write_answers_csv, write_html
from game.evaluation.report_interviews import findings_json, interview_sections, not_measured
from game.evaluation.scenario import Scenario

__all__ = ["FORMAT", "NOT_MEASURED", "ReportFiles", "RunInfo", "evaluation_json", "write_report"]

FORMAT = 2  # evaluation.json's format; a change that renames or removes a key bumps it

NOT_MEASURED = (  # without the interviews' findings (a run measured from its record alone)
    "interviews: diffusion and relationships from asked-and-judged answers (the paper's way)",
    "hallucination: answers claiming a person or event with no memory behind it",
    "controlled evaluation: the 25 interview questions under the paper's ablations",
    "judge panel (ChatEval) and TrueSkill ratings per condition",
    "the report as HTML; every question and answer as CSV",
)


@dataclass(frozen=True)
class RunInfo:
    """The run the measures come from."""

    town: str
    seed: int | None
    hours: float  # game hours simulated
    brain: str  # "offline brain", or the record's brain label
    model: str  # the model's name ("" for the offline brain)
    record: Path
    run_id: str
    simulated: bool  # False when an earlier run's record was measured again
    simulation: dict[str, Any] = field(default_factory=dict)  # simulate's report, abridged

    @property
    def produced_by(self) -> str:
        return f"{self.brain} ({self.model})" if self.model else self.brain


@dataclass(frozen=True)
class ReportFiles:
    folder: Path
    json: Path
    markdown: Path
    plots: tuple[Path, ...]
    html: Path | None = None
    csv: Path | None = None  # answers.csv: only with the interviews' findings


def write_report(
    run: RunInfo,
    scenario: Scenario,
    measures: Measures,
    out: Path,
    findings: Findings | None = None,
) -> ReportFiles:
    """Write evaluation.json, report.md, report.html, answers.csv (with `findings`) and the
    plots into `out` (made if missing)."""
    out.mkdir(parents=True, exist_ok=True)
    plots = [out / "diffusion.png", out / "network.png"]
    reached = [event for event in measures.coordination if event.status != "not reached"]
    plots += [out / f"presence-{event.item}.png" for event in reached]
    asked = [] if findings is None else interview_plots(findings, out)
    data = evaluation_json(run, scenario, measures, [p.name for p in [*plots, *asked]], findings)
    json_path = out / "evaluation.json"
    json_path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    answers = None if findings is None else write_answers_csv(findings, out / "answers.csv")
    text = report_markdown(run, scenario, measures, findings, data)
    markdown = out / "report.md"
    markdown.write_text(text, encoding="utf-8")
    html = write_html(text, text.splitlines()[0].lstrip("# "), out / "report.html")
    plot_diffusion(measures.diffusion, scenario, run.produced_by, plots[0])
    plot_network(measures.relationships, run.produced_by, plots[1])
    for event, path in zip(reached, plots[2:], strict=True):
        plot_presence(event, run.produced_by, path)
    if findings is not None:
        draw_interview_plots(findings, measures, run.produced_by, asked)
    return ReportFiles(out, json_path, markdown, (*plots, *asked), html, answers)


# --- evaluation.json -------------------------------------------------------------------------


def evaluation_json(
    run: RunInfo,
    scenario: Scenario,
    measures: Measures,
    plots: list[str],
    findings: Findings | None = None,
) -> dict[str, Any]:
    paper = scenario.paper
    data: dict[str, Any] = {
        "format": FORMAT,
        "town": run.town,
        "scenario": scenario.title,
        "brain": run.brain,
        "model": run.model or None,
        "seed": run.seed,
        "hours": run.hours,
        "start": _time(measures.start),
        "end": _time(measures.end),
        "residents": len(measures.residents),
        "record": str(run.record),
        "run_id": run.run_id,
        "simulated": run.simulated,
        "simulation": run.simulation,
        "paper": None if paper is None else paper.model_dump(),
        "diffusion": {
            spread.item: _diffusion_json(spread, scenario) for spread in measures.diffusion
        },
        "relationships": _relationships_json(measures, scenario),
        "coordination": {
            event.item: _coordination_json(event, scenario) for event in measures.coordination
        },
    }
    if findings is not None:
        data |= findings_json(findings, measures, scenario, run.simulation)
    missing = NOT_MEASURED if findings is None else not_measured(findings)
    return data | {
        "warnings": list(measures.warnings),
        "not_measured": list(missing),
        "plots": plots,
    }


def _time(moment: datetime) -> str:
    return moment.isoformat()


def _knowledge_json(point: Knowledge, who: bool = False) -> dict[str, Any]:
    found: dict[str, Any] = {
        "time": _time(point.time), "count": point.count, "share": round(point.share, 4)
    }  # fmt: skip
    if who:
        found["who"] = list(point.knowers)
    return found


def _paper_share(count: int | None, scenario: Scenario) -> dict[str, Any] | None:
    if count is None or scenario.paper is None:
        return None
    return {"count": count, "share": round(count / scenario.paper.residents, 4)}


def _diffusion_json(spread: Diffusion, scenario: Scenario) -> dict[str, Any]:
    item = scenario.item(spread.item)
    return {
        "text": item.text,
        "seeds": list(spread.seeds),
        "start": _knowledge_json(spread.start, who=True),
        "end": _knowledge_json(spread.end, who=True),
        "first_heard": {name: _time(t) for name, t in sorted(spread.first_heard.items())},
        "curve": [_knowledge_json(point) for point in spread.curve],
        "paper": {
            "start": _paper_share(item.paper.knew_start, scenario),
            "end": _paper_share(item.paper.knew_end, scenario),
        },
    }


def _network_json(network: Network) -> dict[str, Any]:
    return {
        "time": _time(network.time),
        "edges": len(network.edges),
        "pairs": network.pairs,
        "density": round(network.density, 4),
    }


def _relationships_json(measures: Measures, scenario: Scenario) -> dict[str, Any]:
    found = measures.relationships
    paper = scenario.paper
    return {
        "rule": "an edge where each resident has a memory naming the other",
        "start": _network_json(found.start),
        "end": _network_json(found.end),
        "new_edges": [list(edge) for edge in sorted(found.new_edges)],
        "pairs_that_talked": len(found.talked),
        "paper": (
            None if paper is None else {"start": paper.density_start, "end": paper.density_end}
        ),
    }


def _coordination_json(event: Coordination, scenario: Scenario) -> dict[str, Any]:
    figures = scenario.item(event.item).paper
    return {
        "place": event.event.place,
        "starts": _time(event.event.starts),
        "ends": _time(event.event.ends),
        "status": event.status,
        "observed_until": _time(event.observed_until),
        "invited": [
            {"guest": i.guest, "by": i.by, "time": _time(i.time), "line": i.line}
            for i in event.invited
        ],
        "planned": {name: _time(t) for name, t in event.planned.items()},
        "attended": list(event.attended),
        "guests": list(event.guests),
        "invited_and_came": list(event.invited_and_came),
        "minutes_there": {name: m for name, m in event.minutes_there.items() if m > 0},
        "min_minutes": event.event.min_minutes,
        "paper": {"invited": figures.invited, "attended": figures.attended},
    }


# --- report.md -------------------------------------------------------------------------------


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
    lines += ["## Information diffusion (from the memory stream)", ""]
    lines += _diffusion_tables(measures, scenario)
    lines += [f"![diffusion]({plots[0]})", "", "## Relationships", ""]
    lines += _relationship_table(measures, scenario)
    lines += [f"![network]({plots[1]})", ""]
    if measures.coordination:
        lines += ["## Coordination", ""]
        lines += _coordination_table(measures, scenario, plots)
    if findings is not None:
        lines += interview_sections(run.produced_by, scenario, findings, data, plots)
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
    return lines


def _relationship_table(measures: Measures, scenario: Scenario) -> list[str]:
    found = measures.relationships
    paper = scenario.paper
    paper_text = "—"
    if paper is not None and paper.density_start is not None and paper.density_end is not None:
        paper_text = f"{paper.density_start:.3f} → {paper.density_end:.3f}"
    new = ", ".join(f"{a} – {b}" for a, b in sorted(found.new_edges)) or "none"
    return [
        "An edge where each of two residents has a memory naming the other (the paper: both",
        'answer yes to "Do you know X?").',
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

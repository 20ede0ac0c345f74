"""The evaluation's report: `evaluation.json` (the measures beside the paper's figures, the
brain or model that produced them, the seed, the hours), `report.md` with tables, the same
as `report.html`, and the PNG plots (`plots.py`). With the interviews' `Findings`, their
figures too (`report_interviews.py`, `plots_interviews.py`) and `answers.csv`, every question
and answer (`report_html.py`). `evaluation.json` is written first, so a plot that fails
leaves the figures on disk."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from game.evaluation.answers import Findings
from game.evaluation.control_measures import controls_markdown
from game.evaluation.coordination import Coordination
from game.evaluation.diffusion import Diffusion, Knowledge
from game.evaluation.knowing import JUDGING_RULE, Judged
from game.evaluation.measures import Measures
from game.evaluation.plots import plot_diffusion, plot_network, plot_presence
from game.evaluation.plots_interviews import draw_interview_plots, interview_plots
from game.evaluation.relationships import Network
from game.evaluation.report_html import write_answers_csv, write_html
from game.evaluation.report_interviews import findings_json, not_measured
from game.evaluation.report_markdown import report_markdown
from game.evaluation.report_talk import talk_json, targets_json
from game.evaluation.run_info import RunInfo
from game.evaluation.scenario import Scenario
from game.evaluation.targets import check_targets

__all__ = ["FORMAT", "NOT_MEASURED", "ReportFiles", "RunInfo", "evaluation_json", "write_report"]

FORMAT = 2  # evaluation.json's format; a change that renames or removes a key bumps it
# (new keys do not: `talk` and `targets` came within format 2)

NOT_MEASURED = (  # without the interviews' findings (a run measured from its record alone)
    "interviews: diffusion and relationships from asked-and-judged answers (the paper's way)",
    "hallucination: answers claiming a person or event with no memory behind it",
    "controlled evaluation: the 25 interview questions under the paper's ablations",
    "judge panel (ChatEval) and TrueSkill ratings per condition",
    "the report as HTML; every question and answer as CSV",
)


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
    controls: dict[str, Any] | None = None,
) -> ReportFiles:
    """Write evaluation.json, report.md, report.html, answers.csv (with `findings`) and the
    plots into `out` (made if missing); `controls`: the measures against the control run
    (`control_measures.against_control`), a key of evaluation.json and a section."""
    out.mkdir(parents=True, exist_ok=True)
    plots = [out / "diffusion.png", out / "network.png"]
    reached = [event for event in measures.coordination if event.status != "not reached"]
    plots += [out / f"presence-{event.item}.png" for event in reached]
    asked = [] if findings is None else interview_plots(findings, out)
    data = evaluation_json(run, scenario, measures, [p.name for p in [*plots, *asked]], findings)
    if controls is not None:
        data["controls"] = controls
    json_path = out / "evaluation.json"
    json_path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    answers = None if findings is None else write_answers_csv(findings, out / "answers.csv")
    text = report_markdown(run, scenario, measures, findings, data)
    if controls is not None:
        text = text.rstrip("\n") + "\n\n" + controls_markdown(controls)
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
        "memory_servers": run.memory_servers,
        "paper": None if paper is None else paper.model_dump(),
        "diffusion": {
            spread.item: _diffusion_json(spread, scenario) for spread in measures.diffusion
        },
        "memories_judged": _judged_json(measures.judged),
        "relationships": _relationships_json(measures, scenario),
        "coordination": {
            event.item: _coordination_json(event, scenario) for event in measures.coordination
        },
    }
    if findings is not None:
        data |= findings_json(findings, measures, scenario, run.simulation)
    data["talk"] = talk_json(measures.talk)
    data["targets"] = targets_json(check_targets(measures, findings))
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


def _judged_json(judged: Judged) -> dict[str, Any]:
    return {
        "rule": JUDGING_RULE,
        "by_fields": judged.by_fields,
        "by_text": judged.by_text,
        "text_share": round(judged.text_share, 4),
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
        "rule": (
            "an edge where each resident has a memory naming the other: in its typed fields "
            "(speaker, partners, subject, people, a news's subject, source or host, an "
            "intention's person); in its words only where its fields are unknown"
        ),
        "start": _network_json(found.start),
        "end": _network_json(found.end),
        "new_edges": [list(edge) for edge in sorted(found.new_edges)],
        "pairs_that_talked": len(found.talked),
        "memories_read": {"by_fields": found.judged.by_fields, "by_text": found.judged.by_text},
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

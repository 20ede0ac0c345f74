"""One evaluation's figures as a flat JSON-ready dict: the news reach, the relationship
density, the event's attendance, the talk, the calls (the simulation's per resident-day, and
every phase's in all), the panel's believability (the full condition's rating μ) and its
accuracy against ground truth, and the targets passed — what
`benchmarks/offline_town.py` prints per seed and `evaluate --matrix` tabulates per
configuration. Keys suffixed `_<item>` are per news item or event; `control_…`, `…_beyond_control…`
and `came_…` come from the control run (when there is one), `hallucination_…` from the
interviews."""

from __future__ import annotations

from typing import Any

from game.evaluation.agreement import truth_agreement
from game.evaluation.answers import hallucination
from game.evaluation.report_costs import costs_json
from game.evaluation.runner import EvaluationResult
from game.evaluation.targets import check_targets, density_change, news_reach

__all__ = ["control_figures", "result_figures"]


def result_figures(result: EvaluationResult) -> dict[str, Any]:
    measures, findings = result.measures, result.findings
    found: dict[str, Any] = {}
    reaches = news_reach(measures, findings)
    for reach in reaches:
        found[f"knew_end_{reach.item}"] = round(reach.share, 4)
    found["knew_end_by"] = reaches[0].measured_by if reaches else None
    for spread in measures.diffusion:
        found[f"knew_end_stream_{spread.item}"] = round(spread.end.share, 4)
    start, end, by = density_change(measures, findings)
    found |= {"density_start": round(start, 4), "density_end": round(end, 4), "density_by": by}
    found["density_stream_start"] = round(measures.relationships.start.density, 4)
    found["density_stream_end"] = round(measures.relationships.end.density, 4)
    for event in measures.coordination:
        found[f"invited_{event.item}"] = len(event.invited)
        found[f"attended_guests_{event.item}"] = len(event.guests)
        found[f"invited_and_came_{event.item}"] = len(event.invited_and_came)
    talk = measures.talk
    found |= {
        "lines": talk.overall.lines,
        "distinct_share": round(talk.overall.distinct_share, 4),
        "template_share": round(talk.phrasing.template_share, 4),
        "stock_share": round(talk.phrasing.stock_share, 4),
        "max_daily_repeats": talk.max_daily_count,
        "lines_over_limit": len(talk.overall.repeated),
        "nested": talk.overall.nested,
        "calls_per_resident_day": result.run.simulation.get("llm_calls_per_agent_day"),
    }
    simulation = result.run.simulation
    found["calls_all_phases"] = (
        simulation.get("llm_calls")
        if findings is None
        else costs_json(findings, simulation)["total"]
    )
    full = [r for r in findings.ratings if r.condition == "full"] if findings else []
    found["believability_full_mu"] = full[0].mu if full else None
    truth = truth_agreement(findings.judged) if findings else None
    found["panel_truth_accuracy"] = truth["accuracy"] if truth else None
    found |= control_figures(result.controls)
    if findings is not None:
        made_up = hallucination(findings.knowledge)
        found["hallucination_rate"] = made_up["rate"]
        found["hallucination_off_subject"] = made_up["off_subject"]
        found["hallucination_unbacked"] = made_up["unbacked"]
    targets = check_targets(measures, findings)
    found["targets"] = {target.id: target.passed for target in targets}
    found["targets_passed"] = sum(1 for target in targets if target.passed)
    return found


def control_figures(controls: dict[str, Any] | None) -> dict[str, Any]:
    """The figures against the control run, flat (none without a control)."""
    if controls is None:
        return {}
    found: dict[str, Any] = {}
    for item, reach in controls["reach"].items():
        memories, answers = reach["by_memories"], reach["by_answers"]
        found[f"control_knew_end_stream_{item}"] = memories["control"]
        found[f"reach_beyond_control_stream_{item}"] = memories["beyond"]
        if answers is not None:
            found[f"control_knew_end_answers_{item}"] = answers["control"]
            found[f"reach_beyond_control_answers_{item}"] = answers["beyond"]
    density = controls["density"]
    found["control_density_stream_end"] = density["by_memories"]["control"]
    found["density_beyond_control_stream"] = density["by_memories"]["beyond"]
    found["density_rise_beyond_control_stream"] = density["by_memories"]["rise"]["beyond"]
    if density["by_answers"] is not None:
        found["control_density_answers_end"] = density["by_answers"]["control"]
        found["density_beyond_control_answers"] = density["by_answers"]["beyond"]
    for item, seen in controls["attendance"].items():
        found[f"control_guests_{item}"] = seen["control_guests"]
        found[f"guests_beyond_control_{item}"] = seen["guests_beyond_control"]
        found[f"came_anyway_{item}"] = seen["came_anyway"]
        found[f"came_because_invited_{item}"] = seen["came_because_invited"]
    return found

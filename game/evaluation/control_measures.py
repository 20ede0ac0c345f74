"""The measures against their control — what the news did beyond what the town does without
it. The control is the same town and seed with no news seeded (`control_town.py`), run and
measured the same way (`controls.py`); here each measure of the run is set beside the
control's:

- **reach beyond the control** — per item, the share who know it at the end, by memories
  (a memory carries it) and by answers (the strict judge), minus the same share in the
  control (where a memory or an answer can carry the item's words by chance);
- **density against the control** — the relationship density at the end (by memories; by
  answers when asked) minus the control's, and the rise (end − start) minus the control's;
- **attendance beyond the control** — per event: guests there, the control's guests at the
  same place and hours, and their difference; the invited guests who came, split into those
  who *came anyway* (also there in the control) and those who *came because invited* (not
  there in the control).

`PAPER_DEFINITIONS` and `OUR_DEFINITIONS` say how the paper (Park et al. 2023) and this
report measure each, side by side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.evaluation.answers import Findings, density_by_answers, diffusion_by_answers
from game.evaluation.interviews import KnowledgeAnswer
from game.evaluation.measures import Measures

__all__ = [
    "OUR_DEFINITIONS",
    "PAPER_DEFINITIONS",
    "ControlMeasures",
    "against_control",
    "controls_markdown",
]

PAPER_DEFINITIONS = {
    "diffusion": "information diffusion: the share of agents who know the item at the end, "
    "found by interviewing every agent and judging the answers; no control run",
    "relationships": "relationship formation: network density, the pairs who both say they "
    "know each other over all pairs, at the start and the end; no control run",
    "coordination": "coordination: of the agents invited to the event, how many showed up; "
    "no baseline of who would have been there anyway",
}
OUR_DEFINITIONS = {
    "diffusion": "reach beyond the control: the share who know the item at the end — by "
    "memories and by answers (the strict judge: the answer carries who, what, and where or "
    "when) — minus the same share in the control run, the same town and seed with no news",
    "relationships": "density against the control: the density at the end minus the control's "
    "at the end (and the rise, end − start, minus the control's)",
    "coordination": "attendance beyond the control: guests there minus the control's guests "
    "at the same place and hours; invited guests who came, split into 'came anyway' (there "
    "in the control too) and 'came because invited' (not there in the control)",
}


@dataclass(frozen=True)
class ControlMeasures:
    """The control run's measures and (when asked) its answers at the end."""

    measures: Measures
    knowledge: tuple[KnowledgeAnswer, ...]


def _beyond(run: float, control: float) -> dict[str, float]:
    return {"run": round(run, 4), "control": round(control, 4), "beyond": round(run - control, 4)}


def _reach(
    measures: Measures, findings: Findings | None, control: ControlMeasures
) -> dict[str, Any]:
    theirs = {spread.item: spread for spread in control.measures.diffusion}
    n = max(1, len(measures.residents))
    found: dict[str, Any] = {}
    for spread in measures.diffusion:
        other = theirs.get(spread.item)
        if other is None:
            continue
        by_answers = None
        asked = [] if findings is None else findings.answers_at("end")
        if asked and control.knowledge:
            run_who = diffusion_by_answers(asked, spread.item)
            control_who = diffusion_by_answers(control.knowledge, spread.item)
            by_answers = _beyond(len(run_who) / n, len(control_who) / n)
        found[spread.item] = {
            "by_memories": _beyond(spread.end.share, other.end.share),
            "by_answers": by_answers,
        }
    return found


def _density(
    measures: Measures, findings: Findings | None, control: ControlMeasures
) -> dict[str, Any]:
    ours, theirs = measures.relationships, control.measures.relationships
    rise = ours.end.density - ours.start.density
    control_rise = theirs.end.density - theirs.start.density
    found: dict[str, Any] = {
        "by_memories": {
            **_beyond(ours.end.density, theirs.end.density),
            "rise": _beyond(rise, control_rise),
        },
        "by_answers": None,
    }
    asked = [] if findings is None else findings.answers_at("end")
    if asked and control.knowledge:
        residents = findings.residents if findings is not None else ()
        run_density, _ = density_by_answers(asked, residents)
        control_density, _ = density_by_answers(control.knowledge, residents)
        found["by_answers"] = _beyond(run_density, control_density)
    return found


def _attendance(measures: Measures, control: ControlMeasures) -> dict[str, Any]:
    theirs = {event.item: event for event in control.measures.coordination}
    found: dict[str, Any] = {}
    for event in measures.coordination:
        other = theirs.get(event.item)
        if other is None or event.status == "not reached":
            continue
        there_anyway = set(other.attended)
        came = event.invited_and_came
        anyway = [guest for guest in came if guest in there_anyway]
        because = [guest for guest in came if guest not in there_anyway]
        found[event.item] = {
            "guests": len(event.guests),
            "control_guests": len(other.guests),
            "guests_beyond_control": len(event.guests) - len(other.guests),
            "invited": len(event.invited),
            "invited_and_came": len(came),
            "came_anyway": len(anyway),
            "came_because_invited": len(because),
            "who": {"came_anyway": anyway, "came_because_invited": because,
                    "control_guests": list(other.guests)},
        }  # fmt: skip
    return found


def against_control(
    measures: Measures, findings: Findings | None, control: ControlMeasures, folder: str
) -> dict[str, Any]:
    """evaluation.json's `controls`: each measure beside the control's (see the doc)."""
    return {
        "control": "the same town and seed with no news seeded (persona sentences carrying an "
        "item taken out, no first memories, no events)",
        "folder": folder,
        "reach": _reach(measures, findings, control),
        "density": _density(measures, findings, control),
        "attendance": _attendance(measures, control),
        "definitions": {"paper": PAPER_DEFINITIONS, "ours": OUR_DEFINITIONS},
    }


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def controls_markdown(controls: dict[str, Any]) -> str:
    """report.md's section "Against the control"."""
    lines = [
        "## Against the control", "",
        f"The control: {controls['control']} (`{controls['folder']}/`).", "",
        "| news | known at the end (memories) | control | beyond | by answers | control | "
        "beyond |", "|---|---:|---:|---:|---:|---:|---:|",
    ]  # fmt: skip
    for item, reach in controls["reach"].items():
        mem, ans = reach["by_memories"], reach["by_answers"] or {}
        cells = [mem["run"], mem["control"], mem["beyond"]]
        cells += [ans.get("run"), ans.get("control"), ans.get("beyond")]
        lines.append(f"| {item} | " + " | ".join(_pct(c) for c in cells) + " |")
    density = controls["density"]["by_memories"]
    lines += [
        "", "| density at the end | run | control | beyond |", "|---|---:|---:|---:|",
        f"| by memories | {density['run']:.3f} | {density['control']:.3f} | "
        f"{density['beyond']:+.3f} |",
        f"| rise (end − start), by memories | {density['rise']['run']:.3f} | "
        f"{density['rise']['control']:.3f} | {density['rise']['beyond']:+.3f} |",
    ]  # fmt: skip
    answered = controls["density"]["by_answers"]
    if answered:
        lines.append(
            f"| by answers | {answered['run']:.3f} | {answered['control']:.3f} | "
            f"{answered['beyond']:+.3f} |"
        )
    for item, seen in controls["attendance"].items():
        lines += [
            "", f"**{item}**: {seen['guests']} guests there, {seen['control_guests']} in the "
            f"control ({seen['guests_beyond_control']:+d} beyond it); {seen['invited']} invited, "
            f"{seen['invited_and_came']} of them came — {seen['came_anyway']} came anyway "
            f"(there in the control too), {seen['came_because_invited']} came because invited.",
        ]  # fmt: skip
    lines += ["", "| measure | the paper's definition | ours |", "|---|---|---|"]
    for key, paper in controls["definitions"]["paper"].items():
        lines.append(f"| {key} | {paper} | {controls['definitions']['ours'][key]} |")
    return "\n".join([*lines, ""])

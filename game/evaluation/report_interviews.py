"""The report's parts from the interviews and the judge panel (`Findings`): their keys of
evaluation.json (`interviews`, `controlled`, `panel`, `calls`, and what is still
`not_measured`) and their sections of report.md, each beside the paper's figures."""

from __future__ import annotations

from typing import Any

from game.evaluation.agreement import panel_agreement
from game.evaluation.answers import (
    Findings,
    accuracy,
    density_by_answers,
    diffusion_by_answers,
    hallucination,
)
from game.evaluation.measures import Measures
from game.evaluation.ratings import Rating
from game.evaluation.report_costs import costs_json
from game.evaluation.scenario import Scenario

__all__ = [
    "PAPER_HALLUCINATION",
    "PAPER_HUMANS",
    "PAPER_RATINGS",
    "PAPER_RATINGS_SOURCE",
    "findings_json",
    "not_measured",
]

PAPER_RATINGS_SOURCE = "Park et al. (2023), Fig. 8"
PAPER_RATINGS: dict[str, tuple[float, float]] = {  # condition → (μ, σ)
    "full": (29.89, 0.72),
    "no reflection": (26.88, 0.69),
    "no reflection, no planning": (25.64, 0.68),
    "no observation, no reflection, no planning": (21.21, 0.70),
}
PAPER_HUMANS = (22.95, 0.69)  # the human crowdworkers' condition
PAPER_HALLUCINATION = {"rate": 0.013, "answers": 453, "source": "Park et al. (2023)"}


# --- evaluation.json -------------------------------------------------------------------------


def findings_json(
    findings: Findings, measures: Measures, scenario: Scenario, simulation: dict[str, Any]
) -> dict[str, Any]:
    """evaluation.json's keys from the interviews and the panel; `simulation`: the run's
    figures (its `llm_calls`)."""
    return {
        "interviews": _interviews_json(findings, measures, scenario),
        "controlled": _controlled_json(findings),
        "panel": _panel_json(findings),
        "calls": _calls_json(findings, simulation),
    }


def _share(count: int, population: int) -> float:
    return round(count / population, 4) if population else 0.0


def _interviews_json(findings: Findings, measures: Measures, scenario: Scenario) -> dict[str, Any]:
    """Per moment: who answered as knowing each news item, beside the memory stream and the
    paper; the density of "Do you know X?" both ways; and hallucination over all answers."""
    n, paper = len(findings.residents), scenario.paper
    streams = {spread.item: spread for spread in measures.diffusion}
    found: dict[str, Any] = {
        "rule": "knows: the judge read the answer as claiming to know — for news, carrying the "
        "item's facts (who, what, and where or when, from scenario.json); an edge: both answered "
        '"Do you know X?" as knowing; hallucinated: a claim with no memory behind it, or a '
        "confident answer to a news question about something else",
    }
    for moment in findings.moments():
        answers = findings.answers_at(moment)
        diffusion: dict[str, Any] = {}
        for item in scenario.news:
            who = diffusion_by_answers(answers, item.id)
            point = getattr(streams[item.id], moment) if item.id in streams else None
            count = item.paper.knew_start if moment == "start" else item.paper.knew_end
            diffusion[item.id] = {
                "answers": {"count": len(who), "share": _share(len(who), n), "who": who},
                "stream": None if point is None else {
                    "count": point.count, "share": round(point.share, 4), "who": list(point.knowers)
                },
                "paper": None if count is None or paper is None else {
                    "count": count, "share": _share(count, paper.residents)
                },
                # reach by answers − reach by memories (answers claiming more than is kept)
                "gap": None if point is None else round(_share(len(who), n) - point.share, 4),
            }  # fmt: skip
        density, edges = density_by_answers(answers, findings.residents)
        stream = getattr(measures.relationships, moment)
        found[moment] = {
            "answers": len(answers),
            "diffusion": diffusion,
            "relationships": {
                "density": round(density, 4),
                "edges": [list(edge) for edge in edges],
                "pairs": n * (n - 1) // 2,
                "stream_density": round(stream.density, 4),
                "paper": None if paper is None else getattr(paper, f"density_{moment}"),
            },
            "judge_fallbacks": sum(1 for a in answers if a.judge_fell_back),
        }
    found["hallucination"] = {**hallucination(findings.knowledge), "paper": PAPER_HALLUCINATION}
    return found


def _controlled_json(findings: Findings) -> dict[str, Any]:
    """Ground-truth accuracy per condition × category (a null rate: nothing scored), and the
    categories asked with no ground truth at all (the panel's only)."""
    cells: dict[str, dict[str, Any]] = {}
    for cell in accuracy(findings.controlled, findings.conditions):
        rate = None if cell.rate is None else round(cell.rate, 4)
        cells.setdefault(cell.condition, {})[cell.category] = {
            "correct": cell.correct, "scored": cell.scored, "rate": rate
        }  # fmt: skip
    asked = {a.category for a in findings.controlled}
    scored = {a.category for a in findings.controlled if a.correct is not None}
    return {
        "answers": len(findings.controlled),
        "accuracy": cells,
        "without_truth": sorted(asked - scored),
        "skipped": {name: list(ids) for name, ids in sorted(findings.skipped.items())},
    }


def _panel_json(findings: Findings) -> dict[str, Any]:
    info = findings.panel
    paper = {name: {"mu": mu, "sigma": sigma} for name, (mu, sigma) in PAPER_RATINGS.items()}
    paper["human crowdworkers"] = {"mu": PAPER_HUMANS[0], "sigma": PAPER_HUMANS[1]}
    return {
        "strategy": info.strategy,
        "referees": list(info.referees),
        "rounds": info.rounds,
        "pairs_planned": info.pairs_planned,
        "skipped": info.skipped,
        "stopped": info.stopped,
        "pairs_judged": len(findings.judged),
        "pairs_asked": sum(1 for pair in findings.judged if pair.asked),
        "calls": sum(pair.calls for pair in findings.judged),
        "fallbacks": sum(pair.fallbacks for pair in findings.judged),
        "ratings": {
            r.condition: {
                **_fields(r, "mu", "sigma", "wins", "losses", "ties"),
                "paper": paper.get(r.condition),
            }
            for r in findings.ratings
        },
        "paper": {"source": PAPER_RATINGS_SOURCE, "ratings": paper},
        "judging": info.judging,
        **panel_agreement(findings.judged),
        "same_role": _same_role_json(findings),
    }


def _same_role_json(findings: Findings) -> dict[str, Any] | None:
    """The same-role ablation: the same pairs judged by every referee in the first role."""
    if not findings.panel.same_role_ablation:
        return None
    ablated = findings.judged_same_role
    agree = [
        a.winner == b.winner for a, b in zip(findings.judged, ablated, strict=False) if a.asked
    ]
    return {
        "pairs_judged": len(ablated),
        "calls": sum(pair.calls for pair in ablated),
        **panel_agreement(ablated),
        "same_verdict_as_diverse": round(sum(agree) / len(agree), 4) if agree else None,
    }


def _fields(rating: Rating, *names: str) -> dict[str, Any]:
    return {name: getattr(rating, name) for name in names}


def _calls_json(findings: Findings, simulation: dict[str, Any]) -> dict[str, Any]:
    """Model calls per phase (and per resident), in all, and the simulation's."""
    n = max(len(findings.residents), 1)
    phases: dict[str, dict[str, float]] = {
        phase: {**used, "per_resident": round(used.get("calls", 0) / n, 1)}
        for phase, used in findings.usage.items()
    }
    total: dict[str, float] = {
        key: sum(used.get(key, 0) for used in findings.usage.values())
        for key in ("calls", "tokens", "fallbacks")
    }
    total["per_resident"] = round(total["calls"] / n, 1)
    return {
        "phases": phases,
        "in_all": total,
        "simulation": simulation.get("llm_calls"),
        **costs_json(findings, simulation),
    }


# --- what is still not measured ----------------------------------------------------------------


def not_measured(findings: Findings) -> list[str]:
    """What the paper measured that this report does not, given the interviews' findings."""
    missing = [
        "the paper's human crowdworkers condition (people writing the residents' answers): "
        "no human answers here, only the paper's rating beside ours",
        "the paper's human evaluators ranking the conditions: a panel of model referees "
        "judges instead",
    ]
    moments = findings.moments()
    for moment in ("start", "end"):
        if moment not in moments:
            missing.append(f"interviews at the {moment}: no answers")
    if findings.panel.skipped:
        missing.append(f"judge panel and ratings: {findings.panel.skipped}")
    elif not findings.ratings:
        missing.append("judge panel and ratings: no pair was judged")
    if findings.controlled and not any(a.correct is not None for a in findings.controlled):
        missing.append("controlled evaluation against ground truth: no answer could be scored")
    return missing

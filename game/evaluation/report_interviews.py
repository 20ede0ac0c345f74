"""The report's parts from the interviews and the judge panel (`Findings`): their keys of
evaluation.json (`interviews`, `controlled`, `panel`, `calls`), their sections of report.md
beside the paper's figures (`report_sections.py`), and answers.csv, every question and
answer."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from game.evaluation.answers import (
    Findings,
    accuracy,
    density_by_answers,
    diffusion_by_answers,
    hallucination,
)
from game.evaluation.diffusion import Knowledge
from game.evaluation.interviews import KnowledgeAnswer
from game.evaluation.measures import Measures
from game.evaluation.relationships import Network, pair
from game.evaluation.scenario import Scenario

__all__ = [
    "CSV_COLUMNS",
    "PAPER_HALLUCINATION",
    "PAPER_HUMANS",
    "PAPER_RATINGS",
    "PAPER_RATINGS_SOURCE",
    "calls_json",
    "controlled_json",
    "interview_network",
    "interviews_json",
    "not_measured",
    "panel_json",
    "write_answers_csv",
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
CSV_COLUMNS = (
    "phase", "resident", "condition", "category", "question_id", "question", "answer",
    "judged_knows", "backed_by_memory", "hallucinated", "correct",
)  # fmt: skip


# --- evaluation.json -------------------------------------------------------------------------


def _who(names: Sequence[str], population: int) -> dict[str, Any]:
    share = round(len(names) / population, 4) if population else 0.0
    return {"count": len(names), "share": share, "who": list(names)}


def _stream(point: Knowledge) -> dict[str, Any]:
    return {"count": point.count, "share": round(point.share, 4), "who": list(point.knowers)}


def _paper_count(count: int | None, scenario: Scenario) -> dict[str, Any] | None:
    if count is None or scenario.paper is None:
        return None
    return {"count": count, "share": round(count / scenario.paper.residents, 4)}


def interviews_json(
    findings: Findings, measures: Measures, scenario: Scenario
) -> dict[str, Any]:
    """Per moment: who answered as knowing each news item, beside the memory stream and the
    paper; the density of "Do you know X?" both ways; and hallucination over all answers."""
    streams = {spread.item: spread for spread in measures.diffusion}
    paper = scenario.paper
    found: dict[str, Any] = {
        "rule": 'knows: the judge read the answer as claiming to know; an edge: both answered '
        '"Do you know X?" as knowing',
    }
    for moment in findings.moments():
        answers = findings.answers_at(moment)
        diffusion: dict[str, Any] = {}
        for item in scenario.news:
            spread = streams.get(item.id)
            figures = item.paper
            diffusion[item.id] = {
                "answers": _who(diffusion_by_answers(answers, item.id), len(findings.residents)),
                "stream": None if spread is None else _stream(getattr(spread, moment)),
                "paper": _paper_count(
                    figures.knew_start if moment == "start" else figures.knew_end, scenario
                ),
            }
        density, edges = density_by_answers(answers, findings.residents)
        stream_network: Network = getattr(measures.relationships, moment)
        paper_density = None
        if paper is not None:
            paper_density = paper.density_start if moment == "start" else paper.density_end
        found[moment] = {
            "answers": len(answers),
            "diffusion": diffusion,
            "relationships": {
                "density": round(density, 4),
                "edges": [list(edge) for edge in edges],
                "pairs": stream_network.pairs,
                "stream_density": round(stream_network.density, 4),
                "paper": paper_density,
            },
            "judge_fallbacks": sum(1 for a in answers if a.judge_fell_back),
        }
    found["hallucination"] = {**hallucination(findings.knowledge), "paper": PAPER_HALLUCINATION}
    return found


def interview_network(findings: Findings, moment: str, time: datetime) -> Network | None:
    """The network from the answers at `moment` (None when nobody was asked then)."""
    answers = findings.answers_at(moment)
    if not answers:
        return None
    _, edges = density_by_answers(answers, findings.residents)
    return Network(time, findings.residents, frozenset(pair(a, b) for a, b in edges))


def controlled_json(findings: Findings) -> dict[str, Any]:
    """Ground-truth accuracy per condition × category (a null rate: nothing scored)."""
    cells: dict[str, dict[str, Any]] = {}
    for cell in accuracy(findings.controlled, findings.conditions):
        rate = None if cell.rate is None else round(cell.rate, 4)
        cells.setdefault(cell.condition, {})[cell.category] = {
            "correct": cell.correct, "scored": cell.scored, "rate": rate
        }  # fmt: skip
    return {
        "answers": len(findings.controlled),
        "accuracy": cells,
        "without_truth": without_truth(findings),
        "skipped": {name: list(ids) for name, ids in sorted(findings.skipped.items())},
    }


def without_truth(findings: Findings) -> list[str]:
    """The categories asked with no ground truth at all: the panel's only."""
    categories = {a.category for a in findings.controlled}
    scored = {a.category for a in findings.controlled if a.correct is not None}
    return sorted(categories - scored)


def panel_json(findings: Findings) -> dict[str, Any]:
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
                "mu": r.mu, "sigma": r.sigma, "wins": r.wins, "losses": r.losses,
                "ties": r.ties, "paper": paper.get(r.condition),
            }  # fmt: skip
            for r in findings.ratings
        },
        "paper": {"source": PAPER_RATINGS_SOURCE, "ratings": paper},
    }


def calls_json(findings: Findings, simulation: dict[str, Any]) -> dict[str, Any]:
    """Model calls per phase and per resident, and the simulation's."""
    residents = max(len(findings.residents), 1)
    phases = {
        phase: {**used, "per_resident": round(used.get("calls", 0) / residents, 1)}
        for phase, used in findings.usage.items()
    }
    total: dict[str, float] = {
        key: sum(used.get(key, 0) for used in findings.usage.values())
        for key in ("calls", "tokens", "fallbacks")
    }
    total["per_resident"] = round(total["calls"] / residents, 1)
    return {
        "phases": phases,
        "interviews_and_panel": total,
        "simulation": simulation.get("llm_calls"),
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


# --- answers.csv ------------------------------------------------------------------------------


def _flag(value: bool | None) -> str:
    return "" if value is None else ("true" if value else "false")


def _knowledge_row(answer: KnowledgeAnswer) -> list[str]:
    return [
        answer.moment, answer.resident, "", answer.kind, answer.about, answer.question,
        answer.answer, _flag(answer.knows), _flag(answer.backed), _flag(answer.hallucinated), "",
    ]  # fmt: skip


def write_answers_csv(findings: Findings, path: Path) -> Path:
    """Every question and answer: the knowledge interviews, then the controlled interview."""
    with path.open("w", encoding="utf-8", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(CSV_COLUMNS)
        writer.writerows(_knowledge_row(answer) for answer in findings.knowledge)
        writer.writerows(
            [
                "controlled", a.resident, a.condition, a.category, a.question_id, a.question,
                a.answer, "", "", "", _flag(a.correct),
            ]  # fmt: skip
            for a in findings.controlled
        )
    return path

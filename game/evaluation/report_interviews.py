"""The report's parts from the interviews and the judge panel (`Findings`): their keys of
evaluation.json (`interviews`, `controlled`, `panel`, `calls`, and what is still
`not_measured`) and their sections of report.md, each beside the paper's figures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.evaluation.answers import (
    Findings,
    accuracy,
    density_by_answers,
    diffusion_by_answers,
    hallucination,
)
from game.evaluation.measures import Measures
from game.evaluation.ratings import Rating
from game.evaluation.scenario import Scenario

__all__ = [
    "PAPER_HALLUCINATION",
    "PAPER_HUMANS",
    "PAPER_RATINGS",
    "PAPER_RATINGS_SOURCE",
    "findings_json",
    "interview_sections",
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
        "rule": "knows: the judge read the answer as claiming to know; an edge: both answered "
        '"Do you know X?" as knowing',
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
    return {"phases": phases, "in_all": total, "simulation": simulation.get("llm_calls")}


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


# --- report.md --------------------------------------------------------------------------------


def _of(found: dict[str, Any] | None, total: int) -> str:
    return "—" if found is None else f"{found['count']} of {total} ({found['share']:.0%})"


def _pct(rate: float | None) -> str:
    return "—" if rate is None else f"{rate:.1%}"


def _quote(text: str, limit: int = 300) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def interview_sections(
    by: str, scenario: Scenario, findings: Findings, data: dict[str, Any], plots: Sequence[str]
) -> list[str]:
    """report.md's sections on the interviews and the panel (`by`: the brain or model), from
    evaluation.json's `data`; `plots`: the names of the PNGs written."""
    n, found = len(findings.residents), data["interviews"]
    moments = [m for m in ("start", "end") if m in found]
    lines = [
        "## Diffusion by interview", "",
        f"Each resident asked each news item's question, answering as **{by}** made them; "
        "each answer judged (does it claim to know?) by the same brain or model.", "",
        "| news | asked at the start | asked at the end | memory stream, start → end | paper |",
        "|---|---|---|---|---|",
    ]  # fmt: skip
    for item in scenario.news:
        cells = [found[m]["diffusion"][item.id] if m in found else None for m in ("start", "end")]
        said = [_of(None if c is None else c["answers"], n) for c in cells]
        stream = paper = "—"
        if all(c is not None and c["stream"] for c in cells):
            stream = " → ".join(str(c["stream"]["count"]) for c in cells if c) + f" of {n}"
        if scenario.paper and all(c is not None and c["paper"] for c in cells):
            paper = " → ".join(str(c["paper"]["count"]) for c in cells if c)
            paper += f" of {scenario.paper.residents}"
        lines.append(f"| {item.id} | {said[0]} | {said[1]} | {stream} | {paper} |")
    for moment in moments:
        who = "; ".join(
            f"{item}: {', '.join(cell['answers']['who']) or 'nobody'}"
            for item, cell in found[moment]["diffusion"].items()
        )
        lines += ["", f"Answered as knowing at the {moment}: {who}."]
    lines += ["", *_relationships_section(by, found, moments, plots)]
    lines += _hallucination_section(by, found["hallucination"])
    lines += _controlled_section(by, data["controlled"], plots)
    lines += _panel_section(by, data["panel"], plots)
    return lines + _calls_section(by, data["calls"])


def _relationships_section(
    by: str, found: dict[str, Any], moments: list[str], plots: Sequence[str]
) -> list[str]:
    def row(label: str, key: str) -> str:
        cells = [f"{found[m]['relationships'][key]:.3f}" if m in found else "—"
                 for m in ("start", "end")]  # fmt: skip
        return f"| {label} | {cells[0]} | {cells[1]} |"

    lines = [
        "## Relationships by interview", "",
        f'Each resident asked "Do you know X?" about every other (answers by **{by}**); an '
        "edge where both answered as knowing the other.", "",
        "| density | start | end |", "|---|---|---|",
        row("by answers (this run)", "density"),
        row("from the memory stream (this run)", "stream_density"),
    ]  # fmt: skip
    paper = [found[m]["relationships"]["paper"] for m in moments]
    if moments and all(value is not None for value in paper):
        cells = [f"{found[m]['relationships']['paper']:.3f}" if m in found else "—"
                 for m in ("start", "end")]  # fmt: skip
        lines.append(f"| the paper (by answers) | {cells[0]} | {cells[1]} |")
    for moment in moments:
        edges = found[moment]["relationships"]["edges"]
        named = ", ".join(f"{a} – {b}" for a, b in edges) or "none"
        lines += ["", f"Edges at the {moment}: {named}."]
    if "network-interviews.png" in plots:
        lines += ["", "![network by interview](network-interviews.png)"]
    return [*lines, ""]


def _hallucination_section(by: str, found: dict[str, Any]) -> list[str]:
    paper = found["paper"]
    lines = [
        "## Hallucination", "",
        f"Answers by **{by}**: {found['hallucinated']} of {found['answers']} answers "
        f"({_pct(found['rate'])}) claimed to know a person or news item with no memory record "
        f"behind it ({found['claims']} claims in all); the paper: {paper['rate']:.1%} of "
        f"{paper['answers']} answers. The judge fell back to its rule on "
        f"{found['judge_fallbacks']} answers.", "",
    ]  # fmt: skip
    for example in found["examples"]:
        lines += [
            f'> **{example["resident"]}**, asked "{_quote(example["question"])}": '
            f'"{_quote(example["answer"])}"', "",
        ]  # fmt: skip
    return lines


def _controlled_section(by: str, found: dict[str, Any], plots: Sequence[str]) -> list[str]:
    cells = found["accuracy"]
    categories = list(next(iter(cells.values()), {}))
    lines = [
        "## Controlled evaluation", "",
        f"{found['answers']} answers by **{by}**: every resident asked the question files' "
        "questions under each condition (the paper's ablations), scored against ground truth "
        "where the answer is known (the persona, the plan, the record).", "",
        "| condition | " + " | ".join(categories) + " |",
        "|---|" + "---|" * len(categories),
    ]  # fmt: skip
    for condition, row in cells.items():
        text = [
            "—" if cell["rate"] is None
            else f"{cell['correct']}/{cell['scored']} ({cell['rate']:.0%})"
            for cell in row.values()
        ]  # fmt: skip
        lines.append(f"| {condition} | " + " | ".join(text) + " |")
    if found["without_truth"]:
        *some, last = found["without_truth"]
        named = f"{', '.join(some)} and {last}" if some else last
        lines += ["", f"{named.capitalize()}: no ground truth; judged only by the panel."]
    if found["skipped"]:
        lines += ["", "Questions not asked (too few others, no plan yet):", ""]
        lines += [f"- {name}: {', '.join(ids)}" for name, ids in found["skipped"].items()]
    if "accuracy.png" in plots:
        lines += ["", "![accuracy](accuracy.png)"]
    return [*lines, ""]


def _panel_section(by: str, found: dict[str, Any], plots: Sequence[str]) -> list[str]:
    lines = ["## Judge panel", ""]
    if found["skipped"]:
        return [*lines, f"No judge panel: {found['skipped']}.", ""]
    lines += [
        f"Referees {', '.join(found['referees']) or '—'} ({found['strategy']}, "
        f"{found['rounds']} rounds), played by **{by}**: {found['pairs_judged']} of "
        f"{found['pairs_planned']} pairs judged, {found['pairs_asked']} asked (identical "
        f"answers are ties without asking); {found['calls']} calls, {found['fallbacks']} "
        "fallbacks.",
    ]
    if found["stopped"]:
        lines += ["", f"Stopped early: {found['stopped']}."]
    if not found["ratings"]:
        return [*lines, "", "No pair was judged: no ratings.", ""]
    lines += [
        "", "| condition | μ ± σ | wins / losses / ties | paper μ ± σ |", "|---|---|---|---|"
    ]  # fmt: skip
    for condition, r in found["ratings"].items():
        paper = "—" if r["paper"] is None else f"{r['paper']['mu']:.2f} ± {r['paper']['sigma']:.2f}"
        lines.append(
            f"| {condition} | {r['mu']:.2f} ± {r['sigma']:.2f} | "
            f"{r['wins']} / {r['losses']} / {r['ties']} | {paper} |"
        )
    lines += [
        f"| human crowdworkers (the paper's only) | — | — | {PAPER_HUMANS[0]:.2f} ± "
        f"{PAPER_HUMANS[1]:.2f} |",
        "",
        f"TrueSkill's scale (prior μ 25, σ 8.33); the paper's figures: {PAPER_RATINGS_SOURCE}.",
    ]
    if "ratings.png" in plots:
        lines += ["", "![ratings](ratings.png)"]
    return [*lines, ""]


def _calls_section(by: str, found: dict[str, Any]) -> list[str]:
    lines = [
        "## Model calls", "",
        f"Calls to **{by}**.", "",
        "| phase | calls | tokens | fallbacks | calls per resident |", "|---|---|---|---|---|",
    ]  # fmt: skip
    rows = [*found["phases"].items(), ("interviews and panel, in all", found["in_all"])]
    for phase, used in rows:
        lines.append(
            f"| {phase} | {used.get('calls', 0):,} | {used.get('tokens', 0):,} | "
            f"{used.get('fallbacks', 0):,} | {used.get('per_resident', 0):g} |"
        )
    if found["simulation"] is not None:
        lines.append(f"| the simulation | {found['simulation']:,} | | | |")
    return [*lines, ""]

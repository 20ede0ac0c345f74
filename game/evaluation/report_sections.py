"""report.md's sections on the interviews and the judge panel, from the `interviews`,
`controlled`, `panel` and `calls` keys of evaluation.json (`report_interviews`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.evaluation.answers import Findings
from game.evaluation.report_costs import costs_section
from game.evaluation.report_interviews import PAPER_HUMANS, PAPER_RATINGS_SOURCE
from game.evaluation.scenario import Scenario

__all__ = ["interview_sections"]


def _of(found: dict[str, Any] | None, total: int) -> str:
    return "—" if found is None else f"{found['count']} of {total} ({found['share']:.0%})"


def _span(points: list[dict[str, Any] | None], total: int) -> str:
    """ "1 → 3 of 3 (33% → 100%)", or "—" when a moment has no figure."""
    if not all(points):
        return "—"
    counts = " → ".join(str(p["count"]) for p in points if p)
    return f"{counts} of {total} (" + " → ".join(f"{p['share']:.0%}" for p in points if p) + ")"


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
        "each answer judged (does it claim to know?) by the same brain or model — strictly: "
        "knowing an item means carrying its facts (who, what, and where or when).", "",
        "| news | asked at the start | asked at the end | memory stream, start → end | "
        "gap at the end (answers − memories) | paper |",
        "|---|---|---|---|---|---|",
    ]  # fmt: skip
    for item in scenario.news:
        cells = [found[m]["diffusion"][item.id] if m in found else None for m in ("start", "end")]
        said = [_of(None if c is None else c["answers"], n) for c in cells]
        stream = _span([None if c is None else c["stream"] for c in cells], n)
        total = scenario.paper.residents if scenario.paper else 0
        paper = _span([None if c is None else c["paper"] for c in cells], total)
        gap = cells[1].get("gap") if cells[1] is not None else None
        gap_text = "—" if gap is None else f"{gap:+.0%}"
        lines.append(f"| {item.id} | {said[0]} | {said[1]} | {stream} | {gap_text} | {paper} |")
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
    return lines + _calls_section(by, data["calls"], n)


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
        f"({_pct(found['rate'])}) were hallucinations: {found.get('unbacked', 0)} claimed to "
        "know a person or news item with no memory record behind it, "
        f"{found.get('off_subject', 0)} answered a news question confidently about something "
        f"else ({found['claims']} claims in all; {found.get('partial', 0)} news answers were "
        "about the item but short of its facts — neither knowing nor hallucinated); the "
        f"paper: {paper['rate']:.1%} of "
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
        f"answers are ties without asking); calls: {found['calls']}, fallbacks: "
        f"{found['fallbacks']}.",
    ]
    if found["stopped"]:
        lines += ["", f"Stopped early: {found['stopped']}."]
    lines += _trust_lines(found)
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


def _truth_text(truth: dict[str, Any]) -> str:
    if not truth["pairs"]:
        return "no pair had ground truth for both answers"
    kappa = "—" if truth["kappa"] is None else f"{truth['kappa']:.2f}"
    return (
        f"accuracy {_pct(truth['accuracy'])} on {truth['pairs']} pairs with ground truth for "
        f"both answers (Cohen's κ {kappa}); {_pct(truth['decisive_accuracy'])} on the "
        f"{truth['decisive_pairs']} where one answer is right and the other wrong"
    )


def _position_text(position: dict[str, Any]) -> str:
    if not position["pairs"]:
        return "no pair asked"
    bias = position["bias"]
    return (
        f"{position['consistent']} of {position['pairs']} pairs judged alike in both orders "
        f"({_pct(position['consistency'])}); the first answer shown won both orders "
        f"{position['first_favoured']} times, the second {position['second_favoured']} "
        f"(bias {bias:+.2f}: 0 none, +1 always the first)"
    )


def _trust_lines(found: dict[str, Any]) -> list[str]:
    """Position bias, agreement with ground truth, scores, and the same-role ablation."""
    lines = [
        "",
        f"Judged {found['judging']}, every pair in both orders (a pair's verdict is what both "
        "orders agree on, else a tie).",
        "",
        f"- Position bias: {_position_text(found['position'])}.",
        f"- Against the controlled interview's ground truth: {_truth_text(found['truth'])}.",
    ]
    same = found.get("same_role")
    if same is not None:
        agree = _pct(same["same_verdict_as_diverse"])
        lines.append(
            f"- Same-role ablation (every referee in the first referee's role, "
            f"{same['pairs_judged']} pairs, {same['calls']} calls): "
            f"{_truth_text(same['truth'])}; position: {_position_text(same['position'])}; "
            f"same verdict as the diverse panel on {agree} of the pairs."
        )
    if found["scores"]:
        criteria = list(next(iter(found["scores"].values())))
        lines += [
            "", "Mean scores (1–10) the panel gave each condition's answers:", "",
            "| condition | " + " | ".join(criteria) + " |", "|---|" + "---:|" * len(criteria),
        ]  # fmt: skip
        for condition, row in found["scores"].items():
            cells = " | ".join(f"{row.get(name, 0):.2f}" for name in criteria)
            lines.append(f"| {condition} | {cells} |")
    return lines


def _calls_section(by: str, found: dict[str, Any], residents: int) -> list[str]:
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
        each = found["simulation"] / max(residents, 1)
        lines.append(f"| the simulation | {found['simulation']:,} | | | {each:.1f} |")
    return [*lines, "", *costs_section(found)]

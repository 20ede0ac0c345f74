"""Measures from the interviews (the paper's way), beside those from the memory stream:

- diffusion by answers: who, asked an item's question, answered as someone who knows it;
- relationship density by answers: an edge where both answer "Do you know X?" as knowing;
- hallucination: an answer that claims to know a person or an item with no memory record
  behind it, or a confident answer about something else when asked about an item, over all
  knowledge answers (the paper: 1.3 %, claims with nothing behind them);
- accuracy: the controlled interview's ground-truth questions, correct per condition and
  category;
- ratings: the panel's pairwise verdicts as TrueSkill-style ratings per condition.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.evaluation.interviews import ControlledAnswer, KnowledgeAnswer
from game.evaluation.judging import JudgedPair
from game.evaluation.ratings import Rating, rate

__all__ = [
    "Accuracy",
    "Findings",
    "PanelInfo",
    "accuracy",
    "density_by_answers",
    "diffusion_by_answers",
    "hallucination",
]


@dataclass(frozen=True)
class PanelInfo:
    """How the panel was run, or why it was not (`skipped`)."""

    strategy: str
    referees: tuple[str, ...]
    rounds: int
    pairs_planned: int
    skipped: str | None = None  # why no panel ran ("--panel-pairs 0")
    stopped: str | None = None  # why it stopped early (the budget)
    judging: str = "pairwise"  # or "scores"
    same_role_ablation: bool = False  # the pairs judged again by one role repeated


@dataclass(frozen=True)
class Accuracy:
    condition: str
    category: str
    correct: int
    scored: int  # answers with a ground truth

    @property
    def rate(self) -> float | None:
        return self.correct / self.scored if self.scored else None


@dataclass(frozen=True)
class Findings:
    """Everything the interviews and the panel produced, for the report."""

    residents: tuple[str, ...]
    conditions: tuple[str, ...]
    knowledge: tuple[KnowledgeAnswer, ...]
    controlled: tuple[ControlledAnswer, ...]
    skipped: dict[str, list[str]]
    judged: tuple[JudgedPair, ...]
    panel: PanelInfo
    usage: dict[str, dict[str, int]]  # phase → calls, tokens, fallbacks
    ratings: tuple[Rating, ...] = field(default=())
    judged_same_role: tuple[JudgedPair, ...] = ()  # the same-role ablation's verdicts
    by_route: dict[str, dict[str, int]] = field(default_factory=dict)  # phase → endpoint → calls

    def answers_at(self, moment: str) -> list[KnowledgeAnswer]:
        return [answer for answer in self.knowledge if answer.moment == moment]

    def moments(self) -> list[str]:
        return [m for m in ("start", "end") if self.answers_at(m)]


def with_ratings(findings: Findings) -> Findings:
    """The findings with the conditions' ratings from the judged pairs (none if no pair)."""
    if not findings.judged:
        return findings
    ratings = rate(findings.conditions, (pair.pairing() for pair in findings.judged))
    return replace(findings, ratings=tuple(ratings))


def diffusion_by_answers(answers: Sequence[KnowledgeAnswer], item: str) -> list[str]:
    """Who answered as knowing the news item `item`, by name."""
    return sorted(a.resident for a in answers if a.kind == "news" and a.about == item and a.knows)


def density_by_answers(
    answers: Sequence[KnowledgeAnswer], residents: Sequence[str]
) -> tuple[float, list[tuple[str, str]]]:
    """Density and edges: pairs where each answered "Do you know X?" as knowing the other."""
    knows = {(a.resident, a.about) for a in answers if a.kind == "person" and a.knows}
    edges = sorted(
        (a, b) for i, a in enumerate(residents) for b in residents[i + 1 :]
        if (a, b) in knows and (b, a) in knows
    )  # fmt: skip
    pairs = len(residents) * (len(residents) - 1) // 2
    return (len(edges) / pairs if pairs else 0.0), edges


def hallucination(answers: Sequence[KnowledgeAnswer]) -> dict[str, Any]:
    """Claims with nothing behind them and confident answers about something else (news),
    over all knowledge answers."""
    claims = [a for a in answers if a.knows]
    made_up = [a for a in answers if a.hallucinated]
    return {
        "answers": len(answers),
        "claims": len(claims),
        "hallucinated": len(made_up),
        "rate": round(len(made_up) / len(answers), 4) if answers else None,
        "unbacked": sum(1 for a in answers if a.unbacked),
        "off_subject": sum(1 for a in answers if a.off_subject),
        # about the item but short of its facts: neither knowing nor hallucinated
        "partial": sum(1 for a in answers if a.partial),
        "judge_fallbacks": sum(1 for a in answers if a.judge_fell_back),
        "examples": [
            {"resident": a.resident, "question": a.question, "answer": a.answer}
            for a in made_up[:5]
        ],
    }


def accuracy(answers: Sequence[ControlledAnswer], conditions: Sequence[str]) -> list[Accuracy]:
    """Ground-truth accuracy per condition and category (categories with a truth only)."""
    categories = sorted({a.category for a in answers if a.correct is not None})
    found: list[Accuracy] = []
    for condition in conditions:
        for category in [*categories, "all"]:
            scored = [
                a for a in answers
                if a.condition == condition and a.correct is not None
                and (category == "all" or a.category == category)
            ]  # fmt: skip
            found.append(
                Accuracy(condition, category, sum(1 for a in scored if a.correct), len(scored))
            )
    return found

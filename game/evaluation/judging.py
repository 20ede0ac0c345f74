"""The judge panel's phase: pairs of answers of the same resident to the same question under
two conditions, judged for believability by a ChatEval-style panel of referees.

Which pairs: every pair of conditions for every resident and question — or, with `limit`, a
sample of them fixed by the seed (the panel costs several calls per pair). Which answer is
shown as A is also drawn from the seed, so neither condition profits from a referee's bias
towards the first answer. Two identical answers are a tie without asking anyone.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from game.bridge import InterviewDesk, PanelMember
from game.evaluation.interviews import ControlledAnswer
from game.evaluation.ratings import Pairing

__all__ = ["JudgedPair", "PairToJudge", "judge_pairs", "pairs_to_judge"]


@dataclass(frozen=True)
class PairToJudge:
    resident: str
    question_id: str
    question: str
    condition_a: str
    condition_b: str
    answer_a: str
    answer_b: str


@dataclass(frozen=True)
class JudgedPair:
    pair: PairToJudge
    winner: str  # "A", "B" or "tie"
    votes: dict[str, str] = field(default_factory=dict)
    statements: list[list[str]] = field(default_factory=list)  # [referee, statement]
    calls: int = 0
    fallbacks: int = 0
    asked: bool = True  # False: identical answers, a tie without asking

    def pairing(self) -> Pairing:
        return Pairing(self.pair.condition_a, self.pair.condition_b, self.winner)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def pairs_to_judge(
    answers: Sequence[ControlledAnswer], conditions: Sequence[str], limit: int | None, seed: int
) -> list[PairToJudge]:
    """The pairs the panel judges, in the order it judges them (fixed by `seed`)."""
    by_question: dict[tuple[str, str], dict[str, ControlledAnswer]] = {}
    for answer in answers:
        by_question.setdefault((answer.resident, answer.question_id), {})[answer.condition] = answer
    rng = random.Random(f"{seed}|panel")
    candidates: list[PairToJudge] = []
    for (resident, question_id), found in sorted(by_question.items()):
        for first, second in itertools.combinations(conditions, 2):
            if first not in found or second not in found:
                continue
            a, b = (found[first], found[second])
            if rng.random() < 0.5:
                a, b = b, a
            candidates.append(
                PairToJudge(
                    resident, question_id, a.question, a.condition, b.condition, a.answer, b.answer
                )
            )
    if limit is not None and limit < len(candidates):
        candidates = rng.sample(candidates, limit)
    return candidates


def judge_pairs(
    desk: InterviewDesk,
    pairs: Sequence[PairToJudge],
    referees: Sequence[PanelMember],
    strategy: str,
    rounds: int,
    tick: Callable[[], None],
    may_go_on: Callable[[], bool] = lambda: True,
) -> list[JudgedPair]:
    """The panel's verdict on each pair, until `may_go_on()` says the budget is spent."""
    panel = desk.panel(referees, strategy, rounds)
    abouts: dict[str, str] = {}
    judged: list[JudgedPair] = []
    for pair in pairs:
        if not may_go_on():
            break
        if pair.answer_a.strip() == pair.answer_b.strip():
            judged.append(JudgedPair(pair, "tie", asked=False))
            tick()
            continue
        about = abouts.get(pair.resident)
        if about is None:
            about = abouts[pair.resident] = _about(desk.persona(pair.resident))
        verdict = panel.judge(pair.resident, about, pair.question, pair.answer_a, pair.answer_b)
        judged.append(
            JudgedPair(
                pair,
                verdict.winner,
                dict(verdict.votes),
                [list(statement) for statement in verdict.statements],
                verdict.calls,
                verdict.fallbacks,
            )
        )
        tick()
    return judged


def _about(persona: dict[str, Any]) -> str:
    return (
        f"{persona.get('name')}, {persona.get('age')}: {persona.get('innate', '')}. "
        f"{persona.get('learned', '')} {persona.get('currently', '')}"
    ).strip()

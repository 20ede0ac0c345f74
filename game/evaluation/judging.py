"""The judge panel's phase: pairs of answers of the same resident to the same question under
two conditions, judged for believability by a ChatEval-style panel of referees.

Which pairs: every pair of conditions for every resident and question — or, with `limit`, a
sample of them fixed by the seed (the panel costs several calls per pair). Which answer is
shown first is drawn from the seed, and every pair is then judged in both orders (the
answers swapped), as ChatEval and FairEval do against position bias: the pair's verdict is
the condition both orders agree on, else a tie; how often the order decided is the panel's
position bias (`agreement.position_bias`). Referees judge pairwise or by scores (per
criterion, 1 to 10: a pair's scores are the mean of both orders). Two identical answers are
a tie without asking anyone. Each pair keeps the ground truth of its two answers (where the
controlled interview has one), to measure the panel against it (`agreement`).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from game.bridge import InterviewDesk, Panel, PanelMember
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
    correct_a: bool | None = None  # answer A against ground truth (None: no truth known)
    correct_b: bool | None = None


@dataclass(frozen=True)
class JudgedPair:
    pair: PairToJudge
    winner: str  # "A", "B" or "tie": what both orders agree on (A: condition_a's answer)
    votes: dict[str, str] = field(default_factory=dict)  # the first order's
    statements: list[list[str]] = field(default_factory=list)  # [referee, statement], both
    calls: int = 0
    fallbacks: int = 0
    asked: bool = True  # False: identical answers, a tie without asking
    first_order: str = "tie"  # the verdict with condition_a's answer shown first
    second_order: str = "tie"  # with the answers swapped, as a verdict on the pair ("A": a)
    # judging by scores: criterion -> [condition_a's, condition_b's] mean over both orders
    scores: dict[str, list[float]] = field(default_factory=dict)

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
                    resident, question_id, a.question, a.condition, b.condition, a.answer,
                    b.answer, a.correct, b.correct,
                )
            )  # fmt: skip
    if limit is not None and limit < len(candidates):
        candidates = rng.sample(candidates, limit)
    return candidates


SWAPPED = {"A": "B", "B": "A", "tie": "tie"}


def judge_pairs(
    desk: InterviewDesk,
    pairs: Sequence[PairToJudge],
    referees: Sequence[PanelMember],
    strategy: str,
    rounds: int,
    tick: Callable[[], None],
    may_go_on: Callable[[], bool] = lambda: True,
    judging: str = "pairwise",
    one_role: bool = False,
) -> list[JudgedPair]:
    """The panel's verdict on each pair in both orders, until `may_go_on()` says the budget
    is spent (`one_role`: the same-role ablation)."""
    panel = desk.panel(referees, strategy, rounds, judging, one_role)
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
        judged.append(_both_orders(panel, pair, about))
        tick()
    return judged


def _both_orders(panel: Panel, pair: PairToJudge, about: str) -> JudgedPair:
    first = panel.judge(pair.resident, about, pair.question, pair.answer_a, pair.answer_b)
    second = panel.judge(pair.resident, about, pair.question, pair.answer_b, pair.answer_a)
    back = SWAPPED[second.winner]
    scores = {
        name: [
            round((a + second.scores[name][1]) / 2, 2),
            round((b + second.scores[name][0]) / 2, 2),
        ]
        for name, (a, b) in first.scores.items()
        if name in second.scores
    }
    return JudgedPair(
        pair,
        first.winner if first.winner == back else "tie",
        dict(first.votes),
        [list(statement) for statement in (*first.statements, *second.statements)],
        first.calls + second.calls,
        first.fallbacks + second.fallbacks,
        first_order=first.winner,
        second_order=back,
        scores=scores,
    )


def _about(persona: dict[str, Any]) -> str:
    return (
        f"{persona.get('name')}, {persona.get('age')}: {persona.get('innate', '')}. "
        f"{persona.get('learned', '')} {persona.get('currently', '')}"
    ).strip()

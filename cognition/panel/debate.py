"""The judge panel: referees debate which of two interview answers is more believable.

After ChatEval (Chan et al. 2023), with its three communication strategies and a single
judge for comparison:

- one-by-one: in every round the referees speak in turn, each seeing every statement said
  before it (of this round and the earlier ones);
- simultaneous-talk: in every round all referees answer the same discussion (the statements
  of the earlier rounds) at once, in parallel; the round's statements are then appended in
  referee order, so the outcome never depends on which thread finished first;
- simultaneous-talk-with-summarizer: as simultaneous-talk, but after every round but the
  last one summarizer call condenses the round (and the earlier summary) into the shared
  discussion, which is then that summary alone;
- single-judge: the first referee alone, one call.

The referees judge pairwise (`PanelJudging.PAIRWISE`: which answer is the more believable)
or by scores (`PanelJudging.SCORES`: each answer scored per criterion on a scale of 1 to 10,
the referee's verdict the answer with the higher total); both are ChatEval's.

A referee's final verdict is its verdict in the last round; the panel's is the strict
majority of them ("tie" without one). A statement that fell back (the model's answer was
unusable) counts as a "tie" vote and as a fallback, and is left out of the discussion the
others see: that referee said nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from cognition.llm.task import Completion, LanguageModel, Source
from cognition.panel.referees import Referee
from cognition.steps.referee import (
    REFEREE,
    SUMMARIZE_DEBATE,
    DebateSummaryInput,
    RefereeInput,
    RefereeStatement,
)
from cognition.steps.referee_scores import (
    CRITERIA,
    SCALE_MAX,
    SCORE_REFEREE,
    RefereeScores,
    ScoreInput,
    verdict_of,
)

Choice = Literal["A", "B", "tie"]
SUMMARIZER_AGENT = "debate summarizer"
Answer = Completion[RefereeStatement] | Completion[RefereeScores]  # a referee's, either way


class PanelStrategy(StrEnum):
    ONE_BY_ONE = "one-by-one"
    SIMULTANEOUS = "simultaneous-talk"
    SUMMARIZER = "simultaneous-talk-with-summarizer"
    SINGLE = "single-judge"


class PanelJudging(StrEnum):
    PAIRWISE = "pairwise"  # a verdict: "A", "B" or "tie"
    SCORES = "scores"  # scores per criterion for both answers; the verdict follows the totals


@dataclass(frozen=True)
class PanelCase:
    """Two answers of one resident to one interview question, to be compared."""

    resident: str
    about_resident: str  # who they are (the persona's identity line, say)
    question: str
    answer_a: str
    answer_b: str


@dataclass(frozen=True)
class PanelVerdict:
    winner: Choice  # the strict majority of the final verdicts; "tie" without one
    votes: dict[str, str]  # referee name -> its final verdict
    statements: tuple[tuple[str, str], ...]  # (referee, "reasoning — verdict"), as said
    calls: int  # model calls made (the summarizer's included)
    fallbacks: int  # calls whose answer fell back (Source.FALLBACK or an error)
    # judging by scores: criterion -> (answer A's, answer B's) mean final score over the
    # referees who gave one; empty when judging pairwise
    scores: dict[str, tuple[float, float]] = field(default_factory=dict)


def panel_calls_per_case(strategy: PanelStrategy, referees: int, rounds: int) -> int:
    """The exact number of model calls `JudgePanel.judge` makes for one case."""
    check(referees, rounds)
    if strategy is PanelStrategy.SINGLE:
        return 1
    summaries = rounds - 1 if strategy is PanelStrategy.SUMMARIZER else 0
    return referees * rounds + summaries


def check(referees: int, rounds: int) -> None:
    if referees < 1:
        raise ValueError("a judge panel needs at least one referee")
    if rounds < 1:
        raise ValueError(f"a judge panel debates at least one round, not {rounds}")


def majority(verdicts: Sequence[str]) -> Choice:
    """The verdict more than half of `verdicts` give, "A" or "B"; else "tie"."""
    counts = Counter(verdicts)
    winners: list[Choice] = [c for c in ("A", "B") if counts[c] * 2 > len(verdicts)]
    return winners[0] if winners else "tie"


def fell_back(completion: Completion[Any]) -> bool:
    return completion.source is Source.FALLBACK or completion.error is not None


def as_statement(output: RefereeStatement | RefereeScores) -> RefereeStatement:
    """A referee's answer as a reasoned verdict (scores: their totals, shown in the reasoning)."""
    if isinstance(output, RefereeScores):
        shown = ", ".join(f"{s.criterion} A {s.score_a} B {s.score_b}" for s in output.scores)
        reasoning = output.reasoning.strip() + (f" [scores: {shown}]" if shown else "")
        return RefereeStatement(reasoning=reasoning, verdict=verdict_of(output))
    return output


def statement_scores(output: RefereeStatement | RefereeScores) -> bool:
    """Whether a scoring referee gave any score (a pairwise statement always counts)."""
    return not isinstance(output, RefereeScores) or bool(output.scores)


def mean_scores(given: Sequence[RefereeScores]) -> dict[str, tuple[float, float]]:
    """Per criterion of `CRITERIA`, answer A's and B's mean score over the referees."""
    found: dict[str, tuple[float, float]] = {}
    for criterion in CRITERIA:
        rows = [
            next((s for s in scores.scores if s.criterion.strip().lower() == criterion.name), None)
            for scores in given
        ]
        pairs = [(row.score_a, row.score_b) for row in rows if row is not None]
        if pairs:
            found[criterion.name] = (
                round(sum(a for a, _ in pairs) / len(pairs), 2),
                round(sum(b for _, b in pairs) / len(pairs), 2),
            )
    return found


def said(referee: Referee, statement: RefereeStatement) -> str:
    """A statement as the other referees read it: "Name: reasoning (verdict: A)"."""
    return f"{referee.name}: {statement.reasoning.strip()} (verdict: {statement.verdict})"


class JudgePanel:
    """Referees (distinct roles matter) judging cases through one language model."""

    def __init__(
        self,
        model: LanguageModel,
        referees: Sequence[Referee],
        strategy: PanelStrategy = PanelStrategy.ONE_BY_ONE,
        rounds: int = 2,
        max_parallel: int = 4,
        judging: PanelJudging = PanelJudging.PAIRWISE,
    ) -> None:
        check(len(referees), rounds)
        if max_parallel < 1:
            raise ValueError(f"max_parallel must be at least 1, not {max_parallel}")
        self.model = model
        self.referees = tuple(referees)
        self.strategy = strategy
        self.rounds = 1 if strategy is PanelStrategy.SINGLE else rounds
        self.max_parallel = max_parallel
        self.judging = judging

    def judge(self, case: PanelCase) -> PanelVerdict:
        """The panel's verdict on `case`, after `rounds` rounds of the strategy's debate."""
        return Debate(self, case).run()


class Debate:
    """One case's debate: the discussion so far and the tally of calls."""

    def __init__(self, panel: JudgePanel, case: PanelCase) -> None:
        self.panel = panel
        self.case = case
        self.discussion: list[str] = []  # what the next referee to speak is shown
        self.round: list[str] = []  # this round's statements as read (for the summarizer)
        self.statements: list[tuple[str, str]] = []
        self.votes: dict[str, str] = {}
        self.scores: dict[str, RefereeScores] = {}  # referee -> its latest usable scores
        self.calls = 0
        self.fallbacks = 0

    def run(self) -> PanelVerdict:
        panel = self.panel
        single = panel.strategy is PanelStrategy.SINGLE
        referees = panel.referees[:1] if single else panel.referees
        in_turn = single or panel.strategy is PanelStrategy.ONE_BY_ONE
        summary = ""
        for number in range(1, panel.rounds + 1):
            self.round = []
            if in_turn:
                self.in_turn(referees)
            else:
                self.at_once(referees)
            if panel.strategy is PanelStrategy.SUMMARIZER and number < panel.rounds:
                summary = self.summarize(summary)
                self.discussion = [summary]
        return PanelVerdict(
            winner=majority(list(self.votes.values())),
            votes=dict(self.votes),
            statements=tuple(self.statements),
            calls=self.calls,
            fallbacks=self.fallbacks,
            scores=mean_scores(list(self.scores.values())),
        )

    def in_turn(self, referees: Sequence[Referee]) -> None:
        for referee in referees:
            self.record(referee, self.ask(referee, list(self.discussion)))

    def at_once(self, referees: Sequence[Referee]) -> None:
        shown = list(self.discussion)
        workers = min(self.panel.max_parallel, len(referees))
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="referee") as pool:
            answers = list(pool.map(lambda referee: self.ask(referee, shown), referees))
        for referee, completion in zip(referees, answers, strict=True):
            self.record(referee, completion)

    def ask(self, referee: Referee, discussion: list[str]) -> Answer:
        case, agent = self.case, f"referee {referee.name}"
        inputs = RefereeInput(
            referee=referee.name,
            role=referee.role,
            resident=case.resident,
            about_resident=case.about_resident,
            question=case.question,
            answer_a=case.answer_a,
            answer_b=case.answer_b,
            discussion=discussion,
        )
        if self.panel.judging is PanelJudging.SCORES:
            scored = ScoreInput(**inputs.model_dump(), criteria=list(CRITERIA), scale_max=SCALE_MAX)
            return self.panel.model.complete(SCORE_REFEREE, scored, agent=agent)
        return self.panel.model.complete(REFEREE, inputs, agent=agent)

    def record(self, referee: Referee, completion: Answer) -> None:
        statement = as_statement(completion.output)
        self.calls += 1
        self.votes[referee.name] = statement.verdict
        reasoning = statement.reasoning.strip() or "(no reasoning)"
        self.statements.append((referee.name, f"{reasoning} — {statement.verdict}"))
        if fell_back(completion) or not statement_scores(completion.output):
            self.fallbacks += 1  # no scores at all: as unusable as no answer
            self.scores.pop(referee.name, None)  # its final word is a tie, with no scores
            return
        if isinstance(completion.output, RefereeScores):
            self.scores[referee.name] = completion.output
        self.discussion.append(said(referee, statement))
        self.round.append(said(referee, statement))

    def summarize(self, previous: str) -> str:
        inputs = DebateSummaryInput(
            question=self.case.question, statements=list(self.round), previous=previous
        )
        completion = self.panel.model.complete(SUMMARIZE_DEBATE, inputs, agent=SUMMARIZER_AGENT)
        self.calls += 1
        self.fallbacks += fell_back(completion)
        summary = completion.output.summary.strip()
        return summary or SUMMARIZE_DEBATE.fallback(inputs).summary

"""Score judging: one referee scores two interview answers of a resident per criterion, on a
scale (ChatEval's referees give scores as well as preferences, Chan et al. 2023).

The panel (`cognition.panel`) asks it instead of the pairwise `referee` step when it judges
by scores; the referee's verdict is then the answer with the higher total.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from cognition.llm.schema import strict_json_schema, with_enum, with_items, with_range
from cognition.llm.task import Task

SCALE_MAX = 10  # scores run from 1 to SCALE_MAX, as ChatEval's referees give them


class Criterion(BaseModel):
    name: str
    description: str


# what makes an interview answer believable (the prompt asks for each by name)
CRITERIA: tuple[Criterion, ...] = (
    Criterion(name="in character", description="consistent with who the resident is"),
    Criterion(
        name="plausible memory",
        description="what they remember, plan or feel follows from their life",
    ),
    Criterion(name="specific", description="concrete names, times and places, not vague filler"),
    Criterion(name="natural voice", description="sounds like a person talking, not a report"),
)

Score = Annotated[int, Field(ge=1, le=SCALE_MAX)]


class ScoreInput(BaseModel):
    referee: str
    role: str
    resident: str
    about_resident: str
    question: str
    answer_a: str
    answer_b: str
    criteria: list[Criterion]
    scale_max: int
    discussion: list[str]  # the other referees' statements so far


class CriterionScore(BaseModel):
    criterion: str
    score_a: Score
    score_b: Score


class RefereeScores(BaseModel):
    reasoning: str
    scores: list[CriterionScore]


def abstain(inputs: ScoreInput) -> RefereeScores:
    """No scores: the referee counts as a "tie" vote."""
    return RefereeScores(reasoning="", scores=[])


def totals(scores: RefereeScores, criteria: tuple[Criterion, ...] = CRITERIA) -> tuple[int, int]:
    """Answer A's and answer B's total over the named criteria (others ignored, each once)."""
    named = {c.name.lower() for c in criteria}
    seen: dict[str, CriterionScore] = {}
    for score in scores.scores:
        key = score.criterion.strip().lower()
        if key in named and key not in seen:
            seen[key] = score
    return sum(s.score_a for s in seen.values()), sum(s.score_b for s in seen.values())


def verdict_of(scores: RefereeScores) -> Literal["A", "B", "tie"]:
    a, b = totals(scores)
    return "A" if a > b else "B" if b > a else "tie"


def scores_schema(inputs: ScoreInput) -> dict[str, Any]:
    """One score row per criterion, named as asked, each score on the scale."""
    schema = with_items(strict_json_schema(RefereeScores), "scores", exactly=len(inputs.criteria))
    schema = with_enum(schema, "scores[].criterion", [c.name for c in inputs.criteria])
    top = min(SCALE_MAX, max(1, inputs.scale_max))  # what `Score` accepts, at most
    for side in ("score_a", "score_b"):
        schema = with_range(schema, f"scores[].{side}", minimum=1, maximum=top)
    return schema


SCORE_REFEREE = Task(
    name="referee_scores",
    template="referee_scores.txt",
    input_model=ScoreInput,
    output_model=RefereeScores,
    fallback=abstain,
    max_tokens=400,
    schema_for=scores_schema,
)

"""Importance: how poignant new memories are, on the paper's 1–10 scale.

All the memories made at one moment (one perception's observations, one question's
insights, a conversation and its summary) are rated in one call: a list in, a list of
ratings out. A missing or out-of-range rating falls back to neutral for that item only.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from cognition.llm.task import Task
from cognition.steps.context import StepContext

NEUTRAL = 3


class ImportanceInput(BaseModel):
    agent: str
    identity: str
    memories: list[str] = Field(description="numbered memories, '1. ...'")
    count: int


class ImportanceRatings(BaseModel):
    ratings: list[int] = Field(
        description="one rating per memory, in order: 1 = mundane (brushing teeth), "
        "10 = life-changing"
    )


def neutral_ratings(inputs: ImportanceInput) -> ImportanceRatings:
    return ImportanceRatings(ratings=[NEUTRAL] * inputs.count)


RATE_IMPORTANCE = Task(
    name="rate_importance",
    template="rate_importance.txt",
    input_model=ImportanceInput,
    output_model=ImportanceRatings,
    fallback=neutral_ratings,
    max_tokens=96,
)


def per_item(ratings: Sequence[int], count: int) -> list[int]:
    """Exactly `count` ratings in 1–10: bad or missing items are neutral."""
    valid = [r if 1 <= r <= 10 else NEUTRAL for r in ratings[:count]]
    return valid + [NEUTRAL] * (count - len(valid))


def rate_importances(ctx: StepContext, memories: Sequence[str]) -> list[int]:
    """The importance (1–10) of each of `memories` to the agent, in one call."""
    if not memories:
        return []
    inputs = ImportanceInput(
        agent=ctx.agent,
        identity=ctx.identity,
        memories=[f"{i}. {text}" for i, text in enumerate(memories, start=1)],
        count=len(memories),
    )
    return per_item(ctx.ask(RATE_IMPORTANCE, inputs).ratings, len(memories))


def rate_importance(ctx: StepContext, memory: str) -> int:
    """The importance (1–10) of one `memory` to the agent."""
    return rate_importances(ctx, [memory])[0]

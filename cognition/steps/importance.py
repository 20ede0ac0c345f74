"""Importance: how poignant new memories are, on the paper's 1–10 scale.

All the memories made at one moment (one perception's observations, one question's
insights, a conversation and its summary) are rated in one call: a list in, a list of
ratings out. A missing or out-of-range rating falls back to neutral for that item only.
The call's answer schema asks for exactly one 1–10 rating per memory.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, Field

from cognition.llm.schema import strict_json_schema, with_items
from cognition.llm.task import Task
from cognition.persona import without_lifestyle
from cognition.steps.bounds import lax_int
from cognition.steps.compact import numbered
from cognition.steps.context import StepContext

NEUTRAL = 3
LOWEST, HIGHEST = 1, 10


def in_scale(value: Any) -> Any:
    """A rating off the 1–10 scale is neutral (as `per_item` always made it); anything
    that is not a number is left to fail validation, as before."""
    number = lax_int(value)
    if number is None:
        return value
    return number if LOWEST <= number <= HIGHEST else NEUTRAL


Rating = Annotated[int, Field(ge=LOWEST, le=HIGHEST), BeforeValidator(in_scale)]

UNRATED = 0  # a rating asked within another step's answer that did not come (or was bad)


def rating_or_unrated(value: Any) -> Any:
    """A rating in 1–10 as it is; any other number is unrated (the memory is then rated in
    an importance call of its own, as before the rating was asked with the step)."""
    number = lax_int(value)
    if number is None:
        return value
    return number if LOWEST <= number <= HIGHEST else UNRATED


# a rating asked with another step's answer (a talk's summary, an insight): 0 = unrated
MaybeRating = Annotated[int, Field(ge=UNRATED, le=HIGHEST), BeforeValidator(rating_or_unrated)]


class ImportanceInput(BaseModel):
    agent: str
    identity: str
    memories: list[str] = Field(description="numbered memories, '1. ...'")
    count: int


class ImportanceRatings(BaseModel):
    ratings: list[Rating] = Field(
        description="one rating per memory, in order: 1 = mundane (brushing teeth), "
        "10 = life-changing"
    )


def neutral_ratings(inputs: ImportanceInput) -> ImportanceRatings:
    return ImportanceRatings(ratings=[NEUTRAL] * inputs.count)


def ratings_schema(inputs: ImportanceInput) -> dict[str, Any]:
    """Exactly one rating per memory."""
    return with_items(strict_json_schema(ImportanceRatings), "ratings", exactly=inputs.count)


def importance_prompt(inputs: ImportanceInput) -> dict[str, str]:
    """The memories by their numbers, a run at one place under it (`steps.compact`); the
    identity without its lifestyle (who the person is makes a memory poignant, not how
    they spend their days)."""
    return {"memories": numbered(inputs.memories), "identity": without_lifestyle(inputs.identity)}


RATE_IMPORTANCE = Task(
    name="rate_importance",
    template="rate_importance.txt",
    input_model=ImportanceInput,
    output_model=ImportanceRatings,
    fallback=neutral_ratings,
    max_tokens=96,
    schema_for=ratings_schema,
    render=importance_prompt,
)


def per_item(ratings: Sequence[int], count: int) -> list[int]:
    """Exactly `count` ratings in 1–10: bad or missing items are neutral."""
    valid = [r if LOWEST <= r <= HIGHEST else NEUTRAL for r in ratings[:count]]
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

"""Importance: how poignant a new memory is, on the paper's 1–10 scale."""

from __future__ import annotations

from pydantic import BaseModel, Field

from cognition.llm.task import LanguageModel, Task
from cognition.steps.common import ask


class ImportanceInput(BaseModel):
    agent: str
    identity: str
    memory: str


class ImportanceRating(BaseModel):
    rating: int = Field(ge=1, le=10, description="1 = mundane (brushing teeth), 10 = life-changing")


def neutral_rating(_: ImportanceInput) -> ImportanceRating:
    return ImportanceRating(rating=3)


RATE_IMPORTANCE = Task(
    name="rate_importance",
    template="rate_importance.txt",
    input_model=ImportanceInput,
    output_model=ImportanceRating,
    fallback=neutral_rating,
)


def rate_importance(model: LanguageModel, agent: str, identity: str, memory: str) -> int:
    """The importance (1–10) of `memory` to `agent`."""
    inputs = ImportanceInput(agent=agent, identity=identity, memory=memory)
    return ask(model, RATE_IMPORTANCE, inputs, agent).rating

"""Relationship: what one agent makes of another, from memories about them."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from cognition.llm.task import LanguageModel, Task
from cognition.settings import MindSettings
from cognition.steps.common import MemoryStreamLike, ask, memory_lines


class RelationshipInput(BaseModel):
    agent: str
    other: str
    memories: list[str]


class RelationshipSummary(BaseModel):
    summary: str


def little_known(inputs: RelationshipInput) -> RelationshipSummary:
    return RelationshipSummary(summary=f"{inputs.agent} knows little about {inputs.other}.")


RELATIONSHIP = Task(
    name="relationship",
    template="relationship.txt",
    input_model=RelationshipInput,
    output_model=RelationshipSummary,
    fallback=little_known,
)


def summarise_relationship(
    model: LanguageModel,
    memory: MemoryStreamLike,
    agent: str,
    other: str,
    now: datetime,
    settings: MindSettings,
) -> str:
    """A sentence or two on how `agent` sees `other`."""
    hits = memory.retrieve(other, now, k=settings.retrieval_k)
    inputs = RelationshipInput(agent=agent, other=other, memories=memory_lines(hits))
    return ask(model, RELATIONSHIP, inputs, agent).summary

"""Relationship: what one agent makes of another, from memories about them."""

from __future__ import annotations

from pydantic import BaseModel

from cognition.llm.task import Task
from cognition.steps.common import memory_lines
from cognition.steps.context import StepContext


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
    max_tokens=200,
)


def summarise_relationship(ctx: StepContext, other: str) -> str:
    """A sentence or two on how the agent sees `other`."""
    inputs = RelationshipInput(
        agent=ctx.agent, other=other, memories=memory_lines(ctx.recall(other), transcripts=True)
    )
    return ctx.ask(RELATIONSHIP, inputs).summary

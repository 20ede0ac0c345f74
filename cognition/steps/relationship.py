"""Relationship: what one agent makes of another, from memories about them."""

from __future__ import annotations

from pydantic import BaseModel, Field

from cognition.llm.task import Task
from cognition.steps.common import memory_lines
from cognition.steps.compact import mentioning, timeline
from cognition.steps.context import StepContext
from cognition.steps.reflect import Recalled
from cognition.steps.view_reuse import ViewBook, concerns, named_in_fields


class RelationshipInput(BaseModel):
    agent: str
    other: str
    memories: list[str]
    recalled: list[Recalled] = Field(default_factory=list)  # each memory's kind and fields


class RelationshipSummary(BaseModel):
    summary: str


def little_known(inputs: RelationshipInput) -> RelationshipSummary:
    return RelationshipSummary(summary=f"{inputs.agent} knows little about {inputs.other}.")


def about_other(inputs: RelationshipInput) -> list[str]:
    """The memories whose fields name the other (`view_reuse.named_in_fields`: the prompt
    asks what concerns them); one saved without fields (an old save) by its words
    (`compact.mentioning`)."""
    if len(inputs.recalled) != len(inputs.memories):  # fields not given line by line
        return mentioning(inputs.memories, inputs.other)
    pairs = zip(inputs.memories, inputs.recalled, strict=True)
    return [
        line
        for line, recalled in pairs
        if (
            named_in_fields(recalled.about, inputs.other)
            if recalled.about is not None
            else mentioning([line], inputs.other)
        )
    ]


def relationship_prompt(inputs: RelationshipInput) -> dict[str, str]:
    """The memories about the other, by their times, the day once (`steps.compact`)."""
    return {"memories": timeline(about_other(inputs))}


RELATIONSHIP = Task(
    name="relationship",
    template="relationship.txt",
    input_model=RelationshipInput,
    output_model=RelationshipSummary,
    fallback=little_known,
    max_tokens=200,
    render=relationship_prompt,
)


def summarise_relationship(ctx: StepContext, other: str, book: ViewBook | None = None) -> str:
    """A sentence or two on how the agent sees `other` — with a `book` and `plan_reuse` on,
    the kept view when no memory recalled about `other` tells anything new since
    (`steps.view_reuse`)."""
    hits = sorted((hit.record for hit in ctx.recall(other)), key=lambda r: r.created)
    about = [record for record in hits if concerns(record, other)]
    book = book if ctx.settings.plan_reuse else None
    kept = book.unchanged(other, about, ctx.agent) if book is not None else None
    if book is not None:
        book.count(reused=kept is not None)
    if kept is not None:
        return kept
    inputs = RelationshipInput(
        agent=ctx.agent,
        other=other,
        memories=memory_lines(hits, transcripts=True),
        recalled=[Recalled.of(record) for record in hits],
    )
    view = ctx.ask(RELATIONSHIP, inputs).summary
    if book is not None:
        book.keep(other, view, about, ctx.agent)
    return view

"""Relationship: what one agent makes of another, from memories about them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel, Field

from cognition.llm.task import Task
from cognition.memory.fields import MemoryFields
from cognition.memory.records import MemoryKind, MemoryRecord
from cognition.memory.texts import read_talk_opening, read_told, read_transcript
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


@dataclass(frozen=True)
class Viewed:
    """How the agent sees another: the view in words (the step's answer, for prompts) and
    whether the two have met, as data (`have_met`: the line rules read it, never the
    words)."""

    summary: str
    met: bool


def have_met(records: Sequence[MemoryRecord], other: str) -> bool:
    """Whether the rememberer has met `other`, by its memories' fields, as the offline
    relationship rule (`offline.relations.view_of`) decides it: a talk with them
    (`partners`), a persona's relationship line or a reflection on talks with them
    (`people`), news heard from them (a `source`, not news it told). A memory saved before
    fields, by its text forms (`memory.texts`): a transcript with them, a summary's
    opening naming them, a telling by them in a summary."""
    return any(
        met_in_text(r.text, other) if r.about is None else met_in_fields(r.kind, r.about, other)
        for r in records
    )


def met_in_fields(kind: MemoryKind, about: MemoryFields, other: str) -> bool:
    """Whether one memory's fields say the two met (see `have_met`)."""
    if kind is MemoryKind.REFLECTION:
        return other in about.people
    fact = kind is not MemoryKind.DIALOGUE and not (
        about.thing or about.plan or (about.subject and about.doing)
    )  # a plain fact, as the offline rule reads one (no state, plan or sighting)
    heard = any(n.source == other and n.item not in about.told for n in about.news)
    return other in about.partners or heard or (fact and other in about.people)


def met_in_text(text: str, other: str) -> bool:
    """Whether a memory saved before fields records a talk with `other`, by the text forms'
    readers: a transcript's partners, a summary's opening, a telling by `other`."""
    transcript = read_transcript(text)
    if transcript is not None:
        return other in transcript.partners
    opening = read_talk_opening(text)
    told = (read_told(part) for part in re.split(r"(?<=\.)\s+", text))
    return (opening is not None and other in opening) or any(
        t is not None and t.teller == other for t in told
    )


def summarise_relationship(ctx: StepContext, other: str, book: ViewBook | None = None) -> str:
    """A sentence or two on how the agent sees `other` (`view_of_other`'s words)."""
    return view_of_other(ctx, other, book).summary


def view_of_other(ctx: StepContext, other: str, book: ViewBook | None = None) -> Viewed:
    """How the agent sees `other`: a sentence or two — with a `book` and `plan_reuse` on,
    the kept view when no memory recalled about `other` tells anything new since
    (`steps.view_reuse`) — and whether the two met, from the same memories' fields
    (`have_met`): `recall_view`, then `finish_view`."""
    return finish_view(ctx, recall_view(ctx, other, book))


@dataclass(frozen=True)
class RecalledView:
    """A view of `other` recalled (`recall_view`): the kept one, or the call to make."""

    other: str
    met: bool
    kept: str | None  # the kept view, reused (no call)
    inputs: RelationshipInput | None  # the call's inputs when there is no kept view
    about: tuple[MemoryRecord, ...]  # the recalled memories concerning `other`
    book: ViewBook | None


def recall_view(ctx: StepContext, other: str, book: ViewBook | None = None) -> RecalledView:
    """The memories recalled about `other` now and the kept view if it still holds (see
    `view_of_other`); counted in the book as reused or asked."""
    hits = sorted((hit.record for hit in ctx.recall(other)), key=lambda r: r.created)
    met = have_met(hits, other)
    about = tuple(record for record in hits if concerns(record, other))
    book = book if ctx.settings.plan_reuse else None
    kept = book.unchanged(other, about, ctx.agent) if book is not None else None
    if book is not None:
        book.count(reused=kept is not None)
    inputs = None
    if kept is None:
        inputs = RelationshipInput(
            agent=ctx.agent,
            other=other,
            memories=memory_lines(hits, transcripts=True),
            recalled=[Recalled.of(record) for record in hits],
        )
    return RecalledView(other, met, kept, inputs, about, book)


def finish_view(ctx: StepContext, recalled: RecalledView) -> Viewed:
    """The view of a `recall_view`: the kept one, or asked (and kept in the book). Reads no
    memory: it may run while the waiting observations are rated (`cognition.rating_aside`)."""
    if recalled.inputs is None:
        return Viewed(recalled.kept or "", recalled.met)
    return kept_view(ctx, recalled, ctx.ask(RELATIONSHIP, recalled.inputs).summary)


def kept_view(ctx: StepContext, recalled: RecalledView, view: str) -> Viewed:
    """`view`, the answer to `recalled`'s call (its own, or a talk's opening turn's:
    `steps.talk_opening`), kept in the book (with `plan_reuse` on)."""
    if recalled.book is not None:
        recalled.book.keep(recalled.other, view, list(recalled.about), ctx.agent)
    return Viewed(view, recalled.met)

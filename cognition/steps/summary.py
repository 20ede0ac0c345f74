"""Summary description: who the agent is now, from three retrievals (cached by the Agent).

Core characteristics, current occupation, and feeling about recent progress — each from its
own retrieval — composed into the short description that heads planning and dialogue. A
memory two retrievals find is shown once, under the first that found it; a long one by its
gist (`steps.common.gist`).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from cognition.llm.task import Task
from cognition.memory.records import MemoryRecord, RetrievalHit
from cognition.persona import Persona
from cognition.steps.common import memory_lines, when
from cognition.steps.compact import timeline, unsaid
from cognition.steps.context import StepContext
from cognition.steps.reflect import Recalled
from cognition.steps.summary_reuse import SummaryBook, recalled_keys


class SummaryInput(BaseModel):
    agent: str
    identity: str
    now: str
    core_memories: list[str]
    occupation_memories: list[str]
    progress_memories: list[str]
    learned: str
    currently: str
    # each memory's kind and fields, in the order of core, occupation and progress memories
    recalled: list[Recalled] = Field(default_factory=list)


class SummaryDescription(BaseModel):
    core_characteristics: str
    occupation: str
    feeling: str


def identity_summary(inputs: SummaryInput) -> SummaryDescription:
    return SummaryDescription(
        core_characteristics=inputs.identity,
        occupation=inputs.learned,
        feeling=inputs.currently,
    )


def summary_prompt(inputs: SummaryInput) -> dict[str, str]:
    """Each retrieval's memories by their times, the day once, none the identity above
    them says (`steps.compact`)."""
    return {
        "core_memories": timeline(unsaid(inputs.core_memories, inputs.identity)),
        "occupation_memories": timeline(unsaid(inputs.occupation_memories, inputs.identity)),
        "progress_memories": timeline(unsaid(inputs.progress_memories, inputs.identity)),
    }


SUMMARY = Task(
    name="summary_description",
    template="summary_description.txt",
    input_model=SummaryInput,
    output_model=SummaryDescription,
    fallback=identity_summary,
    max_tokens=400,
    render=summary_prompt,
)


def describe(persona: Persona, summary: SummaryDescription) -> str:
    """The summary description as prompts read it."""
    return (
        f"{persona.identity()}\n{summary.core_characteristics}\n"
        f"{summary.occupation}\n{summary.feeling}"
    )


def summarise(ctx: StepContext, book: SummaryBook | None = None) -> SummaryDescription:
    """Build the summary description from the three retrievals the paper names; a memory
    more than one of them finds is shown once, under the first. With a `book`, the kept
    one when nothing recalled is new to it (`steps.summary_reuse`; not with `plan_reuse` off)."""
    name = ctx.agent
    shown: set[str] = set()
    recalled: list[Recalled] = []
    records: list[MemoryRecord] = []

    def recall(found: list[RetrievalHit]) -> list[str]:
        hits = [hit for hit in found if hit.record.id not in shown]
        shown.update(hit.record.id for hit in hits)
        ordered = sorted((hit.record for hit in hits), key=lambda r: r.created)  # as shown
        recalled.extend(Recalled.of(record) for record in ordered)
        records.extend(ordered)
        return memory_lines(hits, gists=True)

    by_core, by_occupation, by_progress = ctx.recall_many(  # in turn, embedded in one pass
        [
            f"{name}'s core characteristics",
            f"{name}'s current daily occupation",
            f"{name}'s feeling about their recent progress in life",
        ]
    )
    inputs = SummaryInput(
        agent=name,
        identity=ctx.identity,
        now=when(ctx.now),
        core_memories=recall(by_core),
        occupation_memories=recall(by_occupation),
        progress_memories=recall(by_progress),
        learned=ctx.persona.learned,
        currently=ctx.persona.currently,
        recalled=recalled,
    )
    book = book if ctx.settings.plan_reuse else None  # the `no plan reuse` variant: a call
    keys = recalled_keys(records) if book is not None else []
    kept = book.kept_for(keys) if book is not None else None
    if kept is not None:
        core, occupation, feeling = kept
        return SummaryDescription(core_characteristics=core, occupation=occupation, feeling=feeling)
    made = ctx.ask(SUMMARY, inputs)
    if book is not None:
        book.keep((made.core_characteristics, made.occupation, made.feeling), keys)
    return made

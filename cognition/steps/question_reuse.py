"""Question reuse: a reflection over a stream with nothing new asks the questions it asked.

A reflection begins by asking which salient questions the most recent memories raise
(`steps.reflect`, one call). A resident keeps the questions it last asked in a
`QuestionBook`, part of its `AgentState`, with the typed keys of the memories they were
asked from (`memory_keys`: each memory's kind and fields without the moment, as its rating
is kept, `steps.rating_reuse.rating_key`; a memory without such fields by its id; the
reflections among them left out, as they are drawn from the others). When every
recent memory's key is among those, nothing new is in the stream: the kept questions are
asked again without a call. The retrieval for each question and the insights are made as
always, over the memories as they are now. A new person, news item, intention, place or
memory without fields makes the questions asked afresh. The book counts the questions
reused and asked by a call. Off (`plan_reuse` false), every reflection asks.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, Field

from cognition.memory.records import MemoryKind, MemoryRecord
from cognition.steps.rating_reuse import rating_key


def memory_keys(records: Iterable[MemoryRecord]) -> list[str]:
    """Each record's typed key (its kind and fields, the moment left out), else its id;
    reflections left out (drawn from the others, they tell nothing new of what happened)."""
    return [
        rating_key(r.kind, r.about) or f"id:{r.id}"
        for r in records
        if r.kind is not MemoryKind.REFLECTION
    ]


class QuestionBook(BaseModel):
    """The questions a resident last asked by a call, and the keys of what they were asked
    from; with counts."""

    questions: list[str] = Field(default_factory=list)
    keys: list[str] = Field(default_factory=list)  # of the memories they were asked from
    reused: int = Field(default=0, ge=0)  # reflections whose questions were kept, no call
    asked: int = Field(default=0, ge=0)  # reflections whose questions were asked by a call

    def kept_for(self, keys: list[str]) -> list[str] | None:
        """The kept questions when nothing in `keys` is new to them (counted); else None."""
        if not self.questions or not set(keys) <= set(self.keys):
            return None
        self.reused += 1
        return list(self.questions)

    def keep(self, questions: list[str], keys: list[str]) -> None:
        """Keep `questions`, asked by a call from memories with `keys` (counted)."""
        self.questions, self.keys = list(questions), list(dict.fromkeys(keys))
        self.asked += 1

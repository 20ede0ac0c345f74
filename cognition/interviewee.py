"""`Interviewee`: a resident answering the evaluation's interview under one condition.

    asked = interviewee(agent, now, Condition.NO_REFLECTION)
    asked.answer("What inspires you in life the most right now, and why?", asker)

Under the full architecture the answer uses the resident's own summary description; under
an ablation the summary is rebuilt from the memories the condition allows (with no memory
at all it is the persona's own description), and retrieval sees only those memories
(`WithheldMemory`). Nothing is remembered and no access time is touched, so interviews
under several conditions, in any order, see the same mind.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from cognition.ablation import Condition, WithheldMemory
from cognition.contract import PersonaAsker, VisitorAsker
from cognition.steps.context import StepContext
from cognition.steps.interview import interview
from cognition.steps.summary import describe, summarise
from cognition.talker import Mind

__all__ = ["Interviewee", "interviewee"]


@dataclass(frozen=True)
class Interviewee:
    """One resident under one condition: the summary and the memory view it answers from."""

    condition: Condition
    ctx: StepContext
    summary: str

    def answer(self, question: str, asker: VisitorAsker | PersonaAsker) -> str:
        return interview(self.ctx, self.summary, question, asker)

    def remembers(self, query: str, k: int | None = None) -> list[str]:
        """The texts this condition lets the resident retrieve for `query` (for checking
        an answer against what lay behind it)."""
        hits = self.ctx.memory.retrieve(
            query, self.ctx.now, k=k or self.ctx.settings.interview_k, touch=False
        )
        return [hit.record.text for hit in hits]


def interviewee(mind: Mind, now: datetime, condition: Condition) -> Interviewee:
    """`mind` ready to answer under `condition` at `now` (one summary call when ablated)."""
    mind.seed(now)
    mind.flush()
    full = mind.context(now)
    ctx = replace(full, memory=WithheldMemory(full.memory, condition.kinds))
    if condition is Condition.FULL:
        summary = mind.summary(now)
    else:
        summary = describe(ctx.persona, summarise(ctx))
    return Interviewee(condition, ctx, summary)

"""`StepContext`: whose mind a thinking step runs in, and at which moment of game time.

Every step that calls the model, reads the memory stream or needs the settings takes one
`StepContext` first and then only its own inputs (`react(ctx, summary, activity, seen,
may_talk)`). The `Agent` builds it (`agent.context(now)`); tests build it directly.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from cognition.llm.task import InputT, LanguageModel, OutputT, Task
from cognition.memory.records import RetrievalHit
from cognition.persona import Persona
from cognition.plan import minute_of_day
from cognition.settings import MindSettings
from cognition.steps.common import MemoryStreamLike

log = logging.getLogger("cognition.steps")


@dataclass(frozen=True)
class StepContext:
    """One agent's model, memory stream, persona and settings, at the game moment `now`."""

    model: LanguageModel
    memory: MemoryStreamLike
    persona: Persona
    settings: MindSettings
    now: datetime

    @property
    def agent(self) -> str:
        """The agent's name (every model call is made and metered in it)."""
        return self.persona.name

    @property
    def identity(self) -> str:
        """The persona's identity line, as it heads the prompts that need it."""
        return self.persona.identity()

    @property
    def minute(self) -> int:
        """The minute of the day `now` is (0–1439), as plans count time."""
        return minute_of_day(self.now)

    def at(self, now: datetime) -> StepContext:
        """The same mind at another moment."""
        return replace(self, now=now)

    def ask(self, task: Task[InputT, OutputT], inputs: InputT) -> OutputT:
        """Complete `task` for this agent; the output is always a valid instance of the
        task's output model (its typed fallback when the model failed)."""
        completion = self.model.complete(task, inputs, agent=self.agent)
        if completion.error:
            log.info("%s for %s used its fallback: %s", task.name, self.agent, completion.error)
        return completion.output

    def recall(self, query: str, k: int | None = None) -> list[RetrievalHit]:
        """The `k` (default `retrieval_k`) memories scoring highest for `query` now (their
        access time is updated)."""
        return self.memory.retrieve(query, self.now, k=k or self.settings.retrieval_k)

    def recall_many(self, queries: Sequence[str], k: int | None = None) -> list[list[RetrievalHit]]:
        """`recall` for each query in turn, as many `recall`s would answer, with the queries
        embedded in one pass (one model run where each `recall` costs one)."""
        return self.memory.retrieve_many(queries, self.now, k=k or self.settings.retrieval_k)

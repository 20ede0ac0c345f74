"""A model that streams, for tests: `Streamed(inner)` answers as `inner` does and, for a call
someone listens to (`partial_answers.listening`: a talk's turn, a group round), first hands
the listener each beginning of the answer, as a streaming server's answer arrives.
Subclasses change `streamed` to write otherwise: hold the rest of a turn, or stream an
attempt that breaks off before the answer (a retry).
"""

from __future__ import annotations

from typing import Any

from cognition.llm.partial_answers import PartialListener, beginnings, listener_for
from cognition.llm.task import Completion, LanguageModel, Task

__all__ = ["Streamed"]


class Streamed:
    """`inner`, each listened-to answer heard beginning by beginning before it returns."""

    def __init__(self, inner: LanguageModel) -> None:
        self.inner = inner

    @property
    def label(self) -> str:
        return self.inner.label

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        completion = self.inner.complete(task, inputs, agent=agent)
        listener = listener_for(task)
        if listener is None:
            return completion
        return self.streamed(task, inputs, listener, completion)

    def streamed(
        self,
        task: Task[Any, Any],
        inputs: Any,
        listener: PartialListener,
        completion: Completion[Any],
    ) -> Completion[Any]:
        """The answer as heard: each beginning of `completion`'s to `listener`, then it."""
        for partial in beginnings(completion.output, listener.field):
            listener.hear(partial)
        return completion

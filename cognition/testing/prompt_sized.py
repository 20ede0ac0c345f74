"""`PromptSized`: any model (the offline brain, say), its calls costed as a language model's.

The offline brain answers for free and reports no tokens, so a lively offline town says
nothing of what the same town would cost with a model. This wrapper passes every call on
unchanged and reports a `Usage` estimated the way a server without usage figures is counted
(four characters a token): the prompt is the task's rendered messages
(`task.messages(inputs)`), the answer the completion's raw JSON (else its output as JSON).
The fake OpenAI server counts its usage the same way, so the two runs compare.

    stack = build_language_model(settings, lambda: PromptSized(OfflineBrain(seed)))
"""

from __future__ import annotations

import dataclasses

from cognition.llm.task import Completion, InputT, LanguageModel, OutputT, Task, Usage
from cognition.llm.token_estimate import (
    CHARS_PER_TOKEN,
    answer_tokens,
    estimate_tokens,
    prompt_tokens,
)

__all__ = ["CHARS_PER_TOKEN", "PromptSized", "estimate_tokens", "prompt_tokens"]


class PromptSized:
    """`inner`'s answers, with the tokens a language model would have read and written."""

    def __init__(self, inner: LanguageModel) -> None:
        self.inner = inner

    @property
    def label(self) -> str:
        return self.inner.label

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        completion = self.inner.complete(task, inputs, agent=agent)
        usage = Usage(prompt_tokens(task, inputs), answer_tokens(completion), estimated=True)
        return dataclasses.replace(completion, usage=usage)

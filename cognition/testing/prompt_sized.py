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

CHARS_PER_TOKEN = 4


def estimate_tokens(text: str) -> int:
    """A rough token count: four characters a token, at least one."""
    return max(1, (len(text) + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN)


def prompt_tokens(task: Task[InputT, OutputT], inputs: InputT) -> int:
    """The estimated tokens of `task`'s prompt for `inputs` (system and user parts)."""
    return estimate_tokens("".join(message.content for message in task.messages(inputs)))


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
        answer = completion.raw if completion.raw is not None else completion.output
        text = answer if isinstance(answer, str) else answer.model_dump_json()
        usage = Usage(prompt_tokens(task, inputs), estimate_tokens(text), estimated=True)
        return dataclasses.replace(completion, usage=usage)

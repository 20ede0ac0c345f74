"""Token counts estimated from text, for answers that report none (the offline brain).

Four characters a token, as a server without usage figures is counted; the fake OpenAI
server counts the same way, so runs against either compare. `PromptSized`
(cognition/testing) costs the offline brain's calls with these; `ProfiledModel` times them.
"""

from __future__ import annotations

from cognition.llm.task import Completion, InputT, OutputT, Task

__all__ = ["CHARS_PER_TOKEN", "answer_tokens", "estimate_tokens", "prompt_tokens"]

CHARS_PER_TOKEN = 4


def estimate_tokens(text: str) -> int:
    """A rough token count: four characters a token, at least one."""
    return max(1, (len(text) + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN)


def prompt_tokens(task: Task[InputT, OutputT], inputs: InputT) -> int:
    """The estimated tokens of `task`'s prompt for `inputs` (system and user parts)."""
    return estimate_tokens("".join(message.content for message in task.messages(inputs)))


def answer_tokens(completion: Completion[OutputT]) -> int:
    """The estimated tokens a model writes for this answer: its raw text, else its output
    as JSON."""
    answer = completion.raw if completion.raw is not None else completion.output
    return estimate_tokens(answer if isinstance(answer, str) else answer.model_dump_json())

"""Token counts estimated from text, for answers that report none (the offline brain).

Four characters a token, as a server without usage figures is counted; the fake OpenAI
server counts the same way, so runs against either compare. `PromptSized`
(cognition/testing) costs the offline brain's calls with these; `ProfiledModel` times them.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from pydantic import BaseModel

from cognition.llm.task import Completion, InputT, OutputT, Source, Task

__all__ = [
    "CHARS_PER_TOKEN",
    "answer_tokens",
    "estimate_tokens",
    "model_written",
    "prompt_tokens",
]

CHARS_PER_TOKEN = 4


def estimate_tokens(text: str) -> int:
    """A rough token count: four characters a token, at least one."""
    return max(1, (len(text) + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN)


def prompt_tokens(task: Task[InputT, OutputT], inputs: InputT) -> int:
    """The estimated tokens of `task`'s prompt for `inputs` (system and user parts)."""
    return estimate_tokens("".join(message.content for message in task.messages(inputs)))


def answer_tokens(completion: Completion[OutputT]) -> int:
    """The estimated tokens a model writes for this answer: its raw text, else its output
    as JSON. The offline brain's raw answer is its whole output as JSON, with the fields set
    by rules that a model never writes (`SkipJsonSchema`: a line's `told`, a commitment's
    `item`): it is costed as a model's answer, without them."""
    if completion.source is Source.OFFLINE or completion.raw is None:
        return estimate_tokens(json.dumps(model_written(completion.output)))
    return estimate_tokens(completion.raw)


@cache
def asked(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields of `model` its JSON schema asks a model for (not those `SkipJsonSchema`)."""
    properties = model.model_json_schema().get("properties", {})
    return tuple(name for name in model.model_fields if name in properties)


def model_written(value: Any) -> Any:
    """`value` as plain JSON data without the fields a model is never asked for (those
    marked `SkipJsonSchema`), in nested models and lists too."""
    if isinstance(value, BaseModel):
        return {name: model_written(getattr(value, name)) for name in asked(type(value))}
    if isinstance(value, list | tuple):
        return [model_written(item) for item in value]
    if isinstance(value, dict):
        return {str(key): model_written(item) for key, item in value.items()}
    return value if isinstance(value, str | int | float | bool) or value is None else str(value)

"""A thinking task: name + typed inputs + prompt template file + output model + typed fallback.

Every call to a language model in Smallville is a `Task`. A backend (`LanguageModel`) takes a
task and its inputs and returns a `Completion` holding a validated output model; when the model
cannot produce one, the task's typed fallback is used and the completion says so. No sentinel
strings: the output is always an instance of the task's output model.
"""

from __future__ import annotations

import operator
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

from cognition.llm.schema import strict_json_schema

PROMPTS_DIR = Path(__file__).resolve().parent.parent / "prompts"

InputT = TypeVar("InputT", bound=BaseModel)
OutputT = TypeVar("OutputT", bound=BaseModel)


class Source(StrEnum):
    """Where a completion's output came from."""

    MODEL = "model"  # a language model answered and the answer validated
    CACHE = "cache"  # a cached model answer
    OFFLINE = "offline"  # the rule-based offline brain (not a language model)
    FALLBACK = "fallback"  # the task's typed fallback, after the model failed


@dataclass(frozen=True)
class Message:
    role: str  # "system" | "user" | "assistant"
    content: str


@cache
def read_template(name: str) -> str:
    """The text of a prompt template: a file name in `cognition/prompts/`, or an absolute path."""
    path = Path(name)
    return (path if path.is_absolute() else PROMPTS_DIR / name).read_text(encoding="utf-8")


# each thread's last `Task.messages`: (task, inputs, their field values, messages)
_last_rendered = threading.local()


@cache
def template_parts(name: str) -> tuple[str, str, frozenset[str]]:
    """A template's system and user parts (split at a line `---`; no such line: all user)
    and the fields they name — only those are rendered (`Task.messages`)."""
    system, _, user = read_template(name).partition("\n---\n")
    if not user:
        system, user = "", system
    named = {
        re.split(r"[.\[]", field, maxsplit=1)[0]
        for part in (system, user)
        for _, field, _, _ in Formatter().parse(part)
        if field is not None
    }
    return system, user, frozenset(named)


def render_value(value: Any) -> str:
    """How an input field reads inside a prompt: lists become bullet lines."""
    if isinstance(value, list | tuple):
        return "\n".join(f"- {render_value(item)}" for item in value) or "(none)"
    if isinstance(value, BaseModel):
        return "; ".join(f"{k}: {render_value(v)}" for k, v in value.model_dump().items())
    if isinstance(value, dict):
        return "; ".join(f"{k}: {render_value(v)}" for k, v in value.items())
    return str(value)


@dataclass(frozen=True)
class Task(Generic[InputT, OutputT]):
    """One kind of thinking step's model call.

    The template file has a system part and a user part separated by a line `---`; both are
    `str.format` templates filled with the input model's fields (see `render_value`; the
    fields `render` returns are shown as it says).
    """

    name: str
    template: str
    input_model: type[InputT]
    output_model: type[OutputT]
    fallback: Callable[[InputT], OutputT]
    max_tokens: int | None = None  # the most the answer needs (a rating: tens; a plan: hundreds)
    # this call's own bound, when the inputs size the answer (an hour of 3 actions needs
    # fewer tokens than one of 9); None: `max_tokens`
    max_tokens_for: Callable[[InputT], int] | None = None
    # this call's answer schema, when the inputs pin it down further than the output model
    # does (a rating per numbered memory: exactly `count` items; a place: one of `options`);
    # None: the output model's strict schema. Servers with constrained decoding follow it.
    schema_for: Callable[[InputT], dict[str, Any]] | None = None
    # how the prompt shows some of the inputs' fields, in place of `render_value` (the same
    # facts in fewer tokens: `steps.compact`); the inputs a backend or the offline brain
    # reads are unchanged. None: every field by `render_value`.
    render: Callable[[InputT], dict[str, str]] | None = None

    def answer_tokens(self, inputs: InputT) -> int | None:
        """The most tokens this call's answer needs (None: no bound)."""
        if self.max_tokens_for is not None:
            return self.max_tokens_for(inputs)
        return self.max_tokens

    def json_schema(self, inputs: InputT) -> dict[str, Any]:
        """The strict JSON schema this call's answer must follow."""
        if self.schema_for is not None:
            return self.schema_for(inputs)
        return strict_json_schema(self.output_model)

    def messages(self, inputs: InputT) -> list[Message]:
        """The rendered prompt. The thread's last rendering is kept: one call renders its
        messages in several wrappers (the tracer, the cost estimate, the cache key, the
        backend), with the very inputs object whose fields are the same objects."""
        fields_now = tuple(inputs.__dict__.values())
        last = getattr(_last_rendered, "entry", None)
        if (
            last is not None
            and last[0] is self
            and last[1] is inputs
            and len(last[2]) == len(fields_now)
            and all(map(operator.is_, last[2], fields_now))
        ):
            return list(last[3])
        rendered = self._render(inputs)
        _last_rendered.entry = (self, inputs, fields_now, tuple(rendered))
        return rendered

    def _render(self, inputs: InputT) -> list[Message]:
        system, user, named = template_parts(self.template)
        shown = self.render(inputs) if self.render is not None else {}
        fields = {
            key: render_value(getattr(inputs, key))
            for key in type(inputs).model_fields
            if key in named and key not in shown
        }
        fields.update(shown)
        rendered = [Message("user", user.format_map(fields).strip())]
        if system.strip():
            rendered.insert(0, Message("system", system.format_map(fields).strip()))
        return rendered


@dataclass(frozen=True)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0
    estimated: bool = False  # True when counted by us rather than reported by the server


@dataclass(frozen=True)
class AnswerTally:
    """How one step's answers fared at one rung of the ladder."""

    task: str
    mode: str  # an `OutputMode` value
    answers: int  # replies read (a refused request or a timeout is not an answer)
    usable: int  # of those, the ones that validated

    @property
    def parse_rate(self) -> float:
        return self.usable / self.answers if self.answers else 0.0


@dataclass(frozen=True)
class Completion(Generic[OutputT]):
    output: OutputT
    source: Source
    usage: Usage = Usage()
    attempts: int = 1
    error: str | None = None  # why the fallback was used (for logs), never passed on as data
    # the answer's text as the model gave it (the last attempt's, also when it failed and the
    # fallback was used); None when there was none (a timeout, a refused request, a fallback
    # without an attempt). The offline brain gives its output as JSON (it is rule-based); a
    # cache hit, the text cached with the answer (None for entries cached without one).
    raw: str | None = None
    # what answered, when not the model the stack names (the breaker's standby: "offline
    # brain"); None: the stack's own label
    answered_by: str | None = None


class LanguageModel(Protocol):
    """Anything that can complete a task: the openai backend, the offline brain, a wrapper."""

    @property
    def label(self) -> str:
        """What drives the minds, for the UI: "offline brain" or the model's name."""
        ...

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]: ...


class BudgetReached(Exception):
    """The configured spending cap is reached: the game should pause the town and say so."""

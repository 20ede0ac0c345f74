"""Partial answers: a structured answer's list items, handed on as they are written.

A step whose answer is a list a model writes item by item (a talk's turn: its lines) can
hear the answer's beginnings while the call runs: `listening(task, field, hear)` around the
call, and a model that writes its answer over time calls `hear(partial)` with the output
cut to its first k items of `field`, k = 1 … n, before the call returns (`ProfiledModel`:
each at the time its tokens would be decoded). A model that cannot stream says nothing:
the step has the whole answer when the call returns, as without listening. The answer the
call returns is the same either way; the partial ones are its beginnings.

    with listening(DIALOGUE_TURN, "lines", on_lines):
        turn = context.ask(DIALOGUE_TURN, inputs)   # on_lines(DialogueTurn(lines=[l1])), …

The listener is kept in a context variable, so it is heard only by calls of `task` made in
this context (the calling thread, and what `contextvars.copy_context` carries on).

`items_written(text, field)` reads the items of a top-level list `field` that are complete
in a JSON object's text so far (a streamed reply, token by token); `ItemsHeard` is how the
backend reading a server's stream (`streaming.py`) hands a listener each beginning as its
last item closes, validated by the task's output model.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from cognition.llm.task import Task

__all__ = [
    "ItemsHeard",
    "PartialListener",
    "beginnings",
    "items_written",
    "listener_for",
    "listening",
]


@dataclass(frozen=True)
class PartialListener:
    """Who hears the beginnings of `task_name`'s answers, item by item of `field`."""

    task_name: str
    field: str
    hear: Callable[[Any], None]


_LISTENER: ContextVar[PartialListener | None] = ContextVar("partial_listener", default=None)


@contextmanager
def listening(task: Task[Any, Any], field: str, hear: Callable[[Any], None]) -> Iterator[None]:
    """While the block runs, a streaming model hands `hear` each beginning of `task`'s
    answer (the output with its first k items of `field`)."""
    if field not in task.output_model.model_fields:
        raise ValueError(f"{task.name}'s output has no field {field!r}")
    token = _LISTENER.set(PartialListener(task.name, field, hear))
    try:
        yield
    finally:
        _LISTENER.reset(token)


def listener_for(task: Task[Any, Any]) -> PartialListener | None:
    """The listener for calls of `task` in this context, if any."""
    listener = _LISTENER.get()
    return listener if listener is not None and listener.task_name == task.name else None


class ItemsHeard:
    """Hands `listener` each new beginning of an answer whose text arrives bit by bit: the
    output model validated from the items of `listener.field` complete so far, each count
    once over the whole call (a retry's answer is heard only past what was heard). An item
    the model cannot take ends the hearing: the caller gets the whole answer at the end."""

    def __init__(self, listener: PartialListener, output_model: type[BaseModel]) -> None:
        self.listener, self.output_model = listener, output_model
        self.told = 0
        self._stuck = False

    @classmethod
    def for_task(cls, task: Task[Any, Any]) -> ItemsHeard | None:
        """The hearer for a call of `task` in this context; None when nobody listens."""
        listener = listener_for(task)
        return None if listener is None else cls(listener, task.output_model)

    def text_so_far(self, text: str) -> None:
        """The answer's text so far (each time a longer beginning of the same text)."""
        if self._stuck:
            return
        items = items_written(text, self.listener.field)
        while self.told < len(items):
            try:
                partial = self.output_model.model_validate(
                    {self.listener.field: items[: self.told + 1]}
                )
            except ValidationError:
                self._stuck = True
                return
            self.told += 1
            self.listener.hear(partial)

    def restart(self) -> None:
        """A new attempt's text begins (its items are heard past those told already)."""
        self._stuck = False


def beginnings(output: BaseModel, field: str) -> list[BaseModel]:
    """`output` with its first 1, 2, … n items of `field` (a list), as a model writing its
    fields in order has written it by then: the fields after `field` not yet (at their
    defaults; e.g. a talk's summary after its lines); none when it is empty or not a list."""
    items = getattr(output, field, None)
    if not isinstance(items, list):
        return []
    fields = type(output).model_fields
    names = list(fields)
    later = {
        name: fields[name].get_default(call_default_factory=True)
        for name in names[names.index(field) + 1 :]
    }
    return [
        output.model_copy(update={**later, field: items[:count]})
        for count in range(1, len(items) + 1)
    ]


_DECODER = json.JSONDecoder(strict=False)  # control characters in strings, as the reader takes


def items_written(text: str, field: str) -> list[Any]:
    """The complete items so far of the list `field` of the JSON object `text` begins
    (an object's text cut anywhere): [] before the list begins or when it is no list."""
    try:
        at = _skip(text, 0, "{")
        while at < len(text) and text[at] != "}":
            key, at = _DECODER.raw_decode(text, at)
            at = _skip(text, at, ":")
            if key == field:
                return _items(text, at) if text[at : at + 1] == "[" else []
            _, at = _DECODER.raw_decode(text, at)
            at = _skip(text, at, ",")
    except (json.JSONDecodeError, IndexError):
        pass  # the text stops before the list begins
    return []


def _skip(text: str, at: int, mark: str) -> int:
    """Past whitespace, `mark` if it comes next, and whitespace again."""
    while text[at].isspace():
        at += 1
    if text[at] == mark:
        at += 1
        while at < len(text) and text[at].isspace():
            at += 1
    return at


def _items(text: str, at: int) -> list[Any]:
    """The complete items of the list that begins at `at` (its `[`)."""
    items: list[Any] = []
    at += 1
    while True:
        try:
            at = _skip(text, at, ",")
            if text[at] == "]":
                return items
            item, at = _DECODER.raw_decode(text, at)
        except (json.JSONDecodeError, IndexError):
            return items
        if at == len(text) and not isinstance(item, dict | list | str):
            return items  # a number or word at the end may go on
        items.append(item)

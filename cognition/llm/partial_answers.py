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
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from cognition.llm.task import Task

__all__ = ["PartialListener", "beginnings", "listener_for", "listening"]


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


def beginnings(output: BaseModel, field: str) -> list[BaseModel]:
    """`output` with its first 1, 2, … n items of `field` (a list); none when it is empty
    or not a list."""
    items = getattr(output, field, None)
    if not isinstance(items, list):
        return []
    return [output.model_copy(update={field: items[:count]}) for count in range(1, len(items) + 1)]

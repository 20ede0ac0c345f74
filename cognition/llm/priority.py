"""Which model call goes first when calls wait for the server: the player's, then the
decisions residents wait on, then talk, then background thinking.

A call's priority is a context variable set around a job (`with_priority`), so every call
the job makes — on its own thread or on the threads it starts with
`contextvars.copy_context().run` — carries it. `ConcurrencyLimit` serves waiting calls by
priority (then by arrival): with as many calls at once as the server has slots, a slow
server answers what the town waits on first, and the rest runs late instead.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from enum import IntEnum
from typing import TypeVar

__all__ = ["CallPriority", "call_priority", "with_priority"]

T = TypeVar("T")


class CallPriority(IntEnum):
    """Lower goes first."""

    PLAYER = 0  # the player is waiting for an answer (chat, interview)
    DECISION = 1  # a resident's next step: it stands until it comes
    TALK = 2  # a line of a talk among residents: plays late, holds nobody
    BACKGROUND = 3


_priority: ContextVar[CallPriority] = ContextVar("call_priority", default=CallPriority.DECISION)


def call_priority() -> CallPriority:
    """The priority of calls made here and now."""
    return _priority.get()


def with_priority(priority: CallPriority, work: Callable[[], T]) -> T:
    """Run `work` with its calls at `priority`."""
    token = _priority.set(priority)
    try:
        return work()
    finally:
        _priority.reset(token)

"""Which model call goes first when calls wait for the server: the player's, then the
decisions residents wait on, then talk, then background thinking; within one priority, the
calls of the job begun first.

A call's priority is a context variable set around a job (`with_priority`), so every call
the job makes — on its own thread or on the threads it starts with
`contextvars.copy_context().run` — carries it. `ConcurrencyLimit` serves waiting calls by
priority, then by their job's order (`with_priority(..., order=next_order())`; a call outside
a job takes a number as it comes), then by arrival: with as many calls at once as the server
has slots, a slow server answers what the town waits on first, and the rest runs late
instead; and a burst of jobs that each make calls in series (25 residents planning their day:
day plan → hourly schedule → the first hour) finishes a few jobs at a time, early ones first,
instead of every job's first call, then every job's second, all jobs ending together last.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from contextvars import ContextVar
from enum import IntEnum
from typing import TypeVar

__all__ = ["CallPriority", "call_order", "call_priority", "next_order", "with_priority"]

T = TypeVar("T")


class CallPriority(IntEnum):
    """Lower goes first."""

    PLAYER = 0  # the player is waiting for an answer (chat, interview)
    DECISION = 1  # a resident's next step: it stands until it comes
    TALK = 2  # a line of a talk among residents: plays late, holds nobody
    BACKGROUND = 3


_priority: ContextVar[CallPriority] = ContextVar("call_priority", default=CallPriority.DECISION)
_order: ContextVar[int | None] = ContextVar("call_order", default=None)
_orders = itertools.count()  # one sequence for jobs and for calls outside a job


def call_priority() -> CallPriority:
    """The priority of calls made here and now."""
    return _priority.get()


def next_order() -> int:
    """A number after every one handed out before: a job's order, taken as it is begun."""
    return next(_orders)


def call_order() -> int:
    """Where a call made here queues among calls of its priority: its job's order, else a
    new number (a call outside a job queues as it comes)."""
    order = _order.get()
    return next_order() if order is None else order


def with_priority(priority: CallPriority, work: Callable[[], T], order: int | None = None) -> T:
    """Run `work` with its calls at `priority` and, given, queued by the job's `order`."""
    token, ordered = _priority.set(priority), _order.set(order)
    try:
        return work()
    finally:
        _order.reset(ordered)
        _priority.reset(token)

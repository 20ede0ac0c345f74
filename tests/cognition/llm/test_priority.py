"""Calls waiting for a slot go by priority: the player's, then decisions, talk, background;
in the order they came within one priority. The priority travels with the job's context."""

from __future__ import annotations

import threading
import time
from contextvars import copy_context
from typing import Any

from cognition.llm.concurrency import ConcurrencyLimit
from cognition.llm.priority import (
    CallPriority,
    call_order,
    call_priority,
    next_order,
    with_priority,
)
from cognition.llm.task import Completion, Source, Task, Usage
from cognition.steps.importance import RATE_IMPORTANCE, ImportanceInput

GUARD_S = 30.0  # never reached unless something hangs


class Served:
    """Records who it served, in order; the first call holds the slot until `release`."""

    def __init__(self) -> None:
        self.order: list[str] = []
        self.release = threading.Event()
        self.entered = threading.Event()

    @property
    def label(self) -> str:
        return "served"

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        self.order.append(agent)
        if agent == "holder":
            self.entered.set()
            assert self.release.wait(GUARD_S)
        return Completion(task.fallback(inputs), Source.MODEL, Usage(1, 1))


def call(
    limit: ConcurrencyLimit, agent: str, priority: CallPriority, order: int | None = None
) -> threading.Thread:
    inputs = ImportanceInput(agent=agent, identity="", memories=["1. a memory"], count=1)

    def work() -> None:
        complete = lambda: limit.complete(RATE_IMPORTANCE, inputs, agent=agent)  # noqa: E731
        with_priority(priority, complete, order)

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    return thread


def test_waiting_calls_go_by_priority_then_by_arrival() -> None:
    model = Served()
    limit = ConcurrencyLimit(model, limit=1)
    holder = call(limit, "holder", CallPriority.TALK)
    assert model.entered.wait(GUARD_S)
    waiting = [
        ("talk 1", CallPriority.TALK),
        ("background", CallPriority.BACKGROUND),
        ("decision 1", CallPriority.DECISION),
        ("talk 2", CallPriority.TALK),
        ("player", CallPriority.PLAYER),
        ("decision 2", CallPriority.DECISION),
    ]
    threads = []
    for agent, priority in waiting:
        threads.append(call(limit, agent, priority))
        deadline = time.monotonic() + GUARD_S
        while limit.waiting < len(threads) and time.monotonic() < deadline:
            time.sleep(0.001)  # each in the queue before the next comes
    assert limit.waiting == len(waiting) and limit.in_flight == 1
    model.release.set()
    for thread in [holder, *threads]:
        thread.join(GUARD_S)
    assert model.order == [
        "holder", "player", "decision 1", "decision 2", "talk 1", "talk 2", "background",
    ]  # fmt: skip
    assert limit.waiting == 0 and limit.in_flight == 0


def test_the_priority_travels_into_threads_a_job_starts_with_its_context() -> None:
    seen: list[CallPriority] = []

    def job() -> None:
        inner = threading.Thread(
            target=copy_context().run, args=(lambda: seen.append(call_priority()),)
        )
        inner.start()
        inner.join(GUARD_S)

    with_priority(CallPriority.TALK, job)
    assert seen == [CallPriority.TALK]
    assert call_priority() is CallPriority.DECISION  # outside a job: the default


def test_within_a_priority_the_calls_of_the_job_begun_first_go_first() -> None:
    """Two jobs make calls in series: job 1's second call, queued after job 2's first, is
    still served before it (job 1 began first); a call outside any job queues as it came."""
    model = Served()
    limit = ConcurrencyLimit(model, limit=1)
    first_job, second_job = next_order(), next_order()
    holder = call(limit, "holder", CallPriority.DECISION)
    assert model.entered.wait(GUARD_S)
    waiting = [
        ("job 2, call 1", second_job),
        ("outside a job", None),
        ("job 1, call 2", first_job),
    ]
    threads = []
    for agent, order in waiting:
        threads.append(call(limit, agent, CallPriority.DECISION, order))
        deadline = time.monotonic() + GUARD_S
        while limit.waiting < len(threads) and time.monotonic() < deadline:
            time.sleep(0.001)  # each in the queue before the next comes
    model.release.set()
    for thread in [holder, *threads]:
        thread.join(GUARD_S)
    assert model.order == ["holder", "job 1, call 2", "job 2, call 1", "outside a job"]
    assert call_order() > first_job  # outside a job: a new number each time

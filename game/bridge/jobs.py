"""Thinking jobs: what runs on the worker threads, and what comes back from them.

A job gets frozen data in (a `Perception`, or the game time for a conversation) and the
minds it owns (one, or both speakers); it never touches the world or pygame. Whatever
happens, exactly one `Outcome` goes into the results queue, so nothing stalls waiting.
"""

from __future__ import annotations

import logging
import queue
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from cognition.agent import Agent
from cognition.contract import Conversation, Decision, Perception
from cognition.llm.task import BudgetReached

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Decided:
    """A mind's decision, ready to apply."""

    job: int
    names: tuple[str, ...]
    decision: Decision


@dataclass(frozen=True)
class Conversed:
    """A whole conversation between two residents, ready to play back."""

    job: int
    names: tuple[str, ...]
    conversation: Conversation


@dataclass(frozen=True)
class Failed:
    """A job that raised; `budget` when the spending cap stopped it."""

    job: int
    names: tuple[str, ...]
    error: str
    budget: bool = False


Outcome = Decided | Conversed | Failed


def run_job(
    results: queue.Queue[Outcome],
    job: int,
    names: tuple[str, ...],
    think: Callable[[], Decision | Conversation],
) -> None:
    """Run `think` and put exactly one outcome into `results` (worker thread)."""
    try:
        answer = think()
    except BudgetReached as error:
        results.put(Failed(job, names, f"budget reached: {error}", budget=True))
    except Exception as error:  # a mind's failure must never reach the game loop
        log.exception("thinking job %d for %s failed", job, ", ".join(names))
        results.put(Failed(job, names, f"{type(error).__name__}: {error}"))
    else:
        if isinstance(answer, Conversation):
            results.put(Conversed(job, names, answer))
        else:
            results.put(Decided(job, names, answer))


def decide_job(agent: Agent, perception: Perception) -> Callable[[], Decision]:
    return lambda: agent.decide(perception)


def conversation_job(opener: Agent, partner: Agent, now: datetime) -> Callable[[], Conversation]:
    return lambda: opener.converse_with(partner, now)

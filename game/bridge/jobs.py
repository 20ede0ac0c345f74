"""Thinking jobs: what runs on the worker threads, what comes back, and who is busy.

A job gets frozen data in (a `Perception`, or the game time for a conversation) and the
minds it owns (one, or both speakers); it never touches the world or pygame. Whatever
happens, exactly one `Outcome` goes into the results queue, so nothing stalls waiting.
`JobBoard` runs them: one thread pool, at most one job per resident, and errands — the
player's desk's work on a mind — waiting until their resident is free.
"""

from __future__ import annotations

import itertools
import logging
import queue
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from cognition import (
    Agent,
    BudgetReached,
    Conversation,
    ConversationLine,
    Decision,
    Human,
    MemoryStoreUnavailable,
    Perception,
)

log = logging.getLogger(__name__)
T = TypeVar("T")


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
Thinking = Callable[[], Decision | Conversation]

_thread = threading.local()  # what the worker thread is thinking about right now


def job_moment() -> datetime | None:
    """The game time of the job running on this thread (None outside a job): model calls
    and memories made on a worker thread are dated with it."""
    moment: datetime | None = getattr(_thread, "moment", None)
    return moment


def at_moment(at: datetime | None, work: Callable[[], T]) -> T:
    """Run `work` with `job_moment()` answering `at` on this thread."""
    before = getattr(_thread, "moment", None)
    _thread.moment = at
    try:
        return work()
    finally:
        _thread.moment = before


def run_job(
    results: queue.Queue[Outcome],
    job: int,
    names: tuple[str, ...],
    think: Thinking,
    at: datetime | None = None,
) -> None:
    """Run `think` (for game time `at`) and put exactly one outcome into `results` (worker
    thread)."""
    try:
        answer = at_moment(at, think)
    except BudgetReached as error:
        results.put(Failed(job, names, f"budget reached: {error}", budget=True))
    except MemoryStoreUnavailable as error:  # the memory health notice says it once
        log.warning("thinking job %d for %s: %s", job, ", ".join(names), error)
        results.put(Failed(job, names, f"{type(error).__name__}: {error}"))
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
    return lambda: opener.talker.converse_with(partner.talker, now)


def group_job(
    opener: Agent,
    others: list[Agent],
    now: datetime,
    line_minutes: float,
    topic: str = "",
    humans: Sequence[Human] = (),
    history: Sequence[ConversationLine] = (),
) -> Callable[[], Conversation]:
    """A group conversation: `opener` with `others` (the first: whom it came to talk to),
    a meeting on `topic` that `opener` hosts, or a talk the player joins (`humans`), going
    on after `history`."""
    rules = opener.talker.group_rules(line_minutes, topic)
    talkers = [o.talker for o in others]
    return lambda: opener.talker.converse_in_group(talkers, now, rules, history, humans)


class JobBoard:
    """Who is thinking: the thread pool, the job in flight per resident, the results queue
    of finished outcomes, and errands waiting for their resident. Thread-safe."""

    def __init__(self, workers: int = 8) -> None:
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mind")
        self.results: queue.Queue[Outcome] = queue.Queue()
        self._numbers = itertools.count(1)
        self._busy: dict[str, int] = {}  # name -> job in flight
        self._lock = threading.Lock()
        self._errands: dict[str, Callable[[], None]] = {}  # waiting for their resident

    @property
    def in_flight(self) -> int:
        """How many residents have a job (or an errand) running."""
        with self._lock:
            return len(self._busy)

    def busy(self) -> frozenset[str]:
        with self._lock:
            return frozenset(self._busy)

    def is_busy(self, name: str) -> bool:
        with self._lock:
            return name in self._busy

    def submit(self, names: tuple[str, ...], think: Thinking, at: datetime | None = None) -> None:
        """Run `think` for the residents `names` at game time `at` (they are busy until its
        outcome is taken)."""
        job = next(self._numbers)
        with self._lock:
            for name in names:
                self._busy[name] = job
        self.executor.submit(run_job, self.results, job, names, think, at)

    def take(self, block: bool = False, timeout: float | None = None) -> list[Outcome]:
        """The outcomes finished so far (with `block`, waiting up to `timeout` for the first);
        their residents are free again."""
        taken: list[Outcome] = []
        while True:
            try:
                outcome = self.results.get(block=block and not taken, timeout=timeout)
            except queue.Empty:
                return taken
            with self._lock:
                for name in outcome.names:
                    self._busy.pop(name, None)
            taken.append(outcome)

    # --- errands: work for the player's desk on a resident's mind ---------------------------

    def run_errand(self, name: str, work: Callable[[], None], at: datetime | None = None) -> None:
        """Run `work` (e.g. answering the player at game time `at`) for resident `name` once
        no job of theirs is in flight; no decision starts for them until it is done. `work`
        reports its own results and failures; one errand waits per resident."""
        self._errands[name] = lambda: at_moment(at, work)
        self.start_errand(name)

    def has_errand(self, name: str) -> bool:
        return name in self._errands

    def start_errand(self, name: str) -> bool:
        """Start the errand waiting for `name` if they are free; True when started."""
        work = self._errands.get(name)
        with self._lock:
            if work is None or name in self._busy:
                return False
            job = self._busy[name] = next(self._numbers)
        del self._errands[name]
        try:
            self.executor.submit(self._errand, name, job, work)
        except RuntimeError:  # shut down: the town is closing
            with self._lock:
                self._busy.pop(name, None)
            raise
        return True

    def start_errands(self) -> None:
        for name in list(self._errands):
            self.start_errand(name)

    def _errand(self, name: str, job: int, work: Callable[[], None]) -> None:
        try:
            work()
        except Exception:  # the work reports its own failures; never let one escape
            log.exception("errand %d for %s failed", job, name)
        finally:
            with self._lock:
                if self._busy.get(name) == job:
                    del self._busy[name]

    def close(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)

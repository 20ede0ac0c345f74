"""Thinking jobs: what runs on the worker threads, what comes back, and who is busy.

A job gets frozen data in (a `Perception`, or the game time for a conversation) and the
minds it owns (one, or both speakers); it never touches the world or pygame. Whatever
happens, exactly one `Outcome` goes into the results queue, so nothing stalls waiting.
`JobBoard` runs them: one thread pool, at most one job per resident, and errands — the
player's desk's work on a mind — waiting until their resident is free.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
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
    CallPriority,
    ChromaChildGone,
    Conversation,
    ConversationLine,
    Decision,
    Human,
    LineHeard,
    MemoryStoreUnavailable,
    Perception,
    next_order,
    with_priority,
)
from game.bridge.rest_copies import COPY_WAIT_S, RestCopier, RestCopies
from game.bridge.stopping import ThinkingStopped

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
    """A job that raised; `budget` when the spending cap stopped it, `memory_lost` when the
    process keeping the memories has ended (the town cannot remember any more)."""

    job: int
    names: tuple[str, ...]
    error: str
    budget: bool = False
    memory_lost: bool = False


Outcome = Decided | Conversed | Failed
Thinking = Callable[[], Decision | Conversation]
Blocks = Callable[[datetime], bool]  # whether lockstep time must wait for a job at a moment


def always(_: datetime) -> bool:
    """A job the town waits for at any moment (a decision due now, an errand)."""
    return True


# what the job on this thread is thinking about right now (a context variable: the threads a
# job starts with `contextvars.copy_context().run` — a talk's two minds at once — know it too)
_moment: contextvars.ContextVar[datetime | None] = contextvars.ContextVar("moment", default=None)


def job_moment() -> datetime | None:
    """The game time of the job running on this thread (None outside a job): model calls
    and memories made on a worker thread are dated with it."""
    return _moment.get()


def at_moment(at: datetime | None, work: Callable[[], T]) -> T:
    """Run `work` with `job_moment()` answering `at` on this thread."""
    token = _moment.set(at)
    try:
        return work()
    finally:
        _moment.reset(token)


def run_job(
    results: queue.Queue[Outcome],
    job: int,
    names: tuple[str, ...],
    think: Thinking,
    at: datetime | None = None,
    done: Callable[[], None] = lambda: None,
) -> None:
    """Run `think` (for game time `at`) and put exactly one outcome into `results` (worker
    thread); then call `done`."""
    try:
        _put_outcome(results, job, names, think, at)
    finally:
        done()


def _put_outcome(
    results: queue.Queue[Outcome],
    job: int,
    names: tuple[str, ...],
    think: Thinking,
    at: datetime | None,
) -> None:
    try:
        answer = at_moment(at, think)
    except BudgetReached as error:
        results.put(Failed(job, names, f"budget reached: {error}", budget=True))
    except ThinkingStopped as error:  # the town is closing: nobody applies it
        log.debug("thinking job %d for %s: %s", job, ", ".join(names), error)
        results.put(Failed(job, names, f"{type(error).__name__}: {error}"))
    except ChromaChildGone as error:  # the director pauses the town and says it once
        log.debug("thinking job %d for %s: %s", job, ", ".join(names), error)
        results.put(Failed(job, names, str(error), memory_lost=True))
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


def decide_job(
    agent: Agent, perception: Perception, afresh: bool = False
) -> Callable[[], Decision]:
    """`agent` decides on `perception`; `afresh`: resuming its plan first (the step it
    thought ahead was dropped, so it is not the one in progress)."""

    def think() -> Decision:
        if afresh:
            agent.resume_plan()
        return agent.decide(perception)

    return think


def conversation_job(
    opener: Agent,
    partner: Agent,
    now: datetime,
    heard: LineHeard | None = None,
    said_all: Callable[[], None] | None = None,
) -> Callable[[], Conversation]:
    """A pair's talk: `heard` hears each line as it is said, `said_all` when the last is."""
    return lambda: opener.talker.converse_with(partner.talker, now, heard, said_all)


def group_job(
    opener: Agent,
    others: list[Agent],
    now: datetime,
    line_minutes: float,
    topic: str = "",
    humans: Sequence[Human] = (),
    history: Sequence[ConversationLine] = (),
    heard: LineHeard | None = None,
    said_all: Callable[[], None] | None = None,
) -> Callable[[], Conversation]:
    """A group conversation: `opener` with `others` (the first: whom it came to talk to),
    a meeting on `topic` that `opener` hosts, or a talk the player joins (`humans`), going
    on after `history`; `heard` hears each line as it is said, `said_all` when the last is."""
    rules = opener.talker.group_rules(line_minutes, topic)
    talkers = [o.talker for o in others]
    talker = opener.talker
    return lambda: talker.converse_in_group(talkers, now, rules, history, humans, heard, said_all)


class JobBoard:
    """Who is thinking: the thread pool, the job in flight per resident, the results queue
    of finished outcomes, and errands waiting for their resident. Thread-safe.

    Each job says when the town must wait for it (`Blocks`): a decision at once, a talk only
    when its next line is due (`conversations.Playback.needs`). `poke()` wakes whoever waits
    in `wait_for_change` — a job that ended, a line said."""

    def __init__(self, workers: int = 8) -> None:
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mind")
        self.results: queue.Queue[Outcome] = queue.Queue()
        self._numbers = itertools.count(1)
        self._busy: dict[str, int] = {}  # name -> job in flight
        self._blocks: dict[int, Blocks] = {}  # job in flight -> when the town waits for it
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._version = 0  # counts pokes
        self._errands: dict[str, Callable[[], None]] = {}  # waiting for their resident
        self._minds: dict[str, threading.Lock] = {}  # one job at a time on a mind
        self.rest_copies = RestCopies()  # each held mind as it was before its job began

    def job_of(self, name: str) -> int | None:
        """The job `name` is busy with (None: none)."""
        with self._lock:
            return self._busy.get(name)

    def owning(self, names: tuple[str, ...], work: Callable[[], T]) -> Callable[[], T]:
        """`work`, run holding the minds of `names` (in name order: no deadlock), so a job
        whose resident was drawn into a talk ends before the talk's job begins."""
        with self._lock:
            locks = [self._minds.setdefault(name, threading.Lock()) for name in sorted(names)]

        def held() -> T:
            with contextlib.ExitStack() as stack:
                for lock in locks:
                    stack.enter_context(lock)
                self.rest_copies.take(names, stack)
                return work()

        return held

    def keep_rest_copies(self, copier: RestCopier) -> None:
        """From now on, each job (and errand) first takes `copier(name)` of the minds it
        holds, kept while it runs (`rest_copies.py`): `at_rest` answers at once."""
        self.rest_copies.keep(copier)

    def at_rest(self, name: str, wait_s: float = COPY_WAIT_S) -> object:
        """`name`'s mind at rest (main thread): read now when no job holds it, else the
        copy its job took as it began; None when there is none (`RestCopies.read`)."""
        with self._lock:
            mind = self._minds.setdefault(name, threading.Lock())
        return self.rest_copies.read(name, mind, wait_s)

    # --- waiting ------------------------------------------------------------------------------

    def poke(self) -> None:
        """Something a waiter may be waiting for happened (any thread)."""
        with self._changed:
            self._version += 1
            self._changed.notify_all()

    @property
    def version(self) -> int:
        with self._lock:
            return self._version

    def wait_for_change(self, since: int, timeout: float) -> None:
        """Block until a poke after `version` `since` (or `timeout` seconds)."""
        with self._changed:
            self._changed.wait_for(lambda: self._version != since, timeout)

    def due_in_flight(self, now: datetime) -> int:
        """How many jobs in flight the town must wait for at game time `now`."""
        return len(self.holding(now))

    def holding(self, now: datetime) -> dict[int, tuple[str, ...]]:
        """The jobs in flight the town must wait for at game time `now`, with whom each
        holds (in name order)."""
        with self._lock:
            held: dict[int, tuple[str, ...]] = {}
            for name, job in sorted(self._busy.items()):
                held[job] = (*held.get(job, ()), name)
            return {job: names for job, names in held.items() if self._blocks.get(job, always)(now)}

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

    def submit(
        self,
        names: tuple[str, ...],
        think: Thinking,
        at: datetime | None = None,
        blocks: Blocks = always,
        priority: CallPriority = CallPriority.DECISION,
    ) -> int:
        """Run `think` for the residents `names` at game time `at` (they are busy until its
        outcome is taken); lockstep waits for it when `blocks` says so; its model calls wait
        for the server at `priority`. Returns its number."""
        job = next(self._numbers)
        with self._lock:
            for name in names:
                self._busy[name] = job
            self._blocks[job] = blocks
        owned = self.owning(names, think)
        # its calls queue before those of jobs begun later (`cognition.llm.priority`)
        work = functools.partial(with_priority, priority, owned, next_order())
        self.executor.submit(run_job, self.results, job, names, work, at, self.poke)
        return job

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
                    if self._busy.get(name) == outcome.job:
                        del self._busy[name]
                self._blocks.pop(outcome.job, None)
            taken.append(outcome)

    # --- errands: work for the player's desk on a resident's mind ---------------------------

    def run_errand(self, name: str, work: Callable[[], None], at: datetime | None = None) -> None:
        """Run `work` (e.g. answering the player at game time `at`) for resident `name` once
        no job of theirs is in flight; no decision starts for them until it is done. `work`
        reports its own results and failures; one errand waits per resident."""
        owned = self.owning((name,), lambda: at_moment(at, work))
        self._errands[name] = functools.partial(with_priority, CallPriority.PLAYER, owned)
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
            self.poke()

    def close(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)

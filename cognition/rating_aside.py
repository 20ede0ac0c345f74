"""Rating aside: the rating of a mind's waiting observations runs beside its other calls.

A mind rates the observations waiting since its last step (one `rate_importance` call for
those it cannot rate by reuse, then one write) before anything retrieves them, so the rating
was the first link of a serial chain of calls. A `RatingLane` makes it a lane of its own:
`start` takes the waiting observations and asks their ratings on a thread (embedding them
meanwhile, as ever), and `finish` stores them — in the caller's thread, at a fixed point of
the mind's job. Between the two the job goes on: its retrievals see what was stored before
(the batch is not stored yet, whatever the timing), and its calls — react on someone just
noticed, a talk's first call, an hour's plan — run while the rating is asked. So the result
never depends on which call returns first. Nothing else of the mind rates while a batch is
in flight: `flush` (what any step that must retrieve the batch calls) finishes it first.

`rated_aside` runs a block between a start and a finish: react on someone just noticed (its
prompt still shows what is not stored yet of the one noticed: `RatingLane.about`) and a
talk's first call (`Speaker.meanwhile`). A decision's batch of observations, when due, is
still rated and stored first (`Agent.observe`): reflection's trigger reads what is stored,
and the evaluation measured the town's news spreading a little further with that batch in
flight too (session 10: open mic 28 of 30 targets against 29; no lockstep time gained).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import copy_context
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from cognition.agent_state import Unrated
from cognition.memory.records import FloatMatrix, NewMemory
from cognition.steps.common import MemoryStreamLike
from cognition.steps.importance import NEUTRAL
from cognition.steps.rating_reuse import rating_key

Rate = Callable[[list[str], datetime, list[str | None]], list[int]]  # `Agent.rate`


@dataclass(frozen=True)
class RatedBatch:
    """Observations with their ratings and their vectors, ready to store."""

    waiting: list[Unrated]
    ratings: list[int]
    vectors: FloatMatrix | None


class RatingLane:
    """The rating of one mind's waiting observations, at most one batch in flight."""

    def __init__(
        self, memory: MemoryStreamLike, rate: Rate, take: Callable[[], list[Unrated]]
    ) -> None:
        self.memory = memory
        self.rate = rate  # the mind's rating, with its reuse (`Agent.rate`)
        self.take = take  # the waiting observations, no longer waiting
        self.pending: Future[RatedBatch] | None = None
        self.in_flight: list[Unrated] = []  # the batch being rated
        self.coming: list[str] = []  # texts to embed along with the next batch (`embed_along`)

    def embed_along(self, texts: Sequence[str]) -> None:
        """Embed `texts` too with the next batch (thrown away here): queries the mind will
        retrieve by soon — a new day's hour chunks, each the query of its hour's plan — are
        then in the embedder's cache, not each a model pass of its own (the offline day:
        ~100 single-text passes fewer). Vectors do not depend on their batch."""
        self.coming = list(dict.fromkeys([*self.coming, *texts]))

    def start(self) -> None:
        """Ask the ratings of the observations waiting now on a thread (a batch in flight
        goes on when none waits; else it is stored first)."""
        waiting = self.take()
        if not waiting:
            return
        self.finish()
        self.in_flight = waiting
        lane = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rating")
        self.pending = lane.submit(copy_context().run, self.rated, waiting, self.take_along())
        lane.shutdown(wait=False)  # the thread ends with its call

    def finish(self) -> None:
        """Store the batch in flight once rated (an error of its rating is raised here)."""
        pending, self.pending = self.pending, None
        if pending is not None:
            self.in_flight = []
            self.store(pending.result())

    def about(self, subject: str, waiting: Sequence[Unrated]) -> list[NewMemory]:
        """The memories of `subject` (a person or a thing seen) in flight or `waiting`, oldest
        first, as they will be stored (their importance not known yet: neutral)."""
        items = [*self.in_flight, *waiting]
        return [item.memory(NEUTRAL) for item in items if subject and item.subject == subject]

    def now(self) -> None:
        """Rate and store what waits, at once (the batch in flight first)."""
        self.finish()
        waiting = self.take()
        if waiting:
            self.store(self.rated(waiting, self.take_along()))

    def take_along(self) -> list[str]:
        """The texts to embed with the batch about to start, no longer waiting (taken on the
        mind's thread, where `embed_along` adds them, not on the rating thread)."""
        along, self.coming = self.coming, []
        return along

    def rated(self, waiting: list[Unrated], along: Sequence[str] = ()) -> RatedBatch:
        """`waiting` rated as of the latest (one call for those not rated before), embedded
        while being rated, with `along` (`embed_along`)."""
        texts = [item.text for item in waiting]
        keys = [rating_key(item.kind, item.memory(1).about) for item in waiting]  # as written
        with self.memory.embedding([*texts, *along]) as vectors:
            ratings = self.rate(texts, waiting[-1].at, keys)
        found = vectors.result()
        return RatedBatch(waiting, ratings, None if found is None else found[: len(texts)])

    def store(self, batch: RatedBatch) -> None:
        """One write: each observation as of when it was seen, with its rating."""
        pairs = zip(batch.waiting, batch.ratings, strict=True)
        self.memory.add_many([item.memory(rating) for item, rating in pairs], batch.vectors)


class WaitingObservations(Protocol):
    """A mind with observations waiting to be rated (`cognition.agent.Agent`)."""

    rating: RatingLane


@contextmanager
def rated_aside(mind: WaitingObservations) -> Iterator[None]:
    """While the block runs (calls that read none of the waiting observations), `mind`'s
    waiting observations are rated on a thread; they are stored when it ends."""
    mind.rating.start()
    try:
        yield
    finally:
        mind.rating.finish()

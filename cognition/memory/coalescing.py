"""`CoalescingEmbedder`: many threads' texts embedded together in shared model passes.

Every resident's thinking thread embeds its own few texts (new memories, retrieval queries).
Run one call at a time behind a lock, that is a queue of tiny model passes. Here a caller
hands its texts over and waits; whoever finds no pass running takes *everything* queued so
far — its own texts and those of every caller that arrived meanwhile — and runs it through
the inner embedder as one call (which batches it: `LocalMiniLM` sorts by length and pads per
batch), then hands each caller its own rows. A lone caller on an idle embedder runs at once:
nothing waits for company. There is no background thread, so nothing needs stopping. With
`passes_at_once` above 1 (a run without a window: `game.bridge.make_embedder`) a caller whose
texts still wait leads a pass of its own while others run, up to that many at once.

The next pass goes by the callers' call priority (`cognition.llm.priority`, carried by the
job's context): when texts of a more urgent job wait (a decision due now, the player's
chat), the pass takes only those of the most urgent priority waiting, and texts of jobs
thinking ahead (background) wait for the pass after — so a resident who stands until its
decision comes never waits for a pass of another's thinking ahead as well as the one
running. A request passed over `MAX_PASSED_OVER` times goes along whatever its priority.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from cognition.llm.priority import call_priority
from cognition.memory.embeddings import Embedder, FloatMatrix

MAX_PASSED_OVER = 2  # passes a less urgent request may wait out before it goes along anyway


class EmbedderClosed(RuntimeError):
    """The embedder was closed before (or while) these texts waited for a model pass."""


class EmbeddingStalled(TimeoutError):
    """No model pass finished for `stall_seconds` while these texts waited."""


@dataclass(eq=False)
class _Request:
    texts: list[str]
    priority: int = 0  # the caller's call priority (lower goes first)
    passed_over: int = 0  # passes that left this request for a later one
    vectors: FloatMatrix | None = None
    error: BaseException | None = None
    done: bool = False

    def finish(self, vectors: FloatMatrix | None, error: BaseException | None) -> None:
        self.vectors, self.error, self.done = vectors, error, True


@dataclass
class _Queue:
    waiting: list[_Request] = field(default_factory=list)
    running: int = 0  # passes running now
    closed: bool = False
    last_progress: float = 0.0


class CoalescingEmbedder:
    """Wraps an `Embedder`; concurrent `embed` calls share model passes.

    A text asked for by several callers of one pass is embedded once. If the inner embedder
    raises, every caller of that pass gets the exception. A waiting caller gives up with
    `EmbeddingStalled` when no pass has finished for `stall_seconds` (a hung model never
    hangs the town), and with `EmbedderClosed` after `close()`. Vectors are the inner
    embedder's, row for row: `LocalMiniLM`'s do not depend on the batch.
    """

    def __init__(
        self, inner: Embedder, stall_seconds: float = 120.0, passes_at_once: int = 1
    ) -> None:
        self.inner = inner
        self.stall_seconds = stall_seconds
        self.passes_at_once = max(1, passes_at_once)
        self.passes = 0  # inner `embed` calls made
        self.texts_embedded = 0  # distinct texts passed to the inner embedder
        self.texts_asked = 0  # texts callers asked for (duplicates included)
        self._queue = _Queue()
        self._changed = threading.Condition(threading.Lock())

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        request = _Request(list(texts), int(call_priority()))
        self._enqueue(request)
        while not request.done:  # a leader may run a pass of more urgent texts than its own
            batch = self._wait_for_turn(request)
            if batch is not None:
                self._run_pass(batch)
        if request.error is not None:
            raise request.error
        assert request.vectors is not None
        return request.vectors

    def close(self) -> None:
        """Refuse new texts; callers still queued get `EmbedderClosed`. A pass already running
        finishes and answers its callers."""
        with self._changed:
            self._queue.closed = True
            for request in self._queue.waiting:
                request.finish(None, EmbedderClosed("the embedder was closed"))
            self._queue.waiting = []
            self._changed.notify_all()

    def _enqueue(self, request: _Request) -> None:
        with self._changed:
            if self._queue.closed:
                raise EmbedderClosed("the embedder was closed")
            self._queue.waiting.append(request)
            self.texts_asked += len(request.texts)

    def _wait_for_turn(self, request: _Request) -> list[_Request] | None:
        """Wait while `request` is queued; return the batch to run if this caller leads the
        next pass (it may leave `request` for a later one), or None once a pass answered it."""
        queue = self._queue
        with self._changed:
            while not request.done:
                if queue.running < self.passes_at_once and request in queue.waiting:
                    queue.running += 1
                    queue.last_progress = time.monotonic()  # stalls count from a pass's start
                    batch, queue.waiting = next_pass(queue.waiting)
                    return batch
                stalled = time.monotonic() - queue.last_progress
                if stalled >= self.stall_seconds:
                    if request in queue.waiting:
                        queue.waiting.remove(request)
                    raise EmbeddingStalled(
                        f"no embedding finished in {self.stall_seconds:g} s; gave up waiting"
                    )
                self._changed.wait(self.stall_seconds - stalled)
        return None

    def _run_pass(self, batch: list[_Request]) -> None:
        """One inner `embed` over the batch's distinct texts; every request gets its rows, or
        the exception the inner embedder raised. Whatever happens, the pass ends."""
        distinct = list(dict.fromkeys(text for request in batch for text in request.texts))
        answers: list[tuple[FloatMatrix | None, BaseException | None]] = []
        try:
            answers = self._answers(batch, distinct)
        finally:
            with self._changed:
                self.passes += 1
                self.texts_embedded += len(distinct)
                for request, (vectors, error) in zip(batch, answers, strict=False):
                    request.finish(vectors, error)
                for request in batch[len(answers) :]:  # only after KeyboardInterrupt & co.
                    request.finish(None, EmbedderClosed("the embedding pass was interrupted"))
                self._queue.running -= 1
                self._queue.last_progress = time.monotonic()
                self._changed.notify_all()

    def _answers(
        self, batch: list[_Request], distinct: list[str]
    ) -> list[tuple[FloatMatrix | None, BaseException | None]]:
        try:
            vectors = self.inner.embed(distinct)
            if vectors.shape[0] != len(distinct):
                raise ValueError(f"{self.name} gave {vectors.shape[0]} vectors for {len(distinct)}")
        except Exception as error:  # noqa: BLE001 — re-raised in every caller of this pass
            return [(None, error)] * len(batch)
        row_of = {text: row for row, text in enumerate(distinct)}
        return [
            (np.array(vectors[[row_of[text] for text in request.texts]], dtype=np.float32), None)
            for request in batch
        ]


def next_pass(waiting: list[_Request]) -> tuple[list[_Request], list[_Request]]:
    """The requests the next pass takes — those of the most urgent priority waiting, and any
    passed over `MAX_PASSED_OVER` times — and those left waiting (each passed over once more)."""
    urgent = min(request.priority for request in waiting)
    batch: list[_Request] = []
    left: list[_Request] = []
    for request in waiting:
        if request.priority == urgent or request.passed_over >= MAX_PASSED_OVER:
            batch.append(request)
        else:
            request.passed_over += 1
            left.append(request)
    return batch, left

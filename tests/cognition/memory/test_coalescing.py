"""Embeddings in shared batches: `CoalescingEmbedder` (one model pass for every caller waiting)
and `CachedEmbedder`'s in-flight sharing (a text being embedded is not embedded again).

Concurrency is forced, not hoped for: the inner embedder holds its first pass at a gate until
every other caller has queued behind it. Every wait is bounded, so a bug fails, never hangs.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence

import numpy as np
import pytest

from cognition.llm.priority import CallPriority, with_priority
from cognition.memory import (
    CachedEmbedder,
    CoalescingEmbedder,
    EmbedderClosed,
    EmbeddingStalled,
)
from cognition.memory.coalescing import MAX_PASSED_OVER, _Request, next_pass
from cognition.memory.embeddings import FloatMatrix
from cognition.memory.fakes import HashingEmbedder

BOUND_S = 10.0  # no wait in these tests should come near this
RESIDENTS = 25


class GatedEmbedder:
    """`HashingEmbedder` whose first pass waits at a gate; records every pass's texts; raises
    `failure` on the passes numbered in `failing` (1 is the first)."""

    def __init__(self, failure: Exception | None = None, failing: Sequence[int] = ()) -> None:
        self.model = HashingEmbedder()
        self.name = self.model.name
        self.dimension = self.model.dimension
        self.entered = threading.Event()  # the first pass has begun
        self.gate = threading.Event()  # the first pass may end
        self.passes: list[list[str]] = []
        self.failure = failure
        self.failing = set(failing)

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        self.passes.append(list(texts))
        if len(self.passes) == 1:
            self.entered.set()
            assert self.gate.wait(BOUND_S), "the test never opened the gate"
        if self.failure is not None and len(self.passes) in self.failing:
            raise self.failure
        return self.model.embed(texts)


def wait_until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + BOUND_S
    while not condition():
        assert time.monotonic() < deadline, "gave up waiting"
        time.sleep(0.001)


class Callers:
    """Threads each calling `embed(texts)` once, keeping what each got back or raised."""

    def __init__(self, embed: Callable[[Sequence[str]], FloatMatrix]) -> None:
        self.embed = embed
        self.results: dict[int, FloatMatrix | BaseException] = {}
        self.threads: list[threading.Thread] = []

    def start(self, number: int, texts: Sequence[str]) -> None:
        def call() -> None:
            try:
                self.results[number] = self.embed(texts)
            except Exception as error:  # noqa: BLE001 — the test inspects what each caller got
                self.results[number] = error

        thread = threading.Thread(target=call, daemon=True)
        self.threads.append(thread)
        thread.start()

    def join_one(self, number: int) -> None:
        wait_until(lambda: number in self.results)

    def join(self) -> None:
        for thread in self.threads:
            thread.join(BOUND_S)
            assert not thread.is_alive(), "a caller hung"


def texts_of(resident: int) -> list[str]:
    return [f"resident {resident} sees the stove {resident % 3}", f"resident {resident} rests"]


def each_got_its_own(callers: Callers) -> None:
    """Every resident's caller got the vectors of its own texts, row for row."""
    alone = HashingEmbedder()
    for resident in range(RESIDENTS):
        got = callers.results[resident]
        assert isinstance(got, np.ndarray)
        np.testing.assert_array_equal(got, alone.embed(texts_of(resident)))


def start_first_pass(coalescer: CoalescingEmbedder, gated: GatedEmbedder) -> Callers:
    """Caller 0 starts a pass alone and is held in it; callers 1..24 then queue behind it."""
    callers = Callers(coalescer.embed)
    callers.start(0, texts_of(0))
    assert gated.entered.wait(BOUND_S)
    for resident in range(1, RESIDENTS):
        callers.start(resident, texts_of(resident))
    queued = sum(len(texts_of(resident)) for resident in range(RESIDENTS))
    wait_until(lambda: coalescer.texts_asked == queued)
    return callers


def test_concurrent_callers_share_one_pass_and_get_their_own_vectors() -> None:
    gated = GatedEmbedder()
    coalescer = CoalescingEmbedder(gated)
    callers = start_first_pass(coalescer, gated)
    gated.gate.set()
    callers.join()
    assert len(gated.passes) == 2  # caller 0 alone, then everyone who queued meanwhile
    assert coalescer.passes == 2
    each_got_its_own(callers)


def test_with_two_passes_at_once_a_second_pass_runs_beside_the_held_one() -> None:
    gated = GatedEmbedder()
    coalescer = CoalescingEmbedder(gated, passes_at_once=2)
    callers = Callers(coalescer.embed)
    callers.start(0, texts_of(0))
    assert gated.entered.wait(BOUND_S)
    callers.start(1, texts_of(1))
    # caller 1 leads a pass of its own while the first is still held at the gate
    wait_until(lambda: len(gated.passes) == 2)
    assert 0 not in callers.results
    callers.join_one(1)
    for resident in range(2, RESIDENTS):  # the first pass still held: these go beside it
        callers.start(resident, texts_of(resident))
    gated.gate.set()
    callers.join()
    assert gated.passes[:2] == [texts_of(0), texts_of(1)]
    assert sorted(text for p in gated.passes for text in p) == sorted(
        text for resident in range(RESIDENTS) for text in texts_of(resident)
    )
    each_got_its_own(callers)


def test_one_pass_at_once_by_default_a_second_caller_waits() -> None:
    gated = GatedEmbedder()
    coalescer = CoalescingEmbedder(gated)
    callers = Callers(coalescer.embed)
    callers.start(0, texts_of(0))
    assert gated.entered.wait(BOUND_S)
    callers.start(1, texts_of(1))
    wait_until(lambda: coalescer.texts_asked == 4)
    time.sleep(0.05)  # time enough for a wrong second pass to begin
    assert len(gated.passes) == 1 and 1 not in callers.results
    gated.gate.set()
    callers.join()
    assert gated.passes == [texts_of(0), texts_of(1)]


def test_a_lone_caller_runs_at_once_and_empty_input_costs_no_pass() -> None:
    model = HashingEmbedder()
    coalescer = CoalescingEmbedder(model)
    assert coalescer.embed([]).shape == (0, model.dimension)
    vectors = coalescer.embed(["Klaus is reading"])
    np.testing.assert_array_equal(vectors, HashingEmbedder().embed(["Klaus is reading"]))
    assert (coalescer.passes, model.calls) == (1, 1)
    assert coalescer.name == model.name and coalescer.dimension == model.dimension


def test_a_text_asked_by_many_callers_of_one_pass_is_embedded_once() -> None:
    gated = GatedEmbedder()
    coalescer = CoalescingEmbedder(gated)
    callers = Callers(coalescer.embed)
    callers.start(0, ["first"])
    assert gated.entered.wait(BOUND_S)
    for resident in range(1, 6):
        callers.start(resident, ["The stove is idle", f"resident {resident}", "The stove is idle"])
    wait_until(lambda: coalescer.texts_asked == 1 + 5 * 3)
    gated.gate.set()
    callers.join()
    assert sorted(gated.passes[1]) == sorted(
        ["The stove is idle"] + [f"resident {r}" for r in range(1, 6)]
    )
    stove = HashingEmbedder().embed(["The stove is idle"])[0]
    for resident in range(1, 6):
        got = callers.results[resident]
        assert isinstance(got, np.ndarray) and got.shape[0] == 3
        np.testing.assert_array_equal(got[0], stove)
        np.testing.assert_array_equal(got[2], stove)


def test_cache_is_asked_first_and_a_text_in_flight_is_not_embedded_again() -> None:
    gated = GatedEmbedder()
    cache = CachedEmbedder(CoalescingEmbedder(gated))
    callers = Callers(cache.embed)
    callers.start(0, ["Klaus is reading"])
    assert gated.entered.wait(BOUND_S)  # "Klaus is reading" is in flight, not yet cached
    callers.start(1, ["Klaus is reading", "Maria is painting"])
    wait_until(lambda: cache.shared == 1)
    gated.gate.set()
    callers.join()
    assert gated.passes == [["Klaus is reading"], ["Maria is painting"]]
    klaus = HashingEmbedder().embed(["Klaus is reading"])[0]
    for got in callers.results.values():
        assert isinstance(got, np.ndarray)
        np.testing.assert_array_equal(got[0], klaus)
    cache.embed(["Maria is painting", "Klaus is reading"])  # both cached now: no pass
    assert len(gated.passes) == 2
    assert (cache.misses, cache.shared, cache.hits) == (2, 1, 2)


def test_a_model_failure_reaches_every_waiting_caller() -> None:
    gated = GatedEmbedder(RuntimeError("onnxruntime: out of memory"), failing=[2])
    coalescer = CoalescingEmbedder(gated)
    callers = start_first_pass(coalescer, gated)
    gated.gate.set()
    callers.join()
    assert isinstance(callers.results[0], np.ndarray)  # the first pass succeeded
    for resident in range(1, RESIDENTS):
        got = callers.results[resident]
        assert isinstance(got, RuntimeError) and "out of memory" in str(got)
    assert coalescer.embed(["after the failure"]).shape == (1, gated.dimension)  # not wedged


def test_a_failure_reaches_callers_waiting_on_the_cache_for_a_text_in_flight() -> None:
    gated = GatedEmbedder(RuntimeError("model lost"), failing=[1])
    cache = CachedEmbedder(CoalescingEmbedder(gated))
    callers = Callers(cache.embed)
    callers.start(0, ["Klaus is reading"])
    assert gated.entered.wait(BOUND_S)
    callers.start(1, ["Klaus is reading"])  # waits for caller 0's embedding
    wait_until(lambda: cache.shared == 1)
    gated.gate.set()
    callers.join()
    for got in callers.results.values():
        assert isinstance(got, RuntimeError) and str(got) == "model lost"
    assert len(cache) == 0  # nothing cached from a failed pass
    assert cache.embed(["Klaus is reading"]).shape == (1, gated.dimension)  # retried, not stuck
    assert len(gated.passes) == 2


def test_waiting_callers_give_up_when_the_model_hangs() -> None:
    gated = GatedEmbedder()
    coalescer = CoalescingEmbedder(gated, stall_seconds=0.2)
    callers = start_first_pass(coalescer, gated)  # caller 0's pass never ends by itself
    for thread in callers.threads[1:]:
        thread.join(BOUND_S)
        assert not thread.is_alive()
    for resident in range(1, RESIDENTS):
        assert isinstance(callers.results[resident], EmbeddingStalled)
    gated.gate.set()
    callers.join()
    assert isinstance(callers.results[0], np.ndarray)


def test_close_releases_every_queued_caller_and_refuses_new_texts() -> None:
    gated = GatedEmbedder()
    coalescer = CoalescingEmbedder(gated)
    callers = start_first_pass(coalescer, gated)
    coalescer.close()
    for thread in callers.threads[1:]:
        thread.join(BOUND_S)
        assert not thread.is_alive(), "a queued caller hung at shutdown"
    for resident in range(1, RESIDENTS):
        assert isinstance(callers.results[resident], EmbedderClosed)
    gated.gate.set()  # the pass already running still answers its caller
    callers.join()
    assert isinstance(callers.results[0], np.ndarray)
    with pytest.raises(EmbedderClosed):
        coalescer.embed(["too late"])
    assert len(gated.passes) == 1


def test_texts_of_a_decision_due_now_go_before_those_of_thinking_ahead() -> None:
    """While a pass runs, residents thinking ahead (background) and residents whose decision
    is due now queue behind it: the next pass takes only the due ones, the one after the
    rest; every caller still gets its own vectors."""
    gated = GatedEmbedder()
    coalescer = CoalescingEmbedder(gated)
    ahead = [1, 2, 3]
    due = [4, 5]

    def embed_at(priority: CallPriority) -> Callable[[Sequence[str]], FloatMatrix]:
        return lambda texts: with_priority(priority, lambda: coalescer.embed(texts))

    background, decisions = Callers(embed_at(CallPriority.BACKGROUND)), Callers(coalescer.embed)
    background.start(0, texts_of(0))
    assert gated.entered.wait(BOUND_S)
    for resident in ahead:
        background.start(resident, texts_of(resident))
    wait_until(lambda: coalescer.texts_asked == 2 * (1 + len(ahead)))
    for resident in due:  # a decision's default priority: DECISION
        decisions.start(resident, texts_of(resident))
    wait_until(lambda: coalescer.texts_asked == 2 * (1 + len(ahead) + len(due)))
    gated.gate.set()
    background.join()
    decisions.join()
    assert [sorted(texts) for texts in gated.passes[1:]] == [
        sorted(text for resident in due for text in texts_of(resident)),
        sorted(text for resident in ahead for text in texts_of(resident)),
    ]
    alone = HashingEmbedder()
    for callers, residents in ((background, [0, *ahead]), (decisions, due)):
        for resident in residents:
            got = callers.results[resident]
            assert isinstance(got, np.ndarray)
            np.testing.assert_array_equal(got, alone.embed(texts_of(resident)))


def test_a_request_passed_over_twice_goes_along_with_the_next_pass() -> None:
    later = _Request(["thinking ahead"], priority=int(CallPriority.BACKGROUND))
    waiting = [later]
    for round_ in range(MAX_PASSED_OVER):
        now = _Request([f"due {round_}"], priority=int(CallPriority.DECISION))
        batch, waiting = next_pass([*waiting, now])
        assert batch == [now] and waiting == [later]
    batch, waiting = next_pass([later, _Request(["due"], priority=int(CallPriority.PLAYER))])
    assert later in batch and waiting == []  # no more waiting for its turn

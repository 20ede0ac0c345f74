"""`ProfiledModel`: any model behind a server profile's latency and slots, metered.

Each call takes one of the profile's slots — when all are busy it waits in a first-come
queue, so waits grow with load as on a real server — asks the inner model, and holds the
slot until the profile's service time for that call has passed (first token, the prompt's
tokens if the profile reads them, the answer's tokens, four characters a token). The answer
is the inner model's, unchanged: the offline brain behind a profile answers exactly as
without one, only later. A caller listening for the answer's beginnings
(`partial_answers.listening`, e.g. a talk's turn, line by line) hears each one when its
tokens would be decoded — first token, prompt read, the answer so far as JSON — before the
call returns, as a streaming server hands them on.

The meter (`figures()`): calls completed, calls in flight over wall time (time-weighted mean
and max), busy slot-seconds, the mean modelled service time (so the profile's throughput
limit for this call mix), queue waits (mean, max) and the longest queue. `restart_meter()`
starts the window afresh (e.g. after the town is built). Clock and sleep are injectable.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from cognition.llm.partial_answers import beginnings, listener_for
from cognition.llm.profiles import ServerProfile
from cognition.llm.task import Completion, InputT, LanguageModel, OutputT, Task
from cognition.llm.token_estimate import (
    answer_tokens,
    estimate_tokens,
    model_written,
    prompt_tokens,
)

__all__ = ["ProfileFigures", "ProfiledModel"]


@dataclass(frozen=True)
class ProfileFigures:
    """What a profiled model served over a window of wall time."""

    elapsed_s: float  # the window's wall time
    calls: int  # calls completed in it
    busy_slot_s: float  # slot-seconds in use (the integral of calls in flight)
    max_in_flight: int
    max_waiting: int  # the longest queue for a slot
    service_s: float  # the modelled service times of the completed calls, summed
    queue_wait_s: float  # time the completed calls waited for a slot, summed
    max_queue_wait_s: float
    slots: int

    @property
    def mean_in_flight(self) -> float:
        """Calls in flight, averaged over the window's wall time."""
        return self.busy_slot_s / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def mean_service_s(self) -> float | None:
        return self.service_s / self.calls if self.calls else None

    @property
    def mean_queue_wait_s(self) -> float | None:
        return self.queue_wait_s / self.calls if self.calls else None

    @property
    def throughput_limit(self) -> float | None:
        """Calls a second the server could serve with this call mix (every slot busy)."""
        mean = self.mean_service_s
        return self.slots / mean if mean else None

    @property
    def calls_per_s(self) -> float:
        return self.calls / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def share_of_limit(self) -> float | None:
        """Calls served a second over what the server could serve: 1.0 = the server is
        the limit, not the town."""
        limit = self.throughput_limit
        return self.calls_per_s / limit if limit else None


class ProfiledModel:
    """`inner`'s answers, each after the profile's service time, at most `slots` at once."""

    def __init__(
        self,
        inner: LanguageModel,
        profile: ServerProfile,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.inner = inner
        self.profile = profile
        self._clock = clock
        self._sleep = sleep
        self._slots = threading.Condition()  # waiters are woken in the order they came
        self._in_flight = 0
        self._waiting = 0
        self._start = self._changed = clock()
        self._zero_meter()

    @property
    def label(self) -> str:
        return self.inner.label

    @property
    def in_flight(self) -> int:
        with self._slots:
            return self._in_flight

    @property
    def waiting(self) -> int:
        with self._slots:
            return self._waiting

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        started, waited = self._take_slot()
        service: float | None = None  # None: the inner model raised (not counted)
        try:
            completion = self.inner.complete(task, inputs, agent=agent)
            read = prompt_tokens(task, inputs) if self.profile.reads_prompt else 0
            written = answer_tokens(completion)
            service = self.profile.service_s(read, written)
            self._stream(task, completion, started, read, written)
            remaining = service - (self._clock() - started)
            if remaining > 0:
                self._sleep(remaining)
            return completion
        finally:
            self._free_slot(waited, service)

    def _stream(
        self,
        task: Task[InputT, OutputT],
        completion: Completion[OutputT],
        started: float,
        read: int,
        written: int,
    ) -> None:
        """Hand a listener for `task` (if any) each beginning of the answer when its
        tokens would be decoded: the answer so far as JSON, at most the whole's tokens."""
        listener = listener_for(task)
        if listener is None:
            return
        for partial in beginnings(completion.output, listener.field):
            so_far = min(written, estimate_tokens(json.dumps(model_written(partial))))
            due = started + self.profile.service_s(read, so_far) - self._clock()
            if due > 0:
                self._sleep(due)
            listener.hear(partial)

    def restart_meter(self) -> None:
        """Start a new metering window now (calls in flight carry over)."""
        with self._slots:
            self._start = self._changed = self._clock()
            self._zero_meter()
            self._max_in_flight = self._in_flight
            self._max_waiting = self._waiting

    def figures(self) -> ProfileFigures:
        """The meter from the window's start until now."""
        with self._slots:
            self._account(self._clock())
            return ProfileFigures(
                elapsed_s=self._changed - self._start,
                calls=self._calls,
                busy_slot_s=self._busy,
                max_in_flight=self._max_in_flight,
                max_waiting=self._max_waiting,
                service_s=self._service,
                queue_wait_s=self._queue_wait,
                max_queue_wait_s=self._max_queue_wait,
                slots=self.profile.slots,
            )

    def _zero_meter(self) -> None:
        self._calls = 0
        self._busy = self._service = self._queue_wait = self._max_queue_wait = 0.0
        self._max_in_flight = self._max_waiting = 0

    def _account(self, now: float) -> None:
        """Add the slot-seconds since the last change (the lock is held)."""
        self._busy += self._in_flight * max(0.0, now - self._changed)
        self._changed = max(self._changed, now)

    def _take_slot(self) -> tuple[float, float]:
        """Wait for a free slot; when the call started and how long it waited."""
        with self._slots:
            queued = self._clock()
            if self._in_flight >= self.profile.slots:
                self._waiting += 1
                self._max_waiting = max(self._max_waiting, self._waiting)
                while self._in_flight >= self.profile.slots:
                    self._slots.wait()
                self._waiting -= 1
            started = self._clock()
            self._account(started)
            self._in_flight += 1
            self._max_in_flight = max(self._max_in_flight, self._in_flight)
            return started, started - queued

    def _free_slot(self, waited: float, service: float | None) -> None:
        with self._slots:
            self._account(self._clock())
            self._in_flight -= 1
            if service is not None:
                self._calls += 1
                self._service += service
                self._queue_wait += waited
                self._max_queue_wait = max(self._max_queue_wait, waited)
            self._slots.notify()

"""A circuit breaker per thinking step: a step the model keeps failing stops costing.

`StepBreaker(inner, standby)` watches the last `window` answers `inner` (the model) gave for
each task name. When at least `min_calls` of them are in and `trip_ratio` of them were
unusable (`Source.FALLBACK`: the model's answers did not validate, the server kept failing…),
the step's circuit opens: its calls go to `standby` — the offline brain, which answers every
task by rule — and the completion says so (`Source.OFFLINE`), so usage and traces show what
really answered. After `cool_down_calls` calls on standby, one trial call goes to the model
(half-open): a usable answer closes the circuit (window cleared, cool-down back to the
start), an unusable one re-opens it for twice as long (up to `max_cool_down_calls`).

The cool-down is counted in calls of that step, not in seconds: the waste is bounded as a
share of the step's calls (at most one trial per `cool_down_calls`, i.e. ≤ 2 % with the
defaults) whatever the game speed — `smallville simulate` runs far faster than the clock —
and tests need no clock.

A server that answers nothing at all — `silent_calls` (3) model calls in a row, of any steps,
that fell back without a word from it (`raw` None: timeouts, refused or dropped connections) —
trips every step at once, and a step first seen while it is down starts on standby: a dead
server costs about one timeout per thinking lane, not `min_calls` timeouts per step. A usable
trial answer lifts that.

Calls that raise (`BudgetReached`…) go on up unchanged and are not counted. Each trip leaves
one human notice (`take_notices()`), and so does each recovery; `state()` is a snapshot for
reports. Thread-safe: the model is called outside the lock.
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass, replace
from enum import StrEnum

from cognition.llm.task import Completion, InputT, LanguageModel, OutputT, Source, Task

__all__ = ["CircuitState", "StepBreaker", "StepState", "TypedFallbacks"]


class _Route(StrEnum):
    MODEL = "model"
    TRIAL = "trial"
    STANDBY = "standby"


class CircuitState(StrEnum):
    CLOSED = "closed"  # the model answers the step
    OPEN = "open"  # the standby answers the step
    HALF_OPEN = "half-open"  # one trial call is at the model; the others go to the standby


@dataclass(frozen=True)
class StepState:
    """One step (task name) as the breaker sees it."""

    task: str
    state: CircuitState
    calls: int  # every call of the step through the breaker
    model_calls: int  # calls the model answered (trials included)
    unusable: int  # of those, unusable (`Source.FALLBACK`)
    standby_answers: int  # calls the standby answered while the circuit was open
    trips: int  # times the circuit opened from closed

    @property
    def is_open(self) -> bool:
        """On standby (a trial in flight counts: the step is not back yet)."""
        return self.state is not CircuitState.CLOSED


@dataclass
class _Step:
    window: deque[bool]  # True: the answer was unusable
    cool_down: int
    state: CircuitState = CircuitState.CLOSED
    remaining: int = 0  # standby calls left before the next trial
    calls: int = 0
    model_calls: int = 0
    unusable: int = 0
    standby_answers: int = 0
    trips: int = 0

    def snapshot(self, task: str) -> StepState:
        return StepState(
            task,
            self.state,
            self.calls,
            self.model_calls,
            self.unusable,
            self.standby_answers,
            self.trips,
        )


class StepBreaker:
    """Wraps a `LanguageModel`; sends the steps it keeps failing to `standby` for a while."""

    def __init__(
        self,
        inner: LanguageModel,
        standby: LanguageModel,
        *,
        window: int = 10,
        trip_ratio: float = 0.7,
        min_calls: int = 5,
        cool_down_calls: int = 50,
        max_cool_down_calls: int = 800,
        silent_calls: int = 3,
    ) -> None:
        if window < 1 or not 1 <= min_calls <= window:
            raise ValueError("need 1 <= min_calls <= window")
        if not 0.0 < trip_ratio <= 1.0:
            raise ValueError("trip_ratio must be in (0, 1]")
        if cool_down_calls < 0 or max_cool_down_calls < cool_down_calls:
            raise ValueError("need 0 <= cool_down_calls <= max_cool_down_calls")
        self.inner = inner
        self.standby = standby
        self.window = window
        self.trip_ratio = trip_ratio
        self.min_calls = min_calls
        self.cool_down_calls = cool_down_calls
        self.max_cool_down_calls = max_cool_down_calls
        self.silent_calls = max(1, silent_calls)
        self._lock = threading.Lock()
        self._steps: dict[str, _Step] = {}
        self._notices: list[str] = []
        self._silent = 0  # model calls in a row the server answered nothing to
        self._server_down = False  # tripped every step for a silent server

    @property
    def label(self) -> str:
        return self.inner.label

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        with self._lock:
            step = self._step(task.name)
            step.calls += 1
            route = self._route(step)
            if route is _Route.STANDBY:
                step.standby_answers += 1
        if route is _Route.STANDBY:
            answer = self.standby.complete(task, inputs, agent=agent)
            return replace(answer, answered_by=answer.answered_by or self.standby.label)
        try:
            completion = self.inner.complete(task, inputs, agent=agent)
        except BaseException:
            if route is _Route.TRIAL:
                with self._lock:
                    step.state = CircuitState.OPEN  # remaining is 0: the next call tries again
            raise
        with self._lock:
            unusable = completion.source is Source.FALLBACK
            self._record(task.name, step, unusable, trial=route is _Route.TRIAL)
            self._note_server(unanswered=unusable and completion.raw is None, usable=not unusable)
        return completion

    # -- what the game reads -----------------------------------------------------------------

    def take_notices(self) -> list[str]:
        """The notices since the last call (each trip and each recovery once)."""
        with self._lock:
            notices, self._notices = self._notices, []
        return notices

    def state(self) -> dict[str, StepState]:
        """Every step seen so far, by task name."""
        with self._lock:
            return {name: step.snapshot(name) for name, step in sorted(self._steps.items())}

    @property
    def trips(self) -> int:
        """Trips of all steps together."""
        with self._lock:
            return sum(step.trips for step in self._steps.values())

    def open_steps(self) -> list[str]:
        """The task names on standby now, sorted."""
        with self._lock:
            return sorted(
                name for name, step in self._steps.items() if step.state is not CircuitState.CLOSED
            )

    # -- under the lock ----------------------------------------------------------------------

    def _step(self, name: str) -> _Step:
        step = self._steps.get(name)
        if step is None:
            step = self._steps[name] = _Step(deque(maxlen=self.window), self.cool_down_calls)
            if self._server_down:  # a silent server: a new step starts on standby too
                step.state, step.remaining = CircuitState.OPEN, step.cool_down
        return step

    def _note_server(self, *, unanswered: bool, usable: bool) -> None:
        """Count calls the server answered nothing to; trip every step after `min_calls`."""
        if usable:
            self._silent, self._server_down = 0, False
            return
        self._silent = self._silent + 1 if unanswered else 0
        if self._silent < self.silent_calls or self._server_down:
            return
        self._server_down = True
        for step in self._steps.values():
            if step.state is CircuitState.CLOSED:
                step.state, step.remaining = CircuitState.OPEN, step.cool_down
                step.trips += 1
                step.window.clear()
        self._notices.append(
            f"The model server answers nothing; the {self.standby.label} answers every step "
            "for now."
        )

    def _route(self, step: _Step) -> _Route:
        if step.state is CircuitState.CLOSED:
            return _Route.MODEL
        if step.state is CircuitState.HALF_OPEN:
            return _Route.STANDBY  # one trial at a time
        if step.remaining > 0:
            step.remaining -= 1
            return _Route.STANDBY
        step.state = CircuitState.HALF_OPEN
        return _Route.TRIAL

    def _record(self, name: str, step: _Step, unusable: bool, *, trial: bool) -> None:
        step.model_calls += 1
        step.unusable += unusable
        if trial:
            if unusable:  # still failing: wait longer before the next trial
                step.cool_down = min(step.cool_down * 2 or 1, self.max_cool_down_calls)
                step.state, step.remaining = CircuitState.OPEN, step.cool_down
            else:
                step.state, step.cool_down = CircuitState.CLOSED, self.cool_down_calls
                step.window.clear()
                self._notices.append(f"The model answers {name} again.")
            return
        if step.state is not CircuitState.CLOSED:
            return  # a late answer from before the trip: the circuit is already open
        step.window.append(unusable)
        failed = sum(step.window)
        if len(step.window) >= self.min_calls and failed >= self.trip_ratio * len(step.window):
            step.state, step.remaining = CircuitState.OPEN, step.cool_down
            step.trips += 1
            step.window.clear()
            self._notices.append(
                f"The model can't do {name}; the {self.standby.label} answers it for now."
            )


class TypedFallbacks:
    """A standby for when no offline brain is at hand: each task's typed fallback, honestly
    labelled `Source.FALLBACK`."""

    @property
    def label(self) -> str:
        return "built-in fallback"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        error = f"the model keeps failing {task.name}: on standby"
        return Completion(task.fallback(inputs), Source.FALLBACK, attempts=0, error=error)

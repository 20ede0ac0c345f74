"""BOLAA's controller deciding per call: a cascade from the small model to the large one.

The routes table (`LaborPool`) sends each step to fixed endpoints. `Cascade` decides each
call from the state instead:

- a *hard* call goes straight to the large endpoint: one the player waits on (talking with
  the player, an interview: `CallPriority.PLAYER`) or one of `HARD_STEPS` (reflection);
- every other call goes to the small endpoint first; when its answer is not a usable model
  answer — it failed validation (the typed fallback answered: `Source.FALLBACK`), no answer
  came, or the small lane's step breaker answered from the offline brain (`Source.OFFLINE`)
  — the call is *escalated*: asked again of the large endpoint, whose answer stands (its
  trace is answered by "large (model) after small").

Both endpoints keep what the pool gives every lane (least loaded, the endpoint health and
its fallback route, the spending cap, the meter per route: an escalated call is metered on
both). `figures()` counts what the controller decided, in all and per step: calls kept on
the small model, escalated, sent large as hard; the run report shows them under
`routes.cascade`.

A routes file asks for it with `"controller": "cascade"` and endpoints named `small` and
`large`; the `cascade` preset builds that from the small-large flags.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import Counter
from collections.abc import Mapping
from typing import Any

from cognition.llm.pool import LaborPool, Lane
from cognition.llm.priority import CallPriority, call_priority
from cognition.llm.routes import PoolSettings, step_of
from cognition.llm.task import Completion, InputT, OutputT, Source, Task

__all__ = ["HARD_STEPS", "LARGE", "SMALL", "Cascade", "usable"]

SMALL, LARGE = "small", "large"
# the steps that always go to the large model: what a small model does worst (reflection's
# questions and insights over a hundred memories)
HARD_STEPS = ("reflect",)


def usable(completion: Completion[Any]) -> bool:
    """A model's own answer that validated (or the cache's copy of one)."""
    return completion.source in (Source.MODEL, Source.CACHE)


class Cascade(LaborPool):
    """Small model first, the large one for hard calls and failed answers; see the module
    docstring. Without an endpoint named `small` or `large` (left out: its key unset, its
    connection test failed) its calls go to the fallback route, and a notice says so."""

    def __init__(self, settings: PoolSettings, lanes: Mapping[str, Lane], **limits: Any) -> None:
        super().__init__(settings, lanes, **limits)
        for name in (SMALL, LARGE):
            if name not in lanes:  # not defined, or left out (its key unset, its test failed)
                elsewhere = " or ".join(settings.fallback)
                self._notices.append(
                    f"cascade: no endpoint named {name!r} in the pool; its calls go to {elsewhere}"
                )
        self.hard_steps = frozenset(HARD_STEPS)
        self._counts_lock = threading.Lock()
        self._counts: dict[str, Counter[str]] = {}

    @property
    def label(self) -> str:
        return f"cascade ({self.settings.name}: small, escalating to large)"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        step = step_of(task.name)
        if self.is_hard(step):
            self._count(step, "hard")
            return self.complete_on((LARGE,), task, inputs, agent=agent)
        first = self.complete_on((SMALL,), task, inputs, agent=agent)
        if usable(first):
            self._count(step, "small")
            return first
        self._count(step, "escalated")
        second = self.complete_on((LARGE,), task, inputs, agent=agent)
        # the decision trace (and the run record's traces) say the call was escalated
        return dataclasses.replace(second, answered_by=f"{second.answered_by} after {SMALL}")

    def is_hard(self, step: str) -> bool:
        """Whether this call goes straight to the large model: the player waits on it, or
        its step is one of the hard ones."""
        return step in self.hard_steps or call_priority() is CallPriority.PLAYER

    def _count(self, step: str, outcome: str) -> None:
        with self._counts_lock:
            self._counts.setdefault(step, Counter())[outcome] += 1

    def figures(self) -> dict[str, Any]:
        """Calls kept on the small model, escalated to the large one, and sent large as
        hard: in all and per step."""
        with self._counts_lock:
            by_step = {step: dict(counts) for step, counts in sorted(self._counts.items())}
        total: Counter[str] = Counter()
        for counts in by_step.values():
            total.update(counts)
        outcomes = ("small", "escalated", "hard")
        return {
            "hard_steps": sorted(self.hard_steps),
            **{outcome: total[outcome] for outcome in outcomes},
            "by_step": {
                step: {outcome: counts.get(outcome, 0) for outcome in outcomes}
                for step, counts in by_step.items()
            },
        }

"""What the director's minds are doing right now, asked without reaching into its parts:
`MindDirector.thinking_now()` → `ThinkingNow`, a view over its job board and its slots.

    now = living.director.thinking_now()
    now.busy()              # who has a job in flight
    now.ready()             # finished outcomes not applied yet, by whose slot holds them
    now.only_ahead("Ada")   # Ada's job in flight only thinks her next step ahead
    now.at_rest("Ada")      # Ada's mind as it was before her job began (a `rest_copier`'s)

A save taken while minds think (`persist/capture.py`) and the window's autosaver ask here;
the job board and the slots stay the director's. Main thread, like the director.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.bridge.jobs import JobBoard, Outcome
from game.bridge.residents import MindSlot
from game.bridge.rest_copies import COPY_WAIT_S, RestCopier


class ThinkingNow:
    """The minds at work at this moment: a view, holding nothing of its own."""

    def __init__(self, jobs: JobBoard, slots: Mapping[str, MindSlot]) -> None:
        self._jobs, self._slots = jobs, slots

    def busy(self) -> frozenset[str]:
        """The residents with a job (or errand) in flight."""
        return self._jobs.busy()

    def ready(self) -> dict[str, tuple[Outcome, ...]]:
        """The outcomes finished but not applied yet, by the resident whose slot holds them
        (a talk's is in its first member's); residents with none are left out."""
        return {name: tuple(slot.ready) for name, slot in self._slots.items() if slot.ready}

    def only_ahead(self, name: str) -> bool:
        """Whether `name`'s job in flight only thinks its next step ahead of its moment."""
        slot = self._slots.get(name)
        job = self._jobs.job_of(name)
        return slot is not None and job is not None and job == slot.ahead_job

    def at_rest(self, name: str, wait_s: float = COPY_WAIT_S) -> object:
        """`name`'s mind at rest: read now when no job holds it, else the copy its job took
        as it began (waiting `wait_s` at most for it); None when there is none."""
        return self._jobs.at_rest(name, wait_s)

    def keep_rest_copies(self, copier: RestCopier) -> None:
        """From now on each job first takes `copier(name)` of the minds it holds."""
        self._jobs.keep_rest_copies(copier)

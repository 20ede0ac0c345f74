"""Rating aside: a step's own call overlaps the rating of the mind's waiting observations.

A mind rates the observations waiting since its last step (`Agent.flush`: one
`rate_importance` call for those it cannot rate by reuse, then one write) before it
retrieves, so the rating is the first link of a serial chain of calls. For a step whose
retrieval is done and whose call reads no memory — react on someone just noticed, the view
of the one a talk is with — the rating need not come first: `rated_aside` rates and stores
the waiting observations on a thread of their own while the step's call runs, and the block
ends only once they are stored, before anything else of that mind retrieves.

The result never depends on which call returns first: the step retrieved (from what was
stored before) before the rating began, the block reads and writes no memory, and the
observations are stored when the block ends, whatever the order. What the step saw just
now reaches its prompt as its focal point (react's observation; the talk itself); the
observations are remembered, rated as ever, by the step's end.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import copy_context
from typing import Protocol

from cognition.agent_state import Unrated


class WaitingObservations(Protocol):
    """A mind with observations waiting to be rated (`cognition.agent.Agent`)."""

    def take_waiting(self) -> list[Unrated]: ...

    def store_rated(self, waiting: list[Unrated]) -> None: ...


@contextmanager
def rated_aside(mind: WaitingObservations) -> Iterator[None]:
    """While the block runs (a model call that reads and writes no memory), `mind`'s waiting
    observations are rated and stored on a thread; the block ends once they are stored (an
    error of the rating is raised then, as `Agent.flush` would raise it)."""
    waiting = mind.take_waiting()
    if not waiting:
        yield
        return
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="rating") as aside:
        stored = aside.submit(copy_context().run, mind.store_rated, waiting)
        try:
            yield
        finally:
            stored.result()

"""A talk ends for all its members at once, before any of them thinks again: its outcome
(in the opener's slot) applies at the update of whichever member comes first, so the main
thread never resumes the plan of a mind whose next decision is already being thought. Were
it applied at the opener's own update, a member updated earlier would start a decision
first, and `resume_plan` on the main thread would race that decision's `act` on a worker —
which of the two wrote the mind's current step last changed the run (issue 30: the bundled
town's seed 0 gave either of two talks at 12:55)."""

from __future__ import annotations

import threading
from datetime import timedelta

from cognition import Agent
from game.bridge.lockstep import LockstepRunner
from game.bridge.town_minds import LivingTown

from .test_talk_lines import ISABELLA, KLAUS, MakeTown, at_ten_in_the_cafe


def spy_on_resumes(living: LivingTown, name: str) -> list[int | None]:
    """Every `resume_plan` of `name`'s mind made on the main thread, as the job `name` had in
    flight at that moment (None: none)."""
    mind: Agent = living.minds[name]
    resumed: list[int | None] = []
    resume = mind.resume_plan

    def spied() -> None:
        if threading.current_thread() is threading.main_thread():
            resumed.append(living.director.jobs.job_of(name))
        resume()

    mind.resume_plan = spied  # type: ignore[method-assign]
    return resumed


def test_a_talk_ends_for_every_member_before_any_of_them_decides_again(
    make_town: MakeTown,
) -> None:
    living = at_ten_in_the_cafe(make_town)
    director, clock = living.director, living.clock
    order = [resident.name for resident in living.population]
    # the member updated first is not the opener (whose slot receives the talk's outcome),
    # and it is due as soon as the talk lets it go
    first, opener = sorted((ISABELLA, KLAUS), key=order.index)
    resumed = spy_on_resumes(living, first)
    director.slots[opener].queued = director.start_talk([opener, first], clock.now)
    director.slots[first].due = clock.now
    LockstepRunner(living).run_until(clock.now + timedelta(minutes=40))
    talk = director.talks.last_talk(first)
    assert talk is not None and set(talk.participants) == {opener, first}
    assert resumed, "the talk's end never resumed the member's plan"
    assert resumed == [None] * len(resumed), "a plan resumed while its mind was thinking"
    assert director.stats.decisions > 0

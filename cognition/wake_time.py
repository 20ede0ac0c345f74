"""A resident asleep when its new day begins plans that day at its wake-up hour, not at midnight.

The day plan is made by the first decision of a new day (`Agent.day_plan`: the outline, then
the hourly schedule, then the first hour — the longest calls of the day). For a resident
asleep by yesterday's plan that decision comes at midnight, when its sleep step ends: every
resident's at once, a burst a small server takes minutes to serve, while nobody needs a plan
before waking. So that decision only sleeps on until the resident's wake-up hour (its
persona's routine), with no model call, and the decision at the wake-up hour plans the day —
the bridge thinks it ahead of that moment (`game.bridge.waking.plans_soon`), so the plan is
there when the resident gets up, and the town's day plans are spread by wake time.

A resident spoken to or in a talk, awake by its plan (its activity is not sleep), already up
at its wake-up hour, or with no plan of an earlier day (a town's first day: the town starts
with everyone deciding, `game.bridge.waking`) plans at once, as before.
"""

from __future__ import annotations

from cognition.contract import Perception, Wait
from cognition.persona import Persona
from cognition.plan import DayPlan, minute_of_day
from cognition.settings import MindSettings
from cognition.steps.common import contains_word

__all__ = ["sleep_until_wake"]


def sleep_until_wake(
    persona: Persona, settings: MindSettings, plan: DayPlan | None, perception: Perception
) -> Wait | None:
    """Sleeping on until the wake-up hour, when `perception` is the new day's first decision
    of a resident asleep by an earlier day's `plan`; None: decide now (plan the day)."""
    now = perception.time
    if not settings.planning or plan is None or plan.day >= now.date():
        return None  # the day is planned already, or planning costs nothing, or a first day
    if perception.utterances or perception.in_conversation_with:
        return None  # woken
    if not contains_word(perception.current_activity, settings.undecomposed_words):
        return None  # awake
    left = persona.routine.wake_hour * 60 - minute_of_day(now)
    return Wait(minutes=left, activity=perception.current_activity) if left > 0 else None

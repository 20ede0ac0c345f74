"""A relived day yields to news of today: the rest of it is planned afresh.

A day relived from the `DayBook` (`steps.day_reuse`) was keyed by what memory held of
today when it began (`today_facts`: an event known to be today, an intention for today).
A non-relived day heard of such a fact at its start and planned around it by calls; news
that comes later reaches any day the same two ways — a commitment made in the talk becomes
an appointment fitted into the plan (`Agent.keep_appointments`), and the hour's plan
recalls the memory (`steps.hour_plan`) — but a relived day's outline never saw it. So when
a fact about today that was not in memory when the day was relived turns up in memory's
fields (never its words), the relived plan yields: the day is planned as a non-relived day
with that knowledge is, by the same calls (`planning.plan_new_day`: `day_plan` and
`hourly_schedule`, or an earlier day kept under the new key), and its hours from now on
replace the relived ones. Once a day, as the day is then planned, not relived.
"""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from cognition.contract import Perception
from cognition.persona import Persona
from cognition.plan import DayPlan, PlanStep, minute_of_day
from cognition.steps.context import StepContext
from cognition.steps.day_reuse import DayBook, today_facts
from cognition.steps.planning import plan_new_day


class DayState(Protocol):
    """What of a mind's state a relived day reads and replaces (`AgentState`)."""

    day_book: DayBook
    yesterday: str
    plan: DayPlan | None
    current: PlanStep | None


class PlanningMind(Protocol):
    """The mind whose day is relived (`cognition.agent.Agent`)."""

    @property
    def persona(self) -> Persona: ...

    @property
    def state(self) -> DayState: ...

    def context(self, now: datetime) -> StepContext: ...

    def summary(self, now: datetime) -> str: ...


def has_news_of_today(ctx: StepContext, book: DayBook) -> bool:
    """Whether memory holds a fact about today the relived day was not keyed by (False
    when today is not relived; memories are read only when there are new ones)."""
    today = ctx.now.date()
    if book.relived is None or book.relived.day != today:
        return False
    records = ctx.memory.all()
    if len(records) == book.relived.memories:
        return False
    book.relived = book.relived.model_copy(update={"memories": len(records)})
    return not today_facts(records, ctx.agent, today) <= set(book.relived.facts)


def yield_to_news(mind: PlanningMind, plan: DayPlan, perception: Perception) -> DayPlan:
    """Today's `plan`, its hours from now on planned afresh (and kept as the mind's plan)
    when it is relived and memory holds news of today it was not keyed by."""
    now, state = perception.time, mind.state
    ctx, book = mind.context(now), state.day_book
    if not has_news_of_today(ctx, book):
        return plan
    book.relived, book.yielded = None, book.yielded + 1
    yesterday = state.yesterday or mind.persona.currently
    fresh = plan_new_day(ctx, mind.summary(now), yesterday, perception.known_places, book)
    minute = minute_of_day(now)
    outline = [s for s in plan.outline if s.start < minute]
    outline += [s for s in fresh.outline if s.start >= minute]
    rewritten = plan.rewritten(minute, fresh.remaining(minute))
    state.plan, state.current = rewritten.model_copy(update={"outline": tuple(outline)}), None
    return state.plan

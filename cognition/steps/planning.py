"""Planning a new day: recall today's intentions (and read today's engagements from every
memory's fields), outline the day, break it into hours."""

from __future__ import annotations

import re
from datetime import date

from cognition.contract import KnownPlaces
from cognition.memory.engagements import engagements
from cognition.memory.records import MemoryRecord
from cognition.plan import DayPlan
from cognition.steps.common import memory_lines
from cognition.steps.context import StepContext
from cognition.steps.day_plan import plan_day, plan_inputs
from cognition.steps.hourly import decompose_hourly


def place_lines(places: KnownPlaces) -> list[str]:
    """ "Hobbs Cafe (public, open 08:00-20:00)" for each known sector."""
    lines = []
    for sector in places.sectors:
        notes = [
            n for n in (sector.kind, f"open {sector.open_hours}" if sector.open_hours else "") if n
        ]
        lines.append(f"{sector.name} ({', '.join(notes)})" if notes else sector.name)
    return lines


# memories naming today's date ("on February 14") a day plan is shown besides the recalled
DATED_MEMORIES = 5


def dated(ctx: StepContext, today: date, recalled: set[str]) -> list[MemoryRecord]:
    """The latest few memories that name `today` ("… on February 14 …") and were not
    recalled: an event planned weeks ago must not depend on relevance scores alone."""
    phrase = re.compile(rf"\b{today:%B} {today.day}\b")
    found = [r for r in ctx.memory.all() if r.id not in recalled and phrase.search(r.text)]
    return sorted(found, key=lambda r: r.created)[-DATED_MEMORIES:]


def plan_new_day(ctx: StepContext, summary: str, yesterday: str, places: KnownPlaces) -> DayPlan:
    """Today's plan (today is `ctx.now`'s day): an outline and hour chunks, both covering
    the whole day, from the summary, yesterday, the known places and what memory holds for
    today."""
    today = ctx.now.date()
    query = f"{ctx.agent}'s plans, events and invitations for {today:%A %B} {today.day}"
    recalled = [hit.record for hit in ctx.recall(query)]
    intentions = memory_lines(recalled + dated(ctx, today, {r.id for r in recalled}))
    engaged = engagements((r.about for r in ctx.memory.all()), ctx.agent, today)
    inputs = plan_inputs(ctx, summary, yesterday, place_lines(places), intentions, engaged)
    outline = plan_day(ctx, inputs)
    hourly = decompose_hourly(ctx, summary, outline)
    return DayPlan(day=today, outline=outline, hourly=hourly)

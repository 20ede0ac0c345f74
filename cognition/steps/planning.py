"""Planning a new day: recall today's intentions (and read today's engagements from every
memory's fields), outline the day, break it into hours (or reuse an earlier day planned
under the same context, `steps.day_reuse`)."""

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
from cognition.steps.day_reuse import DayBook, KeptDay, RelivedDay, day_key, today_facts
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


def plan_new_day(
    ctx: StepContext,
    summary: str,
    yesterday: str,
    places: KnownPlaces,
    book: DayBook | None = None,
) -> DayPlan:
    """Today's plan (today is `ctx.now`'s day): an outline and hour chunks, both covering
    the whole day, from the summary, yesterday, the known places and what memory holds for
    today — or, with a `book` and `plan_reuse` and `day_reuse` on, an earlier day's planned
    under the same context on `routine_days` days (`steps.day_reuse`), without a call."""
    today = ctx.now.date()
    query = f"{ctx.agent}'s plans, events and invitations for {today:%A %B} {today.day}"
    recalled = [hit.record for hit in ctx.recall(query)]
    named = dated(ctx, today, {r.id for r in recalled})
    settings = ctx.settings
    book = book if settings.plan_reuse and settings.day_reuse else None
    remembered = ctx.memory.all()
    key = day_key(ctx.agent, today, recalled, named, remembered) if book is not None else None
    routine = settings.routine_days
    kept = book.earlier(key, today, routine) if book is not None and key is not None else None
    if book is not None:
        book.count(reused=kept is not None)
    if book is not None and kept is not None:
        facts = tuple(sorted(today_facts(remembered, ctx.agent, today)))
        book.relived = RelivedDay(day=today, facts=facts, memories=len(remembered))
        return DayPlan(day=today, outline=kept.outline, hourly=kept.hourly)
    engaged = engagements((r.about for r in remembered), ctx.agent, today)
    intentions = memory_lines(recalled + named)
    inputs = plan_inputs(ctx, summary, yesterday, place_lines(places), intentions, engaged)
    outline = plan_day(ctx, inputs)
    hourly = decompose_hourly(ctx, summary, outline)
    if book is not None and key is not None:
        book.keep(key, KeptDay(day=today, outline=outline, hourly=hourly))
    return DayPlan(day=today, outline=outline, hourly=hourly)

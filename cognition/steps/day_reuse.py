"""Day reuse: a day with nothing new is planned as an earlier day with nothing new was.

Affordable Generative Agents' lifestyle policies (Yu et al. 2024) reuse a plan where the
situation matches. A resident keeps the days it planned by a call (outline and hour chunks)
in a `DayBook`, part of its `AgentState`, under the day's context (`day_key`): whether it is
a weekday, and the facts recalled for planning it that bear on a day — the intentions its
memories record (undated, or for today or later: an appointment, an adopted plan, a refusal)
and the events it knows of (news with a day) that are today or still to come, each with
whether it is today — and, from every memory (not only the recalled: a relevance score
must not hide it), the events known to be today and the intentions for today
(`today_facts`). A new intention, an event coming nearer or one more known makes the
day planned afresh (two calls, `day_plan` and `hourly_schedule`); so does any memory that
names today's date (`planning.dated`). An earlier day planned under the same key is reused
without a call: its outline and hours, for today. Today's appointments are fitted into it
afterwards as into any plan (`Agent.keep_appointments`). The book keeps at most
`MAX_DAYS` days and counts the days reused and planned by a call. A relived day remembers
the facts about today it was keyed by (`RelivedDay`): news of today heard later makes the
rest of it planned afresh (`steps.relived_day`; counted as `yielded`, and as planned).

A day is a habit before it is reused: the lifestyle policies reuse a plan the agent has
followed, and a day planned once under a context is not yet a routine. An earlier day is
reused only once its context was planned by calls on `routine` days (`KeptDay.planned`,
`MindSettings.routine_days`, 2 by default): a resident plans its first two days with nothing
new afresh (each brings other places and people), and lives the latest of them again from
the third. Reused from the second day (`routine_days` 1), a relived day meets the same
people again: on the offline town (seed 0) the scenario's news reached 40 % of the residents
instead of 68 %. Off when `MindSettings.day_reuse` or `plan_reuse` is off (the `no plan
reuse` variant plans every day by calls).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime

from pydantic import BaseModel, Field

from cognition.memory.fields import News
from cognition.memory.records import MemoryKind, MemoryRecord
from cognition.plan import PlanStep
from cognition.steps.plan_reuse import reuse_key

MAX_DAYS = 14  # the days a resident remembers how it planned


class KeptDay(BaseModel):
    """A day as planned by a call: its outline and hour chunks, and which day it was."""

    day: date
    outline: tuple[PlanStep, ...]
    hourly: tuple[PlanStep, ...]
    planned: int = Field(default=1, ge=1)  # days planned by calls under its key (1: older saves)


class RelivedDay(BaseModel):
    """The day relived now: its facts about today (`today_facts`) and the memories then."""

    day: date
    facts: tuple[str, ...] = ()
    memories: int = Field(default=0, ge=0)  # memories held when last read


class DayBook(BaseModel):
    """A resident's past day plans, keyed by `day_key`, with the reuse counts."""

    days: dict[str, KeptDay] = Field(default_factory=dict)
    reused: int = Field(default=0, ge=0)  # days taken from the book, no call
    planned: int = Field(default=0, ge=0)  # days planned by calls
    relived: RelivedDay | None = None  # the day relived, until news of it plans it afresh
    yielded: int = Field(default=0, ge=0)  # relived days planned afresh on news of today

    def earlier(self, key: str, today: date, routine: int = 1) -> KeptDay | None:
        """The day kept under `key` if an earlier day was planned under it and its context
        was planned by calls on at least `routine` days (a habit); None otherwise."""
        kept = self.days.get(key)
        if kept is None or kept.day >= today or kept.planned < routine:
            return None
        return kept

    def keep(self, key: str, day: KeptDay) -> None:
        """Keep `day` under `key` — one more day planned under it — (the newest last; the
        oldest dropped beyond `MAX_DAYS`). The dict is replaced, never changed in place, so a
        reader never sees half of it."""
        before = self.days.get(key)
        if before is not None:
            day = day.model_copy(update={"planned": before.planned + 1})
        days = {k: v for k, v in self.days.items() if k != key}
        days[key] = day
        self.days = dict(list(days.items())[-MAX_DAYS:])

    def count(self, *, reused: bool) -> None:
        if reused:
            self.reused += 1
        else:
            self.planned += 1


def event_day(news: News, today: date) -> date | None:
    """The day of an event ("February 14", read in today's year), None when it has none or
    it does not read."""
    if not news.day:
        return None
    try:
        return datetime.strptime(f"{news.day} {today.year}", "%B %d %Y").date()
    except ValueError:
        return None


def day_facts(record: MemoryRecord, agent: str, today: date) -> set[str]:
    """What a recalled memory tells that bears on planning `today` (see the module doc)."""
    about = record.about
    if about is None or record.kind == MemoryKind.PLAN:
        return set()
    facts = {
        f"intends:{i.person}/{i.deed}/{i.item}/{i.day}/{i.start}/{i.end}/{i.going}"
        + ("/today" if i.day == today else "")
        for i in about.intentions
        if i.day is None or i.day >= today
    }
    for news in about.news:
        when = event_day(news, today)
        if news.day and (when is None or when >= today):
            facts.add(f"event:{news.item}/{news.day}" + ("/today" if when == today else ""))
    return facts


def today_facts(records: Iterable[MemoryRecord], agent: str, today: date) -> set[str]:
    """The facts of every memory in `records` that are about `today` itself: an event
    known to be today, an intention for today (see `day_facts`). What memory holds of
    today as data is not left to a relevance score (`day_key`)."""
    facts: set[str] = set()
    for record in records:
        if record.about is not None and (record.about.news or record.about.intentions):
            facts |= {f for f in day_facts(record, agent, today) if f.endswith("/today")}
    return facts


def day_key(
    agent: str,
    today: date,
    recalled: Iterable[MemoryRecord],
    dated: list[MemoryRecord],
    remembered: Iterable[MemoryRecord] = (),
) -> str | None:
    """The day's reuse key: a weekday or not, the facts bearing on it of the memories
    `recalled` for planning it, and the facts about today itself of every memory
    `remembered` (`today_facts`: an event today heard of in a talk the planning query did
    not recall still makes the day new); None when a memory names today (`dated`):
    planned afresh."""
    if dated:
        return None
    facts = today_facts(remembered, agent, today)
    for record in recalled:
        facts |= day_facts(record, agent, today)
    weekend = "weekend" if today.weekday() >= 5 else "weekday"
    return reuse_key([agent, weekend, *sorted(facts)])

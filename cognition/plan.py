"""A day's plan: broad strokes, hour chunks, and the fine 5–15 minute actions.

Times inside a day are minutes since midnight (0–1440), so a plan is plain JSON. The hourly
schedule always covers the whole day with no gaps and no overlaps (`normalise` makes it so,
whatever a model answered); fine actions cover the stretches already decomposed.

A plan's text forms, each writer beside its reader (round trips in tests/cognition/test_plan.py):
an item "09:00–12:00 work at the shop" (`step_line`, `read_step_line`: what prompts show of
a plan, read back by the offline talk) and a day plan's memory "Ann's plan for Monday
February 13: 09:00–12:00 …; …" (`plan_text`, `read_plan_text`: read only for a plan memory
saved without fields). The memory's fields (`plan_fields`: whose plan, its day, its items,
the news items it concerns) are what the offline brain reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from pydantic import BaseModel, ConfigDict, Field

from cognition.contract import Address
from cognition.memory.fields import MemoryFields, News, PlanEntry

DAY_MINUTES = 24 * 60
STEP_LINE = re.compile(r"^(\d{1,2}:\d{2})\s*[–-]\s*(\d{1,2}:\d{2}) (.+)$")
PLAN_HEAD = re.compile(r"^([A-Z][\w'’-]+(?: [A-Z][\w'’-]+)+)'s plan for ([^:]+): (.*)$", re.DOTALL)


def minute_of_day(moment: datetime) -> int:
    """Minutes since midnight of `moment`."""
    return moment.hour * 60 + moment.minute


def clock(minute: int) -> str:
    """ "07:30" for 450; 1440 reads as "24:00"."""
    return f"{minute // 60:02d}:{minute % 60:02d}"


def parse_clock(text: str) -> int | None:
    """Minutes since midnight for "7:30", "07:30", "7 am", "5:15 pm"; None when unreadable."""
    cleaned = text.strip().lower().replace(".", "")
    suffix = ""
    for ending in ("am", "pm"):
        if cleaned.endswith(ending):
            suffix, cleaned = ending, cleaned[: -len(ending)].strip()
    hours_text, _, minutes_text = cleaned.partition(":")
    if not hours_text.isdigit() or (minutes_text and not minutes_text.isdigit()):
        return None
    hours, minutes = int(hours_text), int(minutes_text or 0)
    if suffix == "pm" and hours < 12:
        hours += 12
    if suffix == "am" and hours == 12:
        hours = 0
    if not (0 <= hours <= 24 and 0 <= minutes < 60) or hours * 60 + minutes > DAY_MINUTES:
        return None
    return hours * 60 + minutes


class PlanStep(BaseModel):
    """One stretch of a plan: from `start` (minute of day) for `minutes`, doing `activity`.

    Where, with what emoji and object state are settled when the step becomes an action (a
    decomposed step comes with its emoji, and often the object it uses and that object's
    state).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    start: int = Field(ge=0, le=DAY_MINUTES)
    minutes: int = Field(ge=1, le=DAY_MINUTES)
    activity: str
    address: Address | None = None
    emoji: str | None = None
    object_state: str | None = None
    # the object the action means to use, as its decomposition named it (with its state in
    # `object_state`); placing the step keeps it only when the chosen arena has it
    object: str | None = None

    @property
    def end(self) -> int:
        return self.start + self.minutes

    def covers(self, minute: int) -> bool:
        return self.start <= minute < self.end

    def describe(self) -> str:
        return step_line(self.start, self.end, self.activity)


def step_line(start: int, end: int, activity: str) -> str:
    """ "09:00–12:00 work at the shop" — a plan item as prompts and memories show it."""
    return f"{clock(start)}–{clock(end)} {activity}"


def read_step_line(text: str) -> PlanEntry | None:
    """`step_line`'s reader: None for a text of another form or unreadable times."""
    found = STEP_LINE.match(text.strip())
    if found is None:
        return None
    start, end = parse_clock(found[1]), parse_clock(found[2])
    if start is None or end is None or not found[3].strip():
        return None
    return PlanEntry(start=start, end=end, activity=found[3].strip())


class DayPlan(BaseModel):
    """One day's plan. `outline` is the broad strokes; `hourly` covers the whole day."""

    model_config = ConfigDict(extra="forbid")

    day: date
    outline: tuple[PlanStep, ...] = ()
    hourly: tuple[PlanStep, ...] = ()
    actions: tuple[PlanStep, ...] = ()

    def chunk_at(self, minute: int) -> PlanStep | None:
        return next((s for s in self.hourly if s.covers(minute)), None)

    def action_at(self, minute: int) -> PlanStep | None:
        return next((s for s in self.actions if s.covers(minute)), None)

    def remaining(self, minute: int) -> tuple[PlanStep, ...]:
        """Hour chunks from `minute` on, the current one trimmed to start there."""
        result: list[PlanStep] = []
        for step in self.hourly:
            if step.end <= minute:
                continue
            if step.start < minute:
                step = step.model_copy(update={"start": minute, "minutes": step.end - minute})
            result.append(step)
        return tuple(result)

    def rewritten(self, minute: int, steps: Sequence[PlanStep]) -> DayPlan:
        """The plan with `steps` (contiguous, from `minute` on) spliced into its hour chunks,
        and its fine actions from `minute` on dropped (they are decomposed again)."""
        actions = tuple(
            a.model_copy(update={"minutes": min(a.minutes, minute - a.start)})
            for a in self.actions
            if a.start < minute
        )
        return self.model_copy(update={"hourly": splice(self.hourly, steps), "actions": actions})

    def describe(self, since: int = 0) -> list[str]:
        """The outline as lines ("09:00–12:00 work at …"), those over by minute `since`
        left out."""
        return [step.describe() for step in self.outline if step.end > since]

    def title(self, name: str) -> str:
        """ "Ann's plan for Monday February 13": how the plan's memory begins."""
        return plan_title(name, self.day)


def plan_title(name: str, day: date) -> str:
    """ "Ann's plan for Monday February 13": how the memory of `name`'s plan for `day`
    begins."""
    return f"{name}'s plan for {day:%A %B} {day.day}"


def plan_text(name: str, plan: DayPlan) -> str:
    """A day plan as a memory: "Ann's plan for Monday February 13: 07:00–08:00 …; …"."""
    return f"{plan.title(name)}: " + "; ".join(plan.describe())


@dataclass(frozen=True)
class PlanText:
    """A day plan's memory read back: whose plan, for which day (as said), its items."""

    person: str
    day: str
    items: tuple[PlanEntry, ...]


def read_plan_text(text: str) -> PlanText | None:
    """`plan_text`'s reader: None for a text of another form."""
    found = PLAN_HEAD.match(text.strip())
    if found is None:
        return None
    items = tuple(e for part in found[3].split("; ") if (e := read_step_line(part)) is not None)
    return PlanText(found[1], found[2], items)


def plan_fields(name: str, plan: DayPlan, now: datetime, news: Sequence[News] = ()) -> MemoryFields:
    """A day plan's memory as fields: whose plan (`subject`), its day, its outline's items,
    when it was made, and the news items it concerns (`concerned_items`)."""
    entries = tuple(
        PlanEntry(start=s.start, end=s.end, activity=s.activity, item=entry_item(s, plan.day, news))
        for s in plan.outline
    )
    items = concerned_items(plan, news)
    return MemoryFields(
        subject=name,
        time=now,
        day=plan.day,
        plan=entries,
        items=items,
        item=items[0] if len(items) == 1 else "",
    )


def entry_item(step: PlanStep, day: date, news: Sequence[News]) -> str:
    """The news item whose event one outline item goes to ("" none): an event on `day`
    that the item names, or whose place it names during the event's hours (its `starts`
    and `ends`) — "work at the cafe" in the morning is no evening event there at 5 pm."""
    activity = step.activity.lower()
    for item in news:
        if item.day != f"{day:%B} {day.day}":
            continue
        if item.name and item.name.lower() in activity:
            return item.item
        at_place = bool(item.place) and item.place.lower() in activity
        if at_place and during(step, item):
            return item.item
    return ""


def during(step: PlanStep, news: News) -> bool:
    """Does `step` overlap the hours of `news`'s event (False: no event times)?"""
    if news.starts is None or news.ends is None:
        return False
    return step.start < minute_of_day(news.ends) and minute_of_day(news.starts) < step.end


def concerned_items(plan: DayPlan, news: Sequence[News]) -> tuple[str, ...]:
    """The news items whose event the plan takes its person to: an event on the plan's
    day (its `day` as "February 14") whose name or place an outline item names."""
    day = f"{plan.day:%B} {plan.day.day}"
    activities = [step.activity.lower() for step in plan.outline]
    found = [
        item.item
        for item in news
        if item.day == day
        and any(n and n.lower() in a for n in (item.name, item.place) for a in activities)
    ]
    return tuple(dict.fromkeys(found))


def normalise(
    entries: Iterable[tuple[int, str]], start: int = 0, end: int = DAY_MINUTES
) -> tuple[PlanStep, ...]:
    """Contiguous steps covering [start, end) from (start minute, activity) entries.

    Entries are sorted; each lasts until the next begins; entries before the span are
    clipped to it (the latest wins) and those after it dropped; the first is stretched back
    to `start`; of duplicates at one start the first is kept.
    """
    ordered: dict[int, str] = {}
    for minute, activity in sorted(entries, key=lambda pair: pair[0]):
        if minute >= end:
            continue
        text = activity.strip()
        if text and minute <= start:
            ordered[start] = text  # the latest entry at or before the span's start wins
        elif text and minute not in ordered:
            ordered[minute] = text
    if not ordered:
        return ()
    starts = sorted(ordered)
    activities = [ordered[m] for m in starts]
    starts[0] = start
    bounds = [*starts, end]
    merged: list[PlanStep] = []
    for index, activity in enumerate(activities):
        step = PlanStep(
            start=bounds[index], minutes=bounds[index + 1] - bounds[index], activity=activity
        )
        if merged and merged[-1].activity == activity:
            last = merged.pop()
            step = last.model_copy(update={"minutes": last.minutes + step.minutes})
        merged.append(step)
    return tuple(merged)


def splice(steps: Sequence[PlanStep], replacement: Sequence[PlanStep]) -> tuple[PlanStep, ...]:
    """`steps` with the span `replacement` covers replaced by it (replacement contiguous)."""
    if not replacement:
        return tuple(steps)
    low, high = replacement[0].start, replacement[-1].end
    kept: list[PlanStep] = []
    for step in steps:
        if step.end <= low or step.start >= high:
            kept.append(step)
            continue
        if step.start < low:
            kept.append(step.model_copy(update={"minutes": low - step.start}))
        if step.end > high:
            kept.append(step.model_copy(update={"start": high, "minutes": step.end - high}))
    return tuple(sorted([*kept, *replacement], key=lambda s: s.start))


def gaps_and_overlaps(steps: Sequence[PlanStep], start: int = 0, end: int = DAY_MINUTES) -> bool:
    """True when `steps` do NOT exactly tile [start, end)."""
    cursor = start
    for step in steps:
        if step.start != cursor:
            return True
        cursor = step.end
    return cursor != end

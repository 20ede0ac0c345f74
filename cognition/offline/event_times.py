"""When an event is, for the offline talk: today, an event's day and its hours.

Read from typed inputs: today is the input's `clock` (the game time as data), an event's
day and hours its news's `starts` and `ends`. Words are read only where there is no data:
an input recorded without a clock (`steps.common.read_when`, the reader beside `when`, its
writer) and an event known only from words — a persona's statement, a memory saved before
fields — whose day ("March 3") and span ("from 5 to 7 pm") are all there is (`SPAN`).
"""

from __future__ import annotations

import re
from datetime import date, datetime

from cognition.offline.facts import Fact
from cognition.offline.moment import PLAN_LINE
from cognition.plan import minute_of_day, parse_clock
from cognition.steps.common import read_when

SPAN = re.compile(r"from (\d{1,2}(?::\d{2})?)\s*(am|pm)? to (\d{1,2}(?::\d{2})?)\s*(am|pm)")


def today(clock: datetime | None, now: str = "") -> date | None:
    """Today's date: the input's typed clock, else the time its `now` says (an input that
    carries no clock), read by the reader beside its writer (`steps.common.read_when`)."""
    moment = clock or read_when(now)
    return moment.date() if moment is not None else None


def event_date(fact: Fact, day: date | None) -> date | None:
    """The day of `fact`'s event: its news's start as data, else (an event known only from
    words) its day's words in the year of `day`, today."""
    if fact.news is not None and fact.news.starts is not None:
        return fact.news.starts.date()
    if fact.event is None or day is None:
        return None
    try:
        return datetime.strptime(f"{fact.event.day} {day.year}", "%B %d %Y").date()
    except ValueError:
        return None


def event_hours(fact: Fact) -> tuple[int, int] | None:
    """The minutes of the day `fact`'s event runs: from its news's start and end as data,
    else (an event known only from words) from its span's words."""
    news = fact.news
    if news is not None and news.starts is not None and news.ends is not None:
        start = minute_of_day(news.starts)
        end = minute_of_day(news.ends) if news.ends.date() == news.starts.date() else 24 * 60
        return (start, end) if end > start else None
    return span_minutes(fact.event.span) if fact.event is not None else None


def span_minutes(span: str) -> tuple[int, int] | None:
    """An event's hours read from words ("from 5 to 7 pm"): a fact stated in prose only."""
    found = SPAN.search(span)
    if found is None:
        return None
    start = parse_clock(f"{found[1]} {found[2] or found[4]}")
    end = parse_clock(f"{found[3]} {found[4]}")
    if start is None or end is None or end <= start:
        return None
    return start, end


def soon(fact: Fact, day: date | None) -> bool:
    """An event today or tomorrow (`day`: today): what is coming up is what people talk
    about."""
    if fact.event is None:
        return False
    when = event_date(fact, day)
    return when is not None and day is not None and 0 <= (when - day).days <= 1


def begun(fact: Fact, clock: datetime | None) -> bool:
    """An event under way or over by the input's `clock` (its news's start as data): no
    longer news to pass on — nobody announces what the listener could be standing in."""
    news = fact.news
    return (
        clock is not None and news is not None and news.starts is not None and clock >= news.starts
    )


def clash(plan: list[str], span: tuple[int, int]) -> str | None:
    """What in today's plan (lines "17:00–19:00 work at …") keeps the speaker busy during
    `span`: working, or another event."""
    for line in plan:
        found = PLAN_LINE.match(line)
        if found is None:
            continue
        start, end = parse_clock(found[1]) or 0, parse_clock(found[2]) or 0
        if start < span[1] and span[0] < end and re.search(r"\bwork", found[3]):
            return "working"
    return None

"""A person's engagements on a day, read from memory fields: the events they host and what
they said they will go to — as data, never from a sentence's verbs.

An event a person hosts is news whose `host` is that person, with its start and end as data
(a scenario item with a host and an event: `News.host`, `starts`, `ends`); it becomes "host
the <name> at <place>". What they will go to is an intention of theirs
(`MemoryFields.intentions`: an accepted invitation, an appointment) with its day and times;
one they later refused (`going` False, remembered after) is dropped. What a person merely
heard of is no engagement of theirs.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime

from cognition.memory.fields import Intention, MemoryFields, News

__all__ = ["engagements", "hosting"]

DAY_MINUTES = 24 * 60


def _minutes(moment: datetime, day: date) -> int:
    """Minutes of `day` at `moment` (0 before it starts, a whole day after it ends)."""
    if moment.date() < day:
        return 0
    if moment.date() > day:
        return DAY_MINUTES
    return moment.hour * 60 + moment.minute


def hosting(news: News) -> Intention | None:
    """The host's intention to host the event `news` is ("host the Valentine's Day party at
    Hobbs Cafe", its day and hours); None when it has no host or no times as data."""
    if not news.host or news.starts is None or news.ends is None or news.ends <= news.starts:
        return None
    day = news.starts.date()
    start, end = _minutes(news.starts, day), _minutes(news.ends, day)
    if end <= start:
        return None
    name = news.name or news.kind
    deed = f"host the {name}" + (f" at {news.place}" if news.place else "")
    return Intention(person=news.host, deed=deed, item=news.item, day=day, start=start, end=end)


def engagements(fields: Iterable[MemoryFields | None], person: str, day: date) -> list[Intention]:
    """`person`'s engagements on `day`, in the order remembered: the events they host, then
    the intentions they said (the last word on a deed or item wins: a refusal after an
    acceptance drops it). Only those with a day and both times."""
    hosted: dict[str, Intention] = {}
    said: dict[str, Intention] = {}
    for about in fields:
        if about is None:
            continue
        for news in about.news:
            own = hosting(news)
            if own is not None and own.person == person and own.day == day:
                hosted.setdefault(own.item or own.deed, own)
        for intention in about.intentions:
            timed = intention.start is not None and intention.end is not None
            if intention.person == person and intention.day == day and timed:
                key = intention.item or intention.deed
                said.pop(key, None)  # the latest word moves to the end
                said[key] = intention
    kept = [i for key, i in said.items() if i.going and key not in hosted]
    return [*hosted.values(), *kept]

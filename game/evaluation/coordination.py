"""Coordination around an event (the party at Hobbs Cafe, 5–7 pm): who was invited, who
planned to go, who was there — from a run record.

- *Invited*: a resident other than the item's seeds who, before the event ended, was the
  listener of a conversation line carrying the item; the first such line says by whom and
  when. A line carries the item by the news it told as data (`lines.told`), judged by
  knowing's rule (`knowing.Judge`): a line whose `told` is "" told none; a line whose `told`
  is unknown (NULL: a migrated schema 1 record) is judged by the item's phrases on its
  words (`NewsItem.carried_in`). A schema 2 record written before "" marked a line that
  told none, whose lines name news (`states_news`) but never mark none, reads NULL as none.
- *Planned*: a resident one of whose memories written before the event ended records, in
  its typed fields, a plan to go to the item (`game.records.goings`): an entry of their day
  plan that goes to it (`PlanEntry.item`) or an intention they said to go (`Intention`, for
  the item, not a refusal), overlapping the event's window (an intention without times
  counts). In a record whose plans carry no items as data (no plan memory's fields hold a
  plan: a record made before plans had fields) by the plan rows' words, as before: any plan
  row (day plan, re-plan, decomposition) with a step overlapping the window whose activity
  carries the item or names the event's place, or whose address is at the place.
- *There*: a resident at the place (their position row's place is the event's place or
  inside it) for at least the event's `min_minutes` of its window; `guests` are those who
  are not seeds (the host aside, as in the paper's "5 came").

A record that ends before the event starts has not reached it (`status` "not reached");
one that ends during it is measured up to its end ("partly").
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, Literal

from game.evaluation.knowing import Judge
from game.evaluation.scenario import Event, NewsItem, carries
from game.records import Going, LineRow, RunRecord, goings, states_plan

__all__ = ["Coordination", "Invitation", "at_place", "measure_coordination", "said_lines"]

Status = Literal["not reached", "partly", "whole"]
PLAN_PARTS = ("outline", "hourly", "actions")


@dataclass(frozen=True)
class Invitation:
    guest: str
    by: str
    time: datetime
    line: str  # what was said


@dataclass(frozen=True)
class Coordination:
    item: str  # the news item's id
    event: Event
    status: Status
    observed_until: datetime  # the event's end, or the record's when it ends sooner
    invited: tuple[Invitation, ...]  # the first invitation of each guest, in time order
    planned: dict[str, datetime]  # resident → when their first such plan was written
    minutes_there: dict[str, float]  # resident → game minutes at the place in the window
    attended: tuple[str, ...]  # at the place for at least min_minutes
    guests: tuple[str, ...]  # attended, seeds aside
    presence: tuple[tuple[datetime, int], ...]  # residents at the place, minute by minute
    unreadable_plans: int  # plan rows whose JSON could not be read (skipped)

    @property
    def invited_and_came(self) -> tuple[str, ...]:
        came = set(self.attended)
        return tuple(invitation.guest for invitation in self.invited if invitation.guest in came)


def at_place(place: str, event_place: str) -> bool:
    """True when the readable address `place` ("Hobbs Cafe: cafe: counter") is the event's
    place ("Hobbs Cafe" or "Hobbs Cafe: cafe") or inside it."""
    return place == event_place or place.startswith(event_place + ":")


def measure_coordination(
    record: RunRecord, item: NewsItem, record_end: datetime
) -> Coordination | None:
    """The item's event as the record shows it; None for an item without an event."""
    event = item.event
    if event is None:
        return None
    observed_until = min(event.ends, record_end)
    status: Status = (
        "not reached"
        if record_end <= event.starts
        else ("whole" if record_end >= event.ends else "partly")
    )
    residents = record.residents()
    minutes: dict[str, float] = {}
    presence: tuple[tuple[datetime, int], ...] = ()
    if status != "not reached":
        segments = _segments_at_place(record, event, observed_until)
        minutes = {
            name: sum((to - since).total_seconds() / 60 for since, to in segments.get(name, []))
            for name in residents
        }
        presence = _presence(segments, event.starts, observed_until)
    attended = tuple(name for name in residents if minutes.get(name, 0.0) >= event.min_minutes)
    return Coordination(
        item=item.id,
        event=event,
        status=status,
        observed_until=observed_until,
        invited=_invitations(record, item, residents, observed_until),
        planned=_planned(record, item, event, residents),
        minutes_there={name: round(value, 2) for name, value in minutes.items()},
        attended=attended,
        guests=tuple(name for name in attended if name not in item.seeds),
        presence=presence,
        unreadable_plans=_count_unreadable_plans(record, event.ends),
    )


@dataclass(frozen=True)
class _Said:
    """A conversation line as knowing's judge reads a memory: what it told as data."""

    text: str
    items: frozenset[str] | None  # the item it told, or none; None: unknown
    kind: str = "dialogue"


def _said(line: LineRow, null_is_none: bool = False) -> _Said:
    """The line as the judge reads it: `told` "" is no news, NULL unknown (no news where
    `null_is_none`: a record from before "" marked a line that told none)."""
    if line.told is None:
        return _Said(line.text, frozenset() if null_is_none else None)
    return _Said(line.text, frozenset({line.told}) if line.told else frozenset())


def said_lines(lines: list[LineRow]) -> list[_Said]:
    """`lines` as the judge reads them (see the module's doc for NULL `told`)."""
    marks_none = any(line.told == "" for line in lines)
    names_news = any(line.told for line in lines)
    return [_said(line, null_is_none=names_news and not marks_none) for line in lines]


def _invitations(
    record: RunRecord, item: NewsItem, residents: list[str], until: datetime
) -> tuple[Invitation, ...]:
    start = record.meta.start_time
    lines = record.lines_between(min(start, until), until)
    said = said_lines(lines)
    judge = Judge([item], fields_complete=True)  # an unknown line (None) goes by its words
    invited: dict[str, Invitation] = {}
    for line, told in zip(lines, said, strict=True):
        guest = line.listener
        if (
            guest in residents
            and guest not in item.seeds
            and guest not in invited
            and guest != line.speaker
            and item.id in judge.carried(told)
        ):
            invited[guest] = Invitation(guest, line.speaker, line.time, line.text)
    return tuple(invited.values())


def _planned(
    record: RunRecord, item: NewsItem, event: Event, residents: list[str]
) -> dict[str, datetime]:
    """Who planned to go and when they first did (see the module's doc): by the memories'
    fields, by the plan rows' words in a record whose plans carry no items as data."""
    found = _planned_by_fields(record, item, event, residents)
    planned = found if found is not None else _planned_by_words(record, item, event, residents)
    return dict(sorted(planned.items(), key=lambda entry: (entry[1], entry[0])))


def _planned_by_fields(
    record: RunRecord, item: NewsItem, event: Event, residents: list[str]
) -> dict[str, datetime] | None:
    """resident → when a memory of theirs first recorded a plan to go to `item` in the
    event's window; None when no plan memory's fields hold a plan (a record before them)."""
    planned: dict[str, datetime] = {}
    plans_as_data = False
    for row in record.rows("memories"):
        fields = row.get("fields")
        stored = fields if isinstance(fields, str) else None
        plans_as_data = plans_as_data or (row["kind"] == "plan" and states_plan(stored))
        written = datetime.fromisoformat(str(row["time"]))
        resident = str(row["resident"])
        if written >= event.ends or resident not in residents:
            continue
        if any(
            going.person == resident and going.item == item.id and _in_window(going, event)
            for going in goings(stored) or ()
        ) and (resident not in planned or written < planned[resident]):
            planned[resident] = written
    return planned if plans_as_data else None


def _in_window(going: Going, event: Event) -> bool:
    """Whether the plan to go overlaps the event's window (True when it says no times)."""
    window = going.window()
    return window is None or (window[0] < event.ends and window[1] > event.starts)


def _planned_by_words(
    record: RunRecord, item: NewsItem, event: Event, residents: list[str]
) -> dict[str, datetime]:
    planned: dict[str, datetime] = {}
    for row in record.rows("plans"):
        written = datetime.fromisoformat(str(row["time"]))
        resident = str(row["resident"])
        if written >= event.ends or resident not in residents or resident in planned:
            continue
        plan = _plan_json(str(row["plan"]))
        if plan is not None and any(
            _step_goes(step, day, item, event) for day, step in _steps(plan)
        ):
            planned[resident] = written
    return planned


def _count_unreadable_plans(record: RunRecord, until: datetime) -> int:
    return sum(
        1
        for row in record.rows("plans")
        if datetime.fromisoformat(str(row["time"])) < until and _plan_json(str(row["plan"])) is None
    )


def _plan_json(text: str) -> dict[str, Any] | None:
    """A plan row's JSON (a dumped day plan: day, outline, hourly, actions), or None."""
    try:
        plan = json.loads(text)
        if not isinstance(plan, dict):
            return None
        date.fromisoformat(str(plan["day"]))
    except (ValueError, KeyError):
        return None
    return plan


def _steps(plan: dict[str, Any]) -> list[tuple[date, dict[str, Any]]]:
    day = date.fromisoformat(str(plan["day"]))
    return [
        (day, step)
        for part in PLAN_PARTS
        for step in plan.get(part) or []
        if isinstance(step, dict)
    ]


def _step_goes(step: dict[str, Any], day: date, item: NewsItem, event: Event) -> bool:
    """True when the step overlaps the event's window and is about the event or its place."""
    try:
        begins = datetime.combine(day, datetime.min.time()) + timedelta(minutes=step["start"])
        ends = begins + timedelta(minutes=step["minutes"])
    except (KeyError, TypeError):
        return False
    if ends <= event.starts or begins >= event.ends:
        return False
    activity = str(step.get("activity") or "")
    sector = event.place.split(":")[0].strip()
    return (
        item.carried_in(activity)
        or carries(activity, [[sector]])
        or at_place(_address_text(step.get("address")), event.place)
    )


def _address_text(address: object) -> str:
    """A plan step's address ({"sector": …, "arena": …, "object": …}) as "sector: arena"."""
    if not isinstance(address, dict):
        return ""
    parts = [address.get(key) for key in ("sector", "arena", "object")]
    return ": ".join(str(part) for part in parts if part)


def _segments_at_place(
    record: RunRecord, event: Event, until: datetime
) -> dict[str, list[tuple[datetime, datetime]]]:
    """resident → the spans of [event start, `until`) they spent at the event's place."""
    places: dict[str, list[tuple[datetime, str]]] = {
        name: [(event.starts, row.place)] for name, row in record.positions_at(event.starts).items()
    }
    for row in record.positions_between(event.starts, until):
        places.setdefault(row.resident, []).append((row.time, row.place))
    segments: dict[str, list[tuple[datetime, datetime]]] = {}
    for name, changes in places.items():
        bounds = [time for time, _ in changes[1:]] + [until]
        for (since, place), to in zip(changes, bounds, strict=True):
            if to > since and at_place(place, event.place):
                segments.setdefault(name, []).append((since, to))
    return segments


def _presence(
    segments: dict[str, list[tuple[datetime, datetime]]], start: datetime, until: datetime
) -> tuple[tuple[datetime, int], ...]:
    """How many residents were at the place at each whole game minute from `start`."""
    counts = []
    moment = start
    while moment < until:
        there = sum(
            1 for spans in segments.values() if any(since <= moment < to for since, to in spans)
        )
        counts.append((moment, there))
        moment += timedelta(minutes=1)
    return tuple(counts)

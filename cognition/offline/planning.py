"""Offline planning: a day from the routine and remembered events, and its decompositions."""

from __future__ import annotations

import random
import re

from cognition.offline.judgement import emoji_for
from cognition.offline.tables import PLACE_WORDS, ROUTINES
from cognition.offline.text import first_match, news_in, strip_stamp
from cognition.plan import clock, parse_clock
from cognition.steps.day_plan import DayPlanInput, DayPlanOutput, PlanItem
from cognition.steps.decompose import DecomposeInput, Decomposition, SubAction
from cognition.steps.hourly import HourlyInput, HourlySchedule, outline_as_schedule
from cognition.steps.replan import Replan, ReplanInput, insert_event

SPAN = re.compile(
    r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*(?:to|-|–|until)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)",
    re.IGNORECASE,
)
EVENT = re.compile(
    r"\b(?:a|an|the|her|his|their)\s+((?:[\w']+\s){0,3}?(?:party|celebration|gathering|"
    r"meeting|concert|show|exhibition|dinner|debate))\b",
    re.IGNORECASE,
)
PLACE = re.compile(r"\bat ((?:the )?[A-Z][\w']*(?: [A-Z][\w']*)*)")
DAY = re.compile(r"([A-Z][a-z]+) (\d{1,2}),")


def event_span(sentence: str) -> tuple[int, int] | None:
    """(start, end) minutes of "from 5 to 7 pm"-style times in `sentence`."""
    match = SPAN.search(sentence)
    if match is None:
        return None
    h1, m1, mer1, h2, m2, mer2 = match.groups()
    start = parse_clock(f"{h1}:{m1 or '00'} {mer1 or mer2}")
    end = parse_clock(f"{h2}:{m2 or '00'} {mer2}")
    if start is None or end is None or end <= start:
        return None
    return start, end


def todays_events(inputs: DayPlanInput) -> list[tuple[int, int, str]]:
    """Events remembered for today, as (start, end, activity)."""
    day = DAY.search(inputs.today + ",")
    if day is None:
        return []
    month_day = f"{day.group(1)} {int(day.group(2))}".lower()
    events = []
    for sentence in news_in(strip_stamp(line) for line in inputs.intentions):
        span = event_span(sentence)
        name, place = EVENT.search(sentence), PLACE.search(sentence)
        if month_day not in sentence.lower() or span is None or name is None:
            continue
        where = f" at {place.group(1)}" if place else ""
        events.append((span[0], span[1], f"go to the {name.group(1)}{where}"))
    return events


def leisure(inputs: DayPlanInput, rng: random.Random) -> str:
    """An evening place among the known public places (pub, cafe, park), else home."""
    choices = [p.split(" (")[0] for p in inputs.places if first_match(p, PLACE_WORDS)]
    evening = [c for c in choices if first_match(c, PLACE_WORDS) in {"pub", "cafe", "park"}]
    if not evening:
        return "relax at home"
    place = rng.choice(sorted(evening))
    return f"spend the evening at {place}"


OPTIONAL = ("have breakfast", "spend the evening", "relax at home", "have lunch")


def plan_day(inputs: DayPlanInput, rng: random.Random) -> DayPlanOutput:
    wake = parse_clock(inputs.wake_time) or 7 * 60
    sleep = parse_clock(inputs.sleep_time) or 23 * 60
    begin, _, end = inputs.work_hours.partition("-")
    work_start, work_end = parse_clock(begin), parse_clock(end)
    dinner = max(wake + 60, sleep - 300, work_end or 0)
    entries: dict[int, str] = {
        wake: "wake up and get ready at home",
        wake + 30: "have breakfast at home",
        dinner: "have dinner at home",
        min(sleep - 30, max(dinner + 60, sleep - 240)): leisure(inputs, rng),
        sleep: "go to bed and sleep at home",
    }
    if work_start is not None and work_end is not None:
        lunch = max(work_start + 60, min(12 * 60, work_end - 60))
        entries[work_start] = f"work at {inputs.workplace}"
        entries[lunch] = rng.choice(["have lunch at home", "have lunch nearby"])
        entries[lunch + 60] = f"work at {inputs.workplace}"
    for start, stop, activity in todays_events(inputs):
        resume = max((m for m in entries if m <= stop), default=start)
        after = entries.get(resume, "head home and relax")
        for minute in [m for m in entries if start <= m < stop]:
            del entries[minute]
        entries[start], entries[stop] = activity, after
    for optional in OPTIONAL:
        if len(entries) <= inputs.max_items:
            break
        for minute in [m for m, a in entries.items() if a.startswith(optional)]:
            del entries[minute]
    items = [PlanItem(start=clock(m), activity=a) for m, a in sorted(entries.items())]
    return DayPlanOutput(items=items)


def hourly(inputs: HourlyInput, rng: random.Random) -> HourlySchedule:
    return outline_as_schedule(inputs)


def decompose(inputs: DecomposeInput, rng: random.Random) -> Decomposition:
    routine = next(
        (steps for keys, steps in ROUTINES if any(k in inputs.activity.lower() for k in keys)),
        ((inputs.activity, ""),),
    )
    actions: list[SubAction] = []
    total, index = 0, 0
    while total < inputs.minutes:
        activity, thing = routine[index % len(routine)]
        if thing and thing in inputs.objects:
            activity = f"{activity} at the {thing}"
        minutes = rng.choice(range(inputs.min_minutes, inputs.max_minutes + 1, 5))
        actions.append(SubAction(activity=activity, minutes=minutes, emoji=emoji_for(activity)))
        total, index = total + minutes, index + 1
    return Decomposition(actions=actions)


def replan(inputs: ReplanInput, rng: random.Random) -> Replan:
    return insert_event(inputs)

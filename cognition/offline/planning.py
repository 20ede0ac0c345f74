"""Offline planning: a day from the routine, the person and their own events; its hours and
their decomposition into small steps."""

from __future__ import annotations

import random
import re

from cognition.offline.days import BREAKFAST, EVENT, MEAL, Block, Day
from cognition.offline.events import todays_events
from cognition.offline.judgement import emoji_for, object_state
from cognition.offline.likes import identity_line
from cognition.offline.places import choose_object
from cognition.offline.routines import (
    EATING_OUT,
    ROUTINES,
    SHORT_FILLERS,
    WORK_ROUTINES,
    Routine,
    Steps,
)
from cognition.offline.text import has_word
from cognition.plan import clock, parse_clock
from cognition.steps.day_plan import DayPlanInput, DayPlanOutput, PlanItem
from cognition.steps.decompose import DecomposeInput, Decomposition, SubAction
from cognition.steps.hourly import HourlyInput, HourlySchedule, read_outline_line
from cognition.steps.replan import Replan, ReplanInput, insert_event

MEALS = ("breakfast", "lunch", "dinner")
MEALS_RANKS = (MEAL, BREAKFAST)
THEN = ", then "  # "a, then b from 10:00": an outline item folded from two
IN_ORDER = ("wake", "breakfast", "lunch", "buy", "bake")  # routines never taken up midway
HERE = re.compile(r" (?:at|in|on|by) the ")  # "relax in the common room": placed already
SEATS = ("bed", "couch", "sofa", "bench", "armchair")


def plan_day(inputs: DayPlanInput, rng: random.Random) -> DayPlanOutput:
    """The day laid out (`days.Day`), folded to at most `max_items` items."""
    items = fold(Day(inputs, rng).items(todays_events(inputs)), inputs.max_items)
    return DayPlanOutput(items=[PlanItem(start=clock(m), activity=a) for m, a in items])


def timed(block: Block) -> str:
    """ "b, then c from 10:00" starting at 09:00 → "b from 09:00, then c from 10:00"."""
    first, then, rest = block.activity.partition(THEN)
    return f"{first} from {clock(block.start)}{then}{rest}"


def fold(blocks: list[Block], limit: int) -> list[tuple[int, str]]:
    """At most `limit` items: the least important (then shortest) is folded into the one
    before it ("…, then <activity> from HH:MM"), or the one after when that is an event;
    events and bed stay items of their own. A meal keeps a meal's length: what follows it is
    folded into the item after it when that one is no event and no meal ("spend time with
    the family, then work from 09:00"), else the meal into what comes before it ("work,
    then have dinner from 19:30"), so an outline seldom shows a three-hour dinner."""
    items = [Block(b.start, b.end, b.activity, b.rank) for b in blocks]
    while len(items) > max(1, limit):
        order = sorted(range(len(items)), key=lambda i: (items[i].rank, items[i].minutes))
        for index in order:
            item = items[index]
            if item.rank >= EVENT:
                continue
            before = items[index - 1] if index > 0 else None
            after = items[index + 1] if index + 1 < len(items) else None
            sides = [b for b in (before, after) if b is not None and b.rank < EVENT]
            if not sides:
                continue
            target = next((b for b in sides if b.rank not in MEALS_RANKS), sides[0])
            if target.rank in MEALS_RANKS:  # only a meal to fold into: fold the meal into
                meal = items.index(target)  # what comes before it, if that can take it
                earlier = items[meal - 1] if meal > 0 else None
                if earlier is not None and earlier.rank < EVENT and earlier.rank not in MEALS_RANKS:
                    index, item, before, target = meal, target, earlier, earlier
            if target is before:
                target.activity += THEN + timed(item)
                target.end = item.end
            else:
                target.activity = item.activity + THEN + timed(target)
                target.start = item.start
            del items[index]
            break
        else:
            break
    return [(item.start, item.activity) for item in items]


def unfold(start: int, end: int, activity: str) -> list[tuple[int, str]]:
    """An outline item back into its parts: "a, then b from 09:30" → (start, a), (570, b);
    parts without a time share the item evenly."""
    first, *rest = activity.split(THEN)
    parts: list[tuple[int | None, str]] = [(start, first)]
    for part in rest:
        text, _, at = part.rpartition(" from ")
        minute = parse_clock(at) if text else None
        inside = minute is not None and start < minute < end
        parts.append((minute, text) if inside else (None, part))
    missing = [i for i, (minute, _) in enumerate(parts) if minute is None]
    for count, index in enumerate(missing, start=1):
        parts[index] = (start + (end - start) * count // (len(missing) + 1), parts[index][1])
    return sorted((start if minute is None else minute, text) for minute, text in parts)


def meal_of(activity: str) -> str | None:
    return next((meal for meal in MEALS if has_word(activity.lower(), meal)), None)


def hourly(inputs: HourlyInput, rng: random.Random) -> HourlySchedule:
    """The outline's items unfolded into their parts; a meal lasts an hour at most."""
    items: list[PlanItem] = []
    for line in inputs.outline:
        read = read_outline_line(line)
        if read is None:
            continue
        start, stop, activity = read
        parts = unfold(start, stop if stop is not None else start + 60, activity)
        for index, (minute, text) in enumerate(parts):
            items.append(PlanItem(start=clock(minute), activity=text))
            until = parts[index + 1][0] if index + 1 < len(parts) else stop
            if text.startswith("have ") and meal_of(text) and until and until - minute > 60:
                after = "relax at home" if "at home" in text else "take a short stroll"
                items.append(
                    PlanItem(start=clock(minute + rng.choice((45, 50, 60))), activity=after)
                )
    return HourlySchedule(items=items)


def routine_for(inputs: DecomposeInput) -> tuple[Steps, Steps, bool]:
    """The steps and fillers of the stretch, and whether it goes round in a cycle (work, an
    evening out) rather than once in order (waking, a meal, an errand): work by the person's
    occupation, a meal out as a meal out, else the first routine whose keywords start words
    of the activity."""
    activity = inputs.activity.replace(inputs.agent, " ").lower()
    if has_word(activity, "work"):
        occupation = identity_line(inputs.identity, inputs.agent).partition("Lifestyle:")[0]
        for text in (occupation.lower(), activity):  # who they are, then where they work
            found = first_said(text, WORK_ROUTINES)
            if found is not None:
                return found[1], found[2], True
    if meal_of(activity) and " at " in activity and "at home" not in activity:
        return (*EATING_OUT, False)
    for keys, walked, fillers in ROUTINES:
        if any(has_word(activity, key) for key in keys):
            return walked, fillers, keys[0] not in IN_ORDER
    return ((inputs.activity, ""),), ((inputs.activity, ""), *SHORT_FILLERS), True


def first_said(text: str, rows: tuple[Routine, ...]) -> Routine | None:
    """The row whose keyword comes first in `text` ("studies physics": studying)."""
    found = []
    for row in rows:
        hits = [m.start() for key in row[0] for m in [re.search(rf"\b{re.escape(key)}", text)] if m]
        if hits:
            found.append((min(hits), row))
    return min(found, key=lambda pair: pair[0])[1] if found else None


def spread(total: int, count: int, low: int, high: int) -> list[int]:
    """`count` lengths within [low, high], in 5-minute steps where possible, summing to
    `total` when that fits."""
    lengths: list[int] = []
    for left in range(count, 0, -1):
        share = (total - sum(lengths)) / left
        length = round(share) if left == 1 else 5 * round(share / 5) or round(share)
        lengths.append(max(low, min(high, length)))
    return lengths


def decompose(inputs: DecomposeInput, rng: random.Random) -> Decomposition:
    """The routine walked once, its steps lengthened within the bounds as the stretch allows;
    a longer stretch goes on with the routine's fillers in a varied order, never the routine
    again. A long stretch of a cycle (work, an evening out) takes up the cycle where the hour
    says, so that one hour of it is not the next."""
    low, high = sorted((max(1, inputs.min_minutes), max(1, inputs.max_minutes)))
    total = max(1, inputs.minutes)
    walked, fillers, cyclic = routine_for(inputs)
    steps: list[tuple[str, str]]
    if total <= len(walked) * high:
        steps = list(walked[: max(1, min(len(walked), total // low))])
    elif cyclic:
        cycle, count = [*walked, *fillers], -(-total // high)
        offset = (parse_clock(inputs.start) or 0) // 60 * count
        steps = [cycle[(offset + i) % len(cycle)] for i in range(count)]
    else:
        pool = list(fillers) or list(walked)
        rng.shuffle(pool)
        rest = -(-(total - len(walked) * high) // high)
        steps = [*walked, *(pool[i % len(pool)] for i in range(rest))]
    lengths = spread(total, len(steps), low, high)
    while sum(lengths) < total:  # never leave time for the stretch itself to come back
        steps.append((fillers or walked)[len(steps) % len(fillers or walked)])
        lengths.append(min(high, max(low, total - sum(lengths))))
    activities = [with_object(a, thing, inputs.objects) for a, thing in steps]
    used = objects_used(activities, inputs.objects)
    actions = [
        SubAction(
            activity=activity,
            minutes=minutes,
            emoji=emoji_for(activity),
            object=thing,
            state=object_state(inputs.agent, activity) if thing else "",
        )
        for activity, minutes, thing in zip(activities, lengths, used, strict=True)
    ]
    return Decomposition(actions=actions, emoji=emoji_for(inputs.activity))


def objects_used(activities: list[str], objects: list[str]) -> list[str]:
    """The object at hand each action uses: the one it names (or its keyword's), else the
    one the action before it used, else the next one's ("" when none of them names one)."""
    named = [choose_object(activity, objects) or "" for activity in activities]
    used, last = [], ""
    for thing in named:
        last = thing or last
        used.append(last)
    ahead = next((thing for thing in named if thing), "")
    return [thing or ahead for thing in used]


def with_object(activity: str, thing: str, objects: list[str]) -> str:
    """ "read a book" with the couch at hand → "read a book on the couch"."""
    if not thing or thing not in objects or thing in activity or HERE.search(activity):
        return activity
    return f"{activity} {'on' if thing in SEATS else 'at'} the {thing}"


def replan(inputs: ReplanInput, rng: random.Random) -> Replan:
    return insert_event(inputs)

"""Today's plan as the inspector shows it, read from a plan row's JSON.

A plan row holds a day plan dumped to JSON: `day` ("2023-02-13"), and the lists `outline`,
`hourly` and `actions` of steps `{"start": minute of day, "minutes": n, "activity": "…"}`.
The replay never imports the minds, so this reads it as plain JSON and skips whatever does
not look like a step: a malformed plan shows nothing rather than failing.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from game.town.views import PlanLine
from game.world.clock import format_clock, minutes_since_midnight

__all__ = ["Step", "plan_lines", "plan_steps", "steps_of"]

DAY_MINUTES = 24 * 60
MIDNIGHT = datetime(2000, 1, 1)

Step = tuple[int, int, str]  # (start minute of the day, minutes, activity)


def steps_of(value: object) -> list[Step]:
    """The well-formed steps in a JSON list (others skipped)."""
    if not isinstance(value, list):
        return []
    steps = []
    for item in value:
        if not isinstance(item, dict):
            continue
        start, minutes, activity = item.get("start"), item.get("minutes"), item.get("activity")
        if (
            isinstance(start, int) and not isinstance(start, bool)
            and isinstance(minutes, int) and not isinstance(minutes, bool) and minutes > 0
            and isinstance(activity, str) and activity.strip()
        ):  # fmt: skip
            steps.append((start, minutes, " ".join(activity.split())))
    return steps


def plan_steps(plan: dict[str, object]) -> list[Step]:
    """The day as steps: the fine actions where the plan has them, the hour chunks (else the
    outline) elsewhere — a chunk partly decomposed keeps its uncovered stretches."""
    actions = sorted(steps_of(plan.get("actions")), key=lambda step: step[0])
    chunks = steps_of(plan.get("hourly")) or steps_of(plan.get("outline"))
    steps = list(actions)
    for chunk_start, chunk_minutes, activity in chunks:
        chunk_end = chunk_start + chunk_minutes
        cursor = chunk_start
        for start, minutes, _ in actions:
            end = start + minutes
            if end <= chunk_start or start >= chunk_end:
                continue
            if start > cursor:
                steps.append((cursor, start - cursor, activity))
            cursor = max(cursor, end)
        if cursor < chunk_end:
            steps.append((cursor, chunk_end - cursor, activity))
    return sorted(steps, key=lambda step: step[0])


def plan_lines(plan_json: str, now: datetime) -> tuple[PlanLine, ...]:
    """Today's plan with the step in progress at `now` marked; () for a plan of another
    day, or JSON that is not a day plan."""
    try:
        plan = json.loads(plan_json)
    except ValueError:
        return ()
    if not isinstance(plan, dict):
        return ()
    day = plan.get("day")
    if isinstance(day, str) and day != now.date().isoformat():
        return ()
    minute = minutes_since_midnight(now)
    return tuple(
        PlanLine(clock_text(start), minutes, activity, start <= minute < start + minutes)
        for start, minutes, activity in plan_steps(plan)
    )


def clock_text(minute: int) -> str:
    """Minutes since midnight as the plan reads them: 420 → "7:00 am"."""
    return format_clock(MIDNIGHT + timedelta(minutes=minute % DAY_MINUTES))

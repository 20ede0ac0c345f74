"""Hourly decomposition: the broad outline broken into hour-long chunks for the whole day.

The call's answer schema asks for at most 24 items (one an hour; any number is accepted).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field

from cognition.llm.schema import strict_json_schema, with_items
from cognition.llm.task import Task
from cognition.plan import PlanStep, clock, normalise, parse_clock
from cognition.steps.compact import by_starts, once
from cognition.steps.context import StepContext
from cognition.steps.day_plan import PlanItem, day_text, timed

MAX_CHUNKS = 24  # one an hour; a long stretch (sleep) is one chunk


class HourlyInput(BaseModel):
    agent: str
    summary: str
    today: str
    outline: list[str] = Field(description='"HH:MM-HH:MM activity" lines covering the day')


class HourlySchedule(BaseModel):
    items: list[PlanItem]


def outline_as_schedule(inputs: HourlyInput) -> HourlySchedule:
    """The outline itself, read back from its lines."""
    items = []
    for line in inputs.outline:
        read = read_outline_line(line)
        if read is not None:
            items.append(PlanItem(start=clock(read[0]), activity=read[2]))
    return HourlySchedule(items=items)


def schedule_schema(_: HourlyInput) -> dict[str, Any]:
    """At most one chunk an hour. (No least: an empty schedule is the outline itself, and a
    tiny model made to write chunks writes up to 24 of filler.)"""
    return with_items(strict_json_schema(HourlySchedule), "items", at_most=MAX_CHUNKS)


def hourly_prompt(inputs: HourlyInput) -> dict[str, str]:
    """The summary's sentences once, the outline's stretches by their starts
    (`steps.compact`)."""
    return {"summary": once(inputs.summary), "outline": by_starts(inputs.outline)}


HOURLY = Task(
    name="hourly_schedule",
    template="hourly_schedule.txt",
    input_model=HourlyInput,
    output_model=HourlySchedule,
    fallback=outline_as_schedule,
    max_tokens=900,
    schema_for=schedule_schema,
    render=hourly_prompt,
)


def outline_lines(outline: Sequence[PlanStep]) -> list[str]:
    """The outline as the hourly prompt shows it: "09:00-12:00 work at the shop" lines
    (`read_outline_line` reads one back)."""
    return [f"{clock(s.start)}-{clock(s.end)} {s.activity}" for s in outline]


def read_outline_line(line: str) -> tuple[int, int | None, str] | None:
    """`outline_lines`' reader: (start, end or None when unreadable, activity) in minutes;
    None when the start is unreadable."""
    span, _, activity = line.partition(" ")
    begin, _, end = span.partition("-")
    start = parse_clock(begin)
    return None if start is None else (start, parse_clock(end), activity)


def decompose_hourly(
    ctx: StepContext, summary: str, outline: Sequence[PlanStep]
) -> tuple[PlanStep, ...]:
    """Today's hour chunks covering the whole day (the outline itself when unreadable)."""
    inputs = HourlyInput(
        agent=ctx.agent,
        summary=summary,
        today=day_text(ctx.now.date()),
        outline=outline_lines(outline),
    )
    entries = timed(ctx.ask(HOURLY, inputs).items)
    hourly = normalise(entries)
    return hourly if hourly else tuple(outline)

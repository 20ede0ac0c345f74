"""Hourly decomposition: the broad outline broken into hour-long chunks for the whole day."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from cognition.llm.task import Task
from cognition.plan import PlanStep, clock, normalise, parse_clock
from cognition.steps.context import StepContext
from cognition.steps.day_plan import PlanItem, day_text, timed


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
        span, _, activity = line.partition(" ")
        start = span.split("-")[0]
        if parse_clock(start) is not None:
            items.append(PlanItem(start=start, activity=activity))
    return HourlySchedule(items=items)


HOURLY = Task(
    name="hourly_schedule",
    template="hourly_schedule.txt",
    input_model=HourlyInput,
    output_model=HourlySchedule,
    fallback=outline_as_schedule,
    max_tokens=900,
)


def outline_lines(outline: Sequence[PlanStep]) -> list[str]:
    return [f"{clock(s.start)}-{clock(s.end)} {s.activity}" for s in outline]


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

"""Re-planning: the rest of the day rewritten from now around a reaction or an intention.

The call's answer schema asks for the new activity and the rest: at least one item, at most a
few more than remain (any number is accepted).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from cognition.llm.schema import strict_json_schema, with_items
from cognition.llm.task import Task
from cognition.plan import DAY_MINUTES, PlanStep, clock, normalise, parse_clock
from cognition.steps.compact import once
from cognition.steps.context import StepContext
from cognition.steps.day_plan import PlanItem, timed

# items a revised plan may add to the remaining ones: the new activity, the interrupted one
# resumed after it, a way there
EXTRA_ITEMS = 3


class ReplanInput(BaseModel):
    agent: str
    summary: str
    now: str
    event: str
    event_minutes: int
    event_end: str
    remaining: list[str]


class Replan(BaseModel):
    items: list[PlanItem]


def insert_event(inputs: ReplanInput) -> Replan:
    """The event now, then the remaining plan resumed where the event ends."""
    items = [PlanItem(start=inputs.now, activity=inputs.event)]
    event_end = parse_clock(inputs.event_end)
    for line in inputs.remaining:
        span, _, activity = line.partition(" ")
        start_text, _, end_text = span.partition("-")
        start, end = parse_clock(start_text), parse_clock(end_text)
        if start is None or end is None or event_end is None or end <= event_end:
            continue
        items.append(PlanItem(start=clock(max(start, event_end)), activity=activity))
    return Replan(items=items)


def replan_schema(inputs: ReplanInput) -> dict[str, Any]:
    """The new activity first, then (at most) the remaining ones and a few more."""
    most = len(inputs.remaining) + EXTRA_ITEMS
    return with_items(strict_json_schema(Replan), "items", at_least=1, at_most=most)


def replan_prompt(inputs: ReplanInput) -> dict[str, str]:
    """The summary's sentences once (`steps.compact`)."""
    return {"summary": once(inputs.summary)}


REPLAN = Task(
    name="replan",
    template="replan.txt",
    input_model=ReplanInput,
    output_model=Replan,
    fallback=insert_event,
    max_tokens=700,
    schema_for=replan_schema,
    render=replan_prompt,
)


def replan(
    ctx: StepContext,
    summary: str,
    event: str,
    event_minutes: int,
    remaining: Sequence[PlanStep],
) -> tuple[PlanStep, ...]:
    """Steps tiling [now, midnight), starting with `event` (lasting `event_minutes`) and
    rewriting the `remaining` plan around it."""
    minute = ctx.minute
    inputs = ReplanInput(
        agent=ctx.agent,
        summary=summary,
        now=clock(minute),
        event=event,
        event_minutes=event_minutes,
        event_end=clock(min(DAY_MINUTES, minute + event_minutes)),
        remaining=[f"{clock(s.start)}-{clock(s.end)} {s.activity}" for s in remaining],
    )
    entries = [(m, a) for m, a in timed(ctx.ask(REPLAN, inputs).items) if m >= minute]
    if not any(m == minute for m, _ in entries):
        entries.append((minute, event))
    steps = normalise(entries, start=minute, end=DAY_MINUTES)
    return steps or (PlanStep(start=minute, minutes=DAY_MINUTES - minute, activity=event),)

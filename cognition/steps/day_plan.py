"""Day plan: the day in broad strokes (5–8 items with times) from the summary and yesterday.

Whatever times come back, the outline is normalised to cover the whole day: the agent sleeps
until the first item, each item lasts until the next, and the last runs to midnight. Items
whose time does not read, or whose activity says nothing (`says_what`), are dropped. The
call's answer schema asks for the configured number of items (any number is accepted).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from typing import Any

from pydantic import BaseModel, Field

from cognition.llm.schema import strict_json_schema, with_items, with_length
from cognition.llm.task import Task
from cognition.memory.fields import Intention
from cognition.memory.texts import read_stamp
from cognition.plan import PlanStep, clock, normalise, parse_clock
from cognition.steps.common import transcript_gist
from cognition.steps.compact import once, timeline, unsaid
from cognition.steps.context import StepContext
from cognition.steps.decompose import ACTIVITY_CHARS

START_CHARS = 5  # "HH:MM"


class PlanItem(BaseModel):
    start: str = Field(description='time of day, "HH:MM" (24-hour)')
    activity: str


class DayPlanInput(BaseModel):
    agent: str
    summary: str
    yesterday: str
    today: str
    min_items: int
    max_items: int
    wake_time: str
    sleep_time: str
    work_hours: str = Field(description='"HH:MM-HH:MM", or "" when there are none')
    home: str
    workplace: str
    places: list[str] = Field(description="places the agent knows, with their kind")
    intentions: list[str] = Field(description="remembered plans and events for today")
    # today's engagements as data (memory fields: events hosted, intentions said); the
    # offline brain plans from these, a model from `intentions`' words
    engagements: list[Intention] = Field(default_factory=list)


class DayPlanOutput(BaseModel):
    items: list[PlanItem]


def routine_plan(inputs: DayPlanInput) -> DayPlanOutput:
    """The plainest day the routine allows: wake, work if any, dinner, sleep — each stretch
    saying where it is (home, the workplace; sleep is at home), so its hour plan is offered
    that place's arenas, not every place the agent knows (`hour_places.offered_places`)."""
    wake = "wake up and get ready for the day at home"
    items = [PlanItem(start=inputs.wake_time, activity=wake)]
    if inputs.work_hours:
        begin, _, end = inputs.work_hours.partition("-")
        items.append(PlanItem(start=begin, activity=f"work at {inputs.workplace}"))
        items.append(PlanItem(start=end, activity="head home and relax"))
    items.append(PlanItem(start=inputs.sleep_time, activity="go to bed and sleep"))
    return DayPlanOutput(items=items)


def plan_schema(inputs: DayPlanInput) -> dict[str, Any]:
    """`min_items` to `max_items` items, each string bounded in length: a server that
    constrains decoding to the schema (llama.cpp) ends a string only at its closing quote,
    and a small model's runaway activity ran the day plan past its token budget (the
    answer cut invalid). Lengths go to local servers only (`openai_backend`)."""
    low, high = sorted((inputs.min_items, inputs.max_items))
    schema = with_items(strict_json_schema(DayPlanOutput), "items", at_least=low, at_most=high)
    schema = with_length(schema, "items[].start", at_most=START_CHARS)
    return with_length(schema, "items[].activity", at_most=ACTIVITY_CHARS)


def day_plan_prompt(inputs: DayPlanInput) -> dict[str, str]:
    """The summary's sentences once; today's plans and events by their times, the day once,
    a talk's transcript by its opening (its summary is a memory too), yesterday's plan once,
    none the summary says (`steps.compact`)."""
    said = once(inputs.summary)
    return {
        "summary": said,
        "intentions": timeline(unsaid(not_yesterday(inputs), said), shorten=transcript_gist),
    }


def not_yesterday(inputs: DayPlanInput) -> list[str]:
    """The remembered plans and events but the memory of yesterday's plan when it says what
    "Yesterday:" already shows ("Ann's plan for Monday February 13: <the same stretches>")."""
    said = inputs.yesterday.partition(": ")[2].strip()
    own = f"{inputs.agent}'s plan for "
    return [
        line
        for line in inputs.intentions
        if not (
            said
            and (text := read_stamp(line)[1]).startswith(own)
            and text.partition(": ")[2].strip() == said
        )
    ]


DAY_PLAN = Task(
    name="day_plan",
    template="day_plan.txt",
    input_model=DayPlanInput,
    output_model=DayPlanOutput,
    fallback=routine_plan,
    max_tokens=600,
    schema_for=plan_schema,
    render=day_plan_prompt,
)


# a clock time, or the prompts' "HH:MM" placeholder, inside an activity
CLOCK_WORDS = re.compile(r"\b(?:\d{1,2}[:.h]\d{2}|hh:mm)\b", re.IGNORECASE)


def says_what(activity: str) -> bool:
    """Whether an activity says what someone does: a letter left once its clock times and
    the prompts' "HH:MM" placeholder are taken out (a small model copies an item's start
    into its activity: `{"start": "07:00", "activity": "07:00"}`)."""
    return any(char.isalpha() for char in CLOCK_WORDS.sub("", activity))


def timed(items: list[PlanItem]) -> list[tuple[int, str]]:
    """(minute of day, activity) for every item whose time reads and whose activity says
    what is done (`says_what`); the rest are dropped."""
    entries = [(parse_clock(item.start), item.activity) for item in items]
    return [
        (minute, activity)
        for minute, activity in entries
        if minute is not None and says_what(activity)
    ]


def day_text(day: date) -> str:
    """ "Monday February 13, 2023" — how prompts read a day."""
    return f"{day:%A %B} {day.day}, {day.year}"


def plan_inputs(
    ctx: StepContext,
    summary: str,
    yesterday: str,
    places: list[str],
    intentions: list[str],
    engagements: Sequence[Intention] = (),
) -> DayPlanInput:
    """What the day plan is made from: the persona's routine and homes, the summary,
    yesterday, the known `places`, today's remembered `intentions` and, as data, today's
    `engagements` (today is `ctx.now`)."""
    persona, settings = ctx.persona, ctx.settings
    routine = persona.routine
    work = ""
    if routine.work_start_hour is not None and routine.work_end_hour is not None:
        work = f"{clock(routine.work_start_hour * 60)}-{clock(routine.work_end_hour * 60)}"
    workplace = persona.work_sector + (f", {persona.work_arena}" if persona.work_arena else "")
    return DayPlanInput(
        agent=persona.name,
        summary=summary,
        yesterday=yesterday,
        today=day_text(ctx.now.date()),
        min_items=settings.plan_min_items,
        max_items=settings.plan_max_items,
        wake_time=clock(routine.wake_hour * 60),
        sleep_time=clock(routine.sleep_hour * 60),
        work_hours=work,
        home=f"{persona.home_sector}, {persona.home_arena}",
        workplace=workplace,
        places=places,
        intentions=intentions,
        engagements=list(engagements),
    )


def plan_day(ctx: StepContext, inputs: DayPlanInput) -> tuple[PlanStep, ...]:
    """The day's outline, covering 00:00–24:00 without gaps or overlaps."""
    answer = ctx.ask(DAY_PLAN, inputs)
    entries = timed(answer.items)
    if not entries:
        entries = timed(routine_plan(inputs).items)
    first = min(minute for minute, _ in entries)
    if first > 0:
        entries.append((0, "sleeping"))
    return normalise(entries)

"""A day plan's memory: its text forms round-trip (an item, the whole plan), and its fields
say whose plan it is, its day, its items and the news items it takes its person to."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from cognition.memory.fields import MemoryFields, News, PlanEntry
from cognition.plan import (
    DayPlan,
    PlanStep,
    concerned_items,
    plan_fields,
    plan_text,
    read_plan_text,
    read_step_line,
    step_line,
)
from cognition.steps.hourly import outline_lines, read_outline_line

DAY = date(2023, 5, 2)
NOW = datetime(2023, 5, 2, 6, 0)
PLAN = DayPlan(
    day=DAY,
    outline=(
        PlanStep(start=420, minutes=60, activity="have breakfast at home"),
        PlanStep(start=480, minutes=540, activity="work at the bakery, then read from 15:00"),
        PlanStep(start=1020, minutes=120, activity="go to the lantern walk at the Old Mill"),
    ),
)
WALK = News(
    item="walk",
    subject="Bo Dahl",
    statement="Bo Dahl is leading a lantern walk at the Old Mill on May 2",
    kind="event",
    name="lantern walk",
    place="Old Mill",
    day="May 2",
)


@pytest.mark.parametrize(("start", "end"), [(0, 60), (545, 1020), (1380, 1440)])
def test_a_plan_item_round_trips(start: int, end: int) -> None:
    entry = read_step_line(step_line(start, end, "work at the bakery, then read from 15:00"))
    assert entry == PlanEntry(
        start=start, end=end, activity="work at the bakery, then read from 15:00"
    )
    assert read_step_line("work at the bakery") is None


def test_a_day_plans_memory_round_trips() -> None:
    read = read_plan_text(plan_text("Ann Lee", PLAN))
    assert read is not None
    assert (read.person, read.day) == ("Ann Lee", "Tuesday May 2")
    assert read.items == tuple(
        PlanEntry(start=s.start, end=s.end, activity=s.activity) for s in PLAN.outline
    )
    assert read_plan_text("Ann Lee plans to go to the walk on May 2.") is None


def test_a_day_plans_fields_carry_its_items_and_the_events_it_goes_to() -> None:
    other = WALK.model_copy(update={"item": "fair", "name": "fair", "place": "Green"})
    later = WALK.model_copy(update={"item": "later", "day": "May 9"})
    about = plan_fields("Ann Lee", PLAN, NOW, [WALK, other, later])
    assert (about.subject, about.day, about.time) == ("Ann Lee", DAY, NOW)
    assert [e.activity for e in about.plan] == [s.activity for s in PLAN.outline]
    assert (about.items, about.item) == (("walk",), "walk")
    assert concerned_items(PLAN, [other, later]) == ()
    assert plan_fields("Ann Lee", PLAN, NOW).items == ()
    assert MemoryFields.model_validate_json(about.model_dump_json()) == about


def test_each_plan_item_says_which_event_it_goes_to() -> None:
    """`PlanEntry.item`: an item naming the event, or its place during its hours, goes to
    it; the same place at another hour does not; a plan without news has none."""
    timed = WALK.model_copy(
        update={"starts": datetime(2023, 5, 2, 17), "ends": datetime(2023, 5, 2, 19)}
    )
    mill = DayPlan(
        day=DAY,
        outline=(
            PlanStep(start=480, minutes=240, activity="sweep the floors at the Old Mill"),
            PlanStep(start=1020, minutes=60, activity="help out at the Old Mill"),
            PlanStep(start=1080, minutes=60, activity="walk home"),
        ),
    )
    assert [e.item for e in plan_fields("Ann Lee", PLAN, NOW, [WALK]).plan] == ["", "", "walk"]
    assert [e.item for e in plan_fields("Ann Lee", mill, NOW, [timed]).plan] == ["", "walk", ""]
    assert [e.item for e in plan_fields("Ann Lee", mill, NOW, [WALK]).plan] == ["", "", ""]
    assert all(not e.item for e in plan_fields("Ann Lee", PLAN, NOW).plan)


def test_an_outline_line_of_the_hourly_prompt_round_trips() -> None:
    lines = outline_lines(PLAN.outline)
    assert [read_outline_line(line) for line in lines] == [
        (s.start, s.end, s.activity) for s in PLAN.outline
    ]
    assert read_outline_line("soon-later nap") is None
    assert read_outline_line("09:00-?? nap") == (540, None, "nap")

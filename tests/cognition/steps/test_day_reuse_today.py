"""A relived day yields to what memory holds of today as data, recalled or not
(`day_reuse.today_facts`): an event today heard of in a talk the planning query does not
recall, or an intention for today, plans the day afresh; older facts stay with recall."""

from __future__ import annotations

from datetime import datetime, timedelta

from cognition.memory.fields import Intention, MemoryFields, News
from cognition.memory.records import MemoryKind, MemoryRecord, NewMemory
from cognition.plan import DayPlan
from cognition.settings import MindSettings
from cognition.steps.day_reuse import DayBook, day_key, today_facts
from cognition.steps.planning import plan_new_day
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import KLAUS, START, context_for, town_places

DAY = {
    "items": [{"start": "07:00", "activity": "wake up"}, {"start": "09:00", "activity": "study"}]
}
# reused from the second day; two memories recalled, so a talk of old is not
SECOND_DAY_FEW_RECALLED = MindSettings(routine_days=1, retrieval_k=2)


def planner() -> ScriptedModel:
    return ScriptedModel({"day_plan": [DAY], "hourly_schedule": [DAY]})


def midnight(day: int) -> datetime:
    return START.replace(hour=0) + timedelta(days=day)


def new_day(model: ScriptedModel, day: int, memory: FakeMemoryStream, book: DayBook) -> DayPlan:
    ctx = context_for(KLAUS, model, memory, SECOND_DAY_FEW_RECALLED, now=midnight(day))
    return plan_new_day(ctx, "summary", "yesterday", town_places(), book)


def busy_memories(memory: FakeMemoryStream, at: datetime) -> None:
    """Recent, important memories worded as the planning query is: they fill the recall."""
    for text in ("Klaus Mueller's plans for the week", "Klaus Mueller's events and plans"):
        memory.add_many([NewMemory(MemoryKind.OBSERVATION, text, at, 9)])


def heard_of(memory: FakeMemoryStream, day: int, at: datetime) -> None:
    """An unimportant talk whose fields tell of an event on `day` (its words do not)."""
    when = midnight(day)
    news = News(
        item="lantern-walk",
        subject="Maria Lopez",
        statement="Maria Lopez leads a lantern walk",
        kind="event",
        day=f"{when:%B} {when.day}",
    )
    fields = MemoryFields(partners=("Maria Lopez",), time=at, news=(news,))
    memory.add_many([NewMemory(MemoryKind.DIALOGUE, "a chat by the gate", at, 1, about=fields)])


def test_an_event_today_heard_of_but_not_recalled_plans_the_day_afresh() -> None:
    memory, book = FakeMemoryStream(KLAUS.name), DayBook()
    busy_memories(memory, START)
    new_day(planner(), 1, memory, book)
    heard_of(memory, 3, START + timedelta(days=1, hours=-20))
    busy_memories(memory, midnight(2))
    # the day before the event: the talk is neither recalled nor about today, so nothing
    # new bears on the day as the planner sees it: relived without a call
    model = planner()
    new_day(model, 2, memory, book)
    assert model.calls == [] and book.reused == 1
    # the event's own day: the talk is still not recalled (the query's words fill recall) …
    busy_memories(memory, midnight(3))
    ctx = context_for(KLAUS, planner(), memory, SECOND_DAY_FEW_RECALLED, now=midnight(3))
    recalled = [hit.record.text for hit in ctx.recall("Klaus Mueller's plans, events")]
    assert "a chat by the gate" not in recalled
    # … yet the day is planned by calls: an event today is new whatever the recall
    model = planner()
    new_day(model, 3, memory, book)
    assert (model.count("day_plan"), model.count("hourly_schedule")) == (1, 1)
    assert (book.reused, book.planned) == (1, 2)


def record(about: MemoryFields, day: int = 0) -> MemoryRecord:
    at = START + timedelta(days=day)
    return MemoryRecord(
        id=f"m{day}", agent=KLAUS.name, kind=MemoryKind.OBSERVATION, text="x",
        created=at, last_accessed=at, importance=3, about=about,
    )  # fmt: skip


def test_only_facts_about_today_are_read_from_every_memory() -> None:
    today = midnight(3).date()
    tomorrow = today + timedelta(days=1)
    painting = Intention(person=KLAUS.name, deed="paint the fence", day=today)
    later = Intention(person=KLAUS.name, deed="see the dentist", day=tomorrow)
    undated = Intention(person=KLAUS.name, deed="read more")
    memories = [record(MemoryFields(intentions=(painting, later, undated)))]
    facts = today_facts(memories, KLAUS.name, today)
    assert len(facts) == 1 and "paint the fence" in next(iter(facts))
    # recalled, the memory bears on the day with all three intentions; else with today's
    plain = day_key(KLAUS.name, today, [], [])
    assert day_key(KLAUS.name, today, [], [], memories) != plain
    assert day_key(KLAUS.name, tomorrow, [], [], memories) != day_key(KLAUS.name, tomorrow, [], [])
    later_on = tomorrow + timedelta(days=1)  # the two dated intentions past, the other undated
    assert day_key(KLAUS.name, later_on, [], [], memories) == day_key(KLAUS.name, later_on, [], [])
    recalled = day_key(KLAUS.name, today, memories, [])
    assert recalled != day_key(KLAUS.name, today, [], [], memories)

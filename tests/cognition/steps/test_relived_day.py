"""A relived day yields to news of today (`steps.relived_day`): a memory whose fields tell
of an event today, heard after the day was relived, has the rest of the day planned afresh
by the calls a non-relived day makes; with nothing new the relived day stands, callless."""

from __future__ import annotations

from datetime import datetime, timedelta

from cognition.agent import Agent
from cognition.memory.fields import MemoryFields, News
from cognition.memory.records import MemoryKind, NewMemory
from cognition.settings import MindSettings
from cognition.steps.planning import plan_new_day
from cognition.steps.relived_day import yield_to_news
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import KLAUS, START, perception, town_places

HABIT = {
    "items": [{"start": "07:00", "activity": "wake up"}, {"start": "09:00", "activity": "study"}]
}
AFRESH = {
    "items": [
        {"start": "07:00", "activity": "wake up"},
        {"start": "09:00", "activity": "study"},
        {"start": "13:00", "activity": "walk to the riverbank for the lantern walk"},
        {"start": "15:00", "activity": "study"},
    ]
}
SECOND_DAY = MindSettings(routine_days=1)  # a day is relived from the second


def morning(day: int, hour: int = 7) -> datetime:
    return START.replace(hour=hour) + timedelta(days=day)


def relived_agent() -> tuple[Agent, ScriptedModel]:
    """Klaus on day 1, its habit day (planned on day 0) relived; a model for afterwards."""
    memory = FakeMemoryStream(KLAUS.name)
    first = ScriptedModel({"day_plan": [HABIT], "hourly_schedule": [HABIT]})
    agent = Agent(KLAUS, memory, first, SECOND_DAY)
    for day in (0, 1):
        ctx = agent.context(morning(day))
        plan = plan_new_day(ctx, "summary", "yesterday", town_places(), agent.state.day_book)
    agent.state.plan = plan
    assert agent.state.day_book.reused == 1 and first.count("day_plan") == 1
    later = ScriptedModel({"day_plan": [AFRESH], "hourly_schedule": [AFRESH]})
    agent.model = later
    return agent, later


def hear_of_event_today(agent: Agent, at: datetime) -> None:
    """A talk whose fields (not its words) tell of an event on `at`'s day."""
    news = News(
        item="lantern-walk",
        subject="Maria Lopez",
        statement="Maria Lopez leads a lantern walk",
        kind="event",
        day=f"{at:%B} {at.day}",
    )
    fields = MemoryFields(partners=("Maria Lopez",), time=at, news=(news,))
    talk = NewMemory(MemoryKind.DIALOGUE, "a chat by the gate", at, 2, about=fields)
    agent.memory.add_many([talk])


def chunk_at(agent: Agent, hour: int) -> str:
    plan = agent.state.plan
    assert plan is not None
    step = plan.chunk_at(hour * 60)
    assert step is not None
    return step.activity


def test_a_relived_day_with_nothing_new_stands_without_a_call() -> None:
    agent, model = relived_agent()
    relived = agent.state.plan
    assert relived is not None
    # a memory with nothing about today (an ordinary sighting) changes nothing
    agent.memory.add_many([NewMemory(MemoryKind.OBSERVATION, "the desk is tidy", morning(1), 1)])
    for hour in (9, 11):
        assert yield_to_news(agent, relived, perception(KLAUS, morning(1, hour))) == relived
    assert model.calls == [] and agent.state.day_book.yielded == 0
    assert chunk_at(agent, 13) == "study"


def test_news_of_an_event_today_plans_the_rest_of_a_relived_day_afresh() -> None:
    agent, model = relived_agent()
    relived = agent.state.plan
    assert relived is not None
    hear_of_event_today(agent, morning(1, 10))
    fresh = yield_to_news(agent, relived, perception(KLAUS, morning(1, 11)))
    assert (model.count("day_plan"), model.count("hourly_schedule")) == (1, 1)
    book = agent.state.day_book
    assert book.yielded == 1 and book.relived is None and agent.state.plan == fresh
    assert chunk_at(agent, 13) == "walk to the riverbank for the lantern walk"
    assert chunk_at(agent, 8) == "wake up"  # the morning lived stays as it was
    # the day is now planned, not relived: later news does not plan it again
    hear_of_event_today(agent, morning(1, 12))
    assert yield_to_news(agent, fresh, perception(KLAUS, morning(1, 12))) == fresh
    assert model.count("day_plan") == 1


def test_the_event_tomorrow_leaves_a_relived_day_alone() -> None:
    agent, model = relived_agent()
    relived = agent.state.plan
    assert relived is not None
    hear_of_event_today(agent, morning(2, 10))  # its day is tomorrow's
    assert yield_to_news(agent, relived, perception(KLAUS, morning(1, 11))) == relived
    assert model.count("day_plan") == 0

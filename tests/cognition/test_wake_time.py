"""A resident asleep when its new day begins plans that day at its wake-up hour: the
midnight decision sleeps on with no model call; the first day, a resident woken or awake
plans at once."""

from __future__ import annotations

from datetime import datetime, timedelta

from cognition.agent import Agent
from cognition.contract import GoTo, Perception, Utterance, Wait
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, START, perception
from cognition.variants import Variant

MIDNIGHT = datetime.combine(START.date() + timedelta(days=1), datetime.min.time())
WAKE = MIDNIGHT.replace(hour=ISABELLA.routine.wake_hour)


def slept(settings: MindSettings | None = None) -> tuple[Agent, ScriptedModel]:
    """Isabella after a day by her plan, asleep as it ends."""
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    agent = Agent(ISABELLA, FakeMemoryStream(ISABELLA.name), model, settings or MindSettings())
    agent.decide(perception(ISABELLA))  # the first day is planned at once
    assert agent.state.plan is not None and agent.state.plan.day == START.date()
    return agent, model


def asleep(at: datetime, **changes: object) -> Perception:
    return perception(ISABELLA, at).model_copy(update={"current_activity": "sleeping", **changes})


def test_the_new_day_is_planned_at_the_wake_up_hour_not_at_midnight() -> None:
    agent, model = slept()
    planned = model.count("day_plan")
    decision = agent.decide(asleep(MIDNIGHT))
    assert decision.actions == (Wait(minutes=ISABELLA.routine.wake_hour * 60, activity="sleeping"),)
    assert model.count("day_plan") == planned and model.count("hourly_schedule") == 1
    assert agent.state.plan is not None and agent.state.plan.day == START.date()
    assert isinstance(agent.decide(asleep(WAKE)).actions[0], GoTo)  # up: the day is planned
    assert model.count("day_plan") == planned + 1
    assert agent.state.plan is not None and agent.state.plan.day == WAKE.date()


def test_a_resident_woken_or_awake_plans_at_once() -> None:
    said = (Utterance(speaker="Visitor", text="Hello?", time=MIDNIGHT),)
    for now in (asleep(MIDNIGHT, utterances=said), perception(ISABELLA, MIDNIGHT)):
        agent, _ = slept()
        agent.decide(now)
        assert agent.state.plan is not None and agent.state.plan.day == MIDNIGHT.date()


def test_a_town_s_first_day_and_the_no_planning_variant_plan_at_once() -> None:
    first = Agent(ISABELLA, FakeMemoryStream(ISABELLA.name), OfflineBrain(0), MindSettings())
    first.decide(asleep(START.replace(hour=3)))  # no plan of an earlier day: plan now
    assert first.state.plan is not None and first.state.plan.day == START.date()
    agent, _ = slept(Variant.NO_PLANNING.settings())
    agent.decide(asleep(MIDNIGHT))  # the routine's plan costs no call: made at once
    assert agent.state.plan is not None and agent.state.plan.day == MIDNIGHT.date()

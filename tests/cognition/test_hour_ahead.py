"""An hour planned before it begins (`plan_hour_ahead`): laid into the day plan, so the
decision at the hour's boundary finds it and asks nothing; once planned it is not asked
again, and a plan that is not today's is left alone."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta

from cognition import plan_hour_ahead
from cognition.agent import Agent
from cognition.contract import GoTo, Wait
from cognition.llm.task import Completion, InputT, LanguageModel, OutputT, Task
from cognition.offline import OfflineBrain
from cognition.plan import minute_of_day
from cognition.settings import MindSettings
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.town import ISABELLA, START, perception


@dataclass
class Counting:
    inner: LanguageModel
    calls: Counter[str] = field(default_factory=Counter)

    @property
    def label(self) -> str:
        return self.inner.label

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        self.calls[task.name] += 1
        return self.inner.complete(task, inputs, agent=agent)


def test_an_hour_planned_ahead_is_there_at_its_boundary_without_a_call() -> None:
    model = Counting(OfflineBrain(0))
    agent = Agent(ISABELLA, FakeMemoryStream(ISABELLA.name), model, MindSettings())
    first = perception(ISABELLA, START, None)
    agent.decide(first)
    plan = agent.state.plan
    assert plan is not None
    # the first hour after the day's first that has a stretch but no fine actions yet
    hour = next(
        START.replace(minute=0) + timedelta(hours=h)
        for h in range(1, 12)
        if plan.action_at(minute_of_day(START.replace(minute=0) + timedelta(hours=h))) is None
        and plan.chunk_at(minute_of_day(START.replace(minute=0) + timedelta(hours=h)))
    )
    before = model.calls["hour_plan"]
    assert plan_hour_ahead(agent, first, hour)
    planned = agent.state.plan
    assert planned is not None and planned.action_at(minute_of_day(hour)) is not None
    assert model.calls["hour_plan"] == before + 1
    assert not plan_hour_ahead(agent, first, hour)  # planned already: no second call
    action = agent.decide(perception(ISABELLA, hour, None)).actions[0]
    assert isinstance(action, GoTo | Wait)
    assert model.calls["hour_plan"] == before + 1  # the boundary found its hour planned


def test_a_plan_not_of_that_day_is_left_alone() -> None:
    model = Counting(OfflineBrain(0))
    agent = Agent(ISABELLA, FakeMemoryStream(ISABELLA.name), model, MindSettings())
    first = perception(ISABELLA, START, None)
    assert not plan_hour_ahead(agent, first, START + timedelta(hours=1))  # no plan yet
    agent.decide(first)
    asked = sum(model.calls.values())
    assert not plan_hour_ahead(agent, first, START + timedelta(days=1))  # tomorrow's hour
    assert sum(model.calls.values()) == asked

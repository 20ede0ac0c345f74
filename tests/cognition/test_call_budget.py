"""Model calls and tokens per resident-day with the offline brain stay within the budget
(≤ 150 calls, ≤ 40k tokens costed as a model's by `PromptSized`; the lively 25-resident town's
figures are benchmarks/calls.py's)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta

from cognition.agent import Agent
from cognition.contract import GoTo, Wait
from cognition.llm.task import Completion, InputT, LanguageModel, OutputT, Task
from cognition.llm.usage_meter import UsageMeter
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.prompt_sized import PromptSized
from cognition.testing.town import ISABELLA, START, perception

BUDGET = 150
TOKEN_BUDGET = 40_000


@dataclass
class Counting:
    """A `LanguageModel` wrapper that counts calls per task."""

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


def test_one_resident_day_costs_at_most_the_budget() -> None:
    meter = UsageMeter(PromptSized(OfflineBrain(0)))
    model = Counting(meter)
    memory = FakeMemoryStream(ISABELLA.name)
    agent = Agent(ISABELLA, memory, model, MindSettings())
    now, here, moves = START, None, 0
    while now < START + timedelta(hours=24):
        action = agent.decide(perception(ISABELLA, now, here)).actions[0]
        if isinstance(action, GoTo):
            here, moves = action.address, moves + 1
            now += timedelta(minutes=action.duration_minutes)
        else:
            assert isinstance(action, Wait)
            now += timedelta(minutes=action.minutes)
    total = sum(model.calls.values())
    assert moves > 50  # still 5–15 minute actions
    assert total <= BUDGET, model.calls
    assert meter.snapshot().total.total_tokens <= TOKEN_BUDGET
    # every mechanism still runs: the hour's plan (decomposition, place and objects in one
    # call a stretch), importance; the offline brain's hour plans name only known places
    # and objects of them, so the old per-step placing is never needed
    for task in ("hour_plan", "day_plan", "rate_importance"):
        assert model.calls[task] > 0, task
    for task in ("decompose_actions", "choose_place", "choose_objects", "emoji"):
        assert model.calls[task] == 0, task
    assert memory.writes < memory.count()  # memories are written in batches

"""What an Agent carries between decisions, as JSON-able data (its memory lives in the store)."""

from __future__ import annotations

from datetime import date, datetime

from pydantic import BaseModel, Field

from cognition.plan import DayPlan, PlanStep
from cognition.steps.summary import SummaryDescription


class PendingEvent(BaseModel):
    """Something to re-plan around at the next decision (an adopted intention)."""

    activity: str
    minutes: int = Field(ge=1)


class AgentState(BaseModel):
    """Plans, summary cache, cool-downs, reflection bookkeeping, the current action."""

    seeded: bool = False
    plan: DayPlan | None = None
    yesterday: str = ""
    summary: SummaryDescription | None = None
    summary_day: date | None = None
    summary_reflections: int = -1
    reflections: int = 0
    last_reflection: datetime | None = None
    cooldowns: dict[str, datetime] = Field(default_factory=dict)
    retained: list[str] = Field(default_factory=list)
    current: PlanStep | None = None
    last_time: datetime | None = None
    pending: PendingEvent | None = None

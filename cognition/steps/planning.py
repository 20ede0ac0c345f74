"""Planning a new day: recall today's intentions, outline the day, break it into hours."""

from __future__ import annotations

from datetime import datetime

from cognition.contract import KnownPlaces
from cognition.llm.task import LanguageModel
from cognition.persona import Persona
from cognition.plan import DayPlan
from cognition.settings import MindSettings
from cognition.steps.common import MemoryStreamLike, memory_lines
from cognition.steps.day_plan import plan_day, plan_inputs
from cognition.steps.hourly import decompose_hourly


def place_lines(places: KnownPlaces) -> list[str]:
    """ "Hobbs Cafe (public, open 08:00-20:00)" for each known sector."""
    lines = []
    for sector in places.sectors:
        notes = [
            n for n in (sector.kind, f"open {sector.open_hours}" if sector.open_hours else "") if n
        ]
        lines.append(f"{sector.name} ({', '.join(notes)})" if notes else sector.name)
    return lines


def plan_new_day(
    model: LanguageModel,
    memory: MemoryStreamLike,
    persona: Persona,
    summary: str,
    yesterday: str,
    places: KnownPlaces,
    now: datetime,
    settings: MindSettings,
) -> DayPlan:
    """Today's plan: an outline and hour chunks, both covering the whole day."""
    today = now.date()
    query = f"{persona.name}'s plans, events and invitations for {today:%A %B} {today.day}"
    intentions = memory_lines(memory.retrieve(query, now, k=settings.retrieval_k))
    inputs = plan_inputs(
        persona, summary, yesterday, today, place_lines(places), intentions, settings
    )
    outline = plan_day(model, inputs, settings)
    hourly = decompose_hourly(model, persona.name, summary, inputs.today, outline)
    return DayPlan(day=today, outline=outline, hourly=hourly)

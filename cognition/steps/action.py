"""The next action: the plan's step for this minute, decomposed just in time and placed.

If the coming stretch has no fine actions yet, its hour chunk is decomposed now (one call:
the actions with their emoji) and placed at once: one sector and arena per hour chunk (kept
on the chunk for its later hours), then the objects of all the stretch's actions with their
states in one call. A step left without an
emoji (sleep is not decomposed) gets one from the emoji task.
"""

from __future__ import annotations

from collections.abc import Sequence

from cognition.contract import Address, KnownPlaces
from cognition.llm.task import LanguageModel
from cognition.persona import Persona
from cognition.plan import DayPlan, PlanStep, splice
from cognition.settings import MindSettings
from cognition.steps.decompose import decompose
from cognition.steps.emoji import choose_emoji
from cognition.steps.location import place_actions

MAX_OBJECTS = 40


def known_objects(places: KnownPlaces) -> list[str]:
    """Distinct object names in the known places (at most MAX_OBJECTS)."""
    names = {obj for s in places.sectors for a in s.arenas for obj in a.objects}
    return sorted(names)[:MAX_OBJECTS]


def place_steps(
    model: LanguageModel,
    persona: Persona,
    steps: Sequence[PlanStep],
    context: str,
    places: KnownPlaces,
    here: Address,
    settings: MindSettings,
    area: Address | None = None,
) -> tuple[PlanStep, ...]:
    """`steps` (one stretch of `context`, in `area` if given) with their address, emoji and
    object state."""
    if not steps:
        return ()
    activities = [step.activity for step in steps]
    placed = place_actions(model, persona, places, here, activities, context, settings, area)
    return tuple(
        step.model_copy(
            update={
                "address": address,
                "object_state": state,
                "emoji": step.emoji or choose_emoji(model, persona.name, step.activity),
            }
        )
        for step, (address, state) in zip(steps, placed, strict=True)
    )


def ensure_decomposed(
    model: LanguageModel,
    persona: Persona,
    summary: str,
    plan: DayPlan,
    minute: int,
    places: KnownPlaces,
    here: Address,
    settings: MindSettings,
) -> DayPlan:
    """`plan` with placed fine actions covering `minute`."""
    if plan.action_at(minute) is not None:
        return plan
    chunk = plan.chunk_at(minute)
    if chunk is None:
        return plan
    fine = decompose(model, persona.name, summary, chunk, minute, known_objects(places), settings)
    placed = place_steps(
        model, persona, fine, chunk.activity, places, here, settings, chunk.address
    )
    if not placed or placed[0].address is None:
        return plan.model_copy(update={"actions": splice(plan.actions, placed)})
    # the chunk keeps its area: its later hours are placed there without asking again
    area = placed[0].address.model_copy(update={"object": None})
    hourly = tuple(c.model_copy(update={"address": area}) if c == chunk else c for c in plan.hourly)
    return plan.model_copy(update={"actions": splice(plan.actions, placed), "hourly": hourly})


def next_step(
    model: LanguageModel,
    persona: Persona,
    summary: str,
    plan: DayPlan,
    minute: int,
    places: KnownPlaces,
    here: Address,
    settings: MindSettings,
) -> tuple[DayPlan, PlanStep | None]:
    """The plan (decomposed as needed) and its placed step for `minute`."""
    plan = ensure_decomposed(model, persona, summary, plan, minute, places, here, settings)
    step = plan.action_at(minute)
    if step is None:
        return plan, None
    if step.address is None or not places.contains(step.address):
        chunk = plan.chunk_at(step.start)
        context = chunk.activity if chunk is not None else step.activity
        (placed,) = place_steps(model, persona, [step], context, places, here, settings)
        actions = tuple(placed if s == step else s for s in plan.actions)
        plan = plan.model_copy(update={"actions": actions})
        step = placed
    return plan, step

"""The next action: the plan's step for this minute, decomposed just in time and placed.

If the coming stretch has no fine actions yet, its hour chunk is decomposed now. A step
becoming an action gets its address (from the known area tree), its emoji and, when it uses
an object, that object's state.
"""

from __future__ import annotations

from cognition.contract import Address, KnownPlaces
from cognition.llm.task import LanguageModel
from cognition.persona import Persona
from cognition.plan import DayPlan, PlanStep, splice
from cognition.settings import MindSettings
from cognition.steps.decompose import decompose
from cognition.steps.emoji import choose_emoji
from cognition.steps.location import choose_address
from cognition.steps.object_state import object_state

MAX_OBJECTS = 40


def known_objects(places: KnownPlaces) -> list[str]:
    """Distinct object names in the known places (at most MAX_OBJECTS)."""
    names = {obj for s in places.sectors for a in s.arenas for obj in a.objects}
    return sorted(names)[:MAX_OBJECTS]


def ensure_decomposed(
    model: LanguageModel,
    persona: Persona,
    summary: str,
    plan: DayPlan,
    minute: int,
    places: KnownPlaces,
    settings: MindSettings,
) -> DayPlan:
    """`plan` with fine actions covering `minute`."""
    if plan.action_at(minute) is not None:
        return plan
    chunk = plan.chunk_at(minute)
    if chunk is None:
        return plan
    fine = decompose(model, persona.name, summary, chunk, minute, known_objects(places), settings)
    return plan.model_copy(update={"actions": splice(plan.actions, fine)})


def place_step(
    model: LanguageModel,
    persona: Persona,
    plan: DayPlan,
    step: PlanStep,
    places: KnownPlaces,
    here: Address,
    settings: MindSettings,
) -> PlanStep:
    """`step` with its address, emoji and object state settled."""
    if step.address is not None and places.contains(step.address):
        return step
    chunk = plan.chunk_at(step.start)
    context = chunk.activity if chunk is not None else step.activity
    address = choose_address(model, persona, places, here, step.activity, context, settings)
    state = None
    if address.object is not None:
        state = object_state(model, persona.name, step.activity, address.object)
    return step.model_copy(
        update={
            "address": address,
            "emoji": choose_emoji(model, persona.name, step.activity),
            "object_state": state,
        }
    )


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
    plan = ensure_decomposed(model, persona, summary, plan, minute, places, settings)
    step = plan.action_at(minute)
    if step is None:
        return plan, None
    placed = place_step(model, persona, plan, step, places, here, settings)
    if placed is not step:
        actions = tuple(placed if s == step else s for s in plan.actions)
        plan = plan.model_copy(update={"actions": actions})
    return plan, placed

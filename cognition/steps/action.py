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
from cognition.plan import DayPlan, PlanStep, splice
from cognition.steps.context import StepContext
from cognition.steps.decompose import decompose
from cognition.steps.emoji import choose_emoji
from cognition.steps.location import place_actions
from cognition.steps.named_place import named_area, objects_in

MAX_OBJECTS = 40


def known_objects(places: KnownPlaces) -> list[str]:
    """Distinct object names in the known places (at most MAX_OBJECTS)."""
    names = {obj for s in places.sectors for a in s.arenas for obj in a.objects}
    return sorted(names)[:MAX_OBJECTS]


def objects_at_hand(ctx: StepContext, chunk: PlanStep, places: KnownPlaces) -> list[str]:
    """The objects a chunk's actions can use: those of its place (where it was placed, else
    where the plan item says), else of all known places (at most MAX_OBJECTS)."""
    area = chunk.address if chunk.address is not None and places.contains(chunk.address) else None
    area = area or named_area(chunk.activity, places, ctx.persona)
    objects = objects_in(places, area) if area is not None else ()
    return list(objects[:MAX_OBJECTS]) if objects else known_objects(places)


def place_steps(
    ctx: StepContext,
    steps: Sequence[PlanStep],
    *,
    places: KnownPlaces,
    here: Address,
    stretch: str,
    area: Address | None = None,
) -> tuple[PlanStep, ...]:
    """`steps` (one hour of the plan's `stretch`, in `area` if given) with their address,
    emoji and object state."""
    if not steps:
        return ()
    activities = [step.activity for step in steps]
    proposed = [(step.object, step.object_state) for step in steps]
    placed = place_actions(
        ctx, activities, places=places, here=here, stretch=stretch, area=area, proposed=proposed
    )
    return tuple(
        step.model_copy(
            update={
                "address": address,
                "object_state": state,
                "emoji": step.emoji or choose_emoji(ctx, step.activity),
            }
        )
        for step, (address, state) in zip(steps, placed, strict=True)
    )


def ensure_decomposed(
    ctx: StepContext, plan: DayPlan, *, places: KnownPlaces, here: Address
) -> DayPlan:
    """`plan` with placed fine actions covering now (`ctx.minute`)."""
    minute = ctx.minute
    if plan.action_at(minute) is not None:
        return plan
    chunk = plan.chunk_at(minute)
    if chunk is None:
        return plan
    if ctx.settings.planning:
        fine = decompose(ctx, chunk, objects_at_hand(ctx, chunk, places))
    else:  # the `no planning` variant: the routine's stretch is one action
        fine = (chunk.model_copy(update={"start": minute, "minutes": chunk.end - minute}),)
    placed = place_steps(
        ctx, fine, places=places, here=here, stretch=chunk.activity, area=chunk.address
    )
    if not placed or placed[0].address is None:
        return plan.model_copy(update={"actions": splice(plan.actions, placed)})
    # the chunk keeps its area: its later hours are placed there without asking again
    area = placed[0].address.model_copy(update={"object": None})
    hourly = tuple(c.model_copy(update={"address": area}) if c == chunk else c for c in plan.hourly)
    return plan.model_copy(update={"actions": splice(plan.actions, placed), "hourly": hourly})


def next_step(
    ctx: StepContext, plan: DayPlan, *, places: KnownPlaces, here: Address
) -> tuple[DayPlan, PlanStep | None]:
    """The plan (decomposed as needed) and its step for now (`ctx.minute`), placed inside
    the known `places`, the agent being `here`."""
    plan = ensure_decomposed(ctx, plan, places=places, here=here)
    step = plan.action_at(ctx.minute)
    if step is None:
        return plan, None
    if step.address is None or not places.contains(step.address):
        chunk = plan.chunk_at(step.start)
        stretch = chunk.activity if chunk is not None else step.activity
        (placed,) = place_steps(ctx, [step], places=places, here=here, stretch=stretch)
        actions = tuple(placed if s == step else s for s in plan.actions)
        plan = plan.model_copy(update={"actions": actions})
        step = placed
    return plan, step

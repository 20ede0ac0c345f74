"""The next action: the plan's step for this minute, planned just in time and placed.

If the coming stretch has no fine actions yet, its hour is planned now in one call
(`steps.hour_plan`: the actions with their emoji, objects and states, in one of the known
arenas), or taken from an earlier day's plan of the same hour (`steps.plan_reuse`). The
chunk keeps the arena for its later hours. An answer naming no known place is rejected and
the actions are placed the old way, top-down (`location.place_actions`); an action whose
object is not of the arena has it chosen (`objects`), and a single step found unplaced is
placed alone the same way (with the `emoji` task when it has none).
"""

from __future__ import annotations

from collections.abc import Sequence

from cognition.contract import Address, KnownPlaces
from cognition.plan import DayPlan, PlanStep, splice
from cognition.steps.context import StepContext
from cognition.steps.emoji import choose_emoji
from cognition.steps.hour_plan import plan_hour
from cognition.steps.location import place_actions
from cognition.steps.plan_reuse import HourBook


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
    ctx: StepContext, plan: DayPlan, *, places: KnownPlaces, here: Address, book: HourBook
) -> DayPlan:
    """`plan` with placed fine actions covering now (`ctx.minute`): the coming hour planned
    in one call, or reused from `book`."""
    minute = ctx.minute
    if plan.action_at(minute) is not None:
        return plan
    chunk = plan.chunk_at(minute)
    if chunk is None:
        return plan
    fine, area = plan_hour(ctx, chunk, places=places, here=here, book=book)
    placed = place_steps(
        ctx, fine, places=places, here=here, stretch=chunk.activity, area=area or chunk.address
    )
    if not placed or placed[0].address is None:
        return plan.model_copy(update={"actions": splice(plan.actions, placed)})
    # the chunk keeps its area: its later hours are placed there without asking again
    area = placed[0].address.model_copy(update={"object": None})
    hourly = tuple(c.model_copy(update={"address": area}) if c == chunk else c for c in plan.hourly)
    return plan.model_copy(update={"actions": splice(plan.actions, placed), "hourly": hourly})


def next_step(
    ctx: StepContext,
    plan: DayPlan,
    *,
    places: KnownPlaces,
    here: Address,
    book: HourBook | None = None,
) -> tuple[DayPlan, PlanStep | None]:
    """The plan (its hour planned as needed, reusing `book`'s earlier days) and its step for
    now (`ctx.minute`), placed inside the known `places`, the agent being `here`."""
    book = book if book is not None else HourBook()
    plan = ensure_decomposed(ctx, plan, places=places, here=here, book=book)
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

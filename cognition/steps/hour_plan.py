"""The hour's plan in one call: its actions, where (sector and arena), with what, and emoji.

At an hour boundary the coming stretch of the plan's chunk (`decompose.window_for`) is
decomposed into 5–15 minute actions, each with its emoji and the object it uses with that
object's state, and placed in one of the arenas the agent knows — one structured call
instead of decompose → place → objects (→ emoji). As the paper's planning is, the call is
conditioned on retrieval: the memories recalled for the chunk's activity (`hour_plan_memories`
of them, plans aside) that bear on it — rated at least `plan_reuse_importance` and at least
`plan_reuse_relevance` relevant (`plan_reuse.notable_hits`), long ones by their gist — are in
the prompt: what the hour's reuse is keyed by, so a reused hour saw the same context; a
routine sighting recalled for being recent says nothing of how the hour goes. They are read without
refreshing their access time: the reference implementation's decomposition recalls nothing,
and a recall that refreshed would change what talk and reactions recall (measured on the
offline town: the scenario's two news items reached fewer residents).
A stretch that is not decomposed (sleep, or every stretch in the `no planning` variant) is
one action, placed the same way.

The places offered are those the agent knows: only the chunk's own arena when it has one
(placed in an earlier hour) or the plan item names it, only the named sector's arenas when
it names a sector (sleep: the home's), else every known arena, where the agent is first.
The answer schema lists them (and their objects), so a server that constrains decoding can
only name a known one; an answer naming another is rejected, never obeyed: the caller
places the actions the old way (`location.place_actions`). An object not of the chosen
arena is asked about again (`objects.settle_objects`). Hours repeat across days at no cost
(`steps.plan_reuse`).
"""

from __future__ import annotations

import logging
from datetime import date
from typing import Any

from pydantic import BaseModel, Field, model_validator

from cognition.contract import Address, KnownPlaces
from cognition.llm.schema import strict_json_schema, with_enum, with_items, with_range
from cognition.llm.task import Task, render_value
from cognition.memory.records import MemoryKind
from cognition.persona import without_lifestyle
from cognition.plan import PlanStep, clock
from cognition.steps import decompose
from cognition.steps.common import contains_word, gist
from cognition.steps.compact import listed
from cognition.steps.context import StepContext
from cognition.steps.decompose import StretchInput, SubAction, lay_out, most_actions, window_for
from cognition.steps.emoji import THOUGHT_BUBBLE, clean_emoji
from cognition.steps.hour_places import HourPlace, offered_places, place_lines
from cognition.steps.plan_reuse import (
    HourBook,
    KeptHour,
    fitted,
    near_hours,
    normalised,
    notable,
    notable_hits,
    reuse_key,
)

log = logging.getLogger("cognition.steps")

# what is recalled for an hour: not plans (the day's plan is what the hour is part of)
RECALLED = (MemoryKind.OBSERVATION, MemoryKind.REFLECTION, MemoryKind.DIALOGUE)
GIST = 160  # characters of a recalled memory shown (a conversation: its heading, first line)


class HourPlanInput(StretchInput):
    most_actions: int = Field(description="at most this many actions (`decompose.most_actions`)")
    memories: list[str] = Field(description="what the agent recalls about the activity")
    here: str = Field(description='where the agent is now, "arena, sector"')
    home: str = Field(description='"sector, arena"')
    workplace: str
    places: list[HourPlace] = Field(description="the arenas offered, where the agent is first")
    place_lines: list[str] = Field(
        default_factory=list, description="how the prompt shows `places`: a line a sector"
    )

    @model_validator(mode="after")
    def _show_places(self) -> HourPlanInput:
        if not self.place_lines:
            self.place_lines = place_lines(self.places)
        return self


class HourPlan(BaseModel):
    sector: str = Field(description="the sector of the chosen place, copied exactly")
    arena: str = Field(description="the arena of the chosen place, copied exactly")
    actions: list[SubAction]
    emoji: str = Field(default="", description="one to three emoji showing the whole stretch")


def first_place(inputs: HourPlanInput) -> HourPlan:
    """The whole stretch as one action where the first place offered is (no model)."""
    place = inputs.places[0] if inputs.places else HourPlace(sector="", arena="", objects="")
    whole = SubAction(activity=inputs.activity, minutes=inputs.minutes)
    return HourPlan(sector=place.sector, arena=place.arena, actions=[whole])


def objects_of(place: HourPlace) -> list[str]:
    return [name for name in (part.strip() for part in place.objects.split(",")) if name]


def hour_schema(inputs: HourPlanInput) -> dict[str, Any]:
    """A place among those offered; one to `most_actions` actions of `min_minutes` to
    `max_minutes`, each object one of the offered arenas' (or ""), strings bounded
    (`decompose.bounded_actions`)."""
    low, high = sorted((max(1, inputs.min_minutes), max(1, inputs.max_minutes)))
    schema = strict_json_schema(HourPlan)
    schema = with_enum(schema, "sector", [p.sector for p in inputs.places])
    schema = with_enum(schema, "arena", [p.arena for p in inputs.places])
    schema = with_items(schema, "actions", at_least=1, at_most=max(1, inputs.most_actions))
    things = [thing for place in inputs.places for thing in objects_of(place)]
    schema = with_enum(schema, "actions[].object", [*things, ""] if things else [])
    schema = with_range(schema, "actions[].minutes", minimum=low, maximum=high)
    return decompose.bounded_actions(schema)


def hour_prompt(inputs: HourPlanInput) -> dict[str, str]:
    """The identity without its lifestyle (how the person spends their days: the day plan
    it details read it); the recalled memories (none: no heading), a run at one place under
    it, a talk beside its summary by its heading; arenas with the same objects named
    together (`steps.compact`). Where the agent is, its home and work and whether to stay only when
    there is a choice of sector; the arenas of one sector are a choice of arena; one place
    offered is simply the place."""
    alike = render_value(place_lines(inputs.places, alike=True))
    if len({place.sector for place in inputs.places}) == 1 < len(inputs.places):
        where = "Pick an arena (sector and arena copied exactly), sector: arena [objects]:"
    elif len(inputs.places) > 1:
        where = (
            f"Now at: {inputs.here}. Home: {inputs.home}. Work: {inputs.workplace}.\n"
            "Pick a place (sector and arena copied exactly; stay unless the activity belongs "
            "elsewhere), sector: arena [objects]:"
        )
    else:
        where = "The place, sector: arena [objects]:"
    memories = listed(inputs.memories)
    recalled = f"{inputs.agent} remembers:\n{memories}\n\n" if inputs.memories else ""
    identity = without_lifestyle(inputs.identity)  # the day's shape is the day plan's
    return {"memories": recalled, "place_lines": alike, "here": where, "identity": identity}


HOUR_PLAN = Task(
    name="hour_plan",
    template="hour_plan.txt",
    input_model=HourPlanInput,
    output_model=HourPlan,
    fallback=first_place,
    max_tokens=900,
    max_tokens_for=lambda inputs: decompose.actions_tokens(inputs.most_actions),
    schema_for=hour_schema,
    render=hour_prompt,
)


def chosen_area(answer: HourPlan, offered: list[HourPlace], places: KnownPlaces) -> Address | None:
    """The offered arena the answer names (case aside), or None: never an unknown place."""
    sector, arena = answer.sector.strip().casefold(), answer.arena.strip().casefold()
    for place in offered:
        if (place.sector.casefold(), place.arena.casefold()) == (sector, arena):
            address = Address(world=places.world, sector=place.sector, arena=place.arena)
            return address if places.contains(address) else None
    return None


def is_whole(ctx: StepContext, chunk: PlanStep) -> bool:
    """Whether the stretch stays one action (sleep; every stretch without planning)."""
    return not ctx.settings.planning or contains_word(
        chunk.activity, ctx.settings.undecomposed_words
    )


def hour_inputs(
    ctx: StepContext, chunk: PlanStep, places: KnownPlaces, here: Address, memories: list[str]
) -> HourPlanInput:
    settings, persona = ctx.settings, ctx.persona
    whole = is_whole(ctx, chunk)
    start, end = (ctx.minute, chunk.end) if whole else window_for(chunk, ctx.minute, settings)
    low, high = (
        (end - start,) * 2 if whole else (settings.action_min_minutes, settings.action_max_minutes)
    )
    return HourPlanInput(
        agent=ctx.agent,
        identity=ctx.identity,
        activity=chunk.activity,
        start=clock(start),
        end=clock(end),
        minutes=end - start,
        min_minutes=low,
        max_minutes=high,
        most_actions=most_actions(end - start, low, high),
        memories=memories,
        here=f"{here.arena}, {here.sector}" if here.arena else (here.sector or ""),
        home=f"{persona.home_sector}, {persona.home_arena}",
        workplace=persona.work_sector,
        places=offered_places(ctx, chunk, places, here),
    )


def plan_hour(
    ctx: StepContext, chunk: PlanStep, *, places: KnownPlaces, here: Address, book: HourBook
) -> tuple[tuple[PlanStep, ...], Address | None]:
    """The coming stretch of `chunk` as laid-out steps (with emoji and proposed objects) and
    the known arena they happen in — None when the answer named no offered place (the
    caller places them the old way). One call, or none when an earlier day's plan of the
    same hour is reused (`steps.plan_reuse`)."""
    settings = ctx.settings
    hits = ctx.memory.retrieve(
        chunk.activity, ctx.now, k=settings.hour_plan_memories, kinds=RECALLED, touch=False
    )
    bearing = notable_hits(hits, settings.plan_reuse_importance, settings.plan_reuse_relevance)
    recalled = list(dict.fromkeys(gist(hit.record.text, GIST) for hit in bearing))
    inputs = hour_inputs(ctx, chunk, places, here, recalled)
    news = notable(
        hits,
        settings.plan_reuse_importance,
        settings.plan_reuse_relevance,
        ctx.agent,
        ctx.now.date(),
    )
    situations = [hour_key(ctx, chunk, inputs, hour) for hour in near_hours(ctx.minute)]
    anytime, today = hour_key(ctx, chunk, inputs, None), ctx.now.date()
    length = None if is_whole(ctx, chunk) else inputs.minutes
    reusing = settings.plan_reuse
    kept = book.covering(situations, news, today, length, anytime) if reusing else None
    answer = as_answer(kept, inputs.minutes) if kept is not None else ask_hour(ctx, inputs)
    area = chosen_area(answer, inputs.places, places) if answer is not None else None
    answer = answer or first_place(inputs)
    book.count(
        reused=kept is not None, shifted=kept is not None and kept.situation not in situations
    )
    if kept is None and area is not None and reusing:
        # kept under this hour's own situation (and at any time of day) and its facts
        hour = kept_hour(answer, area, today, inputs.minutes)
        update = {"situation": situations[0], "facts": news, "anytime": anytime}
        hour = hour.model_copy(update=update)
        book.keep(reuse_key([situations[0], "|", *news]), hour)
    return laid_out(ctx, chunk, inputs, answer), area


def hour_key(ctx: StepContext, chunk: PlanStep, inputs: HourPlanInput, hour: int | None) -> str:
    """The hour's situation key (`steps.plan_reuse`): the activity, the hour of the day it
    starts in (`hour`: its own, or a near one to look up; None: any time of day), whether it
    stays one action, the places offered (in any order), where the agent starts from when
    there is a choice of place — the sector, else "elsewhere" when none of the offered; "-"
    when there is no choice. The facts recalled and the length are matched by
    `HourBook.covering`."""
    offered = sorted(f"{p.sector}/{p.arena}" for p in inputs.places)
    here = "-"
    if len(offered) > 1:
        sector = inputs.here.rpartition(", ")[2]
        here = sector if any(p.sector == sector for p in inputs.places) else "elsewhere"
    return reuse_key(
        [
            normalised(chunk.activity, ctx.agent),
            "any" if hour is None else str(hour),
            "whole" if is_whole(ctx, chunk) else "actions",
            here,
            *offered,
        ]
    )


def ask_hour(ctx: StepContext, inputs: HourPlanInput) -> HourPlan | None:
    """The model's plan for the hour, or None when it failed (its fallback is not kept)."""
    completion = ctx.model.complete(HOUR_PLAN, inputs, agent=ctx.agent)
    if completion.error:
        log.info("hour_plan for %s used its fallback: %s", ctx.agent, completion.error)
        return None
    return completion.output


def as_answer(kept: KeptHour, minutes: int) -> HourPlan:
    """The kept hour as an answer for a stretch of `minutes` (its actions fitted to it)."""
    actions = fitted(kept.actions, kept.minutes, minutes)
    return HourPlan(sector=kept.sector, arena=kept.arena, actions=actions, emoji=kept.emoji)


def kept_hour(answer: HourPlan, area: Address, day: date, minutes: int) -> KeptHour:
    sector, arena = area.sector or "", area.arena or ""
    return KeptHour(
        day=day,
        sector=sector,
        arena=arena,
        actions=answer.actions,
        emoji=answer.emoji,
        minutes=minutes,
    )


def laid_out(
    ctx: StepContext, chunk: PlanStep, inputs: HourPlanInput, answer: HourPlan
) -> tuple[PlanStep, ...]:
    """The answer's actions tiling the window exactly (`decompose.lay_out`); a stretch that
    stays whole is one step of the chunk's activity, with the answer's emoji and object."""
    start = ctx.minute
    end = start + inputs.minutes
    if not is_whole(ctx, chunk):
        steps = lay_out(answer.actions, start, end, chunk.activity, ctx.settings, answer.emoji)
        return carried(steps)
    first = answer.actions[0] if answer.actions else SubAction(activity=chunk.activity, minutes=1)
    thing = first.object.strip() or None
    step = PlanStep(
        start=start,
        minutes=end - start,
        activity=chunk.activity,
        emoji=clean_emoji(answer.emoji or first.emoji) or THOUGHT_BUBBLE,
        object=thing,
        object_state=(first.state.strip() or None) if thing else None,
    )
    return (step,)


def carried(steps: tuple[PlanStep, ...]) -> tuple[PlanStep, ...]:
    """A step naming no object (the stretch going on after the answer's actions) keeps
    using the object of the step before it, in the same state (no call to choose one)."""
    out: list[PlanStep] = []
    for step in steps:
        last = out[-1] if out else None
        if step.object is None and last is not None and last.object is not None:
            step = step.model_copy(
                update={"object": last.object, "object_state": last.object_state}
            )
        out.append(step)
    return tuple(out)

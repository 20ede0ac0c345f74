"""Offline hour plan: the hour decomposed, placed and its objects chosen, in one answer.

The same rules as the three steps it replaces, in their order: the stretch decomposed from
the routine with the objects of the offered places at hand (`planning.decompose`); the sector
the activity or its actions name, else by work, home or keyword, else where the agent is
(`places.choose_place`); the arena that alone holds every object the actions use, else the
one named or by keyword, else where the agent is; each action's object one of that arena's
(its own when the arena has it, else the one its words name, else the one before it)."""

from __future__ import annotations

import random

from cognition.offline.judgement import object_state
from cognition.offline.places import choose_object, choose_place
from cognition.offline.planning import decompose
from cognition.steps.decompose import DecomposeInput, SubAction
from cognition.steps.hour_places import HourPlace
from cognition.steps.hour_plan import HourPlan, HourPlanInput, objects_of
from cognition.steps.location import PlaceChoiceInput

MAX_OBJECTS = 40  # objects at hand for the decomposition, as the step offered them


def plan_hour(inputs: HourPlanInput, rng: random.Random) -> HourPlan:
    things = sorted({thing for place in inputs.places for thing in objects_of(place)})
    decomposition = decompose(
        DecomposeInput(
            agent=inputs.agent,
            identity=inputs.identity,
            activity=inputs.activity,
            start=inputs.start,
            end=inputs.end,
            minutes=inputs.minutes,
            min_minutes=inputs.min_minutes,
            max_minutes=inputs.max_minutes,
            objects=things[:MAX_OBJECTS],
        ),
        rng,
    )
    if not inputs.places:
        return HourPlan(sector="", arena="", actions=decomposition.actions)
    place = choose_arena(inputs, decomposition.actions, rng)
    actions = with_objects(inputs.agent, decomposition.actions, objects_of(place), rng)
    return HourPlan(
        sector=place.sector, arena=place.arena, actions=actions, emoji=decomposition.emoji
    )


def choice(
    inputs: HourPlanInput, level: str, doing: str, options: list[str], rng: random.Random
) -> str:
    """The offline answer to the per-level place question (`places.choose_place`)."""
    here_arena, _, here_sector = inputs.here.rpartition(", ")
    home_sector, _, home_arena = inputs.home.partition(", ")
    current = (here_sector, home_sector) if level == "sector" else (here_arena, home_arena)
    notes = [f"{p.arena}: {p.objects or 'no objects'}" for p in inputs.places if p.arena in options]
    question = PlaceChoiceInput(
        agent=inputs.agent,
        activity=doing,
        context=inputs.activity,
        level=level,
        within="",
        options=options,
        notes=notes if level == "arena" else [],
        current=next((c for c in current if c and c in options), ""),
        home=inputs.home,
        workplace=inputs.workplace,
    )
    return choose_place(question, rng).name


def choose_arena(inputs: HourPlanInput, actions: list[SubAction], rng: random.Random) -> HourPlace:
    """One of the offered places for the actions (sector first, then its arena)."""
    sectors = list(dict.fromkeys(place.sector for place in inputs.places))
    activities = [action.activity for action in actions]
    doing = inputs.activity
    if activities != [inputs.activity]:
        doing = f"{inputs.activity}: {'; '.join(activities)}"
    sector = sectors[0] if len(sectors) == 1 else choice(inputs, "sector", doing, sectors, rng)
    arenas = [place for place in inputs.places if place.sector == sector]
    wanted = {a.object for a in actions if any(a.object in objects_of(p) for p in arenas)}
    holding = [p for p in arenas if wanted and wanted <= set(objects_of(p))]
    if len(holding) == 1:
        return holding[0]
    if len(arenas) == 1:
        return arenas[0]
    name = choice(inputs, "arena", doing, [p.arena for p in arenas], rng)
    return next((p for p in arenas if p.arena == name), arenas[0])


def with_objects(
    agent: str, actions: list[SubAction], options: list[str], rng: random.Random
) -> list[SubAction]:
    """Each action using one of `options` (none when there are none), with its state."""
    if not options:
        return [a.model_copy(update={"object": "", "state": ""}) for a in actions]
    used, last = [], ""
    for action in actions:
        if action.object in options:
            thing, state = action.object, action.state or object_state(agent, action.activity)
        else:
            thing = choose_object(action.activity, options) or last or rng.choice(options)
            state = object_state(agent, action.activity)
        last = thing
        used.append(action.model_copy(update={"object": thing, "state": state}))
    return used

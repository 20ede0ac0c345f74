"""Objects and their states: for all the actions of an hour in one arena, one call.

The model picks, for each action, one of the arena's objects and says what that object
looks like while in use ("brewing coffee"); it returns to idle after. An object not offered
is rejected: the call is asked again once for the items still unsettled, then those fall
back to the current object (else the first offered) — never obeyed. The call's answer schema
asks for one use per action, its object one of the options. An action whose decomposition
already named one of the arena's objects keeps it and its state (`settle_objects`): the
call asks only about the others, and is not made when there are none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field

from cognition.llm.schema import strict_json_schema, with_enum, with_items
from cognition.llm.task import Task
from cognition.steps.context import StepContext


class ObjectsInput(BaseModel):
    agent: str
    place: str = Field(description="the arena and sector the actions happen in")
    context: str = Field(description="the stretch of the plan these actions belong to")
    actions: list[str] = Field(description="numbered actions, '1. ...'")
    count: int
    options: list[str]
    current: str = Field(description="the object the agent is at now, if offered")


class ObjectUse(BaseModel):
    object: str = Field(description="one of the options, copied exactly")
    state: str = Field(default="", description='the object\'s state, e.g. "brewing coffee"')


class ObjectUses(BaseModel):
    uses: list[ObjectUse] = Field(description="one per action, in order")


def in_use(agent: str) -> str:
    return f"in use by {agent}"


def stay_put(inputs: ObjectsInput) -> ObjectUses:
    thing = inputs.current or inputs.options[0]
    return ObjectUses(uses=[ObjectUse(object=thing, state=in_use(inputs.agent))] * inputs.count)


def uses_schema(inputs: ObjectsInput) -> dict[str, Any]:
    """One use per action, each of one of the options."""
    schema = with_items(strict_json_schema(ObjectUses), "uses", exactly=inputs.count)
    return with_enum(schema, "uses[].object", inputs.options)


CHOOSE_OBJECTS = Task(
    name="choose_objects",
    template="choose_objects.txt",
    input_model=ObjectsInput,
    output_model=ObjectUses,
    fallback=stay_put,
    max_tokens=400,
    schema_for=uses_schema,
)


def offered(answer: str, options: Sequence[str]) -> str | None:
    """The option `answer` names (case aside), or None."""
    folded = {option.casefold(): option for option in options}
    return folded.get(answer.strip().casefold())


def choose_objects(
    ctx: StepContext,
    activities: Sequence[str],
    options: Sequence[str],
    *,
    current: str | None,
    place: str,
    stretch: str,
) -> list[tuple[str, str]]:
    """(object, state) for each of `activities` (a `stretch` of the plan, done at `place`),
    every object one of `options`; `current` is the object the agent is at now."""
    if not activities or not options:
        return []
    agent = ctx.agent
    inputs = ObjectsInput(
        agent=agent,
        place=place,
        context=stretch,
        actions=[f"{i}. {a}" for i, a in enumerate(activities, start=1)],
        count=len(activities),
        options=list(options),
        current=current if current in options else "",
    )
    chosen: list[tuple[str, str] | None] = [None] * len(activities)
    for _ in range(1 + ctx.settings.location_retries):
        uses = ctx.ask(CHOOSE_OBJECTS, inputs).uses
        for index, use in enumerate(uses[: len(chosen)]):
            thing = offered(use.object, options)
            if chosen[index] is None and thing is not None:
                chosen[index] = (thing, use.state.strip() or in_use(agent))
        if all(pair is not None for pair in chosen):
            break
    default = stay_put(inputs).uses[0]
    return [pair or (default.object, default.state) for pair in chosen]


def settle_objects(
    ctx: StepContext,
    activities: Sequence[str],
    options: Sequence[str],
    proposed: Sequence[tuple[str | None, str | None]],
    *,
    current: str | None,
    place: str,
    stretch: str,
) -> list[tuple[str, str]]:
    """`choose_objects`, but an action whose `proposed` (object, state) names one of
    `options` keeps it (its state, else "in use by …") and only the others are asked about;
    no call when every action's object is settled."""
    if not activities or not options:
        return []
    settled: list[tuple[str, str] | None] = []
    for index in range(len(activities)):
        thing, state = proposed[index] if index < len(proposed) else (None, None)
        known = offered(thing, options) if thing else None
        settled.append((known, (state or "").strip() or in_use(ctx.agent)) if known else None)
    open_items = [i for i, pair in enumerate(settled) if pair is None]
    if open_items:
        asked = [activities[i] for i in open_items]
        answers = choose_objects(ctx, asked, options, current=current, place=place, stretch=stretch)
        for index, pair in zip(open_items, answers, strict=True):
            settled[index] = pair
    return [pair for pair in settled if pair is not None]

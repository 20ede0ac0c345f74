"""Fine decomposition: the coming hour of a chunk as 5–15 minute actions, just in time.

Each action comes with its emoji and the object at hand it uses with that object's state
(checked against the arena when the hour is placed: `steps.objects.settle_objects`), and the
stretch as a whole with an emoji (one call per hour for all). Sleep is not decomposed. The
result always tiles the window exactly: durations are clamped to the configured bounds, the
last action is cut at the window's end, and any time left over continues the chunk's
activity, with the stretch's emoji (no emoji call). The call's answer schema asks for actions
of `min_minutes` to `max_minutes`, no more than fit the window at their middle length
(`most_actions`), each object one of those at hand or "", each string no longer than it needs
(`bounded_actions`); the answer's token bound follows from those (`actions_tokens`).

Why the bounds: on a real tiny-model server (Gemma 270M behind llama.cpp, which constrains
decoding to the schema) each answer token costs about as much as the grammar check over the
model's whole vocabulary, and a constrained small model keeps writing while the schema lets
it — actions up to the most allowed, a string whose closing quote never comes — until the
token bound cuts the answer (invalid) or the call's deadline passes. Session 6's hour plans
averaged 356 answer tokens a call, and one of three hours fell back after 180 s.
"""

from __future__ import annotations

import math
from typing import Any

from pydantic import BaseModel, Field

from cognition.llm.schema import (
    strict_json_schema,
    with_enum,
    with_items,
    with_length,
    with_range,
)
from cognition.llm.task import Task
from cognition.plan import PlanStep, clock
from cognition.settings import MindSettings
from cognition.steps.bounds import DayMinutes
from cognition.steps.common import contains_word
from cognition.steps.context import StepContext
from cognition.steps.emoji import THOUGHT_BUBBLE, clean_emoji


class StretchInput(BaseModel):
    """Who plans which stretch of a chunk, and the bounds of its actions (the hour's one
    call, `steps.hour_plan`, asks with the same)."""

    agent: str
    identity: str = Field(description="who the agent is (the reference's identity set)")
    activity: str
    start: str
    end: str
    minutes: int
    min_minutes: int
    max_minutes: int


class DecomposeInput(StretchInput):
    objects: list[str] = Field(description="objects at hand in the places the agent knows")


class SubAction(BaseModel):
    activity: str
    minutes: DayMinutes  # (clamped: `lay_out` clamps to the settings' bounds anyway)
    emoji: str = Field(default="", description="one to three emoji showing the action")
    object: str = Field(default="", description='the object at hand it uses, or "" for none')
    state: str = Field(default="", description='that object\'s state, e.g. "brewing coffee"')


class Decomposition(BaseModel):
    actions: list[SubAction]
    emoji: str = Field(default="", description="one to three emoji showing the whole stretch")


# the most characters an action's strings need: a constrained decoder ends the string there
ACTIVITY_CHARS = 80  # "wipe down the counter and set out the pastries for the morning"
STATE_CHARS = 40  # "brewing coffee"
OBJECT_CHARS = 60  # an object's name (usually also one of an enum: those at hand)
EMOJI_CHARS = 16  # one to three emoji, joined sequences included
# the most tokens an action of those bounds takes as JSON (keys and punctuation ~30, its
# strings ~60), and the answer around its actions (a place's names, the stretch's emoji)
ACTION_TOKENS = 90
FRAME_TOKENS = 100


def most_actions(minutes: int, low: int, high: int) -> int:
    """The most actions asked for a window of `minutes`: as many as fill it at the middle of
    [`low`, `high`] minutes each (85 minutes of 5-15: 9, not 17 of 5). Fewer fill it too: the
    time left over continues the chunk's activity."""
    middle = (max(1, low) + max(1, high)) / 2
    return max(1, math.ceil(max(1, minutes) / middle))


def bounded_actions(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema`'s action strings (`actions[].activity`, `.object`, `.state`, `.emoji`) and
    the stretch's `emoji` bounded in length."""
    schema = with_length(schema, "actions[].activity", at_most=ACTIVITY_CHARS)
    schema = with_length(schema, "actions[].object", at_most=OBJECT_CHARS)
    schema = with_length(schema, "actions[].state", at_most=STATE_CHARS)
    schema = with_length(schema, "actions[].emoji", at_most=EMOJI_CHARS)
    return with_length(schema, "emoji", at_most=EMOJI_CHARS)


def actions_tokens(actions: int) -> int:
    """The most tokens an answer of up to `actions` bounded actions needs."""
    return FRAME_TOKENS + ACTION_TOKENS * max(1, actions)


def keep_whole(inputs: DecomposeInput) -> Decomposition:
    return Decomposition(actions=[SubAction(activity=inputs.activity, minutes=inputs.minutes)])


def actions_schema(inputs: DecomposeInput) -> dict[str, Any]:
    """Actions of `min_minutes` to `max_minutes` each: at least one, at most as many as fit
    the window. (Not at least as many as fill it: what is left over continues the chunk's
    activity, and a tiny model made to write more actions only writes more filler.)"""
    low, high = sorted((max(1, inputs.min_minutes), max(1, inputs.max_minutes)))
    most = most_actions(inputs.minutes, low, high)
    schema = with_items(strict_json_schema(Decomposition), "actions", at_least=1, at_most=most)
    schema = with_enum(schema, "actions[].object", [*inputs.objects, ""] if inputs.objects else [])
    return bounded_actions(with_range(schema, "actions[].minutes", minimum=low, maximum=high))


def decompose_tokens(inputs: DecomposeInput) -> int:
    low, high = sorted((max(1, inputs.min_minutes), max(1, inputs.max_minutes)))
    return actions_tokens(most_actions(inputs.minutes, low, high))


DECOMPOSE = Task(
    name="decompose_actions",
    template="decompose_actions.txt",
    input_model=DecomposeInput,
    output_model=Decomposition,
    fallback=keep_whole,
    max_tokens=700,
    max_tokens_for=decompose_tokens,
    schema_for=actions_schema,
)


def window_for(chunk: PlanStep, minute: int, settings: MindSettings) -> tuple[int, int]:
    """[start, end) of the stretch to decompose now: the coming hour of the chunk, or the
    rest of the chunk when less than half an hour more would be left after it (one call
    for 75 minutes, not one for an hour and another for its last quarter)."""
    window = settings.decomposition_window_minutes
    end = min(chunk.end, minute + window)
    if chunk.end - end < max(settings.action_min_minutes, window // 2):
        end = chunk.end
    return minute, end


def lay_out(
    actions: list[SubAction],
    start: int,
    end: int,
    fallback: str,
    settings: MindSettings,
    fallback_emoji: str = "",
) -> tuple[PlanStep, ...]:
    """Consecutive steps exactly tiling [start, end); time the actions leave over continues
    `fallback` with `fallback_emoji` (the thought bubble when it is no emoji)."""
    steps: list[PlanStep] = []
    cursor = start
    for action in actions:
        if cursor >= end or not action.activity.strip():
            continue
        minutes = max(settings.action_min_minutes, min(action.minutes, settings.action_max_minutes))
        minutes = min(minutes, end - cursor)
        emoji = clean_emoji(action.emoji) or THOUGHT_BUBBLE  # a bad one costs no new call
        thing = action.object.strip() or None  # checked against the arena when placed
        steps.append(
            PlanStep(
                start=cursor,
                minutes=minutes,
                activity=action.activity.strip(),
                emoji=emoji,
                object=thing,
                object_state=(action.state.strip() or None) if thing else None,
            )
        )
        cursor += minutes
    filler_emoji = clean_emoji(fallback_emoji) or THOUGHT_BUBBLE
    while cursor < end:
        minutes = min(settings.action_max_minutes, end - cursor)
        steps.append(PlanStep(start=cursor, minutes=minutes, activity=fallback, emoji=filler_emoji))
        cursor += minutes
    return tuple(steps)


def decompose(ctx: StepContext, chunk: PlanStep, objects: list[str]) -> tuple[PlanStep, ...]:
    """Fine actions from now (`ctx.minute`) through the coming hour of `chunk`, knowing who
    the agent is (its identity, as the reference implementation's decomposition prompt has
    it: the summary description heads the day's planning, not each hour's) and the `objects`
    at hand."""
    settings, minute = ctx.settings, ctx.minute
    if contains_word(chunk.activity, settings.undecomposed_words):
        return (PlanStep(start=minute, minutes=chunk.end - minute, activity=chunk.activity),)
    start, end = window_for(chunk, minute, settings)
    inputs = DecomposeInput(
        agent=ctx.agent,
        identity=ctx.identity,
        activity=chunk.activity,
        start=clock(start),
        end=clock(end),
        minutes=end - start,
        min_minutes=settings.action_min_minutes,
        max_minutes=settings.action_max_minutes,
        objects=objects,
    )
    answer = ctx.ask(DECOMPOSE, inputs)
    return lay_out(answer.actions, start, end, chunk.activity, settings, answer.emoji)

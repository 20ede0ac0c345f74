"""Reacting: on a new observation, continue the plan, react to it, or start a conversation.

The context is the two retrievals the paper names: what the agent remembers about the
observed person (their relationship) and about what that person is doing (their status); a
memory both retrievals find is shown once, with the first; a long one by its gist (a
conversation by its opening: its summary is a memory too).
While talking is not allowed, the call's answer schema does not offer "talk".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, get_args

from pydantic import BaseModel, Field

from cognition.llm.schema import strict_json_schema, with_enum
from cognition.llm.task import Task
from cognition.memory.fields import MemoryFields
from cognition.memory.records import NewMemory
from cognition.memory.texts import stamped_text
from cognition.steps.common import gist, memory_lines, when
from cognition.steps.compact import mentioning, once, timeline, unsaid
from cognition.steps.context import StepContext
from cognition.steps.perceive import Observation
from cognition.steps.reflect import Recalled
from cognition.steps.view_reuse import named_in_fields


class ReactInput(BaseModel):
    agent: str
    summary: str
    now: str
    current_activity: str
    observation: str
    observed: str
    relationship_memories: list[str]
    status_memories: list[str]
    # each relationship memory's kind and fields, line by line (empty: unknown)
    relationship_recalled: list[Recalled] = Field(default_factory=list)
    may_talk: bool = Field(description="False while a recent chat with them cools down")
    observed_is_visitor: bool = Field(default=False, description="a visitor, not a resident")


Choice = Literal["continue", "react", "talk"]


class Reaction(BaseModel):
    choice: Choice
    reaction: str = Field(default="", description="what the agent does instead, if reacting")
    minutes: int = Field(default=15, ge=1, le=240)


def carry_on(_: ReactInput) -> Reaction:
    return Reaction(choice="continue")


def reaction_schema(inputs: ReactInput) -> dict[str, Any]:
    """The choices open now: no "talk" while talking is not allowed."""
    choices = [c for c in get_args(Choice) if inputs.may_talk or c != "talk"]
    return with_enum(strict_json_schema(Reaction), "choice", choices)


NOBODY = "nobody"  # `ReactInput.observed` of an observation of no one and nothing


def the_thing(thing: str) -> str:
    """How an observed object is named as `ReactInput.observed` ("the stove")."""
    return f"the {thing}"


def names_observed(about: MemoryFields, observed: str) -> bool:
    """Whether a memory's fields name the one observed: a person as the relationship
    prompt's do (`view_reuse.named_in_fields`), an object by its `thing` (`the_thing`)."""
    return named_in_fields(about, observed) or bool(
        about.thing and the_thing(about.thing) == observed
    )


def about_observed(inputs: ReactInput) -> list[str]:
    """The memories recalled about the one observed whose fields name it (`names_observed`;
    all when it is no one); one saved without fields (an old save), or all when the input
    gave none line by line, by its words (`compact.mentioning`)."""
    lines, observed = inputs.relationship_memories, inputs.observed
    if observed == NOBODY:
        return lines
    if len(inputs.relationship_recalled) != len(lines):
        return mentioning(lines, observed)
    pairs = zip(lines, inputs.relationship_recalled, strict=True)
    return [
        line
        for line, recalled in pairs
        if (
            names_observed(recalled.about, observed)
            if recalled.about is not None
            else mentioning([line], observed)
        )
    ]


def react_prompt(inputs: ReactInput) -> dict[str, str]:
    """The summary's sentences once; each retrieval's memories by their times, the day
    once, those recalled about the one observed that name it, none the summary says
    (`steps.compact`)."""
    said = once(inputs.summary)
    return {
        "summary": said,
        "relationship_memories": timeline(unsaid(about_observed(inputs), said)),
        "status_memories": timeline(unsaid(inputs.status_memories, said)),
    }


REACT = Task(
    name="react",
    template="react.txt",
    input_model=ReactInput,
    output_model=Reaction,
    fallback=carry_on,
    max_tokens=160,
    schema_for=reaction_schema,
    render=react_prompt,
)


def react(
    ctx: StepContext,
    summary: str,
    current_activity: str,
    observation: Observation,
    may_talk: bool,
) -> Reaction:
    """Whether and how the agent reacts to `observation` (talk is refused while cooling
    down, i.e. unless `may_talk`): `react_inputs`, then `react_answer`."""
    return react_answer(ctx, react_inputs(ctx, summary, current_activity, observation, may_talk))


def react_inputs(
    ctx: StepContext,
    summary: str,
    current_activity: str,
    observation: Observation,
    may_talk: bool,
    just_seen: Sequence[NewMemory] = (),
) -> ReactInput:
    """The react call's inputs: the two retrievals, made now (from what is stored now), and
    `just_seen` — memories of the one observed still being rated (`cognition.rating_aside`)
    — after those recalled about them, as the retrieval would find them once stored."""
    observed = observation.subject or (the_thing(observation.thing) if observation.thing else "")
    # in turn (the second sees the first's access times), embedded in one pass
    relationship, recalled = ctx.recall_many([observed or observation.text, observation.text])
    shown = {hit.record.id for hit in relationship}
    status = [hit for hit in recalled if hit.record.id not in shown]
    return ReactInput(
        agent=ctx.agent,
        summary=summary,
        now=when(ctx.now),
        current_activity=current_activity or "nothing in particular",
        observation=observation.text,
        observed=observed or NOBODY,
        relationship_memories=memory_lines(relationship, gists=True)
        + [stamped_text(seen.created, gist(seen.text)) for seen in just_seen],
        status_memories=memory_lines(status, gists=True),
        relationship_recalled=[Recalled.of(hit.record) for hit in relationship]
        + [Recalled(kind=seen.kind, about=seen.about) for seen in just_seen],
        may_talk=may_talk and bool(observation.subject),
        observed_is_visitor=observation.is_visitor,
    )


def react_answer(ctx: StepContext, inputs: ReactInput) -> Reaction:
    """The react call on `inputs` (no memory read or written: it may run while the
    mind's waiting observations are rated and stored, `cognition.rating_aside`)."""
    reaction = ctx.ask(REACT, inputs)
    if reaction.choice == "talk" and not inputs.may_talk:
        return Reaction(choice="continue")
    if reaction.choice == "react" and not reaction.reaction.strip():
        return Reaction(choice="continue")
    return reaction

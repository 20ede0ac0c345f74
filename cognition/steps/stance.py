"""A stance: where a member of a meeting stands on its question once the discussion is
over — for, against or undecided, with the reason in its own words — from its summary,
what it remembers about the question and what was said. Each attendee keeps its stance as a
memory; the meeting's log and the inspector show it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, Field

from cognition.contract import ConversationLine
from cognition.llm.task import Task


class StanceInput(BaseModel):
    person: str
    summary: str
    topic: str
    memories: list[str]
    discussion: str = Field(description="the meeting's summary")
    said: list[str] = Field(default_factory=list, description="what the person said in it")
    # the views the person gave in it, as data (its lines' `view`), in order
    views: list[str] = Field(default_factory=list)


class Stance(BaseModel):
    position: Literal["for", "against", "undecided"]
    reason: str


def own_lines(person: str, lines: Sequence[ConversationLine]) -> dict[str, list[str]]:
    """What `person` said in a meeting and the views its lines gave, as `StanceInput`'s
    `said` and `views`."""
    own = [line for line in lines if line.speaker == person]
    return {"said": [line.text for line in own], "views": [line.view for line in own if line.view]}


def no_view(inputs: StanceInput) -> Stance:
    return Stance(position="undecided", reason="")


STANCE = Task(
    name="stance",
    template="stance.txt",
    input_model=StanceInput,
    output_model=Stance,
    fallback=no_view,
    max_tokens=120,
)


def stance_memory(person: str, topic: str, stance: Stance) -> str:
    """How a member remembers its stance: 'At the meeting about "…", Ann Lee was for it
    ("…").'"""
    where = {"for": "was for it", "against": "was against it", "undecided": "was undecided"}
    reason = " ".join(stance.reason.split()).replace('"', "'")
    said = f' ("{reason}")' if reason else ""
    question = " ".join(topic.split()).replace('"', "'")
    return f'At the meeting about "{question}", {person} {where[stance.position]}{said}.'

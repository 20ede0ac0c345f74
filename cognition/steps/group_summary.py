"""Summaries of a group conversation: of each round (simultaneous-talk-with-summarizer's
summarizer, which condenses the round into the shared context) and of the whole talk (which
every member keeps, with the commitments made, as a pair's summary)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from cognition.llm.task import Task
from cognition.memory.fields import News
from cognition.phrasing import listed
from cognition.steps.dialogue import ConversationSummary


class RoundSummaryInput(BaseModel):
    members: list[str]
    earlier: str = Field(default="", description="the summary of the rounds before")
    lines: list[str] = Field(description="this round's lines")
    now: str = ""
    views: list[str] = Field(default_factory=list, description="each line's view, as data")
    answers: list[str | None] = Field(default_factory=list)  # each line's answer, as data
    clock: datetime | None = None  # the game time `now` says, as data (None: unknown)


class RoundSummary(BaseModel):
    summary: str


def keep_the_lines(inputs: RoundSummaryInput) -> RoundSummary:
    """No usable summary: the shared context keeps the round's lines as they were said."""
    return RoundSummary(summary=" ".join([inputs.earlier, *inputs.lines]).strip())


SUMMARIZE_ROUND = Task(
    name="group_round_summary",
    template="group_round_summary.txt",
    input_model=RoundSummaryInput,
    output_model=RoundSummary,
    fallback=keep_the_lines,
    max_tokens=200,
)


class GroupSummaryInput(BaseModel):
    members: list[str]
    lines: list[str]
    now: str = ""
    topic: str = ""
    told: list[News | None] = Field(default_factory=list, description="each line's news, as data")
    views: list[str] = Field(default_factory=list, description="each line's view, as data")
    answers: list[str | None] = Field(default_factory=list)  # each line's answer, as data
    clock: datetime | None = None  # the game time `now` says, as data (None: unknown)


def plain_group_summary(inputs: GroupSummaryInput) -> ConversationSummary:
    return ConversationSummary(summary=f"{listed(inputs.members)} talked together.")


GROUP_SUMMARY = Task(
    name="group_summary",
    template="group_summary.txt",
    input_model=GroupSummaryInput,
    output_model=ConversationSummary,
    fallback=plain_group_summary,
    max_tokens=250,
)

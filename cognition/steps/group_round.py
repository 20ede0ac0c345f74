"""A group round's lines: one call writes the next few lines of a one-by-one group talk.

A one-by-one group talk (ChatEval's strategy) says one line per model call, and each line
needs the last, so the talk advances one line per call latency. With
`group_lines_per_call` k > 1, one call writes the lines of the next up-to-k members of the
round, in the order one-by-one would ask them. Each line is still conditioned on its own
speaker's retrieval: the input carries each speaker's own `GroupLineInput` (built as
`group.line_input.member_input` builds it at the call's start: its summary, what it
remembers about the others, its memories, plan, numbered news, and whether its plan calls
it away) and the prompt shows each one's side. A line's `tells` numbers the news of ITS
speaker. With k = 1 the talk is ChatEval's: one `group_line` call per line.

Only the lines by the expected speakers, in order, are kept (`round_lines`): a model that
skips or reorders a speaker keeps the prefix before it; a member without a line passes.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, BeforeValidator, Field
from pydantic.json_schema import SkipJsonSchema

from cognition.llm.task import Task, render_value
from cognition.memory.fields import News
from cognition.steps.compact import joined
from cognition.steps.dialogue import ANSWER_HELP, InvitationAnswer, numbers
from cognition.steps.dialogue_turn import same_person
from cognition.steps.group_line import GroupLine, GroupLineInput, group_line_prompt

__all__ = [
    "GROUP_ROUND",
    "GroupRound",
    "GroupRoundInput",
    "RoundLine",
    "round_lines",
    "step_away_round",
]


class GroupRoundInput(BaseModel):
    """The next `lines` lines of a group talk: `members[0]` says the first, then the others
    in order, each from its own `GroupLineInput` (made at the call's start)."""

    speaker: str  # who says the first line (the call is its mind's)
    now: str
    clock: datetime | None = None  # the game time `now` says, as data (None: unknown)
    round: int
    max_rounds: int
    lines: int  # how many lines to write (at most)
    context: list[str]  # the shared context: the lines so far, or a summary and the lines since
    place: str = "home"
    topic: str = ""
    host: str = ""
    everyone: list[str] = Field(default_factory=list)  # who is in the talk now
    members: list[GroupLineInput] = Field(min_length=1)  # each next speaker's own input
    # the prompt's view of `members` (`round_prompt` shows them from `members`)
    speakers: str = ""  # each one's side
    order: str = ""  # who says the lines, in order


class RoundLine(BaseModel):
    speaker: str
    text: str = Field(description='the line ("" when the speaker has nothing to add)')
    to: str = Field(default="", description="the member spoken to, or empty for everyone")
    leaves: bool = False
    tells: Annotated[list[int], BeforeValidator(numbers)] = Field(
        default_factory=list,
        description="the numbers of the speaker's listed news this line tells; usually none",
    )
    answer: InvitationAnswer = Field(default=None, description=ANSWER_HELP)
    told: SkipJsonSchema[News | None] = None  # set by rules that know it, or from `tells`
    view: SkipJsonSchema[str] = ""  # a view on a meeting's question (rules)
    echoes: SkipJsonSchema[News | None] = None  # news said back (rules)
    introduces: SkipJsonSchema[bool | None] = None  # introduces its speaker by name (rules)


class GroupRound(BaseModel):
    lines: list[RoundLine] = Field(default_factory=list)


def step_away_round(inputs: GroupRoundInput) -> GroupRound:
    """The first speaker steps away (the typed fallback, as `group_line.step_away`)."""
    text = "Sorry, everyone, I need to go."
    return GroupRound(lines=[RoundLine(speaker=inputs.speaker, text=text, leaves=True)])


def side_text(member: GroupLineInput) -> str:
    """One speaker's side as the prompt shows it, compacted as `group_line`'s prompt is."""
    shown = group_line_prompt(member)
    name = member.speaker
    parts = [
        f"{name}:",
        shown["summary"],
        f"What {name} remembers about the others:",
        shown["about_members"],
        f"{name}'s plan for today:",
        shown["plan"],
        f"{name} remembers right now:",
        shown["memories"],
        f"News {name} knows, by number:",
        render_value(member.known_news),
    ]
    if member.must_leave:
        parts.append(member.must_leave)
    return "\n".join(parts)


def round_prompt(inputs: GroupRoundInput) -> dict[str, str]:
    """Each speaker's side in turn, the speakers' order in a sentence."""
    order = [member.speaker for member in inputs.members[: max(inputs.lines, 1)]]
    return {
        "speakers": "\n\n".join(side_text(member) for member in inputs.members),
        "order": joined(order) if order else "nobody",
        "everyone": joined(inputs.everyone) if inputs.everyone else "nobody",
    }


GROUP_ROUND = Task(
    name="group_round",
    template="group_round.txt",
    input_model=GroupRoundInput,
    output_model=GroupRound,
    fallback=step_away_round,
    max_tokens=800,
    render=round_prompt,
)


def round_lines(answer: GroupRound, inputs: GroupRoundInput) -> list[GroupLine]:
    """The answer's usable lines, the i-th by `inputs.members[i]`: at most `inputs.lines`,
    up to the first line by someone else (a speaker skipped or out of order). An empty
    line is kept (its speaker passes); a line's `tells` numbers its own speaker's news
    (`group_line.settled` reads them)."""
    kept: list[GroupLine] = []
    for line, member in zip(answer.lines, inputs.members[: max(inputs.lines, 0)], strict=False):
        if not same_person(line.speaker, member.speaker):
            break
        kept.append(
            GroupLine(
                text=line.text.strip(),
                to=line.to,
                leaves=line.leaves,
                tells=line.tells,
                told=line.told,
                view=line.view,
                answer=line.answer,
                echoes=line.echoes,
                introduces=line.introduces,
            )
        )
    return kept

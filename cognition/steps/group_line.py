"""A group line: one member of a group conversation (three or more people) says its next
line, seeing the shared context its strategy gives it.

Like a pair's line, it is conditioned on the speaker's summary, its plan, the place and
memories retrieved for the moment; in a group it also reads what it remembers about each
member (retrieved once when the talk starts, no model call) and says to whom it speaks —
a member's name, or "" for everyone. A member whose plan calls it away is told so, and says
goodbye; a member may leave on its own ("leaves"). Nothing here picks the speaker: the
strategy in `cognition.group` does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, BeforeValidator, Field
from pydantic.json_schema import SkipJsonSchema

from cognition.contract import ConversationLine
from cognition.llm.task import Task
from cognition.memory.fields import News
from cognition.memory.texts import about_line, read_stamp
from cognition.plan import plan_title
from cognition.steps.compact import about_each, by_starts, described, joined, once, recalled
from cognition.steps.dialogue import ANSWER_HELP, InvitationAnswer, named_news, numbers
from cognition.steps.reflect import Recalled

SAID = re.compile(
    r"^(?P<speaker>[^:()\n]+?)(?: \(to (?P<to>[^()\n]+)\))?: (?P<text>.*)$", re.DOTALL
)


def about_members_lines(remembered: Sequence[tuple[str, str]]) -> list[str]:
    """`GroupLineInput.about_members` from (whom, memory) pairs: each memory under the name
    of whom it is about (`texts.about_line`, read back by `texts.read_about_line`)."""
    return [about_line(other, memory) for other, memory in remembered]


class GroupLineInput(BaseModel):
    speaker: str
    members: list[str] = Field(description="the others in the group")
    summary: str
    about_members: list[str] = Field(
        default_factory=list,
        description='what the speaker remembers about each member: "Name — memory" lines',
    )
    # each `about_members` line's kind and fields, line by line (empty: unknown)
    about_recalled: list[Recalled] = Field(default_factory=list)
    memories: list[str]
    # the memories of `memories` whose fields are unknown: the only ones read by their text
    untyped: list[str] = Field(default_factory=list)
    context: list[str] = Field(
        description="the shared context: the lines so far, or a summary and the lines since"
    )
    now: str
    round: int
    max_rounds: int
    plan: list[str] = Field(default_factory=list)
    place: str = "home"
    topic: str = Field(default="", description="what a meeting is about; often none")
    host: str = Field(default="", description="who opened the talk (a meeting's host)")
    must_leave: str = Field(default="", description="what calls the speaker away now, if any")
    # news as data (memory fields), as `LineInput` has it; `shared`: member → items talked of
    news: list[News] = Field(default_factory=list)
    heard: News | None = None
    introduced: bool | None = None  # the last line introduced its speaker by name (None: unknown)
    shared: dict[str, list[str]] = Field(default_factory=dict)
    told_here: list[str] = Field(default_factory=list)
    going: list[str] = Field(default_factory=list)  # the events the speaker means to go to
    retold: dict[str, int] = Field(default_factory=dict)  # item → people it told it to
    said_today: list[str] = Field(default_factory=list)  # its lines in today's talks
    named: dict[str, int] = Field(default_factory=dict)  # person → `memories` naming them
    known_news: list[str] = Field(default_factory=list)  # `news` numbered, as the prompt lists it
    # the views members gave on a meeting's question so far, as data: member → view
    views: dict[str, str] = Field(default_factory=dict)
    clock: datetime | None = None  # the game time `now` says, as data (None: unknown)


class GroupLine(BaseModel):
    text: str
    to: str = Field(default="", description="the member spoken to, or empty for everyone")
    leaves: bool = False
    tells: Annotated[list[int], BeforeValidator(numbers)] = Field(
        default_factory=list,
        description="the numbers of the listed news this line tells; usually none",
    )
    answer: InvitationAnswer = Field(default=None, description=ANSWER_HELP)
    # the news the line tells, as data: set by rules that know it, or from `tells`
    told: SkipJsonSchema[News | None] = None
    # the view the line gives on a meeting's question ("for", "against", "undecided"), as
    # data: set by rules that know it, never asked of a model
    view: SkipJsonSchema[str] = ""
    # news its words say back (an echo of news just heard, "Ann, teaching a pottery class?"): told
    # to nobody (the listener told it), but heard by anyone near; set by rules
    echoes: SkipJsonSchema[News | None] = None
    # whether it introduces its speaker by name, as data: set by rules (None: unknown)
    introduces: SkipJsonSchema[bool | None] = None


def step_away(inputs: GroupLineInput) -> GroupLine:
    return GroupLine(text="Sorry, everyone, I need to go.", leaves=True)


def without_plan(inputs: GroupLineInput) -> list[str]:
    """The memories but today's plan's, when the prompt shows the plan as such."""
    if not inputs.plan or inputs.clock is None:
        return inputs.memories
    title = plan_title(inputs.speaker, inputs.clock.date()) + ":"
    return [line for line in inputs.memories if not read_stamp(line)[1].startswith(title)]


def group_line_prompt(inputs: GroupLineInput) -> dict[str, str]:
    """The summary's sentences once, the members by name in a sentence, a memory about
    several members once under all their names, the memories by their times, the day once,
    one of the numbered news by its number, today's plan memory left to the plan shown, the
    plan's stretches by their starts (`steps.compact`)."""
    said = once(inputs.summary)
    return {
        "summary": described(said, inputs.known_news),
        "members": joined(inputs.members) if inputs.members else "nobody",
        "about_members": about_each(inputs.about_members),
        "memories": recalled(without_plan(inputs), inputs.known_news, said),
        "plan": by_starts(inputs.plan),
    }


GROUP_LINE = Task(
    name="group_line",
    template="group_line.txt",
    input_model=GroupLineInput,
    output_model=GroupLine,
    fallback=step_away,
    max_tokens=200,
    render=group_line_prompt,
)


def settled(
    line: GroupLine, others: Sequence[str], news: Sequence[News], called: bool
) -> GroupLine:
    """A model's line as the talk keeps it: said to one of `others` (a first name read as
    theirs; a name not in the group: to everyone), the news its `tells` numbers in `news`,
    leaving when it says so or its plan `called` it away."""
    to = line.to.strip()
    if to and to not in others:
        to = next((o for o in others if o.split()[0].lower() == to.lower()), "")
    return GroupLine(
        text=line.text.strip(),
        to=to,
        leaves=line.leaves or called,
        told=line.told or named_news(line.tells, news),
        view=line.view,
        answer=line.answer,
        echoes=line.echoes,
    )


def spoken(speaker: str, line: GroupLine) -> ConversationLine:
    """A group line said by `speaker`, as the talk's lines hold it."""
    return ConversationLine(
        speaker=speaker,
        text=line.text,
        to=line.to,
        leaves=line.leaves,
        told=line.told,
        view=line.view,
        answer=line.answer,
        echoes=line.echoes,
        introduces=line.introduces,
    )


def said(line: ConversationLine) -> str:
    """A line as the shared context shows it: "Maria Lopez (to Klaus Mueller): …", or
    "Maria Lopez: …" when said to everyone."""
    to = f" (to {line.to})" if line.to else ""
    return f"{line.speaker}{to}: {line.text}"


def heard(text: str) -> ConversationLine | None:
    """A context line read back (None for what is not a line, e.g. a round's summary)."""
    match = SAID.match(text)
    if match is None:
        return None
    return ConversationLine(speaker=match["speaker"], text=match["text"], to=match["to"] or "")


def views_given(lines: Sequence[ConversationLine]) -> dict[str, str]:
    """Each member's latest view on a meeting's question (its lines' `view`, as data), the
    member who gave one last at the end."""
    views: dict[str, str] = {}
    for line in lines:
        if line.view:
            views.pop(line.speaker, None)
            views[line.speaker] = line.view
    return views

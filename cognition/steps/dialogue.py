"""Dialogue: two agents talk turn by turn, then both keep the talk and its summary.

Each line is conditioned on the speaker's summary, their view of the listener, memories
retrieved for the moment, and the history so far. Either speaker may end it; a hard turn
limit (the opener's setting) ends it in any case. Each speaker's lines are its own model
calls, through its own context.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from cognition.contract import ConversationLine
from cognition.llm.task import Task
from cognition.steps.common import memory_lines, when
from cognition.steps.context import StepContext


@dataclass(frozen=True)
class Speaker:
    """One side of a conversation: the speaker's mind now, its summary description and its
    view of the other."""

    context: StepContext
    summary: str
    view_of_other: str

    @property
    def name(self) -> str:
        return self.context.agent


class LineInput(BaseModel):
    speaker: str
    listener: str
    summary: str
    view_of_listener: str
    memories: list[str]
    history: list[str]
    now: str
    turn: int
    max_turns: int


class DialogueLine(BaseModel):
    text: str
    ends: bool = False


def excuse_oneself(inputs: LineInput) -> DialogueLine:
    return DialogueLine(text=f"Sorry, {inputs.listener.split()[0]}, I need to go.", ends=True)


DIALOGUE_LINE = Task(
    name="dialogue_line",
    template="dialogue_line.txt",
    input_model=LineInput,
    output_model=DialogueLine,
    fallback=excuse_oneself,
    max_tokens=200,
)


class SummaryInput(BaseModel):
    first: str
    second: str
    lines: list[str]


class ConversationSummary(BaseModel):
    summary: str


def plain_summary(inputs: SummaryInput) -> ConversationSummary:
    return ConversationSummary(summary=f"{inputs.first} and {inputs.second} had a conversation.")


CONVERSATION_SUMMARY = Task(
    name="conversation_summary",
    template="conversation_summary.txt",
    input_model=SummaryInput,
    output_model=ConversationSummary,
    fallback=plain_summary,
    max_tokens=200,
)


def next_line(speaker: Speaker, listener: str, history: list[ConversationLine]) -> DialogueLine:
    """`speaker`'s next line to `listener` after `history`, from memories retrieved for it."""
    ctx = speaker.context
    last = history[-1].text if history else ""
    hits = ctx.recall(f"{listener} {last}".strip())
    inputs = LineInput(
        speaker=speaker.name,
        listener=listener,
        summary=speaker.summary,
        view_of_listener=speaker.view_of_other,
        memories=memory_lines(hits),
        history=[f"{line.speaker}: {line.text}" for line in history],
        now=when(ctx.now),
        turn=len(history) + 1,
        max_turns=ctx.settings.dialogue_max_turns,
    )
    return ctx.ask(DIALOGUE_LINE, inputs)


def converse(first: Speaker, second: Speaker) -> tuple[list[ConversationLine], str]:
    """The lines (at most the opener's turn limit, `first` opening) and a summary (the
    opener's call)."""
    max_turns = first.context.settings.dialogue_max_turns
    lines: list[ConversationLine] = []
    speakers = (first, second)
    while len(lines) < max_turns:
        speaker = speakers[len(lines) % 2]
        listener = speakers[(len(lines) + 1) % 2]
        line = next_line(speaker, listener.name, lines)
        text = line.text.strip()
        if text:
            lines.append(ConversationLine(speaker=speaker.name, text=text))
        if line.ends or not text:
            break
    summary_in = SummaryInput(
        first=first.name, second=second.name, lines=[f"{x.speaker}: {x.text}" for x in lines]
    )
    summary = first.context.ask(CONVERSATION_SUMMARY, summary_in).summary
    return lines, summary

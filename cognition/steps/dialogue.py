"""Dialogue: two agents talk turn by turn, then both keep the talk and its summary.

Each line is conditioned on the speaker's summary, their view of the listener, memories
retrieved for the moment, and the history so far. Either speaker may end it; a hard turn
limit ends it in any case.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from pydantic import BaseModel

from cognition.contract import ConversationLine
from cognition.llm.task import LanguageModel, Task
from cognition.settings import MindSettings
from cognition.steps.common import MemoryStreamLike, ask, memory_lines, when


@dataclass(frozen=True)
class Speaker:
    """One side of a conversation, as the dialogue step sees it."""

    name: str
    summary: str
    memory: MemoryStreamLike
    view_of_other: str


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
)


def next_line(
    model: LanguageModel,
    speaker: Speaker,
    listener: str,
    history: list[ConversationLine],
    now: datetime,
    settings: MindSettings,
) -> DialogueLine:
    last = history[-1].text if history else ""
    hits = speaker.memory.retrieve(f"{listener} {last}".strip(), now, k=settings.retrieval_k)
    inputs = LineInput(
        speaker=speaker.name,
        listener=listener,
        summary=speaker.summary,
        view_of_listener=speaker.view_of_other,
        memories=memory_lines(hits),
        history=[f"{line.speaker}: {line.text}" for line in history],
        now=when(now),
        turn=len(history) + 1,
        max_turns=settings.dialogue_max_turns,
    )
    return ask(model, DIALOGUE_LINE, inputs, speaker.name)


def converse(
    model: LanguageModel,
    first: Speaker,
    second: Speaker,
    now: datetime,
    settings: MindSettings,
) -> tuple[list[ConversationLine], str]:
    """The lines (at most the turn limit, first speaker opening) and a summary."""
    lines: list[ConversationLine] = []
    speakers = (first, second)
    while len(lines) < settings.dialogue_max_turns:
        speaker = speakers[len(lines) % 2]
        listener = speakers[(len(lines) + 1) % 2]
        line = next_line(model, speaker, listener.name, lines, now, settings)
        text = line.text.strip()
        if text:
            lines.append(ConversationLine(speaker=speaker.name, text=text))
        if line.ends or not text:
            break
    summary_in = SummaryInput(
        first=first.name, second=second.name, lines=[f"{x.speaker}: {x.text}" for x in lines]
    )
    summary = ask(model, CONVERSATION_SUMMARY, summary_in, first.name).summary
    return lines, summary

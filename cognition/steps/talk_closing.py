"""A talk's closing: its last turn's call also sums the whole talk up.

A pair talk ended with two serial calls: its last turn's lines, then its summary
(`dialogue.CONVERSATION_SUMMARY`: what was said, the commitments made, how poignant the talk
was to each), while the town waited for the talk's end. When a turn is the talk's last by
the turn limit (`dialogue_max_turns`), its call is asked for the summary too: the prompt is
the turn's (each line still conditioned on its speaker's retrieval and view), then the
summary's request over the lines so far and the turn's own. The answer's "summary" is the
summary's answer. A model that leaves it out, or whose lines were not all usable (so the
summary would speak of lines not kept), has the summary asked on its own afterwards, as
before. A talk that ends earlier, on a line that ends it, is summed up on its own too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext

from pydantic import BaseModel, Field

from cognition.contract import ConversationLine
from cognition.llm.task import Task
from cognition.persona import without_lifestyle
from cognition.steps.common import when
from cognition.steps.dialogue import DialogueLine, Speaker, SummaryInput, TalkSummary
from cognition.steps.dialogue_turn import (
    ENDS_HELP,
    DialogueTurn,
    TurnInput,
    TurnLine,
    ask_turn,
    excuse_turn,
    lines_schema,
    said_lines,
    turn_input,
    turn_prompt,
)

Lines = list[tuple[str, DialogueLine]]


class SummedUp(BaseModel):
    """What a turn that sums the talk up is asked with besides: the summary's inputs for the
    lines before it (`talk`: the turn's own are to be added to it), and the two by name for
    the prompt (filled from `talk`)."""

    talk: SummaryInput
    first: str = ""
    second: str = ""
    first_identity: str = ""
    second_identity: str = ""


def summary_fields(talk: SummaryInput) -> dict[str, object]:
    """The `SummedUp` fields for `talk`, to add to a turn's inputs."""
    return {"talk": talk, "first": talk.first, "second": talk.second}


class ClosingInput(TurnInput, SummedUp):
    """The last turn's inputs, with the summary's for the talk's lines before this turn."""


class ClosingTurn(BaseModel):
    lines: list[TurnLine] = Field(default_factory=list)
    ends: bool = Field(default=False, description=ENDS_HELP)
    summary: TalkSummary | None = Field(
        default=None, description="the whole talk summed up, these lines included"
    )


def excuse_closing(inputs: ClosingInput) -> ClosingTurn:
    """The speaker excuses itself (`dialogue_turn.excuse_turn`); the summary left to its own
    call."""
    return ClosingTurn(**excuse_turn(inputs).model_dump())


def with_identities(fields: dict[str, str], talk: SummaryInput) -> dict[str, str]:
    """A turn's prompt `fields` with who the two are, for the summary's ratings (without
    their lifestyles, as `dialogue.summary_prompt` shows them)."""
    fields["first_identity"] = without_lifestyle(talk.first_identity)
    fields["second_identity"] = without_lifestyle(talk.second_identity)
    return fields


def closing_prompt(inputs: ClosingInput) -> dict[str, str]:
    """The turn's prompt (`dialogue_turn.turn_prompt`) with who the two are."""
    return with_identities(turn_prompt(inputs), inputs.talk)


TALK_CLOSING = Task(
    name="talk_closing",
    template="talk_closing.txt",
    input_model=ClosingInput,
    output_model=ClosingTurn,
    fallback=excuse_closing,
    max_tokens=1000,
    render=closing_prompt,
    schema_for=lines_schema(ClosingTurn),
)


def summary_input(
    first: Speaker, second: Speaker, lines: Sequence[ConversationLine]
) -> SummaryInput:
    """The summary's inputs for a talk `first` opened with `second` (the opener's)."""
    return SummaryInput(
        first=first.name,
        second=second.name,
        lines=[f"{x.speaker}: {x.text}" for x in lines],
        now=when(first.context.now),
        clock=first.context.now,
        told=[x.told for x in lines],
        answers=[x.answer for x in lines],
        first_identity=first.context.identity,
        second_identity=second.context.identity,
    )


def with_lines(talk: SummaryInput, lines: Sequence[ConversationLine]) -> SummaryInput:
    """`talk` with `lines` said after those it has."""
    return talk.model_copy(
        update={
            "lines": [*talk.lines, *(f"{x.speaker}: {x.text}" for x in lines)],
            "told": [*talk.told, *(x.told for x in lines)],
            "answers": [*talk.answers, *(x.answer for x in lines)],
        }
    )


def closing_turn(
    speaker: Speaker,
    listener: Speaker,
    history: Sequence[ConversationLine],
    lines: int,
    talk: SummaryInput,
    early: Callable[[Lines], None] | None = None,
    meanwhile: Callable[[], AbstractContextManager[None]] = nullcontext,
) -> tuple[Lines, TalkSummary | None]:
    """The last up-to-`lines` lines, `speaker` first, in one call (`speaker`'s) that also
    sums the talk up (`talk`: the summary's inputs for `history`); the summary None when
    the answer gives none or not every line of it was usable. The call is made in the block
    `meanwhile` gives, once the sides have retrieved; `early` hears the lines as
    `dialogue_turn.next_turn`'s does."""
    plain = turn_input(speaker, listener, history, lines)
    inputs = ClosingInput.model_validate({**plain.model_dump(), **summary_fields(talk)})
    with meanwhile():
        answer = ask_closing(speaker, inputs, early)
    said = said_lines(DialogueTurn(lines=answer.lines, ends=answer.ends), inputs)
    return said, summed_if_whole(answer.summary, answer.lines, said, inputs.lines)


def summed_if_whole(
    summary: TalkSummary | None, lines: Sequence[TurnLine], said: Lines, asked: int
) -> TalkSummary | None:
    """An answer's `summary` of the talk when it has words and every line the answer wrote
    (up to the `asked` many, up to and with one that ends the talk) is among those `said`
    (`said_lines`'s) — else None: it would speak of lines not kept."""
    if summary is None or not summary.summary.strip():
        return None
    written = 0
    for line in lines[: max(asked, 0)]:
        written += 1
        if line.ends:
            break
    return summary if len(said) == written else None


def ask_closing(
    speaker: Speaker, inputs: ClosingInput, early: Callable[[Lines], None] | None
) -> ClosingTurn:
    """The closing's call; `early` hears its lines as a streaming model writes them."""
    return ask_turn(speaker, TALK_CLOSING, inputs, early)

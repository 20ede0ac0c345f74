"""A whole talk in one call: its views still to ask, its lines and its summary.

When a pair talk's first turn is also its last (`talk_lines_per_call` at least the turn
limit, `dialogue_max_turns`), the opening's call (`steps.talk_opening`: the views each side
still needs, then the lines, each conditioned on its speaker's retrieval and view) is asked
for the talk's summary too, as the closing's is (`steps.talk_closing`). The views are kept
as the opening keeps them; a summary left out, or over lines not all usable, is asked on
its own afterwards.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import Field

from cognition.llm.task import Task
from cognition.steps.dialogue import DialogueLine, Speaker, SummaryInput, TalkSummary
from cognition.steps.dialogue_turn import ask_turn, lines_schema
from cognition.steps.talk_closing import SummedUp, summary_fields, with_identities
from cognition.steps.talk_opening import (
    OpeningInput,
    OpeningTurn,
    excuse_opening,
    opening_prompt,
)

Lines = list[tuple[str, DialogueLine]]


class WholeInput(OpeningInput, SummedUp):
    """A talk's only turn: the opening's inputs, with the summary's for the talk so far
    (`talk`: no lines yet)."""


class WholeTalk(OpeningTurn):
    summary: TalkSummary | None = Field(
        default=None, description="the whole talk summed up, these lines included"
    )


def excuse_whole(inputs: WholeInput) -> WholeTalk:
    """The speaker excuses itself (`talk_opening.excuse_opening`); the summary left to its
    own call."""
    return WholeTalk(**excuse_opening(inputs).model_dump())


def whole_prompt(inputs: WholeInput) -> dict[str, str]:
    """The opening's prompt with who the two are, as the closing's shows them."""
    return with_identities(opening_prompt(inputs), inputs.talk)


TALK_WHOLE = Task(
    name="talk_whole",
    template="talk_whole.txt",
    input_model=WholeInput,
    output_model=WholeTalk,
    fallback=excuse_whole,
    max_tokens=1500,
    render=whole_prompt,
    schema_for=lines_schema(WholeTalk),
)


def whole_inputs(opening: OpeningInput, talk: SummaryInput) -> WholeInput:
    """`opening`'s inputs with the talk's summary asked too."""
    return WholeInput.model_validate({**opening.model_dump(), **summary_fields(talk)})


def ask_whole(
    speaker: Speaker, inputs: WholeInput, early: Callable[[Lines], None] | None
) -> WholeTalk:
    """The whole talk's call; `early` hears its lines as a streaming model writes them (its
    summary is taken as the closing's is: `talk_closing.summed_if_whole`)."""
    return ask_turn(speaker, TALK_WHOLE, inputs, early)

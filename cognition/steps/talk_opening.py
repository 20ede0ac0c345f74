"""A talk's opening: its first turn's call also writes the views the two sides still need.

Before a pair talk each side needs its view of the other (`steps.relationship`), and its
first turn needs both views: two serial calls at the moment a talk begins, while the town
waits for its first line. When a side's kept view cannot be reused (`steps.view_reuse`), its
view is asked in the first turn's own call instead: the prompt shows, in place of that
side's view, what it remembers that concerns the other (the relationship step's memories,
recalled as ever), and the answer gives the view ("speaker_view", "listener_view") before the
lines — each line still conditioned on its speaker's retrieval and view. The view is kept in
the side's book as its own call's would be (`relationship.kept_view`). A model that leaves a
view empty gets the relationship step's fallback ("knows little about").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import BaseModel, Field

from cognition.llm.task import Task
from cognition.steps.compact import timeline
from cognition.steps.dialogue import DialogueLine, Speaker
from cognition.steps.dialogue_turn import (
    ENDS_HELP,
    TurnInput,
    TurnLine,
    ask_turn,
    excuse_turn,
    lines_schema,
    turn_prompt,
)
from cognition.steps.relationship import RelationshipInput, about_other, little_known


class OpeningInput(TurnInput):
    """A first turn's inputs, with the relationship inputs of each side whose view is asked
    (speaker's, listener's; None where the view is known)."""

    views: list[RelationshipInput | None] = Field(min_length=2, max_length=2)


class OpeningTurn(BaseModel):
    speaker_view: str = ""
    listener_view: str = ""
    lines: list[TurnLine] = Field(default_factory=list)
    ends: bool = Field(default=False, description=ENDS_HELP)


def excuse_opening(inputs: OpeningInput) -> OpeningTurn:
    """The speaker excuses itself (`dialogue_turn.excuse_turn`); views left to the fallback."""
    return OpeningTurn(**excuse_turn(inputs).model_dump())


def asked_view(asked: RelationshipInput) -> str:
    """A view to write, as the prompt shows it: the memories concerning the other."""
    memories = timeline(about_other(asked)) or "(nothing)"
    return f"asked for — from what {asked.agent} remembers that concerns {asked.other}:\n{memories}"


def opening_prompt(inputs: OpeningInput) -> dict[str, str]:
    """The turn's prompt (`dialogue_turn.turn_prompt`), a view asked shown by its memories."""
    fields = turn_prompt(inputs)
    for key, asked in zip(("speaker_view", "listener_view"), inputs.views, strict=True):
        if asked is not None:
            fields[key] = asked_view(asked)
    return fields


TALK_OPENING = Task(
    name="talk_opening",
    template="talk_opening.txt",
    input_model=OpeningInput,
    output_model=OpeningTurn,
    fallback=excuse_opening,
    max_tokens=1000,
    render=opening_prompt,
    schema_for=lines_schema(OpeningTurn),
)


def with_views(inputs: TurnInput, views: Sequence[str]) -> TurnInput:
    """`inputs` as a plain turn's with both sides' views (`views`: speaker's, listener's; ""
    keeps the one it has) — what the turn's inputs would have been had the views been
    asked first."""
    sides = [
        side.model_copy(update={"view_of_other": view}) if view else side
        for side, view in zip(inputs.sides, views, strict=True)
    ]
    data = inputs.model_dump(exclude={"views"})
    data.update(sides=sides, speaker_view=sides[0].view_of_other)
    data.update(listener_view=sides[1].view_of_other)
    return TurnInput.model_validate(data)


def answered_views(answer: OpeningTurn, inputs: OpeningInput) -> list[str]:
    """The views the answer gives for the sides asked ("" for the others); an empty one is
    the relationship step's fallback."""
    given = (answer.speaker_view.strip(), answer.listener_view.strip())
    return [
        "" if asked is None else (view or little_known(asked).summary)
        for asked, view in zip(inputs.views, given, strict=True)
    ]


Lines = list[tuple[str, DialogueLine]]


def ask_opening(
    speaker: Speaker, inputs: OpeningInput, early: Callable[[Lines], None] | None
) -> OpeningTurn:
    """The opening's call; `early` hears its lines as a streaming model writes them."""
    return ask_turn(speaker, TALK_OPENING, inputs, early)

"""A scripted talk summary, wherever a talk is summed up: on its own
(`conversation_summary`), in its last turn's call (`talk_closing`) or in a talk of one call
(`talk_whole`).

`summed_up(answer, seed)` is a `ScriptedModel` script for each: the summary call answered
by `answer`, and the closing turn's (or a whole talk's: `talk_whole`) lines as the offline
brain (`seed`) says them, with `answer`'s summary of the whole talk — so a test of what a
talk's summary does holds whichever call sums the talk up.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cognition.offline import OfflineBrain
from cognition.offline.turn import closing, whole
from cognition.steps.dialogue import LineInput, SummaryInput, TalkSummary
from cognition.steps.relationship import RelationshipInput
from cognition.steps.talk_closing import ClosingInput, ClosingTurn
from cognition.steps.talk_whole import WholeInput, WholeTalk

SummaryAnswer = Callable[[SummaryInput], TalkSummary]


class ClosingScript:
    """A closing turn's answer: the offline brain's lines, `answer`'s summary."""

    def __init__(self, answer: SummaryAnswer, seed: int = 0) -> None:
        self.brain, self.answer = OfflineBrain(seed), answer

    def line_random(self, inputs: LineInput) -> random.Random:
        return self.brain.line_random(inputs)

    def view(self, inputs: RelationshipInput) -> str:
        return self.brain.view(inputs)

    def talk_summary(self, inputs: SummaryInput) -> TalkSummary:
        return self.answer(inputs)

    def __call__(self, inputs: ClosingInput | WholeInput) -> ClosingTurn | WholeTalk:
        if isinstance(inputs, WholeInput):
            return whole(inputs, self)
        return closing(inputs, self)


def summed_up(answer: SummaryAnswer, seed: int = 0) -> dict[str, Sequence[Any]]:
    """The script answering a talk's summary by `answer`, in whichever call it is asked."""
    script = ClosingScript(answer, seed)
    return {"conversation_summary": [answer], "talk_closing": [script], "talk_whole": [script]}

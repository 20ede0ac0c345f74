"""Offline talk turns: the next few lines of a pair's talk, as the per-line rule says them.

A `dialogue_turn` call asks for up to k lines, the speakers alternating. The offline brain
says each with `talk.line`, as if each line were its own `dialogue_line` call by its speaker
(`dialogue_turn.line_input`: that speaker's side of the turn, the history so far, what the
last line told and what this talk told), each with the random a `dialogue_line` call would
get for those inputs (`line_random`). So a talk's lines are those the per-line rule would
say, but for the memories: a turn's are retrieved once per call, a line's before each line.
A talk's opening (`opening`) says the views it is asked for first, by the relationship rule;
its closing (`closing`) sums the talk up after its lines, by the summary rule, and a whole
talk in one call (`whole`) does both — each part as its own call would (`CallRules`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from cognition.contract import ConversationLine
from cognition.offline.talk import line
from cognition.steps.dialogue import LineInput, SummaryInput, TalkSummary
from cognition.steps.dialogue_turn import (
    DialogueTurn,
    TurnInput,
    TurnLine,
    ending,
    line_input,
    said_lines,
)
from cognition.steps.relationship import RelationshipInput
from cognition.steps.talk_closing import ClosingInput, ClosingTurn, with_lines
from cognition.steps.talk_opening import OpeningInput, OpeningTurn, with_views
from cognition.steps.talk_whole import WholeInput, WholeTalk
from cognition.steps.turn_teller import spoken

LineRandom = Callable[[LineInput], random.Random]  # the random of one line's own call
ViewRule = Callable[[RelationshipInput], str]  # a view as its own `relationship` call's


class CallRules(Protocol):
    """What a call of several steps' answers is said by: each part as its own call's rule
    would say it, with that call's random (the offline brain)."""

    def line_random(self, inputs: LineInput) -> random.Random: ...

    def view(self, inputs: RelationshipInput) -> str: ...

    def talk_summary(self, inputs: SummaryInput) -> TalkSummary: ...


def turn(inputs: TurnInput, line_random: LineRandom) -> DialogueTurn:
    """The turn's lines, each by the per-line rule, until one ends the talk."""
    history = list(inputs.history)
    heard = inputs.heard
    told = list(inputs.told_here)
    asked: bool | None = None
    introduced: bool | None = None
    said: list[TurnLine] = []
    for index in range(max(inputs.lines, 0)):
        one = line_input(inputs, index, history, heard, told, asked, introduced)
        answer = line(one, line_random(one)).telling(one.news)
        text = answer.text.strip()
        said.append(
            TurnLine(
                speaker=one.speaker,
                text=text,
                ends=answer.ends,
                told=answer.told,
                answer=answer.answer,
                asks=answer.asks,
                introduces=answer.introduces,
                echoes=answer.echoes,
            )
        )
        if answer.ends or not text:
            break
        history.append(f"{one.speaker}: {text}")
        heard, asked, introduced = answer.told, answer.asks, answer.introduces
        if answer.told is not None and answer.told.item not in told:
            told.append(answer.told.item)
    return DialogueTurn(lines=said, ends=ending(said))


def opening(inputs: OpeningInput, line_random: LineRandom, view: ViewRule) -> OpeningTurn:
    """A talk's opening (`steps.talk_opening`): each view asked as the relationship rule
    says it in its own call (`view`), then the turn's lines as `turn` says them with those
    views — the lines a view call and then a turn call would have given."""
    views = ["" if asked is None else view(asked) for asked in inputs.views]
    lines = turn(with_views(inputs, views), line_random).lines
    return OpeningTurn(
        speaker_view=views[0], listener_view=views[1], lines=lines, ends=ending(lines)
    )


def closing(inputs: ClosingInput, calls: CallRules) -> ClosingTurn:
    """A talk's last turn (`steps.talk_closing`): its lines as `turn` says them, then the
    summary a `conversation_summary` call would give over the talk's lines, these included."""
    lines = turn(inputs, calls.line_random).lines
    return ClosingTurn(
        lines=lines,
        ends=ending(lines),
        summary=calls.talk_summary(with_lines(inputs.talk, kept(lines, inputs))),
    )


def whole(inputs: WholeInput, calls: CallRules) -> WholeTalk:
    """A talk in one call (`steps.talk_whole`): the opening (`opening`), then the summary
    `closing` gives over its lines."""
    opened = opening(inputs, calls.line_random, calls.view)
    summary = calls.talk_summary(with_lines(inputs.talk, kept(opened.lines, inputs)))
    return WholeTalk(**opened.model_dump(exclude={"lines"}), lines=opened.lines, summary=summary)


def kept(lines: list[TurnLine], inputs: TurnInput) -> list[ConversationLine]:
    """A turn's lines as the talk keeps them (`said_lines`, then `turn_teller.spoken`)."""
    return spoken(said_lines(DialogueTurn(lines=lines, ends=ending(lines)), inputs))[0]

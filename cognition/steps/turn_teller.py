"""A call's lines of a talk, told to whoever hears them as soon as each is known.

`spoken` reads a call's said lines (one, or a turn's several) as talk lines, up to an empty
line or one that ends the talk. `TurnTeller` hands a listener (`LineHeard`: the town's
playback of the talk) each line once: while a model that streams writes the turn (the
beginnings of the same answer, one line more each time), and when the call returns — so a
turn's first line can be shown before its last is written, and the talk's lines are the
same either way (`dialogue_turn.converse`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from cognition.contract import ConversationLine, LineHeard
from cognition.steps.dialogue import DialogueLine

__all__ = ["HandedOn", "TurnTeller", "spoken"]

T = TypeVar("T")


def spoken(said: Sequence[tuple[str, DialogueLine]]) -> tuple[list[ConversationLine], bool]:
    """A call's said lines as talk lines, up to an empty line or one that ends the talk,
    and whether the talk ends there (also when nothing was said)."""
    lines: list[ConversationLine] = []
    for name, line in said:
        text = line.text.strip()
        if text:
            lines.append(
                ConversationLine(
                    speaker=name,
                    text=text,
                    told=line.told,
                    answer=line.answer,
                    asks=line.asks,
                    introduces=line.introduces,
                    echoes=line.echoes,
                )
            )
        if line.ends or not text:
            return lines, True
    return lines, not said


class HandedOn(Generic[T]):
    """The items of a growing answer handed on so far, each once. A retry of the call (a
    stream broken off and asked again, a time-out's typed fallback) may write other items
    than those handed on: once an answer does not begin with them, none more are (`closed`),
    so what was shown stays what was said, never two attempts' mixed. Used for a pair's
    turn (`TurnTeller`) and a group's round (`group.rounds.speak_round`)."""

    def __init__(self) -> None:
        self.items: list[T] = []
        self.closed = (
            False  # an answer did not begin with the items handed on (or the caller closed it)
        )

    def new(self, items: Sequence[T]) -> list[T]:
        """The items of this beginning of an answer past those handed on (none once closed;
        closing when it does not begin with them)."""
        if not self.closed and list(items[: len(self.items)]) != self.items:
            self.closed = True
        return [] if self.closed else list(items[len(self.items) :])


class TurnTeller:
    """Hands `heard` each line of a call's answer once, as the answer grows (`HandedOn`):
    when a retry writes other lines than those told, the turn is the lines told (`kept`)."""

    def __init__(self, heard: LineHeard | None) -> None:
        self.heard = heard
        self.told: HandedOn[ConversationLine] = HandedOn()
        self.said: list[tuple[str, DialogueLine]] = []  # the said lines behind those told

    @property
    def diverged(self) -> bool:
        """Whether an answer did not begin with the lines told."""
        return self.told.closed

    def so_far(self, said: Sequence[tuple[str, DialogueLine]]) -> None:
        """The call's usable lines so far (each time a beginning of its answer)."""
        if self.heard is None:
            return
        lines, _ = spoken(said)
        new = self.told.new(lines)
        for line in new:
            self.heard(line)
            self.told.items.append(line)
        if new:  # the said lines behind those told: this answer's, which began with them
            self.said = list(said[: len(self.told.items)])

    def kept(self, said: Sequence[tuple[str, DialogueLine]]) -> list[tuple[str, DialogueLine]]:
        """The call's answer `said` as the talk keeps it (told to `so_far` first): the
        lines told instead when the answer did not begin with them."""
        self.so_far(said)
        return list(self.said if self.diverged else said)

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

from cognition.contract import ConversationLine, LineHeard
from cognition.steps.dialogue import DialogueLine

__all__ = ["TurnTeller", "spoken"]


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


class TurnTeller:
    """Hands `heard` each line of a call's answer once, as the answer grows. A retry of the
    call (a stream broken off and asked again, a time-out's typed fallback) may write other
    lines than those already told: then nothing more is told, and the turn is the lines told
    (`kept`) — a talk's lines are those shown, never two attempts' mixed."""

    def __init__(self, heard: LineHeard | None) -> None:
        self.heard = heard
        self.lines: list[ConversationLine] = []  # told so far
        self.said: list[tuple[str, DialogueLine]] = []  # the said lines behind them
        self.diverged = False  # a later answer did not begin with the lines told

    def so_far(self, said: Sequence[tuple[str, DialogueLine]]) -> None:
        """The call's usable lines so far (each time a beginning of its answer)."""
        if self.heard is None or self.diverged:
            return
        lines, _ = spoken(said)
        if lines[: len(self.lines)] != self.lines:
            self.diverged = True
            return
        for line in lines[len(self.lines) :]:
            self.heard(line)
        if len(lines) > len(self.lines):
            self.lines, self.said = lines, list(said[: len(lines)])

    def kept(self, said: Sequence[tuple[str, DialogueLine]]) -> list[tuple[str, DialogueLine]]:
        """The call's answer `said` as the talk keeps it (told to `so_far` first): the
        lines told instead when the answer did not begin with them."""
        self.so_far(said)
        return list(self.said if self.diverged else said)

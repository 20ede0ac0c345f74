"""The player in a group conversation (after AutoGen's human input modes).

A `Human` member's lines come from a callback (the game's chat panel; a script in tests)
as often as its mode says. AutoGen's three modes:

- *always* (ALWAYS): at each of its turns the talk waits for its line;
- *terminate* (TERMINATE): it is asked only when the talk would end (its last round, it is
  left with one other, or a line ended the talk — see `termination.py`); at its other turns
  its character speaks for itself, as under *never*;
- *never* (NEVER): it is never asked; its character speaks for itself, in its persona (its
  `description`), with the talk's model — the offline brain answers that call as it answers
  any member's, so the line is deterministic for a seed.

And two of Smallville's: *when addressed* (asked when the last line spoke to it — by "to",
or its first name in the text — or when the talk would end; otherwise it passes) and
*watch* (it listens and never speaks).

The callback gets the shared context and why it is asked, and returns the line, or None to
stay silent. A line that starts with a member's first name ("Maria, are you going?") is
said to that member; a line of "bye" or "goodbye" leaves the group. `pick`, when given, is
how the player chooses the next speaker under the manual speaker selection (`selection.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from cognition.steps.group_line import GroupLine, heard

LEAVING = re.compile(r"^\s*(?:good)?bye\b", re.IGNORECASE)
ENDING = "the talk is about to end"


class InputMode(StrEnum):
    ALWAYS = "always"
    TERMINATE = "terminate"
    NEVER = "never"
    WHEN_ADDRESSED = "when addressed"
    WATCH = "watch"


class Turn(StrEnum):
    """What happens at a human member's turn."""

    ASK = "ask"  # the player is asked for the line
    AUTO = "auto"  # the player's character speaks for itself
    PASS = "pass"  # it says nothing


AskHuman = Callable[[list[str], str], str | None]  # (context, why) → a line, or None
PickSpeaker = Callable[[list[str], list[str]], str | None]  # (candidates, context) → a name


@dataclass(frozen=True)
class Human:
    """The player as a member. `mode` may be a function, read at each turn (the player may
    change it during the talk); `description` is who its character is, for the lines it
    says for itself."""

    name: str
    mode: InputMode | Callable[[], InputMode]
    ask: AskHuman
    description: str = "a visitor to the town"
    pick: PickSpeaker | None = None

    def mode_now(self) -> InputMode:
        return self.mode() if callable(self.mode) else self.mode


def addressed(name: str, context: Sequence[str]) -> bool:
    """Whether the last line of `context` spoke to `name`."""
    last = heard(context[-1]) if context else None
    if last is None or last.speaker == name:
        return False
    first = name.split()[0]
    return last.to == name or re.search(rf"\b{re.escape(first)}\b", last.text) is not None


def turn_of(human: Human, context: Sequence[str], ending: bool) -> tuple[Turn, str]:
    """What the human's turn is by its mode now, and why it is asked (when it is)."""
    mode = human.mode_now()
    if mode is InputMode.WATCH:
        return Turn.PASS, ""
    if mode is InputMode.ALWAYS:
        return Turn.ASK, "your turn"
    if mode is InputMode.NEVER:
        return Turn.AUTO, ""
    if mode is InputMode.TERMINATE:
        return (Turn.ASK, ENDING) if ending else (Turn.AUTO, "")
    if addressed(human.name, context):
        return Turn.ASK, "you were spoken to"
    return (Turn.ASK, ENDING) if ending else (Turn.PASS, "")


def human_line(human: Human, context: list[str], others: Sequence[str], why: str) -> GroupLine:
    """The human's answer when asked `why`, as a line (empty: it stays silent)."""
    said = human.ask(list(context), why)
    text = " ".join((said or "").split())
    if not text:
        return GroupLine(text="")
    to = next((o for o in others if text.lower().startswith(o.split()[0].lower())), "")
    return GroupLine(text=text, to=to, leaves=LEAVING.match(text) is not None)

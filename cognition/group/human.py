"""The player in a group conversation (after AutoGen's human input modes).

A `Human` member's lines come from a callback (the game's chat panel; a script in tests)
rather than a mind, as often as its mode says:

- *always*: at each of its turns the talk waits for its line;
- *when addressed*: it is asked only when the last line spoke to it (by "to", or its first
  name in the text) or when the talk would end (its last round, or it is left with one
  other); otherwise it passes;
- *watch*: it listens and never speaks.

The callback gets the shared context and why it is asked, and returns the line, or None to
stay silent. A line that starts with a member's first name ("Maria, are you going?") is
said to that member; a line of "bye" or "goodbye" leaves the group.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from cognition.steps.group_line import GroupLine, heard

LEAVING = re.compile(r"^\s*(?:good)?bye\b", re.IGNORECASE)


class InputMode(StrEnum):
    ALWAYS = "always"
    WHEN_ADDRESSED = "when addressed"
    WATCH = "watch"


AskHuman = Callable[[list[str], str], str | None]  # (context, why) → a line, or None


@dataclass(frozen=True)
class Human:
    """The player as a member. `mode` may be a function, read at each turn (the player may
    change it during the talk)."""

    name: str
    mode: InputMode | Callable[[], InputMode]
    ask: AskHuman
    description: str = "a visitor to the town"

    def mode_now(self) -> InputMode:
        return self.mode() if callable(self.mode) else self.mode


def addressed(name: str, context: Sequence[str]) -> bool:
    """Whether the last line of `context` spoke to `name`."""
    last = heard(context[-1]) if context else None
    if last is None or last.speaker == name:
        return False
    first = name.split()[0]
    return last.to == name or re.search(rf"\b{re.escape(first)}\b", last.text) is not None


def why_asked(human: Human, context: Sequence[str], ending: bool) -> str | None:
    """Why the human is asked for a line now, or None when its mode says it passes."""
    mode = human.mode_now()
    if mode is InputMode.WATCH:
        return None
    if mode is InputMode.ALWAYS:
        return "your turn"
    if addressed(human.name, context):
        return "you were spoken to"
    return "the talk is about to end" if ending else None


def human_line(human: Human, context: list[str], others: Sequence[str], ending: bool) -> GroupLine:
    why = why_asked(human, context, ending)
    said = human.ask(list(context), why) if why is not None else None
    text = " ".join((said or "").split())
    if not text:
        return GroupLine(text="")
    to = next((o for o in others if text.lower().startswith(o.split()[0].lower())), "")
    return GroupLine(text=text, to=to, leaves=LEAVING.match(text) is not None)

"""What a group talk is given and gives back: its strategy (`GroupStrategy`: who speaks
next, and what each speaker sees — `talk.py`), its members (`Member`, or the player: `Anyone`),
its rules (`GroupRules`) and its result (`GroupResult`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum

from cognition.contract import ConversationLine
from cognition.group.human import Human
from cognition.steps.dialogue import ConversationSummary, Speaker
from cognition.steps.reflect import Recalled

__all__ = [
    "ONE_AT_A_TIME",
    "Anyone",
    "GroupResult",
    "GroupRules",
    "GroupStrategy",
    "Member",
    "Remembered",
]


class GroupStrategy(StrEnum):
    ONE_BY_ONE = "one-by-one"
    SIMULTANEOUS = "simultaneous-talk"
    SUMMARIZER = "simultaneous-talk-with-summarizer"
    MANAGER = "manager"  # AutoGen's "auto"
    ROUND_ROBIN = "round-robin"
    RANDOM = "random"
    MANUAL = "manual"


ONE_AT_A_TIME = frozenset(
    {GroupStrategy.MANAGER, GroupStrategy.ROUND_ROBIN, GroupStrategy.RANDOM, GroupStrategy.MANUAL}
)


@dataclass(frozen=True)
class Remembered:
    """A memory a member recalled about another member, as data: whom it is about, the
    memory as the prompt shows it, and its kind and fields."""

    other: str
    line: str
    recalled: Recalled


@dataclass(frozen=True)
class Member:
    """One member: its mind as a speaker (summary, plan, place), what it remembers about
    the others (`Remembered`: whom, the line, its kind and fields — so rules read what was
    recalled by its fields, and whom it is about as data), who it is in a line (for the
    manager), and how many game minutes it has before its plan calls it away (None: free)."""

    speaker: Speaker
    remembered: tuple[Remembered, ...] = ()
    description: str = ""
    free_minutes: float | None = None
    called_to: str = ""  # what calls it away then

    @property
    def name(self) -> str:
        return self.speaker.name


Anyone = Member | Human  # a mind, or the player


@dataclass(frozen=True)
class GroupRules:
    strategy: GroupStrategy = GroupStrategy.ONE_BY_ONE
    max_rounds: int = 4
    line_minutes: float = 1.0  # game minutes a line takes, for plans calling members away
    topic: str = ""  # a meeting's question; "" for a chance talk
    max_parallel: int = 8  # simultaneous calls at most (simultaneous strategies)
    end_phrases: tuple[str, ...] = ()  # a line saying one ends the talk (termination.py)
    seed: int = 0  # the random speaker selection's
    # one-by-one: lines one call writes, the next members of the round in turn
    # (`steps.group_round`; `MindSettings.group_lines_per_call`); 1: one call per line
    lines_per_call: int = 1


@dataclass
class GroupResult:
    lines: list[ConversationLine]
    summary: ConversationSummary
    calls: Counter[str] = field(default_factory=Counter)  # "line", "round", "summary", …
    fallbacks: int = 0
    ended_by: str = ""  # who said an end phrase that ended the talk ("" : it ended otherwise)

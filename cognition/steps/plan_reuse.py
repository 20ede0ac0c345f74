"""Plan reuse across days: an hour planned once is not planned again when nothing changed.

In the spirit of Affordable Generative Agents' lifestyle policies (Yu et al. 2024, which
keep each agent's decomposition of a task with its duration and reuse it), a resident keeps
its past hour plans (`steps.hour_plan`) in an `HourBook`, part of its `AgentState`. An hour
is reused, without a model call, when an earlier day planned an hour with the same key
(`hour_key`): the same activity (normalised: case, digits, punctuation and the agent's name
aside), starting in the same hour of the day and about as long (to the quarter hour), among
the same places offered and, when there is a choice of place, from the same place; and the
same news recalled for it — the ids of the retrieved memories that are both notable (rated
at least `plan_reuse_importance`) and about the activity (relevance at least
`plan_reuse_relevance`), plans aside (today's plan is the activity itself). Routine
sightings and what is recalled only for being recent do not change how an hour goes; news
about the activity does, and makes the hour planned afresh. The reused actions are laid out
in the new window as an answer's are. The book keeps at most `MAX_KEPT` hours (the oldest go
first) and counts the hours reused and planned by a call.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from datetime import date

from pydantic import BaseModel, Field

from cognition.memory.records import MemoryKind, RetrievalHit
from cognition.steps.decompose import SubAction

MAX_KEPT = 256  # hours a resident remembers how it spent (about two weeks of waking hours)

_NOT_WORDS = re.compile(r"[^a-z ]+")


class KeptHour(BaseModel):
    """How an hour went: its place and its actions, and the day it was planned."""

    day: date
    sector: str
    arena: str
    actions: list[SubAction]
    emoji: str = ""


class HourBook(BaseModel):
    """A resident's past hour plans, keyed by `reuse_key`, with the reuse counts."""

    hours: dict[str, KeptHour] = Field(default_factory=dict)
    reused: int = Field(default=0, ge=0)  # hours taken from the book, no call
    planned: int = Field(default=0, ge=0)  # hours planned by a model call

    def earlier(self, key: str, today: date) -> KeptHour | None:
        """The hour kept under `key` if an earlier day planned it (None otherwise)."""
        kept = self.hours.get(key)
        return kept if kept is not None and kept.day < today else None

    def keep(self, key: str, hour: KeptHour) -> None:
        """Keep `hour` under `key` (the newest last; the oldest dropped beyond `MAX_KEPT`).
        The dict is replaced, never changed in place, so a reader never sees half of it."""
        hours = {k: v for k, v in self.hours.items() if k != key}
        hours[key] = hour
        self.hours = dict(list(hours.items())[-MAX_KEPT:])

    def count(self, *, reused: bool) -> None:
        if reused:
            self.reused += 1
        else:
            self.planned += 1

    @property
    def rate(self) -> float:
        """The share of hours reused (0 when none was planned yet)."""
        total = self.reused + self.planned
        return self.reused / total if total else 0.0


def normalised(activity: str, agent: str) -> str:
    """ "Isabella Rodriguez opens Hobbs Cafe at 8:00." → "opens hobbs cafe at"."""
    text = activity.replace(agent, " ").replace(agent.split(" ")[0], " ").lower()
    return " ".join(_NOT_WORDS.sub(" ", text).split())


def notable(hits: Iterable[RetrievalHit], importance: int, relevance: float) -> list[str]:
    """The ids of the recalled memories that are news about the activity (sorted)."""
    return sorted(
        hit.record.id
        for hit in hits
        if hit.record.kind != MemoryKind.PLAN
        and hit.record.importance >= importance
        and hit.relevance >= relevance
    )


def quarter_hours(minutes: int) -> int:
    """A window's length to the nearest quarter hour (at least one)."""
    return max(15, round(minutes / 15) * 15)


def reuse_key(parts: Iterable[str]) -> str:
    """A short stable digest of `parts` (the same parts give the same key in every run)."""
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8"))
    return digest.hexdigest()[:24]

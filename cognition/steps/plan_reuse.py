"""Plan reuse across days: an hour planned once is not planned again when nothing changed.

In the spirit of Affordable Generative Agents' lifestyle policies (Yu et al. 2024, which
keep each agent's decomposition of a task with its duration and reuse it), a resident keeps
its past hour plans (`steps.hour_plan`) in an `HourBook`, part of its `AgentState`. An hour
is reused, without a model call, when an earlier day planned an hour with the same key
(`hour_key`): the same activity (normalised: case, digits, punctuation and the agent's name
aside), starting in the same hour of the day (or, failing that, within `HOUR_SHIFT` of it:
a day begun a little later shifts its hours — `near_hours`), among the same places offered
and, when there is a choice of place, from the same sector (another arena of it is the same
start: the hour may walk to the arena it kept); and the same facts recalled for it — the typed
facts (`facts_of`: the people, news items and intentions a memory's fields name; a memory
without fields by its id) of the retrieved memories that are both notable (rated at least
`plan_reuse_importance`) and about the activity (relevance at least `plan_reuse_relevance`),
plans aside (today's plan is the activity itself). Two memories telling the same facts (a
talk with the same person, the same news heard again) are the same context; a new person, a
new news item or a new intention for the day makes the hour planned afresh (an intention for
another day, yesterday's gathering or tomorrow's, bears on no hour of today); a fact the kept
hour was planned with and not recalled now is nothing new (`HourBook.covering`: the facts
recalled now are a part of the kept hour's), save an intention: a kept hour planned around
one is reused only while it is recalled (`covers`). Routine sightings and what
is recalled only for being recent do not change how an hour goes. The kept hour must be
about as long (within `LENGTH_SLACK` minutes) or longer: its actions are stretched to the
new window, or its first actions fill a shorter one (`fitted`), and laid out as an answer's
are. Failing a kept hour from a near hour of the day, one of the same activity, places,
start and facts planned at another time of day is taken (`KeptHour.anytime`, the key with
the hour of the day left out: the plan step, the place and what is recalled are what the
hour is conditioned on; the lifestyle policies key a decomposition by its task alone),
counted apart (`HourBook.shifted`). The book keeps at most `MAX_KEPT` hours (the
oldest go first) and counts the hours reused and planned by a call.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from datetime import date

from pydantic import BaseModel, Field

from cognition.memory.records import MemoryKind, MemoryRecord, RetrievalHit
from cognition.steps.decompose import SubAction

MAX_KEPT = 256  # hours a resident remembers how it spent (about two weeks of waking hours)
LENGTH_SLACK = 15  # minutes a kept hour may be shorter than the stretch it fills (stretched)
HOUR_SHIFT = 1  # hours earlier or later in the day a kept hour may be taken from

_NOT_WORDS = re.compile(r"[^a-z ]+")
INTENDS = "intends:"  # an intention's fact (`facts_of`)


class KeptHour(BaseModel):
    """How an hour went: its place and its actions, and the day it was planned."""

    day: date
    sector: str
    arena: str
    actions: list[SubAction]
    emoji: str = ""
    minutes: int = Field(default=0, ge=0)  # the stretch it planned (0: unknown, older saves)
    # the hour's situation key without the facts (`hour_plan.hour_key`) and the facts it was
    # planned with (`notable`); "" and none in older saves (then found by its whole key only)
    situation: str = ""
    facts: list[str] = Field(default_factory=list)
    anytime: str = ""  # its situation key with the hour of the day left out ("" older saves)


class HourBook(BaseModel):
    """A resident's past hour plans, keyed by `reuse_key`, with the reuse counts."""

    hours: dict[str, KeptHour] = Field(default_factory=dict)
    reused: int = Field(default=0, ge=0)  # hours taken from the book, no call
    planned: int = Field(default=0, ge=0)  # hours planned by a model call
    shifted: int = Field(default=0, ge=0)  # of `reused`, those kept at another time of day

    def earlier(self, key: str, today: date, minutes: int | None) -> KeptHour | None:
        """The hour kept under `key` if an earlier day planned it for a stretch about as long
        as `minutes` (within `LENGTH_SLACK`) or longer (its first actions fill a shorter
        stretch: `fitted`); any length when None (a stretch that stays one action); None
        otherwise."""
        kept = self.hours.get(key)
        if kept is None or kept.day >= today:
            return None
        near = minutes is None or kept.minutes + LENGTH_SLACK >= minutes
        return kept if near else None

    def covering(
        self,
        situations: list[str],
        facts: Iterable[str],
        today: date,
        minutes: int | None,
        anytime: str = "",
    ) -> KeptHour | None:
        """An hour an earlier day planned in one of `situations` (the likeliest first) — or
        else, given `anytime`, in the same situation at another time of day — with every one
        of `facts` known then (nothing recalled now is new to it), for a stretch `earlier`
        accepts; of several, the one in the likelier situation, then with the fewest other
        facts, then the newest. None when there is none."""
        now = set(facts)
        best: tuple[int, int, int] | None = None
        found: KeptHour | None = None
        for age, kept in enumerate(reversed(list(self.hours.values()))):
            place = situations.index(kept.situation) if kept.situation in situations else None
            if place is None and anytime and kept.anytime == anytime:
                place = len(situations)  # another time of day: the last resort
            if place is None or kept.day >= today or not covers(kept, now):
                continue
            if minutes is not None and kept.minutes + LENGTH_SLACK < minutes:
                continue
            rank = (place, len(kept.facts) - len(now), age)
            if best is None or rank < best:
                best, found = rank, kept
        return found

    def keep(self, key: str, hour: KeptHour) -> None:
        """Keep `hour` under `key` (the newest last; the oldest dropped beyond `MAX_KEPT`).
        The dict is replaced, never changed in place, so a reader never sees half of it."""
        hours = {k: v for k, v in self.hours.items() if k != key}
        hours[key] = hour
        self.hours = dict(list(hours.items())[-MAX_KEPT:])

    def count(self, *, reused: bool, shifted: bool = False) -> None:
        """Count an hour reused (`shifted`: kept at another time of day) or planned."""
        if reused:
            self.reused += 1
            self.shifted += int(shifted)
        else:
            self.planned += 1

    @property
    def rate(self) -> float:
        """The share of hours reused (0 when none was planned yet)."""
        total = self.reused + self.planned
        return self.reused / total if total else 0.0


def covers(kept: KeptHour, facts: set[str]) -> bool:
    """Whether `kept` was planned knowing every one of `facts` and meaning nothing more for
    the day: its intentions (each for its own day, `facts_of`) are all still `facts` — a
    plan made around an appointment is not the plan of a day without it."""
    planned = set(kept.facts)
    intended = {fact for fact in planned if fact.startswith(INTENDS)}
    return facts <= planned and intended <= facts


def normalised(activity: str, agent: str) -> str:
    """ "Isabella Rodriguez opens Hobbs Cafe at 8:00." → "opens hobbs cafe at"."""
    text = activity.replace(agent, " ").replace(agent.split(" ")[0], " ").lower()
    return " ".join(_NOT_WORDS.sub(" ", text).split())


def facts_of(record: MemoryRecord, agent: str, today: date | None = None) -> set[str]:
    """What a memory tells, as typed facts: the people its fields name (not `agent`), the
    news items it carries and the intentions it records — given `today`, only those for
    today or undated: an intention for another day bears on no hour of this one; a memory
    without fields (an older save's) is its own fact, by id. A memory naming none (an
    insight about oneself, a sight of an object in use) tells no new fact."""
    about = record.about
    if about is None:
        return {f"memory:{record.id}"}
    people = {about.speaker, about.subject, *about.partners, *about.people} - {"", agent}
    facts = {f"person:{person}" for person in people}
    facts |= {f"news:{news.item}" for news in about.news}
    facts |= {f"news:{about.item}"} if about.item else set()
    facts |= {
        f"{INTENDS}{i.person}/{i.deed}/{i.item}/{i.day}/{i.start}/{i.end}/{i.going}"
        for i in about.intentions
        if today is None or i.day is None or i.day == today
    }
    return facts


def notable_hits(
    hits: Iterable[RetrievalHit], importance: int, relevance: float
) -> list[RetrievalHit]:
    """The recalled memories that are news about the activity: no plan, rated at least
    `importance` and at least `relevance` relevant (in their order)."""
    return [
        hit
        for hit in hits
        if hit.record.kind != MemoryKind.PLAN
        and hit.record.importance >= importance
        and hit.relevance >= relevance
    ]


def notable(
    hits: Iterable[RetrievalHit],
    importance: int,
    relevance: float,
    agent: str,
    today: date | None = None,
) -> list[str]:
    """The facts (`facts_of`, as of `today`) of the recalled memories that are news about
    the activity (`notable_hits`; sorted, each once)."""
    facts: set[str] = set()
    for hit in notable_hits(hits, importance, relevance):
        facts |= facts_of(hit.record, agent, today)
    return sorted(facts)


def near_hours(minute: int) -> list[int]:
    """The hours of the day an hour starting at `minute` may reuse, the likeliest first: its
    own, then the one before and the one after (a day that starts a little earlier or later
    shifts its hours; `HOUR_SHIFT`)."""
    hour = minute // 60
    shifted = [hour + step for shift in range(1, HOUR_SHIFT + 1) for step in (-shift, shift)]
    return [hour, *(h for h in shifted if 0 <= h < 24)]


def fitted(actions: list[SubAction], kept: int, minutes: int) -> list[SubAction]:
    """`actions` planned for `kept` minutes as a stretch of `minutes`: stretched (`stretched`)
    when about as long (within `LENGTH_SLACK`), else — a shorter stretch — its first actions
    that fit, the last one cut to end with the stretch."""
    if kept <= 0 or minutes >= kept - LENGTH_SLACK:
        return stretched(actions, kept, minutes)
    out: list[SubAction] = []
    left = minutes
    for action in actions:
        if left <= 0:
            break
        out.append(action.model_copy(update={"minutes": min(action.minutes, left)}))
        left -= action.minutes
    return out or stretched(actions, kept, minutes)


def stretched(actions: list[SubAction], kept: int, minutes: int) -> list[SubAction]:
    """`actions` planned for `kept` minutes, each lengthened or shortened in proportion to
    fill `minutes` (unchanged when the lengths are equal or `kept` is unknown)."""
    if kept <= 0 or kept == minutes:
        return actions
    return [
        action.model_copy(update={"minutes": max(1, round(action.minutes * minutes / kept))})
        for action in actions
    ]


def reuse_key(parts: Iterable[str]) -> str:
    """A short stable digest of `parts` (the same parts give the same key in every run)."""
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8"))
    return digest.hexdigest()[:24]

"""The town's targets, each passed or failed, from the measures (and the interviews'
findings when there are any):

- **news reach**, per news item: at the end, at least a quarter of the town knows it, and
  not everyone. Measured by the interviews' answers at the end when there are any (who
  answered the item's question as knowing it), else by the memory stream (`diffusion.py`).
- **density**: relationship density rises by at least half again — end ≥ 1.5 × start, and
  end > start (from 0 any rise passes). By answers when the interviews asked at the start
  and the end ("Do you know X?" both ways), else by the memory stream (`relationships.py`).
- **attendance**, per news item with an event: at least 3 residents invited (not seeds)
  were there (`coordination.py`); a run that ends before the event fails it.
- **no repeats**: no line said more than 3 times in one game day, town-wide (`talk.py`).
- **no nested quotes**: no line said that quotes in a quote or reports a report (`talk.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.evaluation.answers import Findings, density_by_answers, diffusion_by_answers
from game.evaluation.coordination import Coordination
from game.evaluation.measures import Measures
from game.evaluation.talk import REPEAT_LIMIT

__all__ = [
    "MIN_ATTENDING",
    "MIN_DENSITY_RISE",
    "MIN_REACH",
    "Reach",
    "Target",
    "check_targets",
    "density_change",
    "news_reach",
]

MIN_REACH = 0.25  # of the town, at the end
MIN_DENSITY_RISE = 1.5  # end ≥ this × start
MIN_ATTENDING = 3  # invited residents who were there

BY_ANSWERS = "interviews: answers at the end"
BY_INTERVIEWS = 'interviews: "Do you know X?" both ways, at the start and the end'
BY_STREAM = "memory stream"


@dataclass(frozen=True)
class Target:
    id: str  # "reach:party", "density", "attendance:party", "repeats", "nested"
    target: str  # what it asks, in words
    measured_by: str
    value: str  # what the run did, in words
    passed: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "target": self.target,
            "measured_by": self.measured_by,
            "value": self.value,
            "passed": self.passed,
        }


def check_targets(measures: Measures, findings: Findings | None = None) -> tuple[Target, ...]:
    """Every target of the module's doc, in its order."""
    targets = [*_reach(measures, findings), _density(measures, findings)]
    targets += [_attendance(event) for event in measures.coordination]
    talk = measures.talk.overall
    most = measures.talk.max_daily_count
    targets.append(
        Target(
            "repeats",
            f"no line said more than {REPEAT_LIMIT} times in a game day, town-wide",
            "run record: lines",
            f"{len(talk.repeated)} lines said more than {REPEAT_LIMIT} times in a day; "
            f"the most: {most} times",
            not talk.repeated,
        )
    )
    targets.append(
        Target(
            "nested",
            "no nested quotes (a quote in a quote, a report inside a report)",
            "run record: lines",
            f"{talk.nested} of {talk.lines} lines nested",
            talk.nested == 0,
        )
    )
    return tuple(targets)


@dataclass(frozen=True)
class Reach:
    """How many know a news item at the end, and by which measure."""

    item: str
    count: int
    population: int
    measured_by: str

    @property
    def share(self) -> float:
        return self.count / self.population if self.population else 0.0


def news_reach(measures: Measures, findings: Findings | None = None) -> list[Reach]:
    """Who knows each news item at the end: by the answers at the end when there are any,
    else by the memory stream."""
    end_answers = [] if findings is None else findings.answers_at("end")
    found: list[Reach] = []
    for spread in measures.diffusion:
        if findings is not None and end_answers:
            count = len(diffusion_by_answers(end_answers, spread.item))
            found.append(Reach(spread.item, count, len(findings.residents), BY_ANSWERS))
        else:
            found.append(Reach(spread.item, spread.end.count, spread.end.population, BY_STREAM))
    return found


def density_change(
    measures: Measures, findings: Findings | None = None
) -> tuple[float, float, str]:
    """Relationship density at the start and the end, and by which measure: by answers when
    the interviews asked at both moments, else by the memory stream."""
    if findings is not None and set(findings.moments()) == {"start", "end"}:
        start, _ = density_by_answers(findings.answers_at("start"), findings.residents)
        end, _ = density_by_answers(findings.answers_at("end"), findings.residents)
        return start, end, BY_INTERVIEWS
    return measures.relationships.start.density, measures.relationships.end.density, BY_STREAM


def _reach(measures: Measures, findings: Findings | None) -> list[Target]:
    return [
        Target(
            f"reach:{reach.item}",
            f"news {reach.item!r} reaches at least a quarter of the town, not everyone",
            reach.measured_by,
            f"{reach.count} of {reach.population} ({reach.share:.0%}) know it at the end",
            reach.share >= MIN_REACH and reach.count < reach.population,
        )
        for reach in news_reach(measures, findings)
    ]


def _density(measures: Measures, findings: Findings | None) -> Target:
    start, end, by = density_change(measures, findings)
    rise = f" (×{end / start:.2f})" if start else ""
    return Target(
        "density",
        f"relationship density rises by at least half again (end ≥ {MIN_DENSITY_RISE:g} × start)",
        by,
        f"{start:.3f} → {end:.3f}{rise}",
        end >= MIN_DENSITY_RISE * start and end > start,
    )


def _attendance(event: Coordination) -> Target:
    came = event.invited_and_came
    value = f"{len(came)} invited came" + (f": {', '.join(came)}" if came else "")
    if event.status == "not reached":
        value = "the run ended before the event"
    return Target(
        f"attendance:{event.item}",
        f"at least {MIN_ATTENDING} invited residents attend the {event.item} ({event.event.place})",
        "run record: invitations and positions",
        value,
        len(came) >= MIN_ATTENDING,
    )

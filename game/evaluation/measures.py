"""The end-to-end measures of one run record, together: diffusion of each news item,
relationship density, coordination around each event, and the town's talk (see their
modules)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from game.evaluation.coordination import Coordination, measure_coordination
from game.evaluation.diffusion import Diffusion, measure_diffusion
from game.evaluation.knowing import Judge, Judged, talk_states_news
from game.evaluation.relationships import Relationships, measure_relationships
from game.evaluation.scenario import Scenario
from game.evaluation.talk import Talk, measure_talk
from game.records import RunRecord

__all__ = ["Measures", "measure"]


@dataclass(frozen=True)
class Measures:
    start: datetime
    end: datetime
    residents: tuple[str, ...]
    diffusion: tuple[Diffusion, ...]
    relationships: Relationships
    coordination: tuple[Coordination, ...]  # one per news item with an event
    warnings: tuple[str, ...]  # what a reader of the figures should know
    talk: Talk  # lines said per game day: distinct, repeated, nested
    judged: Judged  # memories the diffusion read by their fields / by their text


def measure(record: RunRecord, scenario: Scenario, end: datetime | None = None) -> Measures:
    """Every measure from the record's start (its meta's start time) to `end` (default:
    the record's last row)."""
    start = record.meta.start_time
    last = record.span()[1] if end is None else end
    last = max(last, start)
    judge = Judge(scenario.news, talk_states_news(record, start, last))
    diffusion = tuple(measure_diffusion(record, scenario.news, start, last, judge))
    coordination = tuple(
        found
        for item in scenario.news
        if (found := measure_coordination(record, item, last)) is not None
    )
    warnings = [
        f"news {spread.item!r}: the scenario says {seed} knows it at the start, but no "
        f"memory of {seed} at the start carries it"
        for spread in diffusion
        for seed in spread.seeds_unaware_at_start
    ]
    warnings += [
        f"event of {event.item!r}: the run ended before it started "
        f"({last:%a %b %d %H:%M} < {event.event.starts:%a %b %d %H:%M}), so nobody could attend"
        for event in coordination
        if event.status == "not reached"
    ]
    warnings += [
        f"event of {event.item!r}: {event.unreadable_plans} plan rows could not be read"
        for event in coordination
        if event.unreadable_plans
    ]
    return Measures(
        start=start,
        end=last,
        residents=tuple(record.residents()),
        diffusion=diffusion,
        relationships=measure_relationships(record, start, last),
        coordination=coordination,
        warnings=tuple(warnings),
        talk=measure_talk(record, start, last),
        judged=judge.judged,
    )

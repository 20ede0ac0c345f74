"""Information diffusion from the memory stream: for each news item, who knows it at the
start, every game hour, and at the end of a run record.

A resident *knows* an item at `t` when one of their memory records (any kind: observation,
dialogue, plan, reflection) written at or before `t` carries it: its typed fields name the
item, or — where the fields are unknown — its text holds the item's phrases (`knowing.py`,
which counts how many memories each way decided); at the start, before anyone spoke (a
conversation in the run's first minute counts from the first game hour: `stream.py`).
Memories are never removed from a record, so once known an item stays known. The share is
knowers / residents of the record, as in the paper (1 of 25 = 4 %).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from game.evaluation.knowing import Judge, talk_states_news
from game.evaluation.scenario import NewsItem
from game.evaluation.stream import remembered
from game.records import RunRecord

__all__ = ["Diffusion", "Knowledge", "first_carried", "game_hours", "measure_diffusion"]


@dataclass(frozen=True)
class Knowledge:
    """Who knows an item at `time`, of `population` residents."""

    time: datetime
    knowers: tuple[str, ...]  # by name
    population: int

    @property
    def count(self) -> int:
        return len(self.knowers)

    @property
    def share(self) -> float:
        return self.count / self.population if self.population else 0.0


@dataclass(frozen=True)
class Diffusion:
    """One item's spread: `curve` holds the start, every game hour, and the end."""

    item: str  # the news item's id
    seeds: tuple[str, ...]
    first_heard: dict[str, datetime]  # resident → the time of their first memory carrying it
    curve: tuple[Knowledge, ...]

    @property
    def start(self) -> Knowledge:
        return self.curve[0]

    @property
    def end(self) -> Knowledge:
        return self.curve[-1]

    @property
    def seeds_unaware_at_start(self) -> tuple[str, ...]:
        """Seeds whose memories did not carry the item at the start (a scenario whose
        `carried_by` misses how the persona says it, or a town that lost the seed)."""
        return tuple(seed for seed in self.seeds if seed not in self.start.knowers)


def game_hours(start: datetime, end: datetime) -> list[datetime]:
    """`start`, every whole game hour after it, and `end` (each once)."""
    moments = [start]
    moment = start + timedelta(hours=1)
    while moment < end:
        moments.append(moment)
        moment += timedelta(hours=1)
    if end > start:
        moments.append(end)
    return moments


def first_carried(
    record: RunRecord,
    items: Sequence[NewsItem],
    start: datetime,
    until: datetime,
    judge: Judge | None = None,
) -> dict[str, dict[str, tuple[datetime, datetime]]]:
    """item id → resident → (the time of their first memory carrying the item, the time it
    counts from — see `stream`), over memories written at or before `until`. One pass;
    `judge` decides what a memory carries (and counts how), by default one for `items` and
    the record's talk."""
    judge = judge or Judge(items, talk_states_news(record, start, until))
    found: dict[str, dict[str, tuple[datetime, datetime]]] = {item.id: {} for item in items}
    for memory in remembered(record, start, until):
        for item_id in judge.carried(memory) & found.keys():
            heard = found[item_id]
            earlier = heard.get(memory.resident)
            if earlier is None or memory.counts_from < earlier[1]:
                heard[memory.resident] = (memory.time, memory.counts_from)
    return found


def measure_diffusion(
    record: RunRecord,
    items: Sequence[NewsItem],
    start: datetime,
    end: datetime,
    judge: Judge | None = None,
) -> list[Diffusion]:
    """Each item's curve over `game_hours(start, end)` for the record's residents (`judge`
    as in `first_carried`)."""
    residents = record.residents()
    heard = first_carried(record, items, start, end, judge)
    moments = game_hours(start, end)
    result = []
    for item in items:
        first = {name: heard[item.id][name] for name in residents if name in heard[item.id]}
        curve = tuple(
            Knowledge(
                moment,
                tuple(name for name in residents if name in first and first[name][1] <= moment),
                len(residents),
            )
            for moment in moments
        )
        first_heard = {name: written for name, (written, _) in first.items()}
        result.append(Diffusion(item.id, tuple(item.seeds), first_heard, curve))
    return result

"""Relationship density from the memory stream, at the start and the end of a run record.

A resident *knows* another at `t` when one of their memory records written at or before
`t` names the other — by its typed fields (`game.records.people_named`: the speaker, the
partners, the subject, the people of a reflection or a relationship line, each news's
subject, source and host, each intention's person), and by its words only where the fields
are unknown (a record made before memories had fields): the full name ("Klaus Mueller"),
or the first name ("Klaus") when no other resident of the record shares it — whole words,
case as written (`NameFinder`). `Relationships.judged` counts the memories read each way.
A name only the words carry (a persona fact that is no relationship line, a name said in
passing in a transcript) is not read back from a memory that has fields. Two residents are
an *edge* when each knows the other (the paper's rule: both answer "yes" to "Do you know
X?"). Density = edges / possible pairs (n·(n−1)/2), as in the paper (0.167 → 0.74). At the
start means before anyone spoke (`stream.py`).

A conversation leaves a dialogue memory naming the partner in both streams, so a pair that
talked is an edge; `Relationships.talked` lists those pairs too, from the conversations.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from game.evaluation.knowing import Judged
from game.evaluation.stream import Remembered, remembered
from game.records import RunRecord

__all__ = [
    "NameFinder",
    "Network",
    "Relationships",
    "first_mentions",
    "measure_relationships",
    "named_people",
    "pair",
]

Pair = tuple[str, str]  # two residents' names, in sorted order


def pair(a: str, b: str) -> Pair:
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Network:
    """Who knows whom (both ways) at `time`."""

    time: datetime
    residents: tuple[str, ...]
    edges: frozenset[Pair]

    @property
    def pairs(self) -> int:
        """The possible pairs: n·(n−1)/2."""
        n = len(self.residents)
        return n * (n - 1) // 2

    @property
    def density(self) -> float:
        return len(self.edges) / self.pairs if self.pairs else 0.0


@dataclass(frozen=True)
class Relationships:
    start: Network
    end: Network
    talked: frozenset[Pair]  # pairs who had a conversation by the end
    judged: Judged = field(default_factory=Judged)  # memories read by fields, by words

    @property
    def new_edges(self) -> frozenset[Pair]:
        return self.end.edges - self.start.edges


class NameFinder:
    """Finds the residents a text names: full names, and first names that belong to one
    resident alone."""

    def __init__(self, residents: list[str]) -> None:
        first_names = Counter(name.split()[0] for name in residents if name.split())
        self.spellings: dict[str, str] = {name: name for name in residents}
        for name in residents:
            first = name.split()[0] if name.split() else ""
            if first and first != name and first_names[first] == 1:
                self.spellings.setdefault(first, name)
        longest_first = sorted(self.spellings, key=len, reverse=True)
        alternatives = "|".join(re.escape(spelling) for spelling in longest_first)
        self.pattern = re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")

    def names_in(self, text: str) -> set[str]:
        if not self.spellings:
            return set()
        return {self.spellings[found.group(0)] for found in self.pattern.finditer(text)}


def named_people(memory: Remembered, finder: NameFinder) -> set[str]:
    """The people `memory` names: its fields' (`Remembered.people`), its words' only where
    the fields are unknown."""
    return set(memory.people) if memory.people is not None else finder.names_in(memory.text)


def first_mentions(
    record: RunRecord, residents: list[str], start: datetime, until: datetime
) -> tuple[dict[tuple[str, str], datetime], Judged]:
    """(who remembers, whom) → when the first memory of the first naming the second counts
    from (`stream`), over memories written at or before `until`; and how many memories were
    read by their fields and by their words. One pass."""
    finder = NameFinder(residents)
    known = set(residents)
    found: dict[tuple[str, str], datetime] = {}
    by_fields = by_text = 0
    for memory in remembered(record, start, until):
        if memory.resident not in known:
            continue
        if memory.people is None:
            by_text += 1
        else:
            by_fields += 1
        for other in (named_people(memory, finder) & known) - {memory.resident}:
            key = (memory.resident, other)
            if key not in found or memory.counts_from < found[key]:
                found[key] = memory.counts_from
    return found, Judged(by_fields, by_text)


def network_at(
    moment: datetime, residents: list[str], mentions: dict[tuple[str, str], datetime]
) -> Network:
    edges = frozenset(
        pair(a, b)
        for index, a in enumerate(residents)
        for b in residents[index + 1 :]
        if (a, b) in mentions
        and (b, a) in mentions
        and mentions[(a, b)] <= moment
        and mentions[(b, a)] <= moment
    )
    return Network(moment, tuple(residents), edges)


def measure_relationships(record: RunRecord, start: datetime, end: datetime) -> Relationships:
    """The network at `start` and at `end`, and who talked in between."""
    residents = record.residents()
    mentions, judged = first_mentions(record, residents, start, end)
    known = set(residents)
    talked = frozenset(
        pair(a, b)
        for conversation in record.conversations_between(start, end)
        for a in conversation.participants
        for b in conversation.participants
        if a < b and a in known and b in known
    )
    return Relationships(
        network_at(start, residents, mentions),
        network_at(end, residents, mentions),
        talked,
        judged,
    )

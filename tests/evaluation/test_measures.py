"""Diffusion, relationships and coordination on a small record whose answers are known
(the story in evaluation_records.py)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from evaluation_records import (
    CANDIDACY,
    ISA,
    KLAUS,
    MARIA,
    PARTY,
    SCENARIO,
    at,
    memory,
    write_record,
)

from game.evaluation import measure
from game.evaluation.coordination import at_place, measure_coordination
from game.evaluation.diffusion import game_hours, measure_diffusion
from game.evaluation.relationships import NameFinder, measure_relationships
from game.records import RunRecord


@pytest.fixture
def record(tmp_path: Path) -> Iterator[RunRecord]:
    with RunRecord.open(write_record(tmp_path / "run.sqlite")) as opened:
        yield opened


def test_game_hours_are_the_start_each_whole_hour_and_the_end() -> None:
    assert game_hours(at(7), at(9, 30)) == [at(7), at(8), at(9), at(9, 30)]
    assert game_hours(at(7), at(9)) == [at(7), at(8), at(9)]
    assert game_hours(at(7), at(7)) == [at(7)]


def test_diffusion_counts_who_has_a_memory_carrying_the_news(record: RunRecord) -> None:
    party, candidacy = measure_diffusion(record, [PARTY, CANDIDACY], at(7), at(9, 30))
    assert [point.time for point in party.curve] == [at(7), at(8), at(9), at(9, 30)]
    assert [point.count for point in party.curve] == [1, 1, 2, 3]
    assert [round(point.share, 4) for point in party.curve] == [0.3333, 0.3333, 0.6667, 1.0]
    assert party.start.knowers == (ISA,)
    assert party.end.knowers == (ISA, KLAUS, MARIA)
    assert party.first_heard == {ISA: at(7), MARIA: at(8, 30), KLAUS: at(9, 10)}
    assert party.seeds_unaware_at_start == ()
    assert [point.count for point in candidacy.curve] == [0, 0, 0, 0]
    assert candidacy.seeds_unaware_at_start == (KLAUS,)


def test_a_conversation_in_the_first_minute_counts_from_the_first_hour(tmp_path: Path) -> None:
    """At the start means before anyone spoke: dialogue memories written at the start time
    count just after it; other memories of that moment count at the start."""
    first_minute = (
        memory(8, KLAUS, at(7), "Isabella: come to my Valentine's party!", "dialogue"),
        memory(8, ISA, at(7), "Conversation with Klaus Mueller", "dialogue"),
        memory(9, KLAUS, at(7), "Isabella Rodriguez is at the counter"),
    )
    path = write_record(tmp_path / "run.sqlite", more=first_minute)
    with RunRecord.open(path) as record:
        (party,) = measure_diffusion(record, [PARTY], at(7), at(8))
        assert [point.knowers for point in party.curve] == [(ISA,), (ISA, KLAUS)]
        assert party.first_heard[KLAUS] == at(7)  # when it was written
        found = measure_relationships(record, at(7), at(8))
        assert found.start.edges == {(ISA, MARIA)}
        assert found.end.edges == {(ISA, KLAUS), (ISA, MARIA)}


def test_names_are_found_in_full_and_by_a_first_name_no_one_else_has() -> None:
    finder = NameFinder([ISA, KLAUS, MARIA, "Francisco Lopez", "Maria Chen"])
    assert finder.names_in("Klaus and Isabella's cafe") == {KLAUS, ISA}
    assert finder.names_in("Maria waved") == set()  # two Marias: the first name is no one's
    assert finder.names_in("Maria Lopez waved at Maria Chen") == {MARIA, "Maria Chen"}
    assert finder.names_in("klaus, Klausi, Lopez") == set()


def test_relationship_density_counts_pairs_who_name_each_other(record: RunRecord) -> None:
    found = measure_relationships(record, at(7), at(9, 30))
    assert found.start.edges == {(ISA, MARIA)}
    assert round(found.start.density, 4) == 0.3333
    assert found.end.edges == {(ISA, MARIA), (KLAUS, MARIA)}
    assert round(found.end.density, 4) == 0.6667
    assert found.end.pairs == 3
    assert found.new_edges == {(KLAUS, MARIA)}
    assert found.talked == {(ISA, MARIA), (KLAUS, MARIA)}
    later = measure_relationships(record, at(7), at(10, 30))
    assert later.end.density == 1.0  # Isabella names Klaus at 10:30; Klaus named her at 9:10


def test_coordination_finds_the_invited_the_planners_and_who_was_there(
    record: RunRecord,
) -> None:
    found = measure_coordination(record, PARTY, at(10))
    assert found is not None
    assert found.status == "whole"
    assert [(i.guest, i.by, i.time) for i in found.invited] == [
        (MARIA, ISA, at(8, 30)),
        (KLAUS, MARIA, at(9, 5)),
    ]
    assert found.planned == {ISA: at(7), MARIA: at(8, 31)}
    assert found.unreadable_plans == 1
    assert found.minutes_there == {ISA: 60.0, KLAUS: 5.0, MARIA: 25.0}
    assert found.attended == (ISA, MARIA)
    assert found.guests == (MARIA,)
    assert found.invited_and_came == (MARIA,)
    assert len(found.presence) == 60
    counts = dict(found.presence)
    assert (counts[at(9)], counts[at(9, 5)], counts[at(9, 20)], counts[at(9, 45)]) == (2, 1, 2, 1)
    assert sum(counts.values()) == 60 + 5 + 25


def test_an_event_the_record_does_not_reach_or_reaches_in_part(record: RunRecord) -> None:
    before = measure_coordination(record, PARTY, at(8, 45))
    assert before is not None
    assert before.status == "not reached"
    assert before.attended == () and before.presence == ()
    assert [i.guest for i in before.invited] == [MARIA]
    part = measure_coordination(record, PARTY, at(9, 30))
    assert part is not None
    assert part.status == "partly"
    assert part.observed_until == at(9, 30)
    assert part.minutes_there == {ISA: 30.0, KLAUS: 5.0, MARIA: 10.0}
    assert part.attended == (ISA, MARIA)
    assert measure_coordination(record, CANDIDACY, at(10)) is None


def test_places_match_the_event_place_or_inside_it() -> None:
    assert at_place("Hobbs Cafe", "Hobbs Cafe")
    assert at_place("Hobbs Cafe: cafe: counter", "Hobbs Cafe")
    assert at_place("Hobbs Cafe: cafe", "Hobbs Cafe: cafe")
    assert not at_place("Hobbs Cafe Annex: cafe", "Hobbs Cafe")
    assert not at_place("Hobbs Cafe: kitchen", "Hobbs Cafe: cafe")
    assert not at_place("", "Hobbs Cafe")


def test_measure_puts_them_together_with_warnings(record: RunRecord) -> None:
    found = measure(record, SCENARIO, at(10))
    assert (found.start, found.end) == (at(7), at(10))
    assert found.residents == (ISA, KLAUS, MARIA)
    assert [spread.item for spread in found.diffusion] == ["party", "candidacy"]
    assert [event.item for event in found.coordination] == ["party"]
    assert found.warnings == (
        "news 'candidacy': the scenario says Klaus Mueller knows it at the start, but no "
        "memory of Klaus Mueller at the start carries it",
        "event of 'party': 1 plan rows could not be read",
    )
    assert measure(record, SCENARIO).end == at(10, 30)  # default: the record's last row
    early = measure(record, SCENARIO, at(8) - timedelta(minutes=1))
    assert any("the run ended before it started" in warning for warning in early.warnings)

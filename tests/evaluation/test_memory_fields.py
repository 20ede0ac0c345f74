"""Who knows a news item is read from the memories' typed fields; a memory's text decides
only where its fields are unknown, and the measures count memories judged each way."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from evaluation_records import ISA, KLAUS, MARIA, PARTY, SCENARIO, START, at, write_record

from game.evaluation import measure
from game.evaluation.coordination import measure_coordination
from game.evaluation.knowing import Judge, Judged, talk_states_news
from game.evaluation.relationships import measure_relationships
from game.evaluation.stream import Remembered
from game.records import MemoryRow, Row, RunRecord

TOLD = {"item": "party", "subject": ISA, "statement": "Isabella is having people over."}


def with_fields(
    number: int, resident: str, t: datetime, text: str, fields: object, kind: str = "dialogue"
) -> Row:
    return MemoryRow(f"m{number:06d}", resident, t, kind, text, 5, (), 0, json.dumps(fields))


# Klaus hears of the party in words no phrase of carried_by matches (his fields name it);
# Maria sees a poster whose text matches the phrases, but her fields name no news
HEARD_IN_OTHER_WORDS = with_fields(
    8, KLAUS, at(8), "Isabella says people are coming over", {"partners": [ISA], "news": [TOLD]}
)
POSTER = with_fields(
    8, MARIA, at(8), "A Valentine's party poster hangs here", {"subject": ISA}, "observation"
)
# a model's talk: its memory's fields name the partner, never the news its lines told
MODEL_TALK = with_fields(
    9, KLAUS, at(8), "Conversation with Isabella: she is giving a party", {"partners": [ISA]}
)


def party_knowers(path: Path) -> tuple[dict[str, datetime], int, int]:
    with RunRecord.open(path) as record:
        measures = measure(record, SCENARIO, at(10))
    (party, _) = measures.diffusion
    return party.first_heard, measures.judged.by_fields, measures.judged.by_text


def test_a_run_whose_talk_states_its_news_is_read_by_its_fields(tmp_path: Path) -> None:
    path = write_record(tmp_path / "run.sqlite", more=(HEARD_IN_OTHER_WORDS, POSTER))
    first_heard, by_fields, by_text = party_knowers(path)
    assert first_heard[KLAUS] == at(8)  # by his fields, though the text does not say it
    assert first_heard[MARIA] == at(8, 30)  # the poster's fields say no news: not from 8:00
    assert (by_fields, by_text) == (2, 7)  # the story's 7 memories have no fields


def test_a_run_whose_talk_states_no_news_reads_fields_naming_no_item_by_text(
    tmp_path: Path,
) -> None:
    """A model's talk does not state its news as data: fields naming no item say nothing."""
    path = write_record(tmp_path / "run.sqlite", more=(MODEL_TALK, POSTER))
    first_heard, by_fields, by_text = party_knowers(path)
    assert first_heard[KLAUS] == at(8)  # the talk, read by its text
    assert first_heard[MARIA] == at(8)  # the poster, read by its text
    assert (by_fields, by_text) == (0, 9)


def test_memories_without_fields_are_read_by_their_text(tmp_path: Path) -> None:
    path = write_record(tmp_path / "run.sqlite")
    first_heard, by_fields, by_text = party_knowers(path)
    assert first_heard == {ISA: at(7), MARIA: at(8, 30), KLAUS: at(9, 10)}
    assert (by_fields, by_text) == (0, 7)


def test_the_judge_names_each_item_a_memory_carries() -> None:
    judge = Judge([PARTY], fields_complete=True)
    text = "Isabella's Valentine's party"

    def remembered(items: frozenset[str] | None) -> Remembered:
        return Remembered(MARIA, START, "observation", text, START, items)

    assert judge.carried(remembered(frozenset({"party", "other"}))) == {"party"}
    assert judge.carried(remembered(frozenset())) == frozenset()
    assert judge.carried(remembered(None)) == {"party"}  # unknown: the text's phrases
    assert (judge.judged.by_fields, judge.judged.by_text) == (2, 1)
    assert round(judge.judged.text_share, 4) == 0.3333


def test_the_talk_states_news_when_a_dialogue_memory_carries_some(tmp_path: Path) -> None:
    for more, states in (((HEARD_IN_OTHER_WORDS,), True), ((MODEL_TALK, POSTER), False)):
        path = write_record(tmp_path / f"run-{states}.sqlite", more=more)
        with RunRecord.open(path) as record:
            assert talk_states_news(record, at(7), at(10)) is states


# Klaus remembers a talk with Maria in words that name no one (his fields name her); Maria
# sees a bike whose name says Klaus's, but her fields name no person
KLAUS_TALKED = with_fields(8, KLAUS, at(8), "We talked over coffee", {"partners": [MARIA]})
MARIA_SAW_A_BIKE = with_fields(
    8, MARIA, at(8), "Klaus Mueller's bike (yard) is parked",
    {"thing": "Klaus Mueller's bike", "doing": "parked"}, "observation",
)  # fmt: skip
MARIA_TALKED = with_fields(9, MARIA, at(8, 45), "A nice chat", {"partners": [KLAUS]})


def test_who_knows_whom_is_read_from_the_people_a_memory_s_fields_name(tmp_path: Path) -> None:
    """Relationships read the people a memory's fields name; words only where the fields are
    unknown (the story's memories), and the measure counts memories read each way."""
    path = write_record(tmp_path / "run.sqlite", more=(KLAUS_TALKED, MARIA_SAW_A_BIKE))
    with RunRecord.open(path) as record:
        found = measure_relationships(record, at(7), at(9))
    assert found.end.edges == {(ISA, MARIA)}  # the bike's words name Klaus, its fields no one
    assert found.judged == Judged(by_fields=2, by_text=5)
    path = write_record(tmp_path / "both.sqlite", more=(KLAUS_TALKED, MARIA_TALKED))
    with RunRecord.open(path) as record:
        found = measure_relationships(record, at(7), at(9))
    assert found.end.edges == {(ISA, MARIA), (KLAUS, MARIA)}  # by fields alone


def going(person: str, start: int, end: int, going: bool = True) -> dict[str, object]:
    """An intention to go to the party on the story's day, `start`–`end` minutes."""
    return {"person": person, "deed": "go to the party", "item": "party",
            "day": "2023-02-13", "start": start, "end": end, "going": going}  # fmt: skip


def day_plan(person: str, item: str) -> dict[str, object]:
    entries = [{"start": 480, "end": 540, "activity": "work"},
               {"start": 540, "end": 600, "activity": "be at the cafe", "item": item}]  # fmt: skip
    return {"subject": person, "day": "2023-02-13", "plan": entries}


def said(number: int, person: str, t: datetime, *intentions: dict[str, object]) -> Row:
    """A talk memory of `person`'s recording the intentions said in it."""
    return with_fields(number, person, t, "A chat", {"intentions": list(intentions)})


PLANS_AS_DATA = (
    with_fields(10, ISA, at(7), "Isabella's plan for Monday", day_plan(ISA, "party"), "plan"),
    with_fields(11, KLAUS, at(7), "Klaus's plan for Monday", day_plan(KLAUS, ""), "plan"),
    said(12, MARIA, at(8, 30), going(MARIA, 540, 600)),
    said(13, KLAUS, at(9, 5), going(KLAUS, 540, 600, going=False)),  # a refusal
    said(14, KLAUS, at(9, 6), going(KLAUS, 660, 720)),  # after the party
)


def test_who_planned_to_go_is_read_from_plans_and_intentions_as_data(tmp_path: Path) -> None:
    """A day plan's entry going to the item, or an intention said to go to it, in the
    event's window: a refusal, an intention for other hours and a plan row's words (Klaus
    "read at Hobbs Cafe" after it) do not count; a record whose plans carry no items as
    data is read by the plan rows' words, as before."""
    path = write_record(tmp_path / "run.sqlite", more=PLANS_AS_DATA)
    with RunRecord.open(path) as record:
        found = measure_coordination(record, PARTY, at(10))
    assert found is not None and found.planned == {ISA: at(7), MARIA: at(8, 30)}
    with RunRecord.open(write_record(tmp_path / "words.sqlite")) as record:
        by_words = measure_coordination(record, PARTY, at(10))
    assert by_words is not None and by_words.planned == {ISA: at(7), MARIA: at(8, 31)}

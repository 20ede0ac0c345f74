"""Who knows a news item is read from the memories' typed fields; a memory's text decides
only where its fields are unknown, and the measures count memories judged each way."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from evaluation_records import ISA, KLAUS, MARIA, PARTY, SCENARIO, START, at, write_record

from game.evaluation import measure
from game.evaluation.knowing import Judge, news_in_fields
from game.evaluation.stream import Remembered
from game.records import MemoryRow, Row, RunRecord

TOLD = {"item": "party", "subject": ISA, "statement": "Isabella is having people over."}


def with_fields(number: int, resident: str, t: datetime, text: str, fields: object) -> Row:
    return MemoryRow(f"m{number:06d}", resident, t, "dialogue", text, 5, (), 0, json.dumps(fields))


# Klaus hears of the party in words no phrase of carried_by matches (his fields name it);
# Maria sees a poster whose text matches the phrases, but her fields name no news
HEARD_IN_OTHER_WORDS = with_fields(
    8, KLAUS, at(8), "Isabella says people are coming over", {"partners": [ISA], "news": [TOLD]}
)
POSTER = with_fields(8, MARIA, at(8), "A Valentine's party poster hangs here", {"subject": ISA})


def party_knowers(path: Path) -> tuple[dict[str, datetime], int, int]:
    with RunRecord.open(path) as record:
        measures = measure(record, SCENARIO, at(10))
    (party, _) = measures.diffusion
    return party.first_heard, measures.judged.by_fields, measures.judged.by_text


def test_an_offline_run_is_read_by_its_fields(tmp_path: Path) -> None:
    path = write_record(tmp_path / "run.sqlite", more=(HEARD_IN_OTHER_WORDS, POSTER))
    first_heard, by_fields, by_text = party_knowers(path)
    assert first_heard[KLAUS] == at(8)  # by his fields, though the text does not say it
    assert first_heard[MARIA] == at(8, 30)  # the poster's fields say no news: not from 8:00
    assert (by_fields, by_text) == (2, 7)  # the story's 7 memories have no fields


def test_a_model_run_reads_fields_naming_no_item_by_their_text(tmp_path: Path) -> None:
    """A model's talk does not state its news as data: fields naming no item say nothing."""
    path = write_record(tmp_path / "run.sqlite", (HEARD_IN_OTHER_WORDS, POSTER), model="qwen3")
    first_heard, by_fields, by_text = party_knowers(path)
    assert first_heard[KLAUS] == at(8)  # fields naming the item still decide
    assert first_heard[MARIA] == at(8)  # the poster: read by its text
    assert (by_fields, by_text) == (1, 8)


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


def test_fields_state_the_news_in_an_offline_run_only(tmp_path: Path) -> None:
    for model, complete in (("", True), ("qwen3", False)):
        path = write_record(tmp_path / f"run-{complete}.sqlite", model=model)
        with RunRecord.open(path) as record:
            assert news_in_fields(record.meta) is complete

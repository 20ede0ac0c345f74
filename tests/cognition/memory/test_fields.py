"""Typed memory fields: stored beside the record and read back by field; a record saved
before fields existed loads with its fields unknown."""

from __future__ import annotations

from datetime import datetime

from cognition.memory.collection import record_from_metadata, record_metadata
from cognition.memory.fields import MemoryFields, News, fields_from_json, known_news
from cognition.memory.records import MemoryKind, MemoryRecord

NOW = datetime(2023, 2, 13, 9, 0)
POEMS = News(
    item="poems",
    subject="Carlos Gomez",
    statement="Carlos Gomez's poems are going to be published.",
    kind="personal",
    importance=7,
)


def record(about: MemoryFields | None) -> MemoryRecord:
    return MemoryRecord(
        id="a-1",
        agent="Ann Lee",
        kind=MemoryKind.DIALOGUE,
        text="Conversation with Carlos Gomez: …",
        created=NOW,
        last_accessed=NOW,
        importance=7,
        about=about,
    )


def test_fields_round_trip_through_the_stored_metadata() -> None:
    about = MemoryFields(
        partners=("Carlos Gomez",), time=NOW, news=(POEMS.told_by("Carlos Gomez"),)
    )
    stored = record_metadata(record(about), sequence=1)
    back = record_from_metadata("a-1", "Ann Lee", "Conversation with Carlos Gomez: …", stored)
    assert back == record(about)
    assert back.about is not None and back.about.news[0].source == "Carlos Gomez"


def test_a_record_saved_before_fields_loads_with_them_unknown() -> None:
    old = record_metadata(record(None), sequence=1)
    del old["about"]
    assert record_from_metadata("a-1", "Ann Lee", "text", old).about is None
    assert fields_from_json("{not json") is None
    assert fields_from_json('{"partners": 3}') is None


def test_known_news_prefers_first_hand_then_the_first_source_heard() -> None:
    heard = [
        MemoryFields(news=(POEMS.told_by("Ann Lee"),)),  # the knower's own retelling
        None,  # a memory with no fields
        MemoryFields(news=(POEMS.told_by("Bo Dahl"),)),
        MemoryFields(news=(POEMS.told_by("Cy Fenn"),)),
    ]
    assert [n.source for n in known_news(heard, "Ann Lee")] == ["Bo Dahl"]
    assert [n.source for n in known_news([*heard, MemoryFields(news=(POEMS,))], "Ann Lee")] == [
        None
    ]


def test_a_talks_topic_round_trips_and_older_fields_load_without_one() -> None:
    about = MemoryFields(partners=("Carlos Gomez",), time=NOW, topic="Should the pier reopen?")
    stored = record_metadata(record(about), sequence=1)
    back = record_from_metadata("a-1", "Ann Lee", "Conversation with Carlos Gomez: …", stored)
    assert back.about is not None and back.about.topic == "Should the pier reopen?"
    older = fields_from_json('{"partners": ["Carlos Gomez"], "time": "2023-02-13T09:00:00"}')
    assert older == MemoryFields(partners=("Carlos Gomez",), time=NOW) and older.topic == ""

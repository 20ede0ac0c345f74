"""Record schema 2: memories keep their typed fields and lines the news they told; a schema-1
record (made before both) opens as it is, its memories' fields and its lines' news unknown,
and a writer continuing it migrates it."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from datetime import date, datetime
from pathlib import Path

from town_records import START, at, meta, write_all

from game.records import (
    SCHEMA_VERSION,
    Going,
    LineRow,
    MemoryRow,
    RecordWriter,
    RunRecord,
    goings,
    items_named,
    people_named,
    states_plan,
)
from game.records.codec import meta_items
from game.records.schema import TABLES

ISA, MARIA = "Isabella Rodriguez", "Maria Lopez"
HEARD = json.dumps(
    {
        "partners": [ISA],
        "time": "2023-02-13T08:30:00",
        "news": [
            {"item": "party", "subject": ISA, "statement": "Isabella is having a party.",
             "source": ISA},
        ],
    }
)  # fmt: skip

# the memories table as schema 1 made it: no `fields` column
MEMORIES_V1 = (
    "CREATE TABLE memories (id TEXT NOT NULL, resident TEXT NOT NULL, time TEXT NOT NULL, "
    "kind TEXT NOT NULL, text TEXT NOT NULL, importance INTEGER NOT NULL, "
    "evidence TEXT NOT NULL, depth INTEGER NOT NULL)"
)
# the lines table as schema 1 made it: no `told` column
LINES_V1 = (
    "CREATE TABLE lines (conversation INTEGER NOT NULL, number INTEGER NOT NULL, "
    "time TEXT NOT NULL, speaker TEXT NOT NULL, listener TEXT NOT NULL, text TEXT NOT NULL)"
)
V1_TABLES = {"memories": MEMORIES_V1, "lines": LINES_V1}


def schema_1_record(path: Path) -> Path:
    """A record as Smallville wrote it before memories had fields: schema 1's tables, meta
    saying schema_version 1, two memories and a line."""
    connection = sqlite3.connect(path)
    with connection:
        for name, table in TABLES.items():
            statements = table.create_sql()
            if name in V1_TABLES:
                statements[0] = V1_TABLES[name]
            for statement in statements:
                connection.execute(statement)
        items = [(key, "1" if key == "schema_version" else value) for key, value in
                 meta_items(meta())]  # fmt: skip
        connection.executemany("INSERT INTO meta VALUES (?, ?)", items)
        connection.executemany(
            "INSERT INTO memories VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                ("m000000", ISA, START.isoformat(), "observation", "I am planning a party",
                 8, "[]", 0),
                ("m000000", MARIA, at(8, 30).isoformat(), "dialogue",
                 "Isabella told me about her party", 6, "[]", 0),
            ],
        )  # fmt: skip
        connection.execute(
            "INSERT INTO lines VALUES (?, ?, ?, ?, ?, ?)",
            (1, 0, at(8, 30).isoformat(), ISA, MARIA, "Come to my party!"),
        )
    connection.close()
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_memory_fields_are_written_and_read_back(tmp_path: Path) -> None:
    rows = [
        MemoryRow("m000000", MARIA, at(8, 30), "dialogue", "Isabella told me", 6, (), 0, HEARD),
        MemoryRow("m000001", MARIA, at(9), "reflection", "I like parties", 4, ("m000000",), 1),
    ]
    write_all(tmp_path / "run.sqlite", list(rows)).close()
    with RunRecord.open(tmp_path / "run.sqlite") as record:
        assert record.version == SCHEMA_VERSION == 2
        newest, oldest = record.memories(MARIA, at(10))
        assert (oldest, newest) == tuple(rows)
        assert oldest.fields == HEARD and newest.fields is None  # None: unknown
        assert [row["fields"] for row in record.rows("memories")] == [HEARD, None]
        assert items_named(oldest.fields) == frozenset({"party"})
    with sqlite3.connect(tmp_path / "run.sqlite") as connection:  # queryable as JSON
        (item,) = connection.execute(
            "SELECT json_extract(fields, '$.news[0].item') FROM memories WHERE id = 'm000000'"
        ).fetchone()
    connection.close()
    assert item == "party"


def test_a_schema_1_record_reads_with_fields_unknown_and_is_left_as_it_was(
    tmp_path: Path,
) -> None:
    path = schema_1_record(tmp_path / "old.sqlite")
    before = digest(path)
    with RunRecord.open(path) as record:
        assert record.version == 1
        assert record.meta.run_id == "run-1"
        (planning,) = record.memories(ISA, at(9))
        assert planning.text == "I am planning a party" and planning.fields is None
        assert record.memory(MARIA, "m000000") is not None
        assert [row["fields"] for row in record.rows("memories")] == [None, None]
        assert record.counts()["memories"] == 2
        (line,) = record.lines_between(START, at(9))
        assert line.text == "Come to my party!" and line.told is None  # None: unknown
    assert digest(path) == before  # reading changes nothing in the user's file


def test_a_writer_continuing_a_schema_1_record_migrates_it(tmp_path: Path) -> None:
    path = schema_1_record(tmp_path / "old.sqlite")
    writer = RecordWriter(path, meta(run_id="run-2"))
    assert writer.usable, writer.last_error
    writer.write(MemoryRow("m000001", MARIA, at(9), "dialogue", "More party news", 6, (), 0, HEARD))
    writer.write(LineRow(2, 0, at(9), MARIA, ISA, "I heard about it.", "party"))
    writer.close()
    with RunRecord.open(path) as record:
        assert record.version == SCHEMA_VERSION
        assert record.meta.continues == "run-1"
        newer, older = record.memories(MARIA, at(10))
        assert older.text == "Isabella told me about her party" and older.fields is None
        assert newer.fields == HEARD
        old_line, new_line = record.lines_between(START, at(10))
        assert (old_line.told, new_line.told) == (None, "party")  # the column was added
    with sqlite3.connect(path) as connection:
        columns = [row[1] for row in connection.execute("PRAGMA table_info(lines)")]
    connection.close()
    assert columns[-1] == "told"


def test_the_news_a_line_told_is_written_and_read_back(tmp_path: Path) -> None:
    rows = [
        LineRow(1, 0, at(8, 30), ISA, MARIA, "Come by on Tuesday evening!", "party"),
        LineRow(1, 1, at(8, 31), MARIA, ISA, "I will.", ""),
        LineRow(1, 2, at(8, 32), ISA, MARIA, "See you."),
    ]
    write_all(tmp_path / "run.sqlite", list(rows)).close()
    with RunRecord.open(tmp_path / "run.sqlite") as record:
        assert record.lines_between(START, at(9)) == rows
        assert record.last_lines(at(9), 1)[0].told is None
        # "" (told none) and NULL (unknown) stay apart
        assert [row["told"] for row in record.rows("lines")] == ["party", "", None]


def test_items_named_reads_the_items_of_stored_fields() -> None:
    assert items_named(HEARD) == frozenset({"party"})
    both = json.dumps({"item": "candidacy", "news": [{"item": "party"}, {"item": ""}]})
    assert items_named(both) == frozenset({"candidacy", "party"})
    assert items_named(json.dumps({"partners": [ISA]})) == frozenset()  # known: no news
    insight = json.dumps({"people": [ISA], "items": ["party", "candidacy", 3, ""]})
    assert items_named(insight) == frozenset({"party", "candidacy"})  # a reflection's union
    for unknown in (None, "", "not json", "[1, 2]", "null"):
        assert items_named(unknown) is None


def test_people_named_reads_the_people_of_stored_fields() -> None:
    assert people_named(HEARD) == frozenset({ISA})  # the partner, the news's subject and source
    said = json.dumps(
        {"speaker": MARIA, "subject": "Klaus Mueller", "people": ["Ann Lee", 3, ""],
         "news": [{"item": "party", "subject": "Bo Dahl", "statement": "…", "host": "Cy Fenn"}],
         "intentions": [{"person": "Dee Orr", "deed": "go"}, "not an intention"]}
    )  # fmt: skip
    assert people_named(said) == frozenset(
        {MARIA, "Klaus Mueller", "Ann Lee", "Bo Dahl", "Cy Fenn", "Dee Orr"}
    )
    seen = json.dumps({"thing": "shower", "doing": "in use by Ann Lee"})
    assert people_named(seen) == frozenset()  # an object's state names no person
    for unknown in (None, "", "not json", "[1, 2]", "null"):
        assert people_named(unknown) is None


def test_goings_reads_the_plans_to_go_of_stored_fields() -> None:
    plan = json.dumps(
        {"subject": MARIA, "day": "2023-02-14",
         "plan": [{"start": 480, "end": 540, "activity": "work"},
                  {"start": 1020, "end": 1140, "activity": "the party", "item": "party"}]}
    )  # fmt: skip
    party = Going(MARIA, "party", date(2023, 2, 14), 1020, 1140)
    assert goings(plan) == (party,)
    assert party.window() == (datetime(2023, 2, 14, 17, 0), datetime(2023, 2, 14, 19, 0))
    assert states_plan(plan) and not states_plan(HEARD) and not states_plan(None)
    said = json.dumps(
        {"intentions": [{"person": ISA, "deed": "go", "item": "party"},
                        {"person": MARIA, "deed": "go", "item": "party", "going": False},
                        {"person": MARIA, "deed": "paint the fence"}]}
    )  # fmt: skip
    assert goings(said) == (Going(ISA, "party"),)  # a refusal, a deed for no item: none
    assert Going(ISA, "party").window() is None  # no times said
    assert goings(HEARD) == ()
    for unknown in (None, "", "not json", "[1, 2]"):
        assert goings(unknown) is None

"""Every row type goes in and comes back equal; the meta too; times are sortable text."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from town_records import START, WALL, at, meta, one_of_each, write_all

from game.records import (
    ConversationRow,
    LineRow,
    MemoryRow,
    ObjectRow,
    PersonRow,
    PlanRow,
    PlayerActionRow,
    PositionRow,
    RecordWriter,
    RunMeta,
    RunRecord,
    TraceRow,
)


def test_every_row_type_reads_back_equal(tmp_path: Path) -> None:
    t = START.replace(microsecond=250000)  # microseconds survive too
    rows = one_of_each(" ünïcode ✨", t)
    writer = write_all(tmp_path / "run.sqlite", rows)
    writer.close()
    assert (writer.rows_written, writer.errors, writer.last_error) == (9, 0, None)
    position, conversation, line, memory, plan, change, action, trace, person = rows
    with RunRecord.open(tmp_path / "run.sqlite") as record:
        assert isinstance(position, PositionRow) and isinstance(change, ObjectRow)
        assert record.positions_at(t) == {position.resident: position}
        assert record.conversations_between(t, t) == [conversation]
        assert record.lines_between(t, t + timedelta(minutes=1)) == [line]
        assert isinstance(memory, MemoryRow) and record.memory(memory.resident, memory.id) == memory
        assert isinstance(plan, PlanRow) and record.plan_at(plan.resident, t) == plan
        assert record.objects_at(t) == {change.key: change}
        assert record.player_actions(t, t) == [action]
        assert isinstance(trace, TraceRow) and record.traces(trace.resident, t) == [trace]
        assert isinstance(person, PersonRow) and record.person_at(person.name, t) == person
        assert record.person_at(person.name, t - timedelta(hours=1)) == person  # the first
        assert record.meta == meta()
        assert record.counts() == dict.fromkeys(
            [
                "people", "positions", "conversations", "lines", "memories", "plans", "objects",
                "player_actions", "traces",
            ],
            1,
        )  # fmt: skip


def test_times_are_iso_text_and_wall_times_utc(tmp_path: Path) -> None:
    eastern = WALL.astimezone(timezone(timedelta(hours=-5)))
    writer = write_all(tmp_path / "run.sqlite", one_of_each(), started=eastern)
    writer.close()
    with sqlite3.connect(tmp_path / "run.sqlite") as connection:
        assert connection.execute("SELECT time FROM positions").fetchone() == (
            "2023-02-13T07:00:00",
        )
        assert connection.execute("SELECT wall_time FROM traces").fetchone() == (
            "2026-11-23T10:15:02.123456Z",
        )
        started = connection.execute("SELECT value FROM meta WHERE key = 'started'").fetchone()
        assert started == ("2026-11-23T10:15:02.123456Z",)
        versions = connection.execute("SELECT value FROM meta WHERE key = 'schema_version'")
        assert versions.fetchone() == ("2",)
    connection.close()
    with RunRecord.open(tmp_path / "run.sqlite") as record:
        assert record.meta.started == WALL and record.meta.started.tzinfo == UTC


def test_the_meta_is_checked() -> None:
    with pytest.raises(ValueError, match="kind"):
        meta(kind="replay")
    with pytest.raises(ValueError, match="timezone-aware"):
        meta(started=datetime(2026, 1, 1))
    with pytest.raises(ValueError, match="naive"):
        meta(start_time=WALL)
    for bad in ("maps\\x.tmx", "../x.tmx", "maps/../../x.tmx"):
        with pytest.raises(ValueError, match="POSIX path"):
            meta(map_path=bad)
    for good in ("maps/the_ville.tmx", "/home/me/maps/x.tmx", "C:/maps/x.tmx"):  # elsewhere
        assert meta(map_path=good).map_path == good
    optional = meta(seed=None, continues="run-0", model="", map_path="")
    assert isinstance(optional, RunMeta)


def test_a_meta_reads_back_with_its_optional_fields(tmp_path: Path) -> None:
    for changes in ({"seed": None, "continues": None}, {"seed": 0, "continues": "run-0"}):
        path = tmp_path / f"{changes['seed']}.sqlite"
        RecordWriter(path, meta(**changes)).close()
        with RunRecord.open(path) as record:
            assert record.meta == meta(**changes)


def test_a_malformed_row_is_counted_and_the_rest_written(tmp_path: Path) -> None:
    writer = RecordWriter(tmp_path / "run.sqlite", meta())
    good = PlanRow(at(8), "Isabella Rodriguez", "day", "{}")
    writer.write(replace(good, time=WALL))  # an aware game time
    writer.write(replace(good, plan=None))  # type: ignore[arg-type]
    writer.write("not a row")  # type: ignore[arg-type]
    writer.write(good)
    writer.flush()
    assert (writer.rows_written, writer.rows_dropped, writer.errors) == (1, 3, 3)
    assert writer.last_error is not None and "not a run record row" in writer.last_error
    writer.close()
    with RunRecord.open(tmp_path / "run.sqlite") as record:
        assert record.plan_at("Isabella Rodriguez", at(9)) == good


def test_a_conversation_written_again_replaces_the_first(tmp_path: Path) -> None:
    started = ConversationRow(4, at(9), ("A", "B"), "park", "")
    writer = write_all(tmp_path / "run.sqlite", [started, replace(started, summary="on art")])
    writer.write(LineRow(4, 0, at(9), "A", "B", "hi"))
    writer.write(LineRow(4, 0, at(9), "A", "B", "hello"))
    writer.close()
    with RunRecord.open(tmp_path / "run.sqlite") as record:
        assert record.conversations_between(at(8), at(10)) == [replace(started, summary="on art")]
        assert [line.text for line in record.lines_between(at(8), at(10))] == ["hello"]


def test_player_actions_between_are_in_order(tmp_path: Path) -> None:
    actions = [PlayerActionRow(at(8, m), "chat", "A", f"line {m}", "{}") for m in (5, 1, 3)]
    write_all(tmp_path / "run.sqlite", list(actions)).close()
    with RunRecord.open(tmp_path / "run.sqlite") as record:
        assert [a.text for a in record.player_actions(at(8, 1), at(8, 3))] == ["line 1", "line 3"]

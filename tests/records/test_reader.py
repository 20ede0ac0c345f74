"""The reader answers about any moment: positions from keyframes and changes, objects,
lines, memories, plans, traces, marks; and refuses what is not a readable record."""

from __future__ import annotations

import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from town_records import START, at, meta, one_of_each, position, synthetic_record, write_all

from game.records import (
    SCHEMA_VERSION,
    ConversationRow,
    LineRow,
    Mark,
    MemoryRow,
    ObjectRow,
    PlanRow,
    PlayerActionRow,
    RecordError,
    Row,
    RunRecord,
    TraceRow,
)

ISA, KLAUS, MARIA = "Isabella Rodriguez", "Klaus Mueller", "Maria Lopez"


@pytest.fixture
def moving_town(tmp_path: Path) -> Path:
    """Keyframes at 8:00 and 9:00; Isabella moves at 8:05 and 8:10; Klaus never moves;
    Maria's first row comes at 8:30; Isabella changes again at 9:00, after the keyframe."""
    rows = [
        position(at(8), ISA, 1, 1, keyframe=True),
        position(at(8), KLAUS, 5, 5, keyframe=True),
        position(at(8, 5), ISA, 2, 1),
        position(at(8, 10), ISA, 3, 1, activity="brewing coffee"),
        position(at(8, 30), MARIA, 9, 9),
        position(at(9), ISA, 3, 1, keyframe=True, activity="brewing coffee"),
        position(at(9), KLAUS, 5, 5, keyframe=True),
        position(at(9), MARIA, 9, 9, keyframe=True),
        position(at(9), ISA, 4, 1, activity="serving"),
    ]
    write_all(tmp_path / "run.sqlite", list(rows)).close()
    return tmp_path / "run.sqlite"


def tiles(
    record: RunRecord, hour: int, minute: int = 0, second: int = 0
) -> dict[str, tuple[int, int, bool]]:
    state = record.positions_at(at(hour, minute, second))
    return {name: (row.x, row.y, row.keyframe) for name, row in state.items()}


def test_positions_at_rebuilds_the_town_from_keyframes_and_changes(moving_town: Path) -> None:
    with RunRecord.open(moving_town) as record:
        assert record.positions_at(at(7, 59, 59)) == {}  # before the first row
        assert tiles(record, 8) == {ISA: (1, 1, True), KLAUS: (5, 5, True)}
        assert tiles(record, 8, 7) == {ISA: (2, 1, False), KLAUS: (5, 5, True)}
        assert tiles(record, 8, 45) == {
            ISA: (3, 1, False),
            KLAUS: (5, 5, True),
            MARIA: (9, 9, False),
        }
        assert tiles(record, 9) == {ISA: (4, 1, False), KLAUS: (5, 5, True), MARIA: (9, 9, True)}
        assert record.positions_at(at(23))[ISA].activity == "serving"  # long after the last row
        assert record.residents() == [ISA, KLAUS, MARIA]
        assert record.span() == (at(8), at(9))


def test_positions_at_agrees_with_replaying_every_row(tmp_path: Path) -> None:
    """On a synthetic day: the state at a moment is the last row of each resident up to it."""
    from town_records import synthetic_rows

    synthetic_record(tmp_path / "town.sqlite", residents=3, days=1)
    rows = [row for row in synthetic_rows(3, 1) if type(row).__name__ == "PositionRow"]
    with RunRecord.open(tmp_path / "town.sqlite") as record:
        for moment in (at(7), at(9, 3, 20), at(12, 30), at(16, 59, 50), at(6, day=1)):
            expected = {row.resident: row for row in rows if row.time <= moment}  # type: ignore[union-attr]
            assert record.positions_at(moment) == expected


def test_objects_at_holds_the_last_change_of_each_changed_object(tmp_path: Path) -> None:
    stove = [ObjectRow(at(8, m), "cafe:stove", "Hobbs Cafe: cafe: stove", "A", "s", f"{m}")
             for m in (0, 10, 20)]  # fmt: skip
    bed = ObjectRow(at(8, 15), "home:bed", "home: bed", "", "used", "idle")
    write_all(tmp_path / "run.sqlite", [*stove, bed]).close()
    with RunRecord.open(tmp_path / "run.sqlite") as record:
        assert record.objects_at(at(7)) == {}
        assert record.objects_at(at(8, 12)) == {"cafe:stove": stove[1]}
        assert record.objects_at(at(9)) == {"cafe:stove": stove[2], "home:bed": bed}


def test_lines_and_conversations_between(tmp_path: Path) -> None:
    talk = [ConversationRow(n, at(8 + n), (ISA, KLAUS), "cafe", f"talk {n}") for n in (1, 2)]
    lines = [
        LineRow(n, k, at(8 + n, k), ISA if k % 2 == 0 else KLAUS, KLAUS, f"{n}.{k}")
        for n in (1, 2)
        for k in range(3)
    ]
    write_all(tmp_path / "run.sqlite", [*talk, *reversed(lines)]).close()
    with RunRecord.open(tmp_path / "run.sqlite") as record:
        texts = [line.text for line in record.lines_between(at(9, 1), at(10, 1))]
        assert texts == ["1.1", "1.2", "2.0", "2.1"]
        assert [line.text for line in record.last_lines(at(10, 1), 3)] == ["1.2", "2.0", "2.1"]
        assert record.last_lines(at(8), 3) == []
        assert record.conversations_between(at(9), at(10)) == talk
        assert record.conversations_between(at(9, 1), at(10)) == talk[1:]


def test_memories_newest_first_by_kind_and_limit(tmp_path: Path) -> None:
    kinds = ["observation", "reflection", "plan", "observation"]
    memories = [
        MemoryRow(f"m{n}", ISA, at(8, n), kind, f"memory {n}", n + 1, (), 0)
        for n, kind in enumerate(kinds)
    ]
    other = MemoryRow("k1", KLAUS, at(8), "observation", "Klaus's", 2, (), 0)
    same_id = MemoryRow("m0", KLAUS, at(8), "observation", "Klaus's own m0", 3, (), 0)
    write_all(tmp_path / "run.sqlite", [*memories, other, same_id]).close()
    with RunRecord.open(tmp_path / "run.sqlite") as record:
        assert [m.id for m in record.memories(ISA, at(9))] == ["m3", "m2", "m1", "m0"]
        assert [m.id for m in record.memories(ISA, at(8, 2))] == ["m2", "m1", "m0"]
        only = record.memories(ISA, at(9), kinds=frozenset({"observation"}), limit=1)
        assert [m.id for m in only] == ["m3"]
        assert record.memory(KLAUS, "k1") == other and record.memory(KLAUS, "nope") is None
        # ids count per resident: Klaus's m0 and Isabella's m0 are two memories
        assert record.memory(KLAUS, "m0") == same_id
        assert record.memory(ISA, "m0") == memories[0]


def test_plan_at_and_traces(tmp_path: Path) -> None:
    plans = [PlanRow(at(h), ISA, kind, f'"{kind}"') for h, kind in ((7, "day"), (9, "replan"))]
    trace = one_of_each()[7]
    assert isinstance(trace, TraceRow)
    trace = replace(trace, resident=ISA)
    traces = [replace(trace, time=at(8, m), attempts=m) for m in range(5)]
    write_all(tmp_path / "run.sqlite", [*plans, *traces]).close()
    with RunRecord.open(tmp_path / "run.sqlite") as record:
        assert record.plan_at(ISA, at(6)) is None
        assert record.plan_at(ISA, at(8)) == plans[0]
        assert record.plan_at(ISA, at(12)) == plans[1]
        assert record.plan_at(KLAUS, at(12)) is None
        assert [t.attempts for t in record.traces(ISA, at(8, 3), limit=2)] == [3, 2]


def test_marks_for_the_timeline(tmp_path: Path) -> None:
    rows: list[Row] = [
        ConversationRow(1, at(9), (ISA, KLAUS), "cafe", "about the party"),
        MemoryRow("r1", KLAUS, at(10), "reflection", "Klaus admires Isabella", 8, ("m1",), 1),
        MemoryRow("o1", KLAUS, at(10, 30), "observation", "not a mark", 2, (), 0),
        PlanRow(at(7), ISA, "day", '{"outline": [{"activity": "wake up"}, "open the cafe"]}'),
        PlanRow(at(8), ISA, "decomposed", "{}"),  # not a mark
        PlanRow(at(11), MARIA, "intention", '{"intention": "go to the party"}'),
        PlayerActionRow(at(12), "chat", ISA, "hello", "{}"),
    ]
    write_all(tmp_path / "run.sqlite", rows).close()
    with RunRecord.open(tmp_path / "run.sqlite") as record:
        assert record.marks() == [
            Mark(at(7), "plan", ISA, "day plan: wake up; open the cafe"),
            Mark(at(9), "conversation", ISA, f"{ISA} and {KLAUS}: about the party"),
            Mark(at(10), "reflection", KLAUS, "Klaus admires Isabella"),
            Mark(at(11), "plan", MARIA, "intention: go to the party"),
            Mark(at(12), "player", ISA, "chat: hello"),
        ]
        assert [m.kind for m in record.marks(frozenset({"plan"}))] == ["plan", "plan"]
        assert record.next_mark(at(9)) == Mark(
            at(10), "reflection", KLAUS, "Klaus admires Isabella"
        )
        assert record.next_mark(at(9), frozenset({"player"})) is not None
        assert record.next_mark(at(12)) is None
        previous = record.previous_mark(at(9))
        assert previous is not None and previous.time == at(7)
        assert record.previous_mark(at(7)) is None
        with pytest.raises(ValueError, match="unknown mark kinds: sneeze"):
            record.marks(frozenset({"sneeze"}))


def test_an_empty_record_spans_its_start(tmp_path: Path) -> None:
    write_all(tmp_path / "run.sqlite", []).close()
    with RunRecord.open(tmp_path / "run.sqlite") as record:
        assert record.span() == (START, START)
        assert record.residents() == list(meta().residents)
        assert set(record.counts().values()) == {0}
        assert record.marks() == [] and record.next_mark(START) is None


# --- what is not a readable record ------------------------------------------------------------


def refused(path: Path) -> str:
    with pytest.raises(RecordError) as caught:
        RunRecord.open(path)
    message = str(caught.value)
    assert "\n" not in message and str(path) in message
    return message


def test_a_missing_file_an_empty_file_and_a_folder(tmp_path: Path) -> None:
    assert refused(tmp_path / "nothing.sqlite").endswith("no such file")
    (tmp_path / "empty.sqlite").write_bytes(b"")
    assert refused(tmp_path / "empty.sqlite").endswith("the file is empty")
    (tmp_path / "slot").mkdir()
    (tmp_path / "slot" / "record.sqlite").write_bytes(b"")
    assert "record.sqlite inside" in refused(tmp_path / "slot")


def test_a_text_file_is_not_an_sqlite_file(tmp_path: Path) -> None:
    (tmp_path / "notes.sqlite").write_text("remember the milk\n" * 20, encoding="utf-8")
    assert refused(tmp_path / "notes.sqlite").endswith("not an SQLite file")


def test_a_truncated_copy_of_a_record_is_refused(tmp_path: Path) -> None:
    synthetic_record(tmp_path / "town.sqlite", residents=3, days=1)
    whole = (tmp_path / "town.sqlite").read_bytes()
    (tmp_path / "cut.sqlite").write_bytes(whole[: len(whole) // 2])
    assert "the file is cut off" in refused(tmp_path / "cut.sqlite")


def test_a_record_damaged_inside_fails_reading_with_a_record_error(tmp_path: Path) -> None:
    synthetic_record(tmp_path / "town.sqlite", residents=3, days=1)
    data = bytearray((tmp_path / "town.sqlite").read_bytes())
    page = 4096
    middle = len(data) // 2 - (len(data) // 2) % page
    for offset in range(middle, len(data), page):  # the data's pages; the schema's are first
        data[offset : offset + 16] = b"\xff" * 16
    (tmp_path / "bad.sqlite").write_bytes(bytes(data))
    record = RunRecord.open(tmp_path / "bad.sqlite")  # the schema page is whole
    with pytest.raises(RecordError, match=r"cannot read the run record .*bad\.sqlite: "):
        list(record.rows("positions"))
    record.close()


def test_a_record_from_a_newer_smallville_is_refused(tmp_path: Path) -> None:
    write_all(tmp_path / "run.sqlite", one_of_each()).close()
    connection = sqlite3.connect(tmp_path / "run.sqlite")
    with connection:
        connection.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    connection.close()
    assert refused(tmp_path / "run.sqlite").endswith(
        f"made by a newer Smallville (record schema 99; this one reads up to {SCHEMA_VERSION})"
    )


def test_an_sqlite_file_that_is_not_a_record(tmp_path: Path) -> None:
    connection = sqlite3.connect(tmp_path / "other.sqlite")
    with connection:
        connection.execute("CREATE TABLE recipes (name TEXT)")
    connection.close()
    assert refused(tmp_path / "other.sqlite").endswith("it has no meta table)")
    connection = sqlite3.connect(tmp_path / "other.sqlite")
    with connection:
        connection.execute("CREATE TABLE meta (key TEXT, value TEXT)")
        connection.execute("INSERT INTO meta VALUES ('schema_version', '1')")
    connection.close()
    assert "an incomplete run record (no table runs, people, positions" in refused(
        tmp_path / "other.sqlite"
    )


def test_a_record_with_damaged_meta_says_which_key(tmp_path: Path) -> None:
    write_all(tmp_path / "run.sqlite", []).close()
    connection = sqlite3.connect(tmp_path / "run.sqlite")
    with connection:
        connection.execute("DELETE FROM meta WHERE key = 'town'")
    connection.close()
    assert refused(tmp_path / "run.sqlite").endswith("its meta is damaged (meta has no 'town')")


def test_a_record_can_be_read_from_a_copy_of_a_saved_slot(tmp_path: Path) -> None:
    """A copy made by copy_to is one self-contained file: it opens anywhere on its own."""
    writer = write_all(tmp_path / "run.sqlite", one_of_each())
    writer.copy_to(tmp_path / "slot" / "record.sqlite")
    writer.close()
    moved = tmp_path / "elsewhere" / "record.sqlite"
    moved.parent.mkdir()
    shutil.move(tmp_path / "slot" / "record.sqlite", moved)
    assert sorted(p.name for p in moved.parent.iterdir()) == ["record.sqlite"]
    with RunRecord.open(moved) as record:
        assert sum(record.counts().values()) == len(one_of_each())

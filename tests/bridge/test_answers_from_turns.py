"""A record keeps how many lines a talk call said (`talk_lines_per_call` in its meta, and
`group_lines_per_call` for a group talk), and `--answers-from` re-lives its talks with the
same numbers, whatever the town's setting: its talk calls then ask exactly what the record's
asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.bridge import SimulationOptions, simulate
from game.records import RunRecord
from game.records.codec import meta_from, meta_items


def only_record(folder: Path) -> Path:
    (record,) = sorted(folder.glob("*.sqlite"))
    return record


def talk_rows(path: Path) -> tuple[list[tuple[object, ...]], dict[str, int]]:
    """The record's dialogue lines and its model calls by step."""
    with RunRecord.open(path) as record:
        lines = sorted(tuple(row.values()) for row in record.rows("lines"))
        steps: dict[str, int] = {}
        for row in record.rows("traces"):
            steps[str(row["step"])] = steps.get(str(row["step"]), 0) + 1
    return lines, steps


def test_a_record_of_one_line_per_call_is_relived_with_one_line_per_call(tmp_path: Path) -> None:
    recorded, _ = simulate(
        SimulationOptions(
            town="the_ville_n3",
            hours=4,
            seed=0,
            embedder="hashing",
            variant="one line per call",
            record_dir=tmp_path / "original",
        )
    )
    original = only_record(tmp_path / "original")
    with RunRecord.open(original) as record:
        assert record.meta.talk_lines_per_call == 1 and record.meta.group_lines_per_call == 1
    lines, steps = talk_rows(original)
    assert recorded["conversations"] >= 1 and lines, "no talk: the test would prove little"
    assert steps.get("dialogue_line", 0) >= 2 and "dialogue_turn" not in steps
    assert "group_round" not in steps

    relived, _ = simulate(  # the town's own setting is several lines per call
        SimulationOptions(
            hours=4, embedder="hashing", answers_from=original, record_dir=tmp_path / "relived"
        )
    )
    assert relived["answers_from"]["missed"] == 0
    again = only_record(tmp_path / "relived")
    with RunRecord.open(again) as record:
        assert record.meta.talk_lines_per_call == 1 and record.meta.group_lines_per_call == 1
    assert talk_rows(again)[0] == lines


def test_the_meta_keeps_the_lines_per_call_and_an_older_record_reads_as_one_per_call(
    tmp_path: Path,
) -> None:
    simulate(
        SimulationOptions(town="the_ville_n3", hours=0.25, embedder="hashing", record_dir=tmp_path)
    )
    with RunRecord.open(only_record(tmp_path)) as record:
        meta = record.meta
    assert meta.talk_lines_per_call == 8 and meta.group_lines_per_call == 4  # the defaults
    values = dict(meta_items(meta))
    assert meta_from(values).talk_lines_per_call == 8
    assert meta_from(values).group_lines_per_call == 4
    del values["talk_lines_per_call"]  # a record made before the setting
    assert meta_from(values).talk_lines_per_call is None
    del values["group_lines_per_call"]  # a record made before the group setting
    assert meta_from(values).group_lines_per_call is None
    values["group_lines_per_call"] = "0"
    with pytest.raises(ValueError, match="group_lines_per_call"):
        meta_from(values)

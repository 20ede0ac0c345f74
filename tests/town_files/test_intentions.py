"""A scenario's intention lived: seeded as a first memory, planned for, kept (offline brain)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from game.bridge import SimulationOptions, simulate
from game.town_files import TownEditor


def test_a_seeded_reading_group_is_hosted_at_its_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SMALLVILLE_CONFIG_DIR", str(tmp_path / "config"))
    editor = TownEditor.open("the_ville_n3")
    assert editor.remove_intention("party") == []
    assert editor.put_scenario_times("2023-02-16T07:00:00", "2023-02-16T19:00:00") == []
    reading_group = {
        "host": "Klaus Mueller",
        "what": "a reading group on gentrification",
        "place": "Oak Hill College: library",
        "starts": "2023-02-16T16:00:00",
        "ends": "2023-02-16T17:00:00",
        "known_by": ["Maria Lopez"],
    }
    assert editor.put_intention(reading_group) == []
    town = editor.save("Reading group")
    options = SimulationOptions(
        town=town.id, hours=10.5, embedder="hashing", workers=2, record_dir=tmp_path / "rec"
    )
    report, _ = simulate(options)
    with sqlite3.connect(str(report["record"])) as record:
        day_plan = record.execute(
            "select plan from plans where resident = 'Klaus Mueller' and kind = 'day'"
        ).fetchone()[0]
        places = {
            row[0]
            for row in record.execute(
                "select place from positions where resident = 'Klaus Mueller' "
                "and time between '2023-02-16T16:05:00' and '2023-02-16T16:55:00'"
            )
        }
    assert "reading group" in day_plan
    assert places == {"Oak Hill College: library"}

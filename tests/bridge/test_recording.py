"""The run record a living town leaves: every memory, model call, conversation and player
action, dated in game time; the API key in no table; saves carry it and loads continue it;
`smallville runs` and `smallville export` read it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from pydantic import SecretStr

from cognition.testing.fake_openai_replies import ChatRequest
from cognition.testing.fake_openai_server import FakeOpenAIServer
from game.bridge import (
    LivingTown,
    OpenedTown,
    PlayerDesk,
    RunRecording,
    SimulationOptions,
    simulate,
)
from game.cli import main
from game.records import RunRecord, items_named
from game.saves import SaveSlots
from game.town.views import Asking

KEY = "sk-DISTINCTIVE-record-4f9a1c"
MakeTown = Callable[..., LivingTown]
BASE = ["simulate", "--town", "the_ville_n3", "--embedder", "hashing", "--quiet"]


def only_record(folder: Path) -> Path:
    records = sorted(folder.glob("*.sqlite"))
    assert len(records) == 1, records
    return records[0]


def all_bytes(path: Path) -> bytes:
    """The record file with whatever journal or WAL files lie beside it."""
    return b"".join(p.read_bytes() for p in path.parent.glob(f"{path.name}*"))


def test_a_simulated_day_is_recorded_whole(tmp_path: Path) -> None:
    options = SimulationOptions(
        town="the_ville_n3", hours=6, embedder="hashing", record_dir=tmp_path / "records"
    )
    report, _ = simulate(options)
    path = only_record(tmp_path / "records")
    assert report["record"] == str(path)
    with RunRecord.open(path) as record:
        counts = record.counts()
        first, last = record.span()
        assert record.meta.kind == "simulate" and record.meta.town == "the_ville_n3"
        assert record.meta.brain == "offline brain" and record.meta.map_path == "maps/the_ville.tmx"
        assert record.residents() == ["Isabella Rodriguez", "Klaus Mueller", "Maria Lopez"]
        assert (first.hour, last.hour) == (7, 13)
        assert counts["memories"] == report["memories"]  # every memory written
        named = [items_named(row["fields"]) for row in record.rows("memories")]  # type: ignore[arg-type]
        assert any(named)  # typed fields stored: a seed's news names its scenario item
        told = {row["told"] for row in record.rows("lines")}
        assert None not in told  # every line's news is known: "" for a line that told none
        told -= {""}
        assert told and told <= set().union(*(items or () for items in named))  # lines.told
        assert counts["traces"] == report["llm_calls"]  # every model call
        assert counts["conversations"] == report["conversations"]
        assert counts["lines"] >= 2 * counts["conversations"]
        assert counts["plans"] >= 3 and counts["people"] >= 3
        keyframes = [p for p in record.rows("positions") if p["keyframe"]]
        assert len(keyframes) == 3 * 7  # everyone at the start and every game hour
        trace = record.traces("Klaus Mueller", last, limit=1)[0]
        assert trace.model == "offline brain" and trace.source == "offline"
        assert json.loads(trace.messages)[-1]["role"] == "user"
        assert json.loads(trace.raw_answer) == json.loads(trace.parsed)


def test_the_key_is_in_no_table_even_when_model_and_player_type_it(
    tmp_path: Path, make_town: MakeTown
) -> None:
    def leaky(request: ChatRequest) -> str | None:  # a model echoing the key, unparseable
        rating = "poignant" in json.dumps(request.messages)
        return f"my key is {KEY}" if rating else None

    with FakeOpenAIServer(answer=leaky) as server:
        options = SimulationOptions(
            town="the_ville_n3",
            hours=1,
            base_url=server.base_url,
            model="fake-model",
            api_key=SecretStr(KEY),
            embedder="hashing",
            record_dir=tmp_path / "records",
        )
        report, _ = simulate(options)
    path = only_record(tmp_path / "records")
    with RunRecord.open(path) as record:
        raw = [row["raw_answer"] for row in record.rows("traces")]
        assert any("[redacted]" in text for text in raw)  # the leak happened, and was cut
    assert report["fallbacks"] > 0
    assert KEY.encode() not in all_bytes(path)

    # the player typing the key into a chat, in a recorded offline town
    living = make_town()
    opened = OpenedTown(living=living, town_id="the_ville_n3", seed=0, memory_dir=tmp_path)
    recording = RunRecording.start(opened, tmp_path / "played", "play", secrets=(KEY,))
    desk = PlayerDesk(living)
    recording.listen_to(desk)
    now = living.clock.now
    asked = desk.ask("Klaus Mueller", f"is {KEY} your key?", Asking("visitor", "Ada"), now)
    assert asked is None
    living.director.wait_for_all()
    assert desk.replies()
    recording.close()
    played = only_record(tmp_path / "played")
    with RunRecord.open(played) as record:
        action = record.player_actions(now, now)[0]
        assert action.kind == "chat" and "[redacted]" in action.text
        assert any("[redacted]" in row["text"] for row in record.rows("memories"))
    assert KEY.encode() not in all_bytes(played)


def test_a_save_keeps_the_record_and_a_loaded_town_continues_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    records = tmp_path / "data" / "records"
    assert main([*BASE, "--hours", "1", "--save", "Day 1"]) == 0
    first = only_record(records)
    assert "recorded in" in capsys.readouterr().out
    slot_record = SaveSlots(tmp_path / "data" / "saves").read("Day 1").record
    assert slot_record is not None
    with RunRecord.open(slot_record) as saved, RunRecord.open(first) as original:
        assert saved.counts() == original.counts()

    assert main([*BASE, "--load", "Day 1", "--hours", "1"]) == 0
    second = next(p for p in records.glob("*.sqlite") if p != first)
    with RunRecord.open(second) as record:
        start, end = record.span()
        assert (start.hour, end.hour) == (7, 9)  # the loaded history, then the new hour
        assert record.meta.continues == RunRecord.open(first).meta.run_id
        assert len(list(record.rows("runs"))) == 2


def test_runs_lists_records_and_export_writes_their_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    assert main(["runs"]) == 0
    assert capsys.readouterr().out.strip() == "No run records yet."
    assert main([*BASE, "--hours", "0.5"]) == 0
    path = only_record(tmp_path / "data" / "records")
    (path.parent / "broken.sqlite").write_text("not a record", encoding="utf-8")
    capsys.readouterr()

    assert main(["runs"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    listed = next(line for line in lines if line.startswith(path.stem))
    assert "the_ville_n3 (simulate)" in listed and "3 residents" in listed
    assert "offline brain" in listed and "0.5 game hours" in listed
    assert any("broken.sqlite: problem: " in line for line in lines)
    assert main(["runs", "--json"]) == 0
    objects = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {o["run_id"] for o in objects if o["problem"] is None} == {path.stem}

    assert main(["export", path.stem, str(tmp_path / "out"), "--format", "csv"]) == 0
    written = capsys.readouterr().out.split()
    assert {Path(p).name for p in written} >= {"meta.csv", "positions.csv", "traces.csv"}
    with RunRecord.open(path) as record:
        positions = (tmp_path / "out" / "positions.csv").read_text(encoding="utf-8")
        assert len(positions.splitlines()) == record.counts()["positions"] + 1  # a header

    assert main(["export", "broken", str(tmp_path / "x")]) == 2
    error = capsys.readouterr().err.strip().splitlines()
    assert len(error) == 1 and "broken.sqlite" in error[0]
    assert main(["export", "nowhere", str(tmp_path / "x")]) == 2
    assert "no run record 'nowhere'" in capsys.readouterr().err

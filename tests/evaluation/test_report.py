"""The report of the small record: evaluation.json beside the paper's figures, report.md's
tables, and the PNG plots (presence only for an event the record reaches)."""

from __future__ import annotations

import json
from pathlib import Path

from evaluation_records import SCENARIO, at, write_record

from game.evaluation import RunInfo, measure, write_report
from game.records import RunRecord

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def report_of(tmp_path: Path, end_hour: int = 10) -> tuple[Path, RunInfo]:
    path = write_record(tmp_path / "run.sqlite")
    with RunRecord.open(path) as record:
        measures = measure(record, SCENARIO, at(end_hour))
        run = RunInfo(
            town="the_ville_n3", seed=record.meta.seed, hours=end_hour - 7,
            brain=record.meta.brain, model=record.meta.model, record=path,
            run_id=record.meta.run_id, simulated=True, simulation={"llm_calls": 12},
        )  # fmt: skip
    out = tmp_path / "report"
    write_report(run, SCENARIO, measures, out)
    return out, run


def test_the_report_files_are_written(tmp_path: Path) -> None:
    out, _ = report_of(tmp_path)
    names = sorted(path.name for path in out.iterdir())
    assert names == [
        "diffusion.png", "evaluation.json", "network.png", "presence-party.png", "report.html",
        "report.md",
    ]  # fmt: skip
    for name in ("diffusion.png", "network.png", "presence-party.png"):
        data = (out / name).read_bytes()
        assert data.startswith(PNG_MAGIC) and len(data) > 10_000


def test_evaluation_json_holds_the_measures_beside_the_paper(tmp_path: Path) -> None:
    out, run = report_of(tmp_path)
    data = json.loads((out / "evaluation.json").read_text(encoding="utf-8"))
    assert (data["format"], data["town"], data["brain"], data["model"]) == (
        2, "the_ville_n3", "offline brain", None
    )  # fmt: skip
    assert (data["seed"], data["hours"], data["residents"]) == (7, 3, 3)
    assert (data["start"], data["end"]) == ("2023-02-13T07:00:00", "2023-02-13T10:00:00")
    assert data["record"] == str(run.record)
    party = data["diffusion"]["party"]
    assert party["start"] == {
        "time": "2023-02-13T07:00:00", "count": 1, "share": 0.3333, "who": ["Isabella Rodriguez"]
    }  # fmt: skip
    assert party["end"]["count"] == 3
    assert [point["count"] for point in party["curve"]] == [1, 1, 2, 3]
    assert party["paper"] == {
        "start": {"count": 1, "share": 0.04},
        "end": {"count": 13, "share": 0.52},
    }
    assert data["diffusion"]["candidacy"]["paper"] == {"start": None, "end": None}
    relationships = data["relationships"]
    assert relationships["start"]["density"] == 0.3333
    assert relationships["end"]["density"] == 0.6667
    assert relationships["new_edges"] == [["Klaus Mueller", "Maria Lopez"]]
    assert relationships["paper"] == {"start": 0.167, "end": 0.74}
    event = data["coordination"]["party"]
    assert event["status"] == "whole"
    assert [i["guest"] for i in event["invited"]] == ["Maria Lopez", "Klaus Mueller"]
    assert list(event["planned"]) == ["Isabella Rodriguez", "Maria Lopez"]
    assert event["attended"] == ["Isabella Rodriguez", "Maria Lopez"]
    assert event["guests"] == ["Maria Lopez"]
    assert event["paper"] == {"invited": 12, "attended": 5}
    assert len(data["warnings"]) == 2
    assert any(line.startswith("interviews") for line in data["not_measured"])  # no findings
    assert not {"interviews", "controlled", "panel", "calls"} & set(data)
    assert data["plots"] == ["diffusion.png", "network.png", "presence-party.png"]
    judged = data["memories_judged"]  # the story's memories have no fields: read by text
    assert (judged["by_fields"], judged["by_text"], judged["text_share"]) == (0, 7, 1.0)


def test_report_md_has_the_tables_and_the_pictures(tmp_path: Path) -> None:
    out, _ = report_of(tmp_path)
    text = (out / "report.md").read_text(encoding="utf-8")
    assert "Produced by **offline brain**" in text
    assert (
        "| party | Isabella Rodriguez | 1 of 3 (33%) | 3 of 3 (100%) | 1 → 13 of 25 (4% → 52%) |"
        in text
    )
    assert "| density | 0.333 | 0.667 | 0.167 → 0.740 |" in text
    assert "Memories judged by their typed fields: 0; by their text (fields unknown): 7" in text
    assert (
        "| party | Hobbs Cafe, Mon 09:00–10:00 | whole | 2 | 2 | 2 (1) | 12 invited, 5 came |"
        in text
    )
    for name in ("diffusion.png", "network.png", "presence-party.png"):
        assert f"]({name})" in text
    assert "## Not measured yet" in text
    assert "## Judge panel" not in text  # no interviews: no sections for them
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "<table>" in page and 'src="diffusion.png"' in page


def test_an_event_not_reached_has_no_presence_plot(tmp_path: Path) -> None:
    out, _ = report_of(tmp_path, end_hour=8)
    assert not (out / "presence-party.png").exists()
    data = json.loads((out / "evaluation.json").read_text(encoding="utf-8"))
    assert data["coordination"]["party"]["status"] == "not reached"
    assert data["plots"] == ["diffusion.png", "network.png"]

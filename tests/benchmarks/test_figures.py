"""benchmarks/figures.py and figures_table.py: the README's figures table, from recorded results.

No real benchmark runs here: the results are a recorded fixture (recorded_results.json) and
the "benchmarks" whose running is tested are tiny scripts written by the tests.
"""

from __future__ import annotations

import importlib
import importlib.util
import io
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
RECORDED = Path(__file__).with_name("recorded_results.json")


def load_figures_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("figures", ROOT / "benchmarks" / "figures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


figures = load_figures_script()
figures_table = importlib.import_module("figures_table")  # the one figures.py imported

OLD_README = """# Smallville

Intro text that the tool must leave alone.

## Measured on a 2-core machine

<!-- figures:begin -->
| what | figure | goal |
|---|---|---|
| <!-- row:astar-cold --> A* between random places, cold | median 9 ms | ≤ 2 ms |
| <!-- row:frame-25 --> frame, 25 walking residents | median 1.3 ms | ≤ 4 ms |
| <!-- row:fake-server --> 25 residents on a 300 ms model | 8.2 game min per real s | ≥ 10 |
<!-- figures:end -->

## Credits

Also left alone.
"""
OLD_FAKE_ROW = (
    "| <!-- row:fake-server --> 25 residents on a 300 ms model | 8.2 game min per real s | ≥ 10 |"
)
OLD_FRAME_ROW = "| <!-- row:frame-25 --> frame, 25 walking residents | median 1.3 ms | ≤ 4 ms |"


def recorded() -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = json.loads(RECORDED.read_text(encoding="utf-8"))
    return records


def store_all(folder: Path, records: list[dict[str, Any]]) -> None:
    for record in records:
        figures.store(record, folder)


def table_rows(readme: str) -> dict[str, list[str]]:
    """The rows between the markers, by row id, as lists of cells."""
    begin, end = readme.index(figures_table.BEGIN), readme.index(figures_table.END)
    rows = {}
    for line in readme[begin:end].splitlines():
        found = figures_table.ROW_ID.search(line)
        if line.startswith("|") and found:
            rows[found.group(1)] = [cell.strip() for cell in line.strip("|").split(" | ")]
    return rows


def rewrite(tmp_path: Path, records: list[dict[str, Any]], *extra: str) -> tuple[int, str, str]:
    results, readme = tmp_path / "results", tmp_path / "README.md"
    store_all(results, records)
    readme.write_text(OLD_README, encoding="utf-8")
    progress = io.StringIO()
    status = figures.main(
        ["--results", str(results), "--readme", str(readme), *extra], progress=progress
    )
    return status, readme.read_text(encoding="utf-8"), progress.getvalue()


def test_the_table_is_written_from_the_latest_results(tmp_path: Path) -> None:
    status, readme, _ = rewrite(tmp_path, recorded(), "--readme-only")
    assert status == 0
    before, _, after = OLD_README.partition(figures_table.BEGIN)
    assert readme.startswith(before) and readme.endswith(after.partition(figures_table.END)[2])
    assert "| what was timed | figure | goal | measured |" in readme
    assert "shared with other jobs" in readme and "2 cores" in readme
    rows = table_rows(readme)
    assert list(rows) == [row.key for row in figures_table.ROWS]
    for key, (_, _, _, measured) in rows.items():
        assert measured.startswith("2026-11-20, `0123456`"), key
        assert ("local changes" in measured) == (key == "offline-day")  # only that run was dirty
    label, figure, goal, _ = rows["busy-minds"]
    assert "`Population.update` alone (no drawing, no window)" in label
    assert "300 ms model" in label and "1,180 updates" in label
    assert figure == "longest 21 ms (median 0.41 ms, p99 9.8 ms)" and goal == "longest < 33 ms"
    label, figure, _, _ = rows["frame-25"]
    assert "events + update + draw" in label and "dummy video driver" in label
    assert "25 walking residents, 1280×720, zoom 2" in label and "600 frames" in label
    assert figure == "median 1.3 ms, p99 3.9 ms"
    assert rows["astar-cold"][1] == "median 0.56 ms, p95 2.7 ms"
    assert "500 random pairs" in rows["astar-cold"][0]
    assert "10,000 memories" in rows["retrieval"][0] and rows["retrieval"][1].startswith("p50 0.91")
    assert rows["offline-day"][1] == "71 s wall, 145.6 model calls per resident-day"
    assert "offline brain, MiniLM embeddings, 24 game hours from 07:00" in rows["offline-day"][0]
    assert "1 game hour (07:00–08:00)" in rows["fake-server"][0]
    assert "per game day (extrapolated from those hours)" in rows["fake-server"][0]
    assert rows["fake-server"][1] == (
        "8.2 game minutes per real second; 264 calls, 35k tokens per resident-day"
    )


def test_the_newest_record_of_a_benchmark_wins(tmp_path: Path) -> None:
    records = recorded()
    newer = json.loads(json.dumps(records[0]))  # pathfinding, measured again
    newer["date"], newer["commit"] = "2026-11-22T08:00:00+00:00", "fedcba9" + "0" * 33
    newer["lines"][1]["median_ms"] = 1.25
    status, readme, _ = rewrite(tmp_path, [*records, newer], "--readme-only")
    assert status == 0
    _, figure, _, measured = table_rows(readme)["astar-cold"]
    assert figure.startswith("median 1.2 ms") and measured == "2026-11-22, `fedcba9`"


def test_a_missing_result_keeps_the_old_row(tmp_path: Path) -> None:
    records = [r for r in recorded() if r["benchmark"] != "simulation-fake"]
    status, readme, progress = rewrite(tmp_path, records, "--readme-only")
    assert status == 0  # never measured is not a failure
    assert OLD_FAKE_ROW in readme.splitlines()
    assert "no stored result of simulation-fake" in progress
    assert table_rows(readme)["busy-minds"][3].startswith("2026-11-20")  # the others: new


def test_a_result_without_its_figures_keeps_the_old_row_and_fails(tmp_path: Path) -> None:
    records = recorded()
    frame = next(r for r in records if r["benchmark"] == "frame")
    del frame["lines"][1]["frame_ms_p99"]
    status, readme, progress = rewrite(tmp_path, records, "--readme-only")
    assert status == 1
    assert OLD_FRAME_ROW in readme.splitlines()
    assert "row frame-25" in progress and "'frame_ms_p99' is None" in progress
    assert "200 walking residents" in table_rows(readme)["frame-200"][0]


def test_a_readme_without_the_markers_is_left_alone(tmp_path: Path) -> None:
    results, readme = tmp_path / "results", tmp_path / "README.md"
    store_all(results, recorded())
    readme.write_text("# no table here\n", encoding="utf-8")
    progress = io.StringIO()
    argv = ["--readme-only", "--results", str(results), "--readme", str(readme)]
    assert figures.main(argv, progress=progress) == 1
    assert readme.read_text(encoding="utf-8") == "# no table here\n"
    assert "<!-- figures:begin -->" in progress.getvalue()


def script(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


def test_a_run_is_stored_with_date_commit_machine_and_its_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [json.loads(json.dumps(line)) for line in recorded()[1]["lines"]]  # frame's
    body = "import json\n" + "".join(f"print(json.dumps({line!r}))\n" for line in lines)
    fake = script(tmp_path, "fake_frame.py", "print('a library said hello')\n" + body)
    monkeypatch.setattr(figures, "BENCHMARKS", (figures.Benchmark("frame", str(fake), (), ()),))
    others = [r for r in recorded() if r["benchmark"] != "frame"]
    status, readme, progress = rewrite(tmp_path, others, "--only", "frame")
    assert status == 0, progress
    assert "not a JSON object, ignored: a library said hello" in progress
    stored = [
        json.loads(text) for text in (tmp_path / "results" / "frame.jsonl").read_text().splitlines()
    ]
    assert len(stored) == 1
    record = stored[0]
    assert record["lines"] == lines and record["quick"] is False
    assert len(record["commit"]) == 40 and isinstance(record["dirty"], bool)
    assert record["date"].endswith("+00:00")
    assert {"cpu_count", "usable_cpus", "python", "platform"} <= set(record["machine"])
    assert table_rows(readme)["frame-25"][3].startswith(record["date"][:10])


def test_a_failing_benchmark_is_reported_and_keeps_its_old_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = script(
        tmp_path,
        "broken_frame.py",
        "import sys\nprint('{\"scenario\": \"half\"}')\nsys.exit('no display here')\n",
    )
    monkeypatch.setattr(figures, "BENCHMARKS", (figures.Benchmark("frame", str(broken), (), ()),))
    status, readme, progress = rewrite(tmp_path, recorded(), "--only", "frame")
    assert status == 1
    assert "FAILED frame: exited 1" in progress and "no display here" in progress
    assert OLD_FRAME_ROW in readme.splitlines()  # not the stored figures, not garbage
    assert len((tmp_path / "results" / "frame.jsonl").read_text().splitlines()) == 1  # unchanged


def test_a_benchmark_without_json_lines_is_a_failure(tmp_path: Path) -> None:
    silent = script(tmp_path, "silent.py", "print('hello')\n")
    with pytest.raises(figures.BenchmarkFailed, match="printed no JSON line"):
        figures.run_command([sys.executable, str(silent)], "silent", io.StringIO())

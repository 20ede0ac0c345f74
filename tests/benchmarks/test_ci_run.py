"""benchmarks/ci_run.py: timing `.ci/run` on a clean clone. The whole run takes minutes of
both cores, so here only what it reads and measures, on a stand-in `.ci/run`."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from tests.benchmark_scripts import load_benchmark


def load_ci_run_script() -> ModuleType:
    return load_benchmark("ci_run.py")


ci_run = load_ci_run_script()


def test_the_summary_is_pytests_last_line_of_counts() -> None:
    output = "....\n1 passed in 0.10s\n= 2 failed, 1792 passed, 3 skipped in 374.20s (0:06:14) =\n"
    assert ci_run.summary_of(output) == "2 failed, 1792 passed, 3 skipped in 374.20s (0:06:14)"
    assert ci_run.summary_of("no tests ran\n") == ""


def test_a_run_is_timed_with_its_status_output_and_load(tmp_path: Path) -> None:
    script = tmp_path / ".ci" / "run"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\necho '==== 3 passed in 0.01s ===='\nexit 4\n", encoding="utf-8")
    script.chmod(0o755)
    figures = ci_run.time_ci_run(tmp_path, tmp_path / "log")
    assert figures["exit"] == 4 and figures["summary"] == "3 passed in 0.01s"
    assert figures["ci_run_s"] >= 0 and figures["cpu_s"] >= 0
    assert len(figures["load_average_start"]) == len(figures["load_average_end"]) == 3
    assert "3 passed" in (tmp_path / "log").read_text(encoding="utf-8")

"""Many towns at once (`game/evaluation/towns.py`, `executors.py`, `evaluate --seeds`): the
same seed gives the same figures in this process and in a worker process; a failed town is
reported while the others finish, and a re-run reuses the finished ones; progress counts
towns done, running, failed and waiting; bad flags and an unreachable Ray address are
refused before any town starts. (Ray tasks: test_towns_parallel_ray.py.)"""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.evaluation import EvaluationError, EvaluationOptions
from game.evaluation.executors import InProcess, LocalProcesses, default_workers, open_executor
from game.evaluation.seeds import seed_jobs
from game.evaluation.towns import OUTCOME_FILE, TownCounts, TownOutcome, run_towns

pytestmark = pytest.mark.long_running  # started first: see tests/conftest.py

HOURS = 2.0
TINY = ["--town", "the_ville_n3", "--hours", "2", "--embedder", "hashing", "--threads", "2"]
TINY += ["--conditions", "full"]


def tiny() -> EvaluationOptions:
    """The 3-resident town for two game hours, hashing embeddings, one interview condition."""
    return EvaluationOptions(
        town="the_ville_n3", hours=HOURS, embedder="hashing", workers=2, conditions=("full",)
    )


def free_port() -> int:
    """A port on 127.0.0.1 where nothing listens (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_a_seed_gives_the_same_figures_in_this_process_and_in_worker_processes(
    tmp_path: Path,
) -> None:
    by_executor: dict[str, list[TownOutcome]] = {}
    said: dict[str, list[str]] = {}
    for name, executor in (("here", InProcess()), ("processes", LocalProcesses(2))):
        said[name] = []
        try:
            jobs = seed_jobs(tiny(), [0, 1], tmp_path / name)
            by_executor[name] = run_towns(jobs, executor, said[name].append)
        finally:
            executor.close()
    here, there = by_executor["here"], by_executor["processes"]
    assert [o.status for o in here + there] == ["done"] * 4
    for mine, theirs in zip(here, there, strict=True):
        assert mine.figures == theirs.figures  # not which worker ran it
        assert mine.figures["calls_per_resident_day"] > 0
        assert mine.run["simulation"]["llm_calls"] == theirs.run["simulation"]["llm_calls"]
    assert here[0].run["seed"] == 0 and here[1].run["seed"] == 1
    assert here[0].figures != here[1].figures  # the seed matters
    for outcome in there:  # each town in its own folder: its record, its save, its log
        assert outcome.folder == tmp_path / "processes" / f"seed-{outcome.run['seed']}"
        assert len(list((outcome.folder / "record").iterdir())) == 1
        assert (outcome.folder / "saves" / "end").is_dir()
        assert "simulating the_ville_n3" in (outcome.folder / "evaluate.log").read_text()
        kept = json.loads((outcome.folder / OUTCOME_FILE).read_text(encoding="utf-8"))
        assert kept["figures"] == outcome.figures
    assert said["here"][0] == "2 towns, in this process, 1 at once"
    assert said["here"][1] == "towns: 0 done, 1 running, 0 failed, 1 waiting"
    assert said["processes"][1] == "towns: 0 done, 2 running, 0 failed, 0 waiting"
    assert said["processes"][-1] == "towns: 2 done, 0 running, 0 failed, 0 waiting"


def test_a_failed_seed_is_reported_the_others_finish_and_a_rerun_reuses_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "seeds"
    out.mkdir()
    (out / "seed-1").write_text("a file where seed 1's folder should be", encoding="utf-8")
    argv = ["evaluate", *TINY, "--seeds", "3", "--workers", "1", "--out", str(out)]
    assert main(argv) == 1
    printed = capsys.readouterr()
    progress = printed.err.splitlines()
    assert progress[:2] == [
        "3 towns, in this process, 1 at once",
        "towns: 0 done, 1 running, 0 failed, 2 waiting",
    ]
    assert progress[2].startswith("seed 0: done in ")
    assert progress[3] == "towns: 1 done, 1 running, 0 failed, 1 waiting"
    assert progress[4] == f"seed 1 failed: FileExistsError: [Errno 17] File exists: '{out}/seed-1'"
    assert "towns: 1 done, 1 running, 1 failed, 0 waiting" in progress
    assert "towns: 2 done, 0 running, 1 failed, 0 waiting" in progress
    assert progress[-1].startswith("smallville: seed 1 failed: FileExistsError")
    assert "the_ville_n3, seeds 0–2, 2 game hours, offline brain: 2 finished, 1 failed" in (
        printed.out
    )
    assert "  seed 1: failed: FileExistsError" in printed.out
    report = json.loads((out / "seeds.json").read_text(encoding="utf-8"))
    assert report["finished"] == [0, 2] and list(report["failed"]) == ["1"]
    assert report["figures"]["targets_passed"]["min"] <= report["figures"]["targets_passed"]["max"]
    markdown = (out / "seeds.md").read_text(encoding="utf-8")
    assert "| 1 | failed |" in markdown and "- seed 1: FileExistsError" in markdown
    assert (out / "seeds.png").stat().st_size > 10_000

    (out / "seed-1").unlink()
    assert main(argv) == 0
    printed = capsys.readouterr()
    progress = printed.err.splitlines()
    assert progress[0] == f"seed 0: reused (its folder holds a finished evaluation: {out}/seed-0)"
    assert "towns: 2 done (2 reused), 1 running, 0 failed, 0 waiting" in progress
    assert progress[-1] == "towns: 3 done (2 reused), 0 running, 0 failed, 0 waiting"
    assert "3 finished, 0 failed" in printed.out
    report = json.loads((out / "seeds.json").read_text(encoding="utf-8"))
    assert [row["status"] for row in report["seeds"]] == ["reused", "done", "reused"]
    assert report["failed"] == {}


def test_progress_counts_and_workers() -> None:
    counts = TownCounts(total=8, done=3, reused=1, running=2, failed=1)
    assert counts.waiting == 2
    assert counts.line() == "towns: 3 done (1 reused), 2 running, 1 failed, 2 waiting"
    assert TownCounts(total=2).line() == "towns: 0 done, 0 running, 0 failed, 2 waiting"
    assert 1 <= default_workers(8) <= 8 and default_workers(1) == 1
    single = open_executor(1, None, 5)
    assert isinstance(single, InProcess)
    single.close()
    with pytest.raises(EvaluationError, match=r"--workers must be 1 or more \(not 0\)"):
        open_executor(0, None, 2)


def test_two_towns_of_one_name_are_refused_before_any_starts(tmp_path: Path) -> None:
    jobs = seed_jobs(tiny(), [0, 0], tmp_path)
    executor = InProcess()
    try:
        with pytest.raises(EvaluationError, match="two towns share a name: seed 0, seed 0"):
            run_towns(jobs, executor)
    finally:
        executor.close()
    assert not (tmp_path / "seed-0").exists()


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--workers", "2"], "--workers is how many towns run at once, with --seeds N or"),
        (["--cluster", "ray://127.0.0.1:10001"], "--cluster runs many towns: add --seeds N"),
        (["--seeds", "0"], "--seeds must be 1 or more (not 0)"),
        (["--seeds", "2", "--matrix", "m.toml"], "choose --seeds or --matrix, not both"),
        (["--seeds", "2", "--workers", "0"], "--workers must be 1 or more (not 0)"),
        (["--seeds", "2", "--cluster", "10.0.0.1:10001"], "--cluster must be a Ray client"),
        (["--seeds", "2", "--hours", "0"], "seed 0: --hours must be more than 0"),
    ],
)
def test_bad_flags_are_one_line_and_exit_2_before_any_town(
    tmp_path: Path, argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert main(["evaluate", *TINY, *argv, "--out", str(out)]) == 2
    printed = capsys.readouterr()
    assert printed.err.startswith(f"smallville: {expected}")
    assert printed.err.count("\n") == 1 and printed.out == ""
    assert not out.exists()


def test_an_unreachable_ray_address_is_refused_before_any_town(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("ray", reason="the Ray extra is absent: uv run --extra cluster pytest")
    address = f"ray://127.0.0.1:{free_port()}"
    out = tmp_path / "out"
    assert main(["evaluate", *TINY, "--seeds", "2", "--cluster", address, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"smallville: --cluster {address}: nothing answers at 127.0.0.1:")
    assert "ray start --head" in err
    assert not (out / "seed-0").exists()


def test_cluster_without_the_ray_extra_says_how_to_get_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if the extra were not installed
    out = tmp_path / "out"
    argv = ["--seeds", "2", "--cluster", "ray://127.0.0.1:10001", "--out", str(out)]
    assert main(["evaluate", *TINY, *argv]) == 2
    assert capsys.readouterr().err == (
        "smallville: --cluster needs Ray: uv run --extra cluster smallville evaluate …\n"
    )
    assert not (out / "seed-0").exists()


def test_a_matrix_with_an_unreachable_cluster_or_the_old_workers_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    matrix = tmp_path / "m.toml"
    matrix.write_text('town = "the_ville_n3"\n[presets.offline]\npreset = "offline"\n')
    out = tmp_path / "out"
    address = f"ray://127.0.0.1:{free_port()}"
    assert main(["evaluate", "--matrix", str(matrix), "--cluster", address, "--out", str(out)]) == 2
    assert "--cluster " in capsys.readouterr().err
    assert not (out / "offline--full").exists()
    matrix.write_text('workers = 4\n[presets.offline]\npreset = "offline"\n')
    assert main(["evaluate", "--matrix", str(matrix), "--out", str(out)]) == 2
    assert "workers: the thinking threads per town are now `threads`" in capsys.readouterr().err

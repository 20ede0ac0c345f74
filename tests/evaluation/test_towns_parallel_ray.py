"""`evaluate --seeds N --cluster ray://HOST:PORT`: the towns run as Ray tasks on a local Ray
head that this test starts on 127.0.0.1 (`ray start --head`, free ports, 2 CPUs; stopped
after), and give the same figures as in this process. Skipped, saying why, without the
`cluster` extra (`uv run --extra cluster pytest …`) or where the head cannot start."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from types import ModuleType

import pytest

from game.cli import main
from game.evaluation import EvaluationOptions
from game.evaluation.executors import InProcess
from game.evaluation.seeds import seed_jobs
from game.evaluation.towns import run_towns
from tests.benchmark_scripts import load_benchmark

pytestmark = pytest.mark.long_running  # started first: see tests/conftest.py

# as `--cluster` does before it imports Ray: the workers use the head's environment (Ray's uv
# integration would copy the checkout and build an environment at the first task)
os.environ.setdefault("RAY_ENABLE_UV_RUN_RUNTIME_ENV", "0")
pytest.importorskip(
    "ray", reason="the Ray extra is absent: run `uv run --extra cluster pytest` for these"
)


def benchmark_module() -> ModuleType:
    """benchmarks/towns_parallel.py, whose `local_ray_head` starts and stops the head."""
    return load_benchmark("towns_parallel.py", "towns_parallel_benchmark")


@pytest.fixture(scope="module")
def ray_address() -> Iterator[str]:
    """The head's client address; skipped, with Ray's reason, only when the head cannot
    start here (a failure after it started fails the test)."""
    with ExitStack() as stack:
        try:
            address = stack.enter_context(benchmark_module().local_ray_head(cpus=2))
        except RuntimeError as error:
            pytest.skip(f"a local Ray head cannot start here: {error}")
        yield address


def test_two_towns_as_ray_tasks_give_the_figures_of_this_process(
    ray_address: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert ray_address.startswith("ray://127.0.0.1:")
    argv = ["evaluate", "--town", "the_ville_n3", "--hours", "2", "--embedder", "hashing"]
    argv += ["--threads", "2", "--conditions", "full", "--seeds", "2", "--seed", "5"]
    out = tmp_path / "ray"
    assert main([*argv, "--cluster", ray_address, "--out", str(out)]) == 0
    printed = capsys.readouterr()
    assert f"2 towns, as Ray tasks on the cluster at {ray_address} (2 CPUs), 2 at once" in (
        printed.err
    )
    assert "towns: 0 done, 2 running, 0 failed, 0 waiting" in printed.err
    assert printed.err.splitlines()[-1] == "towns: 2 done, 0 running, 0 failed, 0 waiting"
    assert "seeds 5–6, 2 game hours, offline brain: 2 finished, 0 failed" in printed.out
    on_ray = json.loads((out / "seeds.json").read_text(encoding="utf-8"))["seeds"]
    assert [row["status"] for row in on_ray] == ["done", "done"]
    assert (out / "seed-5" / "report.md").is_file() and (out / "seed-6" / "record").is_dir()

    options = EvaluationOptions(
        town="the_ville_n3", hours=2, embedder="hashing", workers=2, conditions=("full",)
    )
    executor = InProcess()
    try:
        here = run_towns(seed_jobs(options, [5, 6], tmp_path / "here"), executor)
    finally:
        executor.close()
    assert [row["figures"] for row in on_ray] == [outcome.figures for outcome in here]
    assert [row["calls"] for row in on_ray] == [
        outcome.run["simulation"]["llm_calls"] for outcome in here
    ]

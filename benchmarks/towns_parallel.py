"""Many towns at once (JSON lines on stdout): `smallville evaluate --seeds`'s towns runner
(`game/evaluation/towns.py`) on N seeds of the offline town — the 3-resident town, the
scenario's whole run (Feb 13, 7 am → Feb 15: 41 game hours), the real MiniLM embedder, all
four interview conditions — three ways: 1 worker (one town after another in this process),
2 local worker processes, and Ray tasks on a local Ray head started here on 127.0.0.1
(`ray start --head --num-cpus 2`; its start-up is reported, not timed).

    uv run --extra cluster python benchmarks/towns_parallel.py          # 4 seeds, ~5 min
    uv run python benchmarks/towns_parallel.py --modes 1,2              # without Ray
    uv run --extra cluster python benchmarks/towns_parallel.py --town the_ville_n25 --hours 6

One line per way: wall seconds for all the seeds, the speed-up over 1 worker, towns per hour
on this machine, each town's own wall seconds, and whether every seed's figures
(`figures.result_figures`) equal those of the 1-worker run (the offline brain is
deterministic for a seed: which worker ran it must not matter). Progress goes to stderr.
Towns side by side (2 processes, Ray) embed on 1 thread each, a town alone on a headless
run's 2 (`embedding_threads` in the line): 2 processes × 2 threads oversubscribed 2 cores.
`local_ray_head()` is also what the tests use to start their head.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(HERE) not in sys.path:  # as figures.py: last, so it shadows no installed module
    sys.path.append(str(HERE))

# as `evaluate --cluster` does: the Ray workers use the head's environment (set before Ray
# is imported, which reads it once)
os.environ.setdefault("RAY_ENABLE_UV_RUN_RUNTIME_ENV", "0")

from figures import git, machine  # noqa: E402

from cognition.testing.llama_server import free_port  # noqa: E402
from game.bridge.build import HEADLESS_EMBEDDING_THREADS  # noqa: E402
from game.evaluation import EvaluationOptions  # noqa: E402
from game.evaluation.executors import open_executor  # noqa: E402
from game.evaluation.seeds import seed_jobs  # noqa: E402
from game.evaluation.towns import TownOutcome, run_towns  # noqa: E402

BENCHMARK = "towns_parallel"
HEAD_START_S = 90.0  # the most a local head may take to answer (~15 s measured here)


@contextmanager
def local_ray_head(cpus: int = 2) -> Iterator[str]:
    """A Ray head on 127.0.0.1 (`ray start --head --block`, free ports, no dashboard, its own
    temp dir and process group); yields its client address, ray://127.0.0.1:PORT; stopped
    after — its own processes only (never `ray stop`, which stops every head here).
    RuntimeError when the `ray` command is absent or the head does not answer in time."""
    ray = Path(sys.executable).with_name("ray")
    if not ray.exists():
        raise RuntimeError(f"no {ray}: the Ray extra is absent (uv run --extra cluster …)")
    port, client = free_port(), free_port()
    temp = Path(tempfile.mkdtemp(prefix="ray-", dir="/tmp"))  # its sockets need a short path
    command = [
        str(ray), "start", "--head", "--block", "--node-ip-address", "127.0.0.1",
        "--port", str(port), "--ray-client-server-port", str(client), "--num-cpus", str(cpus),
        "--include-dashboard", "false", "--disable-usage-stats", "--temp-dir", str(temp),
    ]  # fmt: skip
    env = {
        **os.environ,
        # Ray takes the machine's address for "127.0.0.1" unless it is a one-machine cluster
        "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",
        "RAY_USAGE_STATS_ENABLED": "0",
        # the client server forks a server per client from its gRPC threads; with gRPC's fork
        # handlers on, that child sometimes dies at once (Ray issue 63202: 1 in 8 connections
        # here, none in 24 without them)
        "GRPC_ENABLE_FORK_SUPPORT": "false",
    }
    with (temp / "head.log").open("w") as log:
        head = subprocess.Popen(
            command, cwd=temp, env=env, stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
    try:
        _wait_for(client, head, temp / "head.log")
        yield f"ray://127.0.0.1:{client}"
    finally:
        _stop(head)
        shutil.rmtree(temp, ignore_errors=True)


def _wait_for(port: int, head: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + HEAD_START_S
    while time.monotonic() < deadline:
        if head.poll() is not None:
            tail = log.read_text(errors="replace").strip().splitlines()[-3:]
            raise RuntimeError(f"ray start exited ({head.returncode}): {' / '.join(tail)}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"the Ray head did not answer on 127.0.0.1:{port} in {HEAD_START_S:g} s")


def _stop(head: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the head's process group; after 5 s, SIGKILL to whatever of it is left."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(head.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        head.wait(timeout=5)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(head.pid, signal.SIGKILL)
    head.wait()


def run_mode(
    mode: str, args: argparse.Namespace, out: Path, cluster: str | None
) -> tuple[float, list[TownOutcome], str]:
    options = EvaluationOptions(
        town=args.town, hours=args.hours, embedder=args.embedder, workers=args.threads,
        embedding_threads=embedding_threads(mode), fresh=True,
    )  # fmt: skip
    if args.conditions:
        options.conditions = tuple(c.strip() for c in args.conditions.split("|") if c.strip())
    jobs = seed_jobs(options, list(range(args.seeds)), out / mode)
    workers = None if mode == "ray" else int(mode)
    executor = open_executor(workers, cluster, len(jobs))
    began = time.perf_counter()
    try:
        outcomes = run_towns(
            jobs, executor, lambda line: print(f"[{mode}] {line}", file=sys.stderr)
        )
    finally:
        executor.close()
    return time.perf_counter() - began, outcomes, executor.where


def embedding_threads(mode: str) -> int | None:
    """Each town's embedding threads: a headless run's default (2) alone; 1 when towns run
    side by side, so N processes do not ask the 2 cores for 2N threads."""
    return None if mode == "1" else 1


def measure(args: argparse.Namespace, out: Path) -> None:
    modes = [mode.strip() for mode in args.modes.split(",") if mode.strip()]
    baseline: tuple[float, list[TownOutcome]] | None = None
    for mode in modes:
        head_start = None
        if mode == "ray":
            started = time.perf_counter()
            with local_ray_head(cpus=args.ray_cpus) as address:
                head_start = round(time.perf_counter() - started, 1)
                wall, outcomes, where = run_mode(mode, args, out, address)
        else:
            wall, outcomes, where = run_mode(mode, args, out, None)
        if baseline is None and mode == "1":
            baseline = (wall, outcomes)
        emit(line(mode, args, wall, outcomes, where, baseline, head_start))


def line(
    mode: str,
    args: argparse.Namespace,
    wall: float,
    outcomes: list[TownOutcome],
    where: str,
    baseline: tuple[float, list[TownOutcome]] | None,
    head_start: float | None,
) -> dict[str, Any]:
    same = None
    if baseline is not None:
        same = all(
            mine.ok and theirs.ok and mine.figures == theirs.figures
            for mine, theirs in zip(outcomes, baseline[1], strict=True)
        )
    first = next((o.run for o in outcomes if o.ok), {})
    return {
        "benchmark": BENCHMARK,
        "mode": {"1": "1 worker", "ray": f"local Ray head ({args.ray_cpus} CPUs)"}.get(
            mode, f"{mode} local processes"
        ),
        "where": where,
        "town": args.town,
        "game_hours": first.get("hours"),
        "embedder": args.embedder,
        "embedding_threads": embedding_threads(mode) or HEADLESS_EMBEDDING_THREADS,
        "conditions": args.conditions or "all four",
        "seeds": args.seeds,
        "failed": [o.name for o in outcomes if not o.ok],
        "wall_s": round(wall, 1),
        "speed_up": None if baseline is None else round(baseline[0] / wall, 2),
        "towns_per_hour": round(len(outcomes) / wall * 3600, 1),
        "town_wall_s": [o.wall_s for o in outcomes],
        "same_figures_as_1_worker": same,
        "ray_head_start_s": head_start,
        "machine": machine(),
        "date": date.today().isoformat(),
        "commit": git("rev-parse", "--short", "HEAD"),
    }


def emit(record: dict[str, Any]) -> None:
    print(json.dumps(record), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4, help="seeds 0 … N−1 (default 4)")
    parser.add_argument("--town", default="the_ville_n3")
    parser.add_argument("--hours", type=float, help="default: the scenario's whole run")
    parser.add_argument("--embedder", choices=["minilm", "hashing"], default="minilm")
    parser.add_argument("--threads", type=int, default=16, help="thinking threads per town")
    parser.add_argument("--conditions", help="interview conditions, '|'-separated (default all)")
    parser.add_argument(
        "--modes",
        default="1,2,ray",
        help="worker counts or ray, comma-separated (default 1,2,ray)",
    )
    parser.add_argument("--ray-cpus", type=int, default=2, help="the local head's --num-cpus")
    parser.add_argument("--out", type=Path, metavar="DIR", help="keep the towns (default: temp)")
    args = parser.parse_args()
    if args.seeds < 1:
        parser.error("--seeds must be 1 or more")
    if args.out is not None:
        measure(args, args.out)
        return
    with tempfile.TemporaryDirectory(prefix="smallville-towns-") as scratch:
        measure(args, Path(scratch))


if __name__ == "__main__":
    main()

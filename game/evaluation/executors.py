"""Where `run_towns` runs its towns — engines users already run, never a home-made cluster:

- `InProcess`: one town at a time in this process (a daemon thread beside the progress);
- `LocalProcesses`: K towns at once in local worker processes (`ProcessPoolExecutor`, the
  spawn context: the minds use threads, so no fork; a worker imports the evaluation once and
  runs town after town, each with its own memory store, record and save in its own folders);
- `RayCluster`: one Ray task per town on a cluster reached through the Ray client
  (`ray://HOST:PORT`). Ray is the optional extra `cluster` (`uv run --extra cluster …`),
  imported only here, only for `--cluster`. The cluster's nodes run the same checkout's
  environment (`uv run --extra cluster ray start …` in it); each town's folder is written
  where its task ran (the figures come back with the task, so the report is whole even
  without a shared file system).

`open_executor(workers, cluster, towns)` checks everything before any town starts: the
worker count, the Ray extra, the address's form, and that a Ray client server answers there
(a short connection test, then `ray.init`). Each problem is an `EvaluationError` naming the
flag.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import socket
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any
from urllib.parse import urlsplit

from game.evaluation.scenario import EvaluationError
from game.evaluation.towns import TownExecutor, TownJob, TownOutcome, run_town
from game.files.scratch import remove_scratch_on_sigterm

__all__ = [
    "CLUSTER_EXTRA",
    "InProcess",
    "LocalProcesses",
    "RayCluster",
    "default_workers",
    "open_executor",
]

CLUSTER_EXTRA = "--cluster needs Ray: uv run --extra cluster smallville evaluate …"
STOP_WAIT_S = 1.5  # on Ctrl-C: how long the terminated workers are waited for, in all
CONNECT_TIMEOUT_S = 3.0  # the first test of a Ray address: does anything answer there?


def default_workers(towns: int) -> int:
    """Towns at once on this machine by default: one per usable core, at most one per town."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(towns, usable or 1))


class InProcess:
    """One town at a time, in this process: on a daemon thread beside the progress, so Ctrl-C
    stops the command at once (the town's kept phases let a re-run resume it)."""

    slots = 1
    where = "in this process"

    def submit(self, job: TownJob) -> Future[TownOutcome]:
        future: Future[TownOutcome] = Future()

        def work() -> None:
            try:
                future.set_result(run_town(job))  # run_town catches a town's failures
            except BaseException as error:  # noqa: BLE001 — handed to the waiting thread
                future.set_exception(error)

        threading.Thread(target=work, name=f"town {job.name}", daemon=True).start()
        return future

    def close(self) -> None:
        """Nothing to stop: `run_towns` waits for every town it started."""

    def stop(self) -> None:
        """Ctrl-C: nothing to stop — the town's daemon thread is abandoned at exit."""


class LocalProcesses:
    """`workers` towns at once in spawned worker processes."""

    def __init__(self, workers: int) -> None:
        self.slots = workers
        self.where = "in local worker processes"
        self._pool = self._new_pool()
        self._stopped = False

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.slots,
            mp_context=get_context("spawn"),
            initializer=remove_scratch_on_sigterm,  # `stop()` leaves no scratch folder behind
        )

    def submit(self, job: TownJob) -> Future[TownOutcome]:
        try:
            return self._pool.submit(run_town, job)
        except BrokenProcessPool:  # a worker died: its towns are failed; the rest go on
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new_pool()
            return self._pool.submit(run_town, job)

    def close(self) -> None:
        if not self._stopped:
            self._pool.shutdown(wait=True, cancel_futures=True)

    def stop(self) -> None:
        """Ctrl-C: end the worker processes now, waiting for no town (a worker waiting on a
        model server that never answers would hold the command for minutes); each town's
        kept phases let the same command go on later."""
        self._stopped = True
        # the pool's processes: no public way to end a running task, so they are terminated
        processes = list((getattr(self._pool, "_processes", None) or {}).values())
        self._pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        deadline = time.monotonic() + STOP_WAIT_S
        for process in processes:
            process.join(max(0.0, deadline - time.monotonic()))


class RayCluster:
    """One Ray task per town on the cluster at `address` (`ray://HOST:PORT`); `workers`
    towns at once (None: as many as the cluster has CPUs)."""

    def __init__(self, address: str, workers: int | None) -> None:
        host, port = _host_port(address)
        # Ray's uv integration (on when this runs under `uv run`) would upload the working
        # folder and build a fresh environment from it on the cluster at first use — slow, and
        # here it timed out the client's start under load. The workers use the environment
        # the nodes were started in, unless RAY_ENABLE_UV_RUN_RUNTIME_ENV=1 asks otherwise.
        os.environ.setdefault("RAY_ENABLE_UV_RUN_RUNTIME_ENV", "0")
        try:  # lazy: the optional extra, only for --cluster (untyped here, with or without it)
            ray: Any = importlib.import_module("ray")
        except ImportError:
            raise EvaluationError(CLUSTER_EXTRA) from None
        _answers(address, host, port)
        _connect(ray, address)
        self._ray = ray
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.slots = workers or max(1, cpus)
        self.where = f"as Ray tasks on the cluster at {address} ({cpus} CPUs)"
        # one CPU a town: the offline brain is one busy thread; a model's calls are waits
        self._task = ray.remote(num_cpus=1, max_retries=0)(run_town)

    def submit(self, job: TownJob) -> Future[TownOutcome]:
        future: Future[TownOutcome] = self._task.remote(job).future()
        return future

    def close(self) -> None:
        self._ray.shutdown()

    def stop(self) -> None:
        """Ctrl-C: disconnect; the cluster ends the tasks of a driver that left."""
        self._ray.shutdown()


def _connect(ray: Any, address: str) -> None:
    """`ray.init` through the Ray client, tried twice: the head's client server sometimes
    loses the process it starts for a client (a fork in its gRPC threads, Ray issue 63202;
    `GRPC_ENABLE_FORK_SUPPORT=false` on the head avoids it); then the second try works."""
    for attempt in (1, 2):
        try:
            ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False)
            return
        except (ConnectionError, RuntimeError, ValueError, OSError) as error:
            with contextlib.suppress(Exception):  # half-made connection: let it go
                ray.shutdown()
            why = " ".join(str(error).split())  # Ray's messages run over several lines
            if attempt == 1 and "Initialization failure from server" in why:
                continue
            raise EvaluationError(
                f"--cluster {address}: the Ray client could not connect ({why})"
            ) from None


def _host_port(address: str) -> tuple[str, int]:
    parts = urlsplit(address)
    try:
        port = parts.port
    except ValueError:
        port = None
    if parts.scheme != "ray" or not parts.hostname or port is None:
        raise EvaluationError(
            f"--cluster must be a Ray client address, ray://HOST:PORT (not {address!r}); "
            "a head started with `ray start --head` listens on port 10001"
        )
    return parts.hostname, port


def _answers(address: str, host: str, port: int) -> None:
    """Something accepts connections at host:port, or an `EvaluationError` at once."""
    try:
        with socket.create_connection((host, port), timeout=CONNECT_TIMEOUT_S):
            pass
    except OSError as error:
        why = error.strerror or type(error).__name__
        raise EvaluationError(
            f"--cluster {address}: nothing answers at {host}:{port} ({why}); start a head "
            "with `uv run --extra cluster ray start --head` (its client server listens on "
            "10001) or check the address"
        ) from None


def open_executor(workers: int | None, cluster: str | None, towns: int) -> TownExecutor:
    """The executor for `towns` towns: Ray with `cluster`, else local processes when more
    than one worker, else this process. `workers` None: the default (`default_workers`
    locally, the cluster's CPUs on Ray)."""
    if workers is not None and workers < 1:
        raise EvaluationError(f"--workers must be 1 or more (not {workers})")
    if cluster is not None:
        return RayCluster(cluster, workers)
    count = default_workers(towns) if workers is None else min(workers, max(1, towns))
    return InProcess() if count == 1 else LocalProcesses(count)

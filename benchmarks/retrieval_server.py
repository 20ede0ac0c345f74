"""Memories in process vs on a Chroma server (issue 21). Prints JSON lines (never asserts on
time).

    uv run python benchmarks/retrieval_server.py                 # starts its own `chroma run`
    uv run python benchmarks/retrieval_server.py --chroma-url http://127.0.0.1:8000
    uv run python benchmarks/retrieval_server.py --store         # and append to results/

One agent's stream of N records (deterministic random unit vectors, 384 dimensions), the
same code path both ways (`MemoryStore(dir)` vs `MemoryStore.on_server(...)`); one line per
place ("in_process", "over_http"):
- import_s: the N records written (`import_records`: batches of 5000);
- open_s: the store reopened and the agent's collection opened — the mirror loaded;
- retrieve p50/p95 ms: `MemoryStream.retrieve` (hashing embedder for the query, k=10,
  touch on: every 256 touched ids one batched last-access write to Chroma);
- add p50/p95 ms: `MemoryStream.add` (one record: hashing embedding + one Chroma write).
The two stores take turns query by query (and add by add), so the machine's load — two
shared cores — weighs on both alike.
Then a "server_vs_process" line with the ratios. The server is `chroma run` on 127.0.0.1
(started here in a temporary folder unless `--chroma-url`), on this machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "benchmarks"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from figures import machine, provenance, store  # noqa: E402
from retrieval import AGENT, START, percentile, random_records  # noqa: E402

from cognition.memory import (  # noqa: E402
    MemoryKind,
    MemoryServer,
    MemoryStore,
    MemoryStream,
    parse_chroma_url,
)
from cognition.memory.fakes import HashingEmbedder  # noqa: E402
from cognition.memory.server import ChromaAddress, answers  # noqa: E402
from cognition.testing.llama_server import free_port  # noqa: E402

WORDS = ["party", "Klaus", "coffee", "library", "Isabella", "painting", "exam", "Hobbs Cafe"]


def stats_ms(timings: Sequence[float]) -> dict[str, float]:
    return {
        "p50_ms": round(statistics.median(timings), 3),
        "p95_ms": round(percentile(timings, 0.95), 3),
    }


def prepare(open_store: Any, size: int, seed: int) -> tuple[Any, MemoryStream, float, float]:
    """Fill a store with `size` records, close it, reopen it: (store, stream, import_s,
    open_s — the mirror load)."""
    embedder = HashingEmbedder(name="random-unit-vectors")
    with open_store() as filling:
        started = time.perf_counter()
        MemoryStream(filling, AGENT, embedder).import_records(random_records(size, seed))
        import_s = time.perf_counter() - started
    started = time.perf_counter()
    opened = open_store()
    stream = MemoryStream(opened, AGENT, embedder)
    return opened, stream, import_s, time.perf_counter() - started


def measure(
    streams: dict[str, MemoryStream], size: int, queries: int, adds: int
) -> dict[str, dict[str, list[float]]]:
    """The same queries and adds on every stream, taking turns (so the machine's load,
    shared on 2 cores, weighs on both alike): milliseconds per call."""
    timings: dict[str, dict[str, list[float]]] = {
        place: {"retrieve": [], "add": []} for place in streams
    }
    now = START + timedelta(minutes=5 * size)
    for n in range(queries):
        query = f"{WORDS[n % len(WORDS)]} and {WORDS[(n * 3 + 1) % len(WORDS)]} ({n})"
        for place, stream in streams.items():
            started = time.perf_counter()
            hits = stream.retrieve(query, now + timedelta(minutes=n), k=10)
            timings[place]["retrieve"].append((time.perf_counter() - started) * 1000)
            assert len(hits) == 10
    for n in range(adds):
        for place, stream in streams.items():
            started = time.perf_counter()
            stream.add(MemoryKind.OBSERVATION, f"{WORDS[n % len(WORDS)]} note {n}", now, 3)
            timings[place]["add"].append((time.perf_counter() - started) * 1000)
    return timings


def line(
    place: str,
    arguments: argparse.Namespace,
    times: dict[str, list[float]],
    seconds: tuple[float, float],
) -> dict[str, Any]:
    retrieve, add = stats_ms(times["retrieve"]), stats_ms(times["add"])
    return {
        "benchmark": "retrieval_server",
        "place": place,
        "records": arguments.records,
        "queries": arguments.queries,
        "k": 10,
        "retrieve_p50_ms": retrieve["p50_ms"],
        "retrieve_p95_ms": retrieve["p95_ms"],
        "adds": arguments.adds,
        "add_p50_ms": add["p50_ms"],
        "add_p95_ms": add["p95_ms"],
        "import_s": round(seconds[0], 2),
        "open_s": round(seconds[1], 3),
    }


def start_server(folder: Path, port: int) -> subprocess.Popen[bytes]:
    chroma = Path(sys.executable).with_name("chroma")
    command = [str(chroma), "run", "--path", str(folder), "--host", "127.0.0.1"]
    process = subprocess.Popen(
        [*command, "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if answers(ChromaAddress("127.0.0.1", port), timeout_s=1.0):
            return process
        time.sleep(0.2)
    process.terminate()
    raise SystemExit("chroma run did not answer within 60 s")


def run(arguments: argparse.Namespace, scratch: Path) -> list[dict[str, Any]]:
    server_process = None
    url = arguments.chroma_url
    if url is None:
        port = free_port()
        server_process = start_server(scratch / "server", port)
        url = f"http://127.0.0.1:{port}"
    try:
        server = MemoryServer(parse_chroma_url(url), f"bench-{uuid.uuid4().hex[:10]}")
        size, seed = arguments.records, arguments.seed
        local_store, local, *local_s = prepare(lambda: MemoryStore(scratch / "local"), size, seed)
        remote_store, remote, *remote_s = prepare(lambda: MemoryStore.on_server(server), size, seed)
        try:
            streams = {"in_process": local, "over_http": remote}
            times = measure(streams, size, arguments.queries, arguments.adds)
        finally:
            local_store.close()
            remote_store.close()
    finally:
        if server_process is not None:
            server_process.terminate()
            server_process.wait(timeout=30)
    local_line = line("in_process", arguments, times["in_process"], (local_s[0], local_s[1]))
    remote_line = line("over_http", arguments, times["over_http"], (remote_s[0], remote_s[1]))
    for done in (local_line, remote_line):
        print(json.dumps(done), flush=True)
    ratios = {
        key: round(remote_line[key] / local_line[key], 1) if local_line[key] else None
        for key in ("retrieve_p50_ms", "retrieve_p95_ms", "add_p50_ms", "open_s", "import_s")
    }
    summary = {"benchmark": "retrieval_server", "place": "server_vs_process", **ratios}
    print(json.dumps(summary), flush=True)
    return [local_line, remote_line, summary]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--adds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--chroma-url", help="a running server (default: start one here)")
    parser.add_argument(
        "--store", action="store_true", help="append the run to benchmarks/results/"
    )
    arguments = parser.parse_args()
    facts = {"machine": machine(), **provenance()}
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="smallville-server-bench-") as scratch:
        lines = run(arguments, Path(scratch))
    if arguments.store:
        shown = " ".join(["python", "benchmarks/retrieval_server.py", *sys.argv[1:]])
        record = {
            "benchmark": "retrieval_server",
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            **facts,
            "command": shown.replace(" --store", ""),
            "quick": False,
            "run_s": round(time.monotonic() - started, 1),
            "lines": lines,
        }
        path = store(record, ROOT / "benchmarks" / "results")
        print(f"stored in {path}", file=sys.stderr)


if __name__ == "__main__":
    main()

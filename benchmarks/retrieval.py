"""Memory benchmark. Prints JSON lines (never asserts on time).

    uv run python benchmarks/retrieval.py [--sizes 1000 10000 50000] [--queries 300] [--seed 7]

Lines:
- "retrieval": one agent's stream of N records (random unit vectors written through
  `import_records`, so Chroma gets them in batches of 5000), the store reopened (the mirror
  loaded from Chroma), then the real retrieval path (`retrieve_by_embedding`, k=10, touch on:
  last-access updates included) timed per query — p50/p95 ms.
- "embedding": LocalMiniLM throughput in sentences/s, one sentence per call and 32 per call.
- "write": records/s through `add` (one real embedding + one Chroma write each) and through
  `add_many` (one embedding batch + one Chroma write per call).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import numpy.typing as npt

from cognition.memory import (
    LocalMiniLM,
    MemoryKind,
    MemoryRecord,
    MemoryStore,
    MemoryStream,
    NewMemory,
    StoredRecord,
)
from cognition.memory.fakes import HashingEmbedder

START = datetime(2023, 2, 13, 0, 0)
AGENT = "Isabella Rodriguez"
KINDS = list(MemoryKind)
PEOPLE = ["Isabella", "Klaus", "Maria", "Tom", "Mei", "Sam", "Ayesha", "Wolfgang"]
DOINGS = ["is brewing coffee", "is planning a party", "is reading a book", "is painting"]
PLACES = ["at Hobbs Cafe", "in the library", "in the park", "at the pharmacy", "at home"]


def sentences(count: int, rng: random.Random) -> list[str]:
    return [
        f"{rng.choice(PEOPLE)} {rng.choice(DOINGS)} {rng.choice(PLACES)} (note {n})"
        for n in range(count)
    ]


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def random_unit_vectors(count: int, rng: np.random.Generator) -> npt.NDArray[np.float32]:
    vectors = rng.standard_normal((count, 384)).astype(np.float32)
    unit: npt.NDArray[np.float32] = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    return unit


def random_records(count: int, seed: int) -> list[StoredRecord]:
    rng = random.Random(seed)
    vectors = random_unit_vectors(count, np.random.default_rng(seed))
    records = []
    for n in range(count):
        created = START + timedelta(minutes=5 * n)
        record = MemoryRecord(
            id=f"m{n:06d}",
            agent=AGENT,
            kind=rng.choice(KINDS),
            text=f"memory number {n}",
            created=created,
            last_accessed=created,
            importance=rng.randint(1, 10),
        )
        records.append(StoredRecord(record, vectors[n]))
    return records


def bench_retrieval(size: int, queries: int, seed: int, directory: Path) -> dict[str, object]:
    embedder = HashingEmbedder(name="random-unit-vectors")  # only its name is used here
    records = random_records(size, seed)
    with MemoryStore(directory) as store:
        start = time.perf_counter()
        MemoryStream(store, AGENT, embedder).import_records(records)
        write_seconds = time.perf_counter() - start
    start = time.perf_counter()
    store = MemoryStore(directory)
    stream = MemoryStream(store, AGENT, embedder)
    open_seconds = time.perf_counter() - start
    query_vectors = random_unit_vectors(queries, np.random.default_rng(seed + 1))
    now = START + timedelta(minutes=5 * size)
    timings = []
    for n, query in enumerate(query_vectors):
        moment = now + timedelta(minutes=n)
        start = time.perf_counter()
        hits = stream.retrieve_by_embedding(query, moment, k=10)
        timings.append((time.perf_counter() - start) * 1000)
        assert len(hits) == 10
    store.close()
    return {
        "benchmark": "retrieval",
        "records": size,
        "queries": queries,
        "k": 10,
        "p50_ms": round(statistics.median(timings), 3),
        "p95_ms": round(percentile(timings, 0.95), 3),
        "write_s": round(write_seconds, 2),
        "open_s": round(open_seconds, 2),
    }


def bench_embedding(model: LocalMiniLM, rng: random.Random) -> dict[str, object]:
    model.embed(["warm up"])
    singles = sentences(64, rng)
    start = time.perf_counter()
    for text in singles:
        model.embed([text])
    single_rate = len(singles) / (time.perf_counter() - start)
    batched = sentences(32 * 8, rng)
    start = time.perf_counter()
    for offset in range(0, len(batched), 32):
        model.embed(batched[offset : offset + 32])
    batch_rate = len(batched) / (time.perf_counter() - start)
    return {
        "benchmark": "embedding",
        "model": model.name,
        "single_sentences_per_s": round(single_rate, 1),
        "batch32_sentences_per_s": round(batch_rate, 1),
    }


def bench_writes(model: LocalMiniLM, rng: random.Random, directory: Path) -> dict[str, object]:
    with MemoryStore(directory) as store:
        stream = MemoryStream(store, AGENT, model)
        texts = sentences(100, rng)
        start = time.perf_counter()
        for n, text in enumerate(texts):
            stream.add(MemoryKind.OBSERVATION, text, START + timedelta(minutes=n), 3)
        add_rate = len(texts) / (time.perf_counter() - start)
        memories = [
            NewMemory(MemoryKind.OBSERVATION, text, START + timedelta(minutes=n), 3)
            for n, text in enumerate(sentences(500, rng))
        ]
        start = time.perf_counter()
        for offset in range(0, len(memories), 100):
            stream.add_many(memories[offset : offset + 100])
        add_many_rate = len(memories) / (time.perf_counter() - start)
    return {
        "benchmark": "write",
        "embedder": model.name,
        "add_records_per_s": round(add_rate, 1),
        "add_many_100_records_per_s": round(add_many_rate, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 50000])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="smallville-memory-bench-") as scratch:
        root = Path(scratch)
        for size in arguments.sizes:
            line = bench_retrieval(size, arguments.queries, arguments.seed, root / f"r{size}")
            print(json.dumps(line), flush=True)
        model = LocalMiniLM()
        rng = random.Random(arguments.seed)
        print(json.dumps(bench_embedding(model, rng)), flush=True)
        print(json.dumps(bench_writes(model, rng, root / "writes")), flush=True)


if __name__ == "__main__":
    main()

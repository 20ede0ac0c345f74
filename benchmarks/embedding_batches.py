"""Embeddings from many threads at once: one call at a time vs shared batches (JSON lines).

    uv run python benchmarks/embedding_batches.py [--threads 25] [--calls 8] [--rounds 3]

Each of `--threads` threads (a resident's thinking thread) makes `--calls` embedding calls of
1–3 texts — observations, short and long, like a town's new memories and queries — all
threads at once. The same texts go, in turns, to:
- "single": `LocalMiniLM` itself: its lock lets one call in at a time (the old way);
- "coalesced": `CoalescingEmbedder(LocalMiniLM())`: every call waiting meanwhile shares the
  next model pass.
One line per mode with the best of `--rounds` rounds: texts embedded per second of wall time
and of process CPU time, model passes (coalesced), and the load average (the machine may be
shared: compare the two lines of one run, not runs on different days). A last line checks
that both modes gave every text the same vector.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cognition.memory import CoalescingEmbedder, Embedder, LocalMiniLM  # noqa: E402
from cognition.memory.embeddings import FloatMatrix  # noqa: E402

PEOPLE = ["Isabella", "Klaus", "Maria", "Tom", "Mei", "Sam", "Ayesha", "Wolfgang"]
THINGS = ["The stove", "The bed", "The piano", "The customer table 1", "The shelf"]
PLACES = ["(kitchen, Hobbs Cafe)", "(library, Oak Hill College)", "(park, Johnson Park)"]
STATES = ["is idle", "is in use", "is being cleaned", "is cooking breakfast"]
TOPICS = ["the Valentine's Day party", "the mayoral election", "a new painting", "the exams"]


def town_texts(count: int, rng: random.Random) -> list[str]:
    """Observation-like sentences of varied length (a few long conversation summaries)."""
    texts = []
    for n in range(count):
        kind = rng.random()
        if kind < 0.6:
            text = f"{rng.choice(THINGS)} {rng.choice(PLACES)} {rng.choice(STATES)}"
        elif kind < 0.9:
            text = f"{rng.choice(PEOPLE)} is talking with {rng.choice(PEOPLE)} about "
            text += rng.choice(TOPICS)
        else:
            clauses = [f"{rng.choice(PEOPLE)} said {rng.choice(TOPICS)} matters" for _ in range(8)]
            text = "Conversation summary: " + "; ".join(clauses)
        texts.append(f"{text} (#{n})")
    return texts


def workload(threads: int, calls: int, seed: int) -> list[list[list[str]]]:
    """For each thread, its calls, each 1–3 texts."""
    rng = random.Random(seed)
    pool = iter(town_texts(threads * calls * 3, rng))
    return [
        [[next(pool) for _ in range(rng.randint(1, 3))] for _ in range(calls)]
        for _ in range(threads)
    ]


def run_threads(embedder: Embedder, plan: list[list[list[str]]]) -> dict[str, FloatMatrix]:
    """Every thread makes its calls; returns each text's vector."""
    vectors: dict[str, FloatMatrix] = {}
    start = threading.Barrier(len(plan))

    def resident(calls: Sequence[list[str]]) -> None:
        start.wait()
        for texts in calls:
            for text, vector in zip(texts, embedder.embed(texts), strict=True):
                vectors[text] = vector

    workers = [threading.Thread(target=resident, args=(calls,)) for calls in plan]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return vectors


def measure(
    mode: str, plan: list[list[list[str]]], rounds: int
) -> tuple[dict[str, object], dict[str, FloatMatrix]]:
    model = LocalMiniLM()
    model.load()
    model.embed(["warm up"])
    texts = sum(len(texts) for calls in plan for texts in calls)
    best: tuple[float, float, int] | None = None
    vectors: dict[str, FloatMatrix] = {}
    for _ in range(rounds):
        embedder: Embedder = CoalescingEmbedder(model) if mode == "coalesced" else model
        wall, cpu = time.perf_counter(), time.process_time()
        vectors = run_threads(embedder, plan)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        calls = sum(len(calls) for calls in plan)  # "single": one model pass a call
        passes = embedder.passes if isinstance(embedder, CoalescingEmbedder) else calls
        if best is None or wall < best[0]:
            best = (wall, cpu, passes)
    assert best is not None
    wall, cpu, passes = best
    line: dict[str, object] = {
        "benchmark": "embedding_batches",
        "mode": mode,
        "threads": len(plan),
        "texts": texts,
        "model_passes": passes,
        "texts_per_s": round(texts / wall, 1),
        "texts_per_cpu_s": round(texts / cpu, 1),
        "wall_s": round(wall, 3),
        "load_average": [round(value, 2) for value in os.getloadavg()],
    }
    return line, vectors


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--threads", type=int, default=25)
    parser.add_argument("--calls", type=int, default=8, help="embedding calls per thread")
    parser.add_argument("--rounds", type=int, default=3, help="the best round is reported")
    parser.add_argument("--seed", type=int, default=7)
    arguments = parser.parse_args()
    plan = workload(arguments.threads, arguments.calls, arguments.seed)
    results = {}
    for mode in ("single", "coalesced"):
        line, results[mode] = measure(mode, plan, arguments.rounds)
        print(json.dumps(line), flush=True)
    same = all(
        np.array_equal(results["single"][t], results["coalesced"][t]) for t in results["single"]
    )
    print(json.dumps({"benchmark": "embedding_batches", "same_vectors": same}), flush=True)


if __name__ == "__main__":
    main()

"""What the memory store's writes cost the town's other threads: one JSON line per way.

    uv run python benchmarks/store_writes.py [--writes 20] [--records 128]

A thread counts as fast as it can (as a thinking thread or the frame loop would run) while
another writes `--writes` batches of `--records` new memories (384-dim vectors, as MiniLM's)
to a fresh local store, once with Chroma in this process and once in a child process
(`MemoryStore(in_child=True)`, what the game and `smallville simulate` use). Each line: the
writing thread's seconds (`write_s`: in the child, only sending), the counter's rate beside the
writes as a share of its rate alone (`spinner_share`: 1.0 = the writes took nothing from it),
and the longest stretch the counter was held up (`longest_stall_ms`: a frame's hitch), then the
close (`close_s`: the child's writes end there, chromadb's import in it included).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
import time
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cognition.memory import MemoryKind, MemoryRecord, MemoryStore  # noqa: E402

DIMENSION = 384
AGENT = "Isabella Rodriguez"
DAWN = datetime(2023, 2, 13, 7, 0)
SPIN_SECONDS = 1.0  # the counter alone, for its rate


class Spinner:
    """Counts in a loop on a thread of its own; notes the longest gap between two counts."""

    def __init__(self) -> None:
        self.count = 0
        self.longest_gap_s = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._spin, daemon=True)

    def _spin(self) -> None:
        last = time.perf_counter()
        while not self._stop.is_set():
            for _ in range(1000):
                self.count += 1
            now = time.perf_counter()
            self.longest_gap_s = max(self.longest_gap_s, now - last)
            last = now

    def __enter__(self) -> Spinner:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def alone_rate() -> float:
    with Spinner() as spinner:
        time.sleep(SPIN_SECONDS)
    return spinner.count / SPIN_SECONDS


def records(batch: int, size: int) -> list[MemoryRecord]:
    made = []
    for n in range(size):
        moment = DAWN + timedelta(minutes=batch * size + n)
        made.append(
            MemoryRecord(
                id=f"m{batch * size + n:06d}", agent=AGENT, kind=MemoryKind.OBSERVATION,
                text=f"Klaus Mueller is reading a book at the library desk ({batch}, {n})",
                created=moment, last_accessed=moment, importance=3,
            )
        )  # fmt: skip
    return made


def measure(in_child: bool, writes: int, size: int, alone: float) -> dict[str, object]:
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory(prefix="store-writes-") as folder:
        store = MemoryStore(Path(folder) / "memory", in_child=in_child)
        collection = store.collection(AGENT)
        if in_child:
            store.flush()  # the child is up (chromadb imported): time the writes alone
        with Spinner() as spinner:
            started = time.perf_counter()
            for batch in range(writes):
                vectors = rng.standard_normal((size, DIMENSION)).astype(np.float32)
                collection.write(records(batch, size), vectors)
            write_s = time.perf_counter() - started
            closing = time.perf_counter()
            store.close()
            close_s = time.perf_counter() - closing
        rate = spinner.count / (write_s + close_s)
    return {
        "benchmark": "store_writes",
        "way": "child process" if in_child else "in process",
        "writes": writes,
        "records_per_write": size,
        "write_s": round(write_s, 3),
        "close_s": round(close_s, 3),
        "spinner_share": round(rate / alone, 3),
        "longest_stall_ms": round(spinner.longest_gap_s * 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writes", type=int, default=20)
    parser.add_argument("--records", type=int, default=128)
    args = parser.parse_args()
    alone = alone_rate()
    for in_child in (False, True):
        print(json.dumps(measure(in_child, args.writes, args.records, alone)), flush=True)


if __name__ == "__main__":
    main()

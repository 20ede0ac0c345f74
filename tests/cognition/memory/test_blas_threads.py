"""Retrieval's matrix-vector products run on one BLAS thread: a memory mirror, once made,
has set numpy's BLAS to one thread for the process (OpenBLAS's own threads only contended
with the minds' threads above ~1100 records: benchmarks/retrieval.py)."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json
from threadpoolctl import threadpool_info
before = [pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"]
from cognition.memory.mirror import RecordMirror
RecordMirror()
RecordMirror()  # once per process: the second changes nothing
after = [pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"]
print(json.dumps({"before": before, "after": after}))
"""


def test_a_memory_mirror_sets_numpy_s_blas_to_one_thread() -> None:
    # a fresh process: the limit is process-wide, and this one may have set it already
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, check=True
    )
    threads = json.loads(done.stdout.strip().splitlines()[-1])
    assert threads["after"], "numpy's BLAS was not found"
    assert all(count == 1 for count in threads["after"])

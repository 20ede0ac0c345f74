"""News of generated kinds spread by talk (JSON lines on stdout): `cognition.testing.gossip`'s
towns — ten residents with random names and temperaments, one item each of an event,
personal news, news of a place, of a shop and of a town matter, random holders and wording —
two game days of chance meetings with the offline brain, seeds 0 … N−1. One line per kind:
the mean reach (share of the residents other than the holder whose memories carry the item)
and each seed's; then a line with the CPU seconds of all the runs and the load average.

    uv run python benchmarks/news_kinds.py              # 5 seeds, as the test
    uv run python benchmarks/news_kinds.py --seeds 10 --residents 25
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cognition.testing.gossip import KINDS, generated_town, reach, spread  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--residents", type=int, default=10)
    parser.add_argument("--days", type=int, default=2)
    args = parser.parse_args()
    load_start = os.getloadavg()[0]
    started = time.process_time()
    reached: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for seed in range(args.seeds):
        town = generated_town(seed, args.residents)
        spread(town, seed, days=args.days)
        for kind in KINDS:
            reached[kind].append(round(reach(town, f"{kind}-news"), 3))
    for kind, shares in reached.items():
        record = {
            "benchmark": "news_kinds",
            "kind": kind,
            "mean_reach": round(sum(shares) / len(shares), 3),
        }
        print(json.dumps({**record, "reach_by_seed": shares, "residents": args.residents}))
    print(
        json.dumps(
            {
                "benchmark": "news_kinds",
                "seeds": args.seeds,
                "days": args.days,
                "cpu_s": round(time.process_time() - started, 2),
                "load_average": [round(load_start, 2), round(os.getloadavg()[0], 2)],
                "note": "machine shared by several engineers",
            }
        )
    )


if __name__ == "__main__":
    main()

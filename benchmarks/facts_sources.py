"""Where the facts the offline brain tells come from: typed news (memory fields) or only
memory text (JSON lines on stdout).

    uv run python benchmarks/facts_sources.py --hours 12

Runs the_ville_n25 headless with the offline brain for `--hours` game hours and counts each
fact a speaker tells in a conversation line (`cognition.offline.talk.tell`): `typed` when it
comes from news as data (`Fact.news`), else `text` (first hand: no source; heard: a source),
with the text facts' statements. The machine may be shared (the load average is reported).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import cognition.offline.talk as talk  # noqa: E402
from cognition.offline.facts import Fact  # noqa: E402
from game.cli import main as game_main  # noqa: E402


def run(hours: int, seed: int) -> dict[str, Any]:
    counts: collections.Counter[str] = collections.Counter()
    text_statements: collections.Counter[str] = collections.Counter()
    original = talk.tell

    def counted(fact: Fact, inputs: Any, rng: Any) -> str:
        if fact.news is not None:
            counts["typed"] += 1
            counts[f"typed_{fact.news.kind}"] += 1
        else:
            counts["text_first_hand" if fact.source is None else "text_heard"] += 1
            text_statements[f"{fact.kind}: {fact.statement}"] += 1
        return original(fact, inputs, rng)

    talk.tell = counted
    try:
        game_main(
            [
                "simulate",
                "--town",
                "the_ville_n25",
                "--hours",
                str(hours),
                "--seed",
                str(seed),
                "--embedder",
                "hashing",
                "--quiet",
                "--no-record",
            ]
        )
    finally:
        talk.tell = original
    return {
        "benchmark": "facts_sources",
        "hours": hours,
        "seed": seed,
        "told": dict(counts),
        "text_facts": dict(text_statements.most_common(25)),
        "load_average": os.getloadavg()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hours", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    result = run(args.hours, args.seed)
    result["label"] = args.label
    print(json.dumps(result))


if __name__ == "__main__":
    main()

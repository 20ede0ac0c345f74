"""Model calls and tokens per resident-day, total and per thinking step (JSON lines on stdout).

    uv run python benchmarks/calls.py                         # both runs, one game day
    uv run python benchmarks/calls.py --only offline --hours 6 --embedder hashing
    uv run python benchmarks/calls.py --label after --out benchmarks/results/calls.jsonl
    uv run python benchmarks/calls.py --only offline --think-ahead 15 --think-ahead-idle 60 \
        --calls-at-once 4   # as a local-gpu town thinks ahead

The 25-resident town lives one game day (24 h) in lockstep twice:

- fake: against the fake OpenAI server (300 ms a call, 16 at once), which answers a minimal
  instance of each answer schema and reports tokens at four characters a token. Its town is
  lifeless — nobody starts a conversation, nobody reflects — so it under-counts.
- offline: the offline brain's lively town (conversations, groups, reflections, a party),
  every call costed as a model's by `cognition.testing.prompt_sized.PromptSized`: the
  task's rendered prompt and the answer's JSON, four characters a token (`estimated`).

One line per run: calls and tokens per resident-day, the same per step (most first; the
offline run also [prompt, answer] tokens per step), what
the town did (conversations, reflections, memories), and the goal (≤ 60 calls, ≤ 25k
tokens per resident-day: issue 30's for the lively town; the fake run's lifeless town is
held to the same). With `--out FILE` the lines are appended there too; with `--samples
FILE` the offline run writes `SAMPLES` prompts and answers of each step there (JSON lines).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import threading
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cognition.config import LLMSettings  # noqa: E402
from cognition.llm.stack import build_language_model  # noqa: E402
from cognition.llm.task import Completion, InputT, OutputT, Task  # noqa: E402
from cognition.llm.token_estimate import model_written  # noqa: E402
from cognition.offline import OfflineBrain  # noqa: E402
from cognition.testing.fake_openai_server import FakeOpenAIServer  # noqa: E402
from cognition.testing.prompt_sized import PromptSized  # noqa: E402
from game.bridge import SimulationOptions, TownFile, make_embedder, simulate  # noqa: E402
from game.bridge.build import HEADLESS_EMBEDDING_THREADS, mind_settings_for  # noqa: E402
from game.bridge.headless.report import TownRecorder, run_report  # noqa: E402
from game.bridge.lockstep import LockstepRunner  # noqa: E402
from game.bridge.town_minds import build_living_town  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from figures import print_line  # noqa: E402

GOAL_CALLS = 60  # issue 30's targets for the lively (offline, costed) town
GOAL_TOKENS = 25_000
TOWN = "the_ville_n25"
SAMPLES = 6  # prompts kept a step with --samples


def figures(run: str, report: dict[str, Any], label: str) -> dict[str, Any]:
    """One JSON line: the run's cost per resident-day and what its town did."""
    calls, tokens = report["llm_calls_per_agent_day"], report["tokens_per_agent_day"]
    return {
        "benchmark": f"calls_{run}",
        "label": label,
        "agents": report["agents"],
        "game_hours": report["game_hours"],
        "wall_s": report["wall_s"],
        "calls_per_resident_day": calls,
        "tokens_per_resident_day": tokens,
        "within_goal": calls <= GOAL_CALLS and tokens <= GOAL_TOKENS,
        "calls_by_step": report["calls_by_step_per_agent_day"],
        "tokens_by_step": report["tokens_by_step_per_agent_day"],
        "prompt_answer_tokens_by_step": report.get("prompt_answer_tokens_by_step", {}),
        "fallbacks": report["fallbacks"],
        "conversations": report["conversations"],
        "groups": report["groups"]["formed"],
        "reflections": report["reflections"],
        "memories": report["memories"],
        "plans": report["plans"],
        # a shared machine changes the wall time, never the calls or tokens
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def fake_run(hours: float, seed: int, embedder: str) -> dict[str, Any]:
    with FakeOpenAIServer(latency_s=0.3) as server:
        options = SimulationOptions(
            town=TOWN,
            hours=hours,
            seed=seed,
            base_url=server.base_url,
            model="fake-model",
            max_concurrency=16,
            workers=25,
            embedder=embedder,
        )
        report, _ = simulate(options)
    return report


def offline_run(args: argparse.Namespace) -> dict[str, Any]:
    """The offline brain's town, lived like `simulate` does, its calls costed as a model's
    (thinking ahead as asked: what a slow server's town thinks, and throws away, counts)."""
    started = time.perf_counter()
    seed, workers, hours = args.seed, args.workers, args.hours
    town_file = TownFile.load(TOWN)
    settings = LLMSettings(offline=True, max_concurrency=args.calls_at_once or workers)
    sampler = Sampled(PromptSized(OfflineBrain(seed)), seed)
    stack = build_language_model(settings, lambda: sampler)
    with tempfile.TemporaryDirectory(prefix="smallville-calls-") as scratch:
        living = build_living_town(
            town_file,
            stack,
            Path(scratch) / "memory",
            make_embedder(args.embedder, threads=args.embedding_threads),
            seed=seed,
            workers=workers,
            mind_settings=mind_settings_for(town_file, None),
            think_ahead_minutes=args.think_ahead,
            think_ahead_idle_minutes=args.think_ahead_idle,
        )
        try:
            recorder = TownRecorder()
            start = living.clock.now
            LockstepRunner(living).run_until(start + timedelta(hours=hours), recorder)
            played = (living.clock.now - start).total_seconds() / 3600
            report = run_report(living, round(played, 3), time.perf_counter() - started, recorder)
            agent_days = len(living.minds) * played / 24
            report["prompt_answer_tokens_by_step"] = split_by_step(living, agent_days)
            if args.samples is not None:
                sampler.write(args.samples)
            return report
        finally:
            living.close()


class Sampled:
    """`inner`'s answers unchanged; keeps `SAMPLES` prompts and answers a step (a seeded
    reservoir), to read what each step's prompt spends its tokens on (`--samples FILE`)."""

    def __init__(self, inner: PromptSized, seed: int) -> None:
        self.inner = inner
        self.random = random.Random(seed)
        self.seen: dict[str, int] = {}
        self.kept: dict[str, list[dict[str, Any]]] = {}
        self.lock = threading.Lock()

    @property
    def label(self) -> str:
        return self.inner.label

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        completion = self.inner.complete(task, inputs, agent=agent)
        with self.lock:
            count = self.seen[task.name] = self.seen.get(task.name, 0) + 1
            slot = count - 1 if count <= SAMPLES else self.random.randrange(count)
            if slot < SAMPLES:
                sample = {
                    "task": task.name,
                    "agent": agent,
                    "prompt": [m.content for m in task.messages(inputs)],
                    "answer": model_written(completion.output),
                    "prompt_tokens": completion.usage.prompt_tokens,
                    "answer_tokens": completion.usage.completion_tokens,
                }
                kept = self.kept.setdefault(task.name, [])
                kept[slot : slot + 1] = [sample]
        return completion

    def write(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8") as out:
            for samples in self.kept.values():
                for sample in samples:
                    out.write(json.dumps(sample) + "\n")


def split_by_step(living: Any, agent_days: float) -> dict[str, list[float]]:
    """[prompt, answer] tokens per resident-day of each step, most first."""
    by_task = living.stack.meter.snapshot().by_task
    rows = sorted(by_task.items(), key=lambda item: -item[1].total_tokens)
    return {
        task: [
            round(tally.prompt_tokens / agent_days, 1),
            round(tally.completion_tokens / agent_days, 1),
        ]
        for task, tally in rows
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["fake", "offline"], help="one run (default: both)")
    parser.add_argument("--hours", type=float, default=24.0, help="game hours (default 24)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--embedder", choices=["minilm", "hashing"], default="minilm")
    parser.add_argument("--workers", type=int, default=16, help="offline run's threads")
    parser.add_argument("--think-ahead", type=float, default=0.0, metavar="MINUTES")
    parser.add_argument("--think-ahead-idle", type=float, default=0.0, metavar="MINUTES")
    parser.add_argument(
        "--calls-at-once", type=int, metavar="N", help="offline run's call limit (default: workers)"
    )
    parser.add_argument(
        "--samples", type=Path, metavar="FILE", help="offline run: write sample prompts here"
    )
    parser.add_argument(
        "--embedding-threads",
        type=int,
        default=HEADLESS_EMBEDDING_THREADS,
        metavar="N",
        help=f"the local model's CPU threads (default {HEADLESS_EMBEDDING_THREADS}, as simulate)",
    )
    parser.add_argument("--label", default="", help='a tag for the lines ("before", "after")')
    parser.add_argument("--out", type=Path, metavar="FILE", help="append the lines here too")
    args = parser.parse_args()
    runs = [args.only] if args.only else ["fake", "offline"]
    for run in runs:
        if run == "fake":
            report = fake_run(args.hours, args.seed, args.embedder)
        else:
            report = offline_run(args)
        line = json.dumps(
            figures(run, report, args.label)
            | {
                "embedding_threads": args.embedding_threads,
                "think_ahead_minutes": args.think_ahead,
                "think_ahead_idle_minutes": args.think_ahead_idle,
                "thinking_ahead": report["thinking_ahead"],
            }
        )
        print_line(line, args.out)


if __name__ == "__main__":
    main()

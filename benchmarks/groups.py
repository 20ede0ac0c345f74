"""Group conversations (JSON lines on stdout): what each strategy costs, and how groups
form in a day of the offline town.

    uv run python benchmarks/groups.py                 # both parts
    uv run python benchmarks/groups.py --only strategies
    uv run python benchmarks/groups.py --only town --hours 24

- strategies: for each strategy, one 5-member, 4-round group of the 25-resident town's first
  five residents on the fake OpenAI server at 300 ms a call (16 at once): wall seconds,
  lines, model calls and tokens of the talk (its lines, the round summaries, the manager's
  choices, the talk's summary, and the importance ratings of what the members keep), and
  fallbacks. The fake server answers schema-valid placeholders, so the manager's choices
  name nobody in the group and fall back to turn-taking (counted): its calls and tokens
  are real, its choices are not.
  With `--base-url URL --model NAME` the strategies run against that server instead
  (e.g. the tiny local model: `uv run --group local-server python -m llama_cpp.server …`).
- town: `smallville simulate` offline, the 25-resident town, `--hours` game hours: the
  groups formed, their mean and largest membership, group lines and the longest group.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cognition import Agent, BrainSpec, MindSettings, load_personas  # noqa: E402
from cognition.group import GroupRules, GroupStrategy  # noqa: E402
from cognition.llm.usage_meter import UsageTally  # noqa: E402
from cognition.testing.fake_openai_server import FakeOpenAIServer  # noqa: E402
from cognition.testing.memory_fake import FakeMemoryStream  # noqa: E402
from game.bridge import SimulationOptions, model_stack, simulate  # noqa: E402
from game.bridge.brains import server_settings  # noqa: E402

START = datetime(2023, 2, 13, 10, 0)


def emit(record: dict[str, Any]) -> None:
    print(json.dumps(record), flush=True)


def spent(before: UsageTally, after: UsageTally) -> dict[str, int]:
    return {
        "calls": after.calls - before.calls,
        "tokens": (after.prompt_tokens + after.completion_tokens)
        - (before.prompt_tokens + before.completion_tokens),
        "fallbacks": after.fallbacks - before.fallbacks,
    }


def one_group(
    base_url: str, strategy: GroupStrategy, members: int, rounds: int, model: str = "fake-model"
) -> dict[str, Any]:
    settings = server_settings(base_url, model, "local-key", max_concurrency=16)
    stack = model_stack(BrainSpec.one_model(settings), 0)
    try:
        personas = load_personas(ROOT / "saves" / "the_ville_n25" / "personas.json")[:members]
        agents = [Agent(p, FakeMemoryStream(p.name), stack.model, MindSettings()) for p in personas]
        for agent in agents:  # what every talk needs first: memories, the summary description
            agent.seed(START)
            agent.summary(START)
        before = stack.meter.snapshot()
        started = time.perf_counter()
        opener, *others = agents
        rules = GroupRules(strategy, max_rounds=rounds)
        talk = opener.talker.converse_in_group([o.talker for o in others], START, rules)
        wall = time.perf_counter() - started
        after = stack.meter.snapshot()
    finally:
        stack.close()
    steps = ("group_line", "group_round", "next_speaker", "group_round_summary", "group_summary")
    by_step = {
        step: spent(before.by_task.get(step, UsageTally()), after.by_task[step])
        for step in steps
        if step in after.by_task
    }
    return {
        "benchmark": "group_strategy_fake_300ms",
        "strategy": strategy.value,
        "members": members,
        "rounds": rounds,
        "wall_s": round(wall, 2),
        "lines": len(talk.lines),
        "group_fallbacks": talk.fallbacks,  # lines or speaker choices that fell back
        **spent(before.total, after.total),
        "by_step": by_step,
    }


def strategies(members: int, rounds: int, base_url: str | None, model: str) -> None:
    if base_url is not None:  # a real server (the tiny local model): its own figures
        for strategy in GroupStrategy:
            line = one_group(base_url, strategy, members, rounds, model)
            emit({**line, "benchmark": "group_strategy_server", "model": model})
        return
    with FakeOpenAIServer(latency_s=0.3) as server:
        for strategy in GroupStrategy:
            emit(one_group(server.base_url, strategy, members, rounds))


def town(hours: float, embedder: str, strategy: str | None) -> None:
    options = SimulationOptions(
        hours=hours, embedder=embedder, record_dir=None, group_strategy=strategy
    )
    report, _ = simulate(options)
    emit(
        {
            "benchmark": "groups_offline_town",
            "hours": hours,
            "wall_s": report["wall_s"],
            "conversations": report["conversations"],
            "llm_calls_per_agent_day": report["llm_calls_per_agent_day"],
            **report["groups"],
        }
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["strategies", "town"])
    parser.add_argument("--members", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--hours", type=float, default=24.0, help="the town's game hours")
    parser.add_argument("--embedder", choices=["minilm", "hashing"], default="minilm")
    parser.add_argument("--strategy", help="the town's group strategy (default: its own)")
    parser.add_argument("--base-url", help="strategies against this server, not the fake one")
    parser.add_argument("--model", default="fake-model", help="the model name at --base-url")
    args = parser.parse_args()
    if args.only in (None, "strategies"):
        strategies(args.members, args.rounds, args.base_url, args.model)
    if args.only in (None, "town"):
        town(args.hours, args.embedder, args.strategy)


if __name__ == "__main__":
    main()

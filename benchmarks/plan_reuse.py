"""Plan reuse across days: model calls per resident-day on days 1, 2, 3 (JSON lines on stdout).

    uv run python benchmarks/plan_reuse.py --embedder hashing
    uv run python benchmarks/plan_reuse.py --embedder hashing --variant "no plan reuse"
    uv run python benchmarks/plan_reuse.py --days 3 --out benchmarks/results/plan_reuse.jsonl
    uv run python benchmarks/plan_reuse.py --embedder hashing --no-day-reuse  # hours only
    uv run python benchmarks/plan_reuse.py --embedder hashing --routine-days 1  # days sooner

The offline brain's lively 25-resident town (as in `benchmarks/calls.py`: conversations,
groups, reflections, the party; every call costed as a model's by `PromptSized`) lives
`--days` game days in lockstep. One line per day: its calls and tokens per resident, its
hour plans (`hour_plan` calls), the hours reused from an earlier day without a call and
the day's reuse rate, the reuse rate over every kind of reuse, and the days, views of
people, memories' ratings, reflections' questions and summary descriptions reused (per
resident); then a summary line with each day's calls as a share of day 1's and the goal
(day 3 ≤ 60 % of day 1), with whether days were reused (`MindSettings.day_reuse`, on by
default) and after how many days planned alike (`routine_days`). With `--out FILE` the
lines are appended there too.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cognition.agent_state import AgentState  # noqa: E402
from cognition.config import LLMSettings  # noqa: E402
from cognition.llm.stack import build_language_model  # noqa: E402
from cognition.offline import OfflineBrain  # noqa: E402
from cognition.settings import MindSettings  # noqa: E402
from cognition.testing.prompt_sized import PromptSized  # noqa: E402
from game.bridge import TownFile, make_embedder  # noqa: E402
from game.bridge.build import mind_settings_for  # noqa: E402
from game.bridge.lockstep import LockstepRunner  # noqa: E402
from game.bridge.town_minds import LivingTown, build_living_town  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from figures import print_line  # noqa: E402

TOWN = "the_ville_n25"
GOAL_DAY3_SHARE = 0.60


def reused_and_asked(state: AgentState) -> tuple[int, int]:
    """A resident's decisions reused without a call and made by one, over every kind of
    reuse: hours, days, views of people, rating batches, reflections' questions and
    summary descriptions."""
    books = (
        (state.hour_book.reused, state.hour_book.planned),
        (state.day_book.reused, state.day_book.planned),
        (state.view_book.reused, state.view_book.asked),
        (state.rating_book.spared, state.rating_book.calls),
        (state.question_book.reused, state.question_book.asked),
        (state.summary_book.reused, state.summary_book.asked),
    )
    return sum(reused for reused, _ in books), sum(asked for _, asked in books)


def tallies(living: LivingTown) -> dict[str, int]:
    """The town's running totals: calls, tokens, hour-plan calls, hours reused and planned,
    and the calls of each step ("calls:<task>")."""
    snapshot = living.stack.meter.snapshot()
    states = [mind.state for mind in living.minds.values()]
    hour_plans = snapshot.by_task.get("hour_plan")
    return {
        "calls": snapshot.total.calls,
        "tokens": snapshot.total.total_tokens,
        "hour_plan_calls": hour_plans.calls if hour_plans is not None else 0,
        "reused": sum(state.hour_book.reused for state in states),
        "planned": sum(state.hour_book.planned for state in states),
        "shifted": sum(state.hour_book.shifted for state in states),
        "days_reused": sum(state.day_book.reused for state in states),
        "views_reused": sum(state.view_book.reused for state in states),
        "ratings_reused": sum(state.rating_book.reused for state in states),
        "questions_reused": sum(state.question_book.reused for state in states),
        "summaries_reused": sum(state.summary_book.reused for state in states),
        # every kind of decision made by a call or reused (a rating batch as one decision)
        "decisions_reused": sum(reused_and_asked(state)[0] for state in states),
        "decisions_asked": sum(reused_and_asked(state)[1] for state in states),
    } | {f"calls:{task}": tally.calls for task, tally in snapshot.by_task.items()}


def day_line(
    day: int, before: dict[str, int], after: dict[str, int], agents: int, wall: float
) -> dict[str, Any]:
    spent = {key: after[key] - before.get(key, 0) for key in after}
    hours = spent["reused"] + spent["planned"]
    decisions = spent["decisions_reused"] + spent["decisions_asked"]
    steps = {k.partition(":")[2]: v for k, v in spent.items() if k.startswith("calls:") and v}
    return {
        "benchmark": "plan_reuse_day",
        "day": day,
        "wall_s": round(wall, 2),
        "calls_per_resident": round(spent["calls"] / agents, 1),
        "tokens_per_resident": round(spent["tokens"] / agents, 1),
        "hour_plan_calls_per_resident": round(spent["hour_plan_calls"] / agents, 1),
        "hours_reused_per_resident": round(spent["reused"] / agents, 1),
        # of those, kept from another time of day (`HourBook.shifted`)
        "hours_reused_from_other_times_per_resident": round(spent["shifted"] / agents, 1),
        "reuse_rate": round(spent["reused"] / hours, 3) if hours else 0.0,
        # over every kind of decision (hours, days, views, rating batches, questions, summaries)
        "reuse_rate_all_kinds": round(spent["decisions_reused"] / decisions, 3)
        if decisions
        else 0.0,
        # other kinds reused without a call (days, views of people, memories' ratings,
        # reflections' questions, summary descriptions)
        "reused_per_resident": {
            kind: round(spent[f"{kind}_reused"] / agents, 2)
            for kind in ("days", "views", "ratings", "questions", "summaries")
        },
        "calls_by_step_per_resident": {
            task: round(count / agents, 1)
            for task, count in sorted(steps.items(), key=lambda item: -item[1])
        },
    }


def run(
    days: int, seed: int, embedder: str, workers: int, mind_settings: MindSettings
) -> list[dict[str, Any]]:
    town_file = TownFile.load(TOWN)
    settings = LLMSettings(offline=True, max_concurrency=workers)
    stack = build_language_model(settings, lambda: PromptSized(OfflineBrain(seed)))
    lines: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="smallville-reuse-") as scratch:
        living = build_living_town(
            town_file,
            stack,
            Path(scratch) / "memory",
            make_embedder(embedder),
            seed=seed,
            workers=workers,
            mind_settings=mind_settings,
        )
        try:
            runner, start = LockstepRunner(living), living.clock.now
            before = tallies(living)
            for day in range(1, days + 1):
                started = time.perf_counter()
                runner.run_until(start + timedelta(days=day))
                after = tallies(living)
                wall = time.perf_counter() - started
                lines.append(day_line(day, before, after, len(living.minds), wall))
                before = after
        finally:
            living.close()
    return lines


def summary(
    lines: list[dict[str, Any]], variant: str | None, settings: MindSettings, load: float
) -> dict[str, Any]:
    first = lines[0]["calls_per_resident"] or 1.0
    shares = {f"day{line['day']}": round(line["calls_per_resident"] / first, 3) for line in lines}
    last = shares.get("day3")
    return {
        "benchmark": "plan_reuse",
        "town": TOWN,
        "variant": variant or "full",
        "day_reuse": settings.plan_reuse and settings.day_reuse,
        "routine_days": settings.routine_days,
        "calls_per_resident_by_day": [line["calls_per_resident"] for line in lines],
        "tokens_per_resident_by_day": [line["tokens_per_resident"] for line in lines],
        "reuse_rate_by_day": [line["reuse_rate"] for line in lines],
        "reuse_rate_all_kinds_by_day": [line["reuse_rate_all_kinds"] for line in lines],
        "calls_share_of_day1": shares,
        "goal_day3_share": GOAL_DAY3_SHARE,
        "within_goal": last is not None and last <= GOAL_DAY3_SHARE,
        "load_average_1min": round(load, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=3, help="game days (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--embedder", choices=["minilm", "hashing"], default="minilm")
    parser.add_argument("--workers", type=int, default=16, help="the town's threads")
    parser.add_argument("--variant", help='an architecture variant, e.g. "no plan reuse"')
    parser.add_argument("--out", type=Path, metavar="FILE", help="append the lines here too")
    parser.add_argument("--label", help="a label put in every line (e.g. before / after)")
    parser.add_argument(
        "--no-day-reuse", action="store_true", help="plan every day by calls (day_reuse off)"
    )
    parser.add_argument(
        "--routine-days", type=int, help="days planned alike before a day is reused (default 2)"
    )
    args = parser.parse_args()
    days = max(1, args.days)
    settings = mind_settings_for(TownFile.load(TOWN), None, args.variant)
    if args.no_day_reuse:
        settings = settings.model_copy(update={"day_reuse": False})
    if args.routine_days is not None:
        settings = settings.model_copy(update={"routine_days": max(1, args.routine_days)})
    lines = run(days, args.seed, args.embedder, args.workers, settings)
    lines.append(summary(lines, args.variant, settings, os.getloadavg()[0]))
    for line in lines:
        print_line(json.dumps({"label": args.label, **line} if args.label else line), args.out)


if __name__ == "__main__":
    main()

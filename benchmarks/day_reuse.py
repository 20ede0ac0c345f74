"""Day reuse against believability over days that reach it (JSON lines on stdout).

    uv run python benchmarks/day_reuse.py                       # 5 seeds, 3 days, 3 variants
    uv run python benchmarks/day_reuse.py --seeds 1 --variants full
    uv run python benchmarks/day_reuse.py --label after --out benchmarks/results/day_reuse.jsonl

The offline brain's 25-resident town (`the_ville_n25`, hashing embeddings) lives `--days`
game days (07:00 to 07:00) in lockstep under each variant (`--variants`, default all three):
`full` (plans, hours, views and days reused: a day is a habit after `routine_days` days),
`no day reuse` (the same, every day planned by calls: what day reuse alone does) and `no
plan reuse` (no reuse of any kind: every day planned by calls). At the start of day
`--news-day` (2) five news items are told to random holders, one of each generated kind
(`cognition.testing.gossip.WORDINGS`: an event, personal news, news of a place, of a shop,
of a town matter) with made-up words found nowhere else; the event is on the day after
(day 3) from 1 to 3 pm at a random public place, hosted by its holder (its host, start and
end as data, as a scenario's event). The news has to travel through days a resident may
relive.

One line per seed, variant and day (`day_reuse_day`): calls per resident, the hour reuse
rate, days and views of people reused per resident, each kind's reach (the share of the
others whose memories carry its word), the relationship density and its change since the
start, the day's talk (lines, share distinct, the most times one line was said); on the
event's day, whether those who knew of it by its start went (sampled at its place during
its span), split by whether their day was reused. Then one line per variant and day with
the mean, min, max and 95 % t-interval of every figure over the seeds
(`day_reuse_summary`), and a last line naming, against each other variant, the figures
where `full`'s mean fell below that variant's interval on a day (`day_reuse_verdict`), with
the load average (the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cognition.config import LLMSettings  # noqa: E402
from cognition.llm.stack import build_language_model  # noqa: E402
from cognition.memory.fields import News  # noqa: E402
from cognition.memory.records import MemoryKind, news_memory  # noqa: E402
from cognition.offline import OfflineBrain  # noqa: E402
from cognition.testing.gossip import KINDS, SYLLABLES, WORDINGS  # noqa: E402
from cognition.testing.prompt_sized import PromptSized  # noqa: E402
from game.bridge import TownFile, make_embedder  # noqa: E402
from game.bridge.build import mind_settings_for  # noqa: E402
from game.bridge.lockstep import LockstepRunner  # noqa: E402
from game.bridge.town_minds import LivingTown, build_living_town  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from day_reuse_measures import (  # noqa: E402
    EventWatch,
    day_figures,
    density,
    event_figures,
    hurt,
    knowers,
    over_seeds,
    talk_lines,
)
from figures import print_line  # noqa: E402
from plan_reuse import tallies  # noqa: E402

TOWN = "the_ville_n25"
# full: every kind of reuse; no day reuse: the same but every day planned by calls
# (`MindSettings.day_reuse` off: what day reuse alone does); no plan reuse: no reuse at all
VARIANTS = ("full", "no day reuse", "no plan reuse")
EVENT_HOURS = (13, 15)  # the event's span on its day
SPAN = "from 1 to 3 pm"
# higher is better: where reuse's mean falls below the no-reuse interval, reuse hurt
BELIEVABILITY = (
    *(f"reach_{kind}" for kind in KINDS),
    "reach_mean",
    "density_change",
    "talk_distinct_share",
    "event_attended_share",
)


def public_places(living: LivingTown) -> list[str]:
    return sorted(
        name for name, sector in living.town.tree.sectors.items() if sector.kind == "public"
    )


def town_news(
    seed: int, names: list[str], places: list[str], event_day: datetime, undated: bool = False
) -> dict[str, tuple[News, str]]:
    """One item of each kind, a random holder each (the event's holder holds nothing else),
    a made-up word (marker) each; the event at a random public place on `event_day`, its
    statement naming the day ("on February 15") or, `undated`, not ("tomorrow"): then only
    its fields tell the day."""
    rng = random.Random(f"day-reuse|{seed}")
    host = rng.choice(names)
    found: dict[str, tuple[News, str]] = {}
    for kind in KINDS:
        holder = host if kind == "event" else rng.choice([n for n in names if n != host])
        marker = "".join(rng.choice(SYLLABLES) for _ in range(3)).capitalize()
        place, day = rng.choice(places), f"{event_day:%B} {event_day.day}"
        statement = rng.choice(WORDINGS[kind]).format(h=holder, m=marker, p=place)
        if kind == "event":
            when = "tomorrow" if undated else f"on {day}"
            statement = f"{holder} is hosting a {marker} afternoon at {place} {when} {SPAN}."
        event = kind == "event"
        news = News(
            item=f"{kind}-day-reuse",
            subject=holder,
            statement=statement,
            kind=kind,
            importance=rng.randint(5, 8),
            name=f"{marker} afternoon" if event else "",
            place=place if event else "",
            day=day if event else "",
            span=SPAN if event else "",
            host=holder if event else "",
            starts=event_day if event else None,
            ends=event_day.replace(hour=EVENT_HOURS[1]) if event else None,
        )
        found[kind] = (news, marker)
    return found


def memory_texts(living: LivingTown) -> dict[str, list[str]]:
    return {name: [r.text for r in mind.memory.all()] for name, mind in living.minds.items()}


def said_lines(living: LivingTown, start: datetime, end: datetime) -> list[str]:
    """The lines said in [start, end), read from the residents' transcripts (`talk_lines`)."""
    return talk_lines(
        (name, r.text, r.created)
        for name, mind in living.minds.items()
        for r in mind.memory.all(MemoryKind.DIALOGUE)
        if start <= r.created < end
    )


def watch_event(
    runner: LockstepRunner, living: LivingTown, news: News, marker: str, starts: datetime
) -> EventWatch:
    """Run to the event's end, noting whose plan for its day was reused (from midnight to
    its start), who knew of it at its start and where everyone stood during it."""
    watch = EventWatch(place=news.place, host=news.subject)
    runner.run_until(starts.replace(hour=0))
    watch.knew_by_midnight = knowers(memory_texts(living), marker, news.subject)
    before = {name: mind.state.day_book.reused for name, mind in living.minds.items()}
    yielded = {name: mind.state.day_book.yielded for name, mind in living.minds.items()}
    runner.run_until(starts)
    watch.reused_day = {
        name for name, mind in living.minds.items() if mind.state.day_book.reused > before[name]
    }
    watch.yielded_day = {
        name for name, mind in living.minds.items() if mind.state.day_book.yielded > yielded[name]
    }
    watch.knew = knowers(memory_texts(living), marker, news.subject)
    tree = living.town.tree

    def sample(town: LivingTown) -> None:
        sectors = {}
        for resident in town.population.residents:
            address = tree.sector_at(resident.tile)
            sectors[resident.name] = address.sector if address is not None else None
        watch.sample(sectors)

    runner.run_until(starts.replace(hour=EVENT_HOURS[1]), observe=sample)
    return watch


def run(
    seed: int, variant: str, days: int, news_day: int, undated: bool = False
) -> list[dict[str, Any]]:
    town_file = TownFile.load(TOWN)
    settings = mind_settings_for(town_file, None, variant if variant == "no plan reuse" else None)
    if variant == "no day reuse":
        settings = settings.model_copy(update={"day_reuse": False})
    stack = build_language_model(
        LLMSettings(offline=True, max_concurrency=16), lambda: PromptSized(OfflineBrain(seed))
    )
    lines: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="smallville-day-reuse-") as scratch:
        living = build_living_town(
            town_file, stack, Path(scratch) / "memory", make_embedder("hashing"),
            seed=seed, workers=16, mind_settings=settings,
        )  # fmt: skip
        try:
            runner, start = LockstepRunner(living), living.clock.now
            runner.run_until(start + timedelta(minutes=1))  # the residents' first memories
            density_start = density(memory_texts(living))
            news: dict[str, tuple[News, str]] = {}
            before = tallies(living)
            for day in range(1, days + 1):
                day_start, started = start + timedelta(days=day - 1), time.perf_counter()
                if day == news_day:
                    event_day = (day_start + timedelta(days=1)).replace(hour=EVENT_HOURS[0])
                    names, places = sorted(living.minds), public_places(living)
                    news = town_news(seed, names, places, event_day, undated)
                    for item, _ in news.values():
                        living.minds[item.subject].memory.add_many([news_memory(item, day_start)])
                watch = None
                if news and day == news_day + 1:
                    item, marker = news["event"]
                    watch = watch_event(runner, living, item, marker, event_day)
                runner.run_until(day_start + timedelta(days=1))
                after = tallies(living)
                spent = {key: after[key] - before.get(key, 0) for key in after}
                markers = {kind: (marker, item.subject) for kind, (item, marker) in news.items()}
                figures = day_figures(
                    day, memory_texts(living), markers,
                    said_lines(living, day_start, day_start + timedelta(days=1)),
                    density_start, spent,
                )  # fmt: skip
                if watch is not None:
                    figures |= event_figures(watch)
                head = {"benchmark": "day_reuse_day", "seed": seed, "variant": variant}
                head |= {"undated": undated}
                wall = {"wall_s": round(time.perf_counter() - started, 1)}
                lines.append(head | figures | wall)
                before = after
        finally:
            living.close()
    return lines


def summaries(lines: list[dict[str, Any]], days: int) -> list[dict[str, Any]]:
    found = []
    for variant in dict.fromkeys(line["variant"] for line in lines):
        for day in range(1, days + 1):
            alike = [line for line in lines if line["variant"] == variant and line["day"] == day]
            timeless = [{k: v for k, v in line.items() if k != "wall_s"} for line in alike]
            figures = over_seeds(timeless)
            figures.pop("day", None)
            found.append(
                {"benchmark": "day_reuse_summary", "variant": variant, "day": day,
                 "seeds": sorted(line["seed"] for line in alike), "figures": figures}
            )  # fmt: skip
    return found


def verdict(
    summary: list[dict[str, Any]], days: int, load: tuple[float, float], undated: bool
) -> dict[str, Any]:
    by = {(line["variant"], line["day"]): line["figures"] for line in summary}
    others = dict.fromkeys(v for v, _ in by if v != "full")
    hurts = {
        other: {
            f"day{day}": hurt(by[("full", day)], by[(other, day)], BELIEVABILITY)
            for day in range(1, days + 1)
            if ("full", day) in by and (other, day) in by
        }
        for other in others
    }
    return {
        "benchmark": "day_reuse_verdict",
        "town": TOWN,
        "embedder": "hashing",
        "undated": undated,
        "reuse_below_no_reuse_interval": hurts,
        "load_average": [round(load[0], 2), round(load[1], 2)],
        "note": "2-core machine shared by 7 engineers",
    }


def kept_lines(files: list[Path], variants: list[str]) -> list[dict[str, Any]]:
    """The day lines of `variants` in earlier runs (their `--out` files, of one event
    wording); a seed's day of a variant in a later file replaces an earlier file's."""
    found: dict[tuple[str, int, int], dict[str, Any]] = {}
    for path in files:
        for text in path.read_text(encoding="utf-8").splitlines():
            line = json.loads(text)
            if line.get("benchmark") == "day_reuse_day" and line["variant"] in variants:
                found[(line["variant"], line["seed"], line["day"])] = line
    return list(found.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument("--news-day", type=int, default=2, help="the day the news is told")
    parser.add_argument("--variants", nargs="+", choices=VARIANTS, default=list(VARIANTS))
    parser.add_argument(
        "--undated",
        action="store_true",
        help='the event told as "tomorrow", its day in its fields only',
    )
    parser.add_argument("--label", help="a label put in every line (e.g. before / after)")
    parser.add_argument("--out", type=Path, metavar="FILE", help="append the lines here too")
    parser.add_argument(
        "--combine",
        type=Path,
        nargs="+",
        metavar="FILE",
        help="no run: summarise the day lines of earlier runs (e.g. before and after) together",
    )
    args = parser.parse_args()
    days = max(args.days, args.news_day + 1)
    load_start = os.getloadavg()[0]
    lines: list[dict[str, Any]] = []
    labelled = {"label": args.label} if args.label else {}
    if args.combine:
        lines = kept_lines(args.combine, args.variants)
    for variant in [] if args.combine else args.variants:
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            for line in run(seed, variant, days, args.news_day, args.undated):
                lines.append(line)
                print_line(json.dumps(line | labelled), args.out)
    summary = summaries(lines, days)
    tail = [*summary, verdict(summary, days, (load_start, os.getloadavg()[0]), args.undated)]
    for line in tail:
        print_line(json.dumps(line | labelled), args.out)


if __name__ == "__main__":
    main()

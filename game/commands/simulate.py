"""`smallville simulate`: a town lived headless in lockstep, with a progress bar, a summary
and a JSON report; `--save` / `--load` save slots.

    smallville simulate --town the_ville_n3 --hours 2 --json report.json
    smallville simulate --town the_ville_n3 --hours 2 --save smoke   # save at the end
    smallville simulate --load smoke --hours 0                       # describe the save

The run itself is `game.bridge.headless.run.simulate` (same seed + offline brain ⇒ same
report). The progress bar goes to stderr, the summary to stdout; a slot that cannot be
loaded or written is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from datetime import datetime
from pathlib import Path
from typing import Any, TypeAlias

from game.commands.answers_flag import add_answers_flag, answers_record, answers_text
from game.commands.brain_flags import BrainFlagError, add_brain_flags, brain_from
from game.commands.exits import leave_now, prompt_ctrl_c
from game.commands.preflight import add_offline_fallback_flag, non_negative, server_down
from game.commands.progress import ProgressBar
from game.commands.route_flags import add_route_flags, routes_from
from game.saves import SaveError
from game.world.clock import format_moment

URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s\"'<>]+")  # a URL inside any text

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_to(subcommands: Subcommands) -> None:
    sim = subcommands.add_parser(
        "simulate", help="run a town headless in lockstep and report what the minds did"
    )
    sim.add_argument("--town", default="the_ville_n25", help="a bundled town or a directory")
    sim.add_argument("--hours", type=non_negative, default=24.0, help="game hours to run")
    add_brain_flags(sim)
    sim.add_argument(
        "--profile",
        metavar="NAME",
        help="how fast would the town run on a server like yours? The offline brain answers "
        "behind a model server's latency and parallel slots: hosted (300 ms, 16 at once), "
        "local-gpu (0.2 s + 40 tokens/s, 4 at once) or local-cpu (the tiny-model server on "
        "2 cores, 1 at once); the report adds game minutes a second and the share of the "
        "server's capacity used. Not with --base-url",
    )
    sim.add_argument(
        "--think-ahead",
        type=float,
        default=0.0,
        metavar="MINUTES",
        help="think each resident's next step this many game minutes before its current "
        "one ends (it applies on time; more calls in flight on a slow server; default 0: "
        "at its moment, as in the paper)",
    )
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--step-minutes", type=float, default=1.0, help="game minutes per step")
    sim.add_argument("--workers", type=int, default=16, help="thinking threads")
    sim.add_argument("--max-concurrency", type=int, default=16, help="model calls at once")
    sim.add_argument(
        "--timeout",
        type=float,
        help="seconds a model call may take (default: 180 for a "
        "server on this machine or network, 60 otherwise)",
    )
    sim.add_argument(
        "--output-mode",
        metavar="RUNG",
        help="the structured-output rung to start at: json_schema, json_object_schema, "
        "json_object or text (default: json_schema, stepping down as the server refuses)",
    )
    sim.add_argument("--embedder", choices=["minilm", "hashing"], default="minilm")
    sim.add_argument(
        "--group-strategy",
        metavar="STRATEGY",
        help="who speaks next in group conversations: one-by-one, simultaneous-talk, "
        "simultaneous-talk-with-summarizer, manager, round-robin, random, manual (no player: "
        "the manager picks), or off for pairs only (default: the town's setting, else "
        "one-by-one)",
    )
    sim.add_argument(
        "--variant",
        choices=["full", "no reflection", "no planning", "no reaction", "no plan reuse"],
        help="an architecture variant: the mind with one mechanism off (default: full)",
    )
    sim.add_argument("--data-dir", type=Path, help="keep the memory store here (default: temp)")
    sim.add_argument(
        "--chroma-url",
        metavar="URL",
        help="keep the memories on a Chroma server (`chroma run --path DIR --port 8000`), "
        "e.g. http://127.0.0.1:8000; each run gets a database of its own. If the server goes "
        "away mid-run, the run waits up to --memory-wait seconds for it",
    )
    sim.add_argument(
        "--memory-wait",
        type=float,
        default=300.0,
        metavar="SECONDS",
        help="with --chroma-url: how long a run waits for a memory server that went away",
    )
    sim.add_argument("--json", type=Path, help="write the report as JSON")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.add_argument("--save", metavar="SLOT", help="save the town in this slot at the end")
    sim.add_argument(
        "--load",
        metavar="SLOT",
        help="start from this save: its town, seed and memories (--hours 0: describe it, stop)",
    )
    sim.add_argument(
        "--previous", action="store_true", help="with --load: the save before the slot's last"
    )
    sim.add_argument("--saves-dir", type=Path, help="where the slots are (default: user data)")
    add_route_flags(sim)
    add_offline_fallback_flag(sim)
    record = sim.add_mutually_exclusive_group()
    record.add_argument(
        "--record",
        type=Path,
        metavar="DIR",
        help="write the run record (SQLite: the town's history) into DIR "
        "(default: the records folder in the user data directory; see `smallville runs`)",
    )
    record.add_argument("--no-record", action="store_true", help="write no run record")
    add_answers_flag(sim)
    sim.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """The summary on stdout; exit 2 when a save cannot be used."""
    # lazy: the minds (cognition, numpy, the model client) cost ~0.4 s to import (measured
    # with -X importtime); `smallville --help`, `saves` and `map-check` need none of it
    from game.bridge import (
        LivingTown,
        MemoryServerGone,
        SimulationOptions,
        model_settings,
        settings_problem,
        simulate,
    )
    from game.records import RecordError, records_folder
    from game.town_files import TownFileError

    try:
        brain = brain_from(args)
    except BrainFlagError as error:
        raise SystemExit(str(error)) from None
    if args.previous and args.load is None:
        raise SystemExit("--previous needs --load SLOT")
    options = SimulationOptions(
        town=args.town,
        hours=args.hours,
        seed=args.seed,
        step_minutes=args.step_minutes,
        **brain.option_fields(),
        max_concurrency=args.max_concurrency,
        timeout_s=args.timeout,
        output_mode=args.output_mode,
        workers=args.workers,
        data_dir=args.data_dir,
        embedder=args.embedder,
        save=args.save,
        load=args.load,
        previous=args.previous,
        saves_dir=args.saves_dir,
        record_dir=None if args.no_record else (args.record or records_folder()),
        group_strategy=args.group_strategy,
        variant=args.variant,
        chroma_url=args.chroma_url,
        memory_wait_seconds=args.memory_wait,
        profile=args.profile,
        think_ahead_minutes=args.think_ahead,
    )
    if args.answers_from is not None:
        options.answers_from = answers_record(args)
        if options.answers_from is None:
            return 2
    problem = settings_problem(options)
    if problem is not None:
        print(f"smallville: {problem}", file=sys.stderr)
        return 2
    options.routes = routes_from(args, model_settings(options), options.max_concurrency)
    if options.routes is not None and options.profile is not None:
        print("smallville: --profile runs the offline brain; not with routes", file=sys.stderr)
        return 2
    if options.routes is not None and options.answers_from is not None:
        print(
            "smallville: --answers-from answers from the record: not with routes", file=sys.stderr
        )
        return 2
    try:
        if not args.no_endpoint_check and server_down(options, args.offline_fallback):
            return 2
    except KeyboardInterrupt:  # Ctrl-C while the server is being tried: nothing ran yet
        print("\nsmallville: interrupted before the town started", file=sys.stderr)
        return 130
    bar = ProgressBar(options.hours * 60) if options.hours and not args.quiet else None

    def show_progress(town: LivingTown) -> None:
        if bar is not None:
            usage = town.stack.meter.snapshot().total
            bar.draw(town.clock.now, usage.calls, usage.total_tokens)

    try:
        with prompt_ctrl_c():
            report, _ = simulate(options, observe=show_progress)
    except KeyboardInterrupt:
        print("\nsmallville: interrupted", file=sys.stderr)
        leave_now()
    except SaveError as error:
        print(f"smallville: {one_line(error)}", file=sys.stderr)
        return 2
    except TownFileError as error:
        print(f"smallville: --town: {' '.join(str(error).split())}", file=sys.stderr)
        return 2
    except MemoryServerGone as error:
        print(f"smallville: --chroma-url: {error}", file=sys.stderr)
        return 2
    except RecordError as error:  # only --answers-from reads a record
        print(f"smallville: --answers-from: {error}", file=sys.stderr)
        return 2
    if bar is not None:
        bar.finish()
    if options.load is not None and options.hours == 0:
        print(town_text(report["town"]))
    else:
        print(summary_text(report))
    if report.get("saved"):
        print(f"saved as {report['saved']!r} in {options.slots().root}")
    if report.get("record"):
        print(f"recorded in {report['record']}")
    if report.get("answers_from"):
        print(answers_text(report["answers_from"]), file=sys.stderr)
    if report.get("record_problem"):
        problem = report["record_problem"]
        said = f"the run record is incomplete: {problem}" if report.get("record") else problem
        print(said, file=sys.stderr)
    if args.json is not None:
        write_json_report(args.json, report)
    if report.get("interrupted"):
        print("smallville: interrupted; the report covers what was played", file=sys.stderr)
        leave_now()
    if report.get("save_problem"):
        print(f"smallville: {report['save_problem']}", file=sys.stderr)
        return 2
    return 0


def write_json_report(path: Path, report: dict[str, Any]) -> None:
    """The report as JSON in `path`, readable by the player alone (0600), with every URL in
    it shown without credentials (`public_url`): a key never reaches the file."""
    # lazy: the bridge imports the minds
    from game.bridge import public_url

    def redacted(value: Any) -> Any:
        if isinstance(value, str):
            return URL.sub(lambda found: public_url(found.group()) or "", value)
        if isinstance(value, dict):
            return {key: redacted(item) for key, item in value.items()}
        if isinstance(value, list | tuple):
            return [redacted(item) for item in value]
        return value

    text = json.dumps(redacted(report), indent=2) + "\n"
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with open(descriptor, "w", encoding="utf-8") as stream:
        stream.write(text)
    if os.name != "nt":  # an older file keeps its mode through O_TRUNC
        os.chmod(path, 0o600)


def town_text(town: dict[str, Any]) -> str:
    source = f" (loaded from {town['loaded_from']!r})" if town.get("loaded_from") else ""
    when = datetime.fromisoformat(town["game_time"])
    lines = [f"{town['town']}{source}: {format_moment(when)}, {len(town['residents'])} residents"]
    lines += [f"  {name}: {count} memories" for name, count in town["residents"].items()]
    return "\n".join(lines)


def summary_text(report: dict[str, Any]) -> str:
    lines = [
        f"{report['agents']} residents, {report['game_hours']} game hours in {report['wall_s']} s",
        f"model calls: {report['llm_calls']} "
        f"({report['llm_calls_per_agent_day']} per resident per game day, "
        f"{report['tokens_per_agent_day']} tokens)",
        f"fallbacks: {report['fallbacks']}, errors: {report['errors']}",
        f"memories: {report['memories']}, reflections: {report['reflections']}, "
        f"plans: {report['plans']}, conversations: {report['conversations']}",
        f"distinct places visited: {report['distinct_places_visited']}",
    ]
    if report.get("server_profile"):
        lines.append(profile_text(report["server_profile"]))
    reuse = report.get("plan_reuse")
    if reuse and (reuse["hours_reused"] or reuse["hours_planned"]):
        lines.append(
            f"hours planned by a call: {reuse['hours_planned']}, reused from an earlier day: "
            f"{reuse['hours_reused']} ({reuse['rate']:.0%})"
        )
    groups = report.get("groups")
    if groups and groups.get("formed"):
        lines.append(
            f"group conversations ({groups['strategy']}): {groups['formed']} formed, "
            f"{groups['mean_members']} members on average, the largest {groups['largest']}; "
            f"{groups['lines']} lines, the longest {groups['longest_lines']}"
        )
    if report.get("breaker_trips"):
        standby = ", ".join(report.get("steps_on_standby") or []) or "none now"
        lines.append(
            f"steps the model kept failing, answered by the offline brain for a while: "
            f"{report['breaker_trips']} trip(s); on standby at the end: {standby}"
        )
    structured = report.get("structured_output")
    if structured:
        lines.append(structured_text(structured))
    if report.get("routes"):
        lines += routes_text(report["routes"])
    if report.get("message"):
        lines.append(str(report["message"]))
    return "\n".join(lines)


def profile_text(profile: dict[str, Any]) -> str:
    """The server profile's line: speed, calls in flight, and the share of what it can
    serve that the town used."""
    limit = profile["throughput_limit_calls_per_s"]
    share = profile["share_of_limit"]
    capacity = (
        f"it can serve {limit:.2f} calls/s of these; the town used {share:.0%} of that"
        if limit and share is not None
        else "no calls"
    )
    return (
        f"on a {profile['name']} server ({profile['slots']} at once): "
        f"{profile['game_minutes_per_s']:.2f} game minutes a second, "
        f"{profile['calls_per_game_minute']:.2f} calls a game minute, calls in flight "
        f"{profile['calls_in_flight_mean']:.1f} on average and {profile['calls_in_flight_max']} "
        f"at most; {capacity}"
    )


def routes_text(routes: dict[str, Any]) -> list[str]:
    """The meter per route: one line per endpoint, then per step (calls, tokens, p50/p95,
    cost, rerouted)."""
    lines = [f"labor pool ({routes['pool']['name']}):"]
    for kind in ("by_endpoint", "by_step"):
        for name, f in routes[kind].items():
            p50 = "-" if f["p50_ms"] is None else f"{f['p50_ms']:.0f}"
            p95 = "-" if f["p95_ms"] is None else f"{f['p95_ms']:.0f}"
            extra = f", {f['rerouted']} rerouted" if f["rerouted"] else ""
            extra += f", {f['fallbacks']} fallbacks" if f["fallbacks"] else ""
            cost = f", ${f['cost_usd']:.4f}" if f["cost_usd"] else ""
            lines.append(
                f"  {'endpoint' if kind == 'by_endpoint' else 'step':8} {name:12} "
                f"{f['calls']:6} calls {f['prompt_tokens'] + f['completion_tokens']:9} tokens "
                f"p50 {p50} ms p95 {p95} ms{cost}{extra}"
            )
    if routes.get("cascade"):
        lines.append(cascade_text(routes["cascade"]))
    down = [n for n, h in routes["health"].items() if not h["up"]]
    if down:
        lines.append(f"  down at the end: {', '.join(down)}")
    for problem in routes["pool"]["problems"]:
        lines.append(f"  settings: {problem}")
    return lines


def cascade_text(cascade: dict[str, Any]) -> str:
    """The cascade's decisions in one line: kept small, escalated, sent large as hard."""
    return (
        f"  cascade: {cascade['small']} calls kept on the small model, {cascade['escalated']} "
        f"escalated to the large one (answer unusable), {cascade['hard']} sent large as hard "
        f"({', '.join(cascade['hard_steps'])} and talk with the player)"
    )


def structured_text(structured: dict[str, Any]) -> str:
    """The output ladder's rung, and how many answers were usable (the worst steps named)."""
    rates = []
    answers = usable = 0
    for step, rungs in structured["steps"].items():
        step_answers = sum(counts["answers"] for counts in rungs.values())
        step_usable = sum(counts["usable"] for counts in rungs.values())
        answers, usable = answers + step_answers, usable + step_usable
        if step_answers:
            rates.append((step_usable / step_answers, step))
    if structured["rung"] is None or not answers:
        return "structured output: none (no model server answered)"
    line = f"structured output: {structured['rung']}"
    worst = ", ".join(f"{step} {rate:.0%}" for rate, step in sorted(rates)[:3] if rate < 1)
    line += f"; usable answers {usable}/{answers} ({usable / answers:.0%})"
    return line + (f"; least usable: {worst}" if worst else "")


def one_line(error: SaveError) -> str:
    """A save error on one line (schema problems are listed on lines of their own)."""
    first, *rest = [line.strip() for line in str(error).splitlines() if line.strip()]
    return " ".join([first, "; ".join(rest)]) if rest else first

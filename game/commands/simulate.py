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
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from game.commands.answers_flag import add_answers_flag, answers_record, answers_text
from game.commands.brain_flags import BrainFlagError, add_brain_flags, brain_from
from game.commands.exits import leave_now, prompt_ctrl_c
from game.commands.preflight import add_offline_fallback_flag, non_negative, server_down
from game.commands.progress import ProgressBar
from game.commands.route_flags import add_route_flags, routes_from
from game.commands.simulate_text import summary_text, town_text
from game.saves import SaveError

if TYPE_CHECKING:
    # lazy: the bridge imports the minds (~0.4 s); `run` imports them when a run starts
    from game.bridge import SimulationOptions

URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s\"'<>]+")  # a URL inside any text

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_to(subcommands: Subcommands) -> None:
    sim = subcommands.add_parser(
        "simulate", help="run a town headless in lockstep and report what the minds did"
    )
    sim.add_argument("--town", default="the_ville_n25", help="a bundled town or a directory")
    sim.add_argument("--hours", type=non_negative, default=24.0, help="game hours to run")
    add_brain_flags(sim)
    _add_pace_flags(sim)
    _add_mind_flags(sim)
    _add_memory_flags(sim)
    _add_report_and_save_flags(sim)
    add_route_flags(sim)
    add_offline_fallback_flag(sim)
    _add_record_flags(sim)
    add_answers_flag(sim)
    sim.set_defaults(handler=run)


def _add_pace_flags(sim: argparse.ArgumentParser) -> None:
    """How fast the run goes: the server profile, thinking ahead, the seed, the step, the
    threads and calls at once, a call's timeout."""
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
    sim.add_argument(
        "--think-ahead-idle",
        type=float,
        default=0.0,
        metavar="MINUTES",
        help="while the server has free slots, think the next steps due up to this many game "
        "minutes ahead too, earliest first (default 0: off)",
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


def _add_mind_flags(sim: argparse.ArgumentParser) -> None:
    """How the minds think: the output rung, the embedder, group talk, the variant."""
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
        choices=[
            "full",
            "no reflection",
            "no planning",
            "no reaction",
            "no plan reuse",
            "one line per call",
        ],
        help="an architecture variant: the mind with one mechanism off (default: full)",
    )


def _add_memory_flags(sim: argparse.ArgumentParser) -> None:
    """Where the memories live: a folder, or a Chroma server and how long to wait for it."""
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


def _add_report_and_save_flags(sim: argparse.ArgumentParser) -> None:
    """The JSON report, the progress bar, and the save slots (save, load, previous)."""
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


def _add_record_flags(sim: argparse.ArgumentParser) -> None:
    """--record DIR or --no-record."""
    record = sim.add_mutually_exclusive_group()
    record.add_argument(
        "--record",
        type=Path,
        metavar="DIR",
        help="write the run record (SQLite: the town's history) into DIR "
        "(default: the records folder in the user data directory; see `smallville runs`)",
    )
    record.add_argument("--no-record", action="store_true", help="write no run record")


def run(args: argparse.Namespace) -> int:
    """The summary on stdout; exit 2 when a save cannot be used."""
    # lazy: the minds (cognition, numpy, the model client) cost ~0.4 s to import (measured
    # with -X importtime); `smallville --help`, `saves` and `map-check` need none of it
    from game.bridge import model_settings, settings_problem

    try:
        brain = brain_from(args)
    except BrainFlagError as error:
        raise SystemExit(str(error)) from None
    if args.previous and args.load is None:
        raise SystemExit("--previous needs --load SLOT")
    options = options_from(args, brain.option_fields())
    if args.answers_from is not None:
        options.answers_from = answers_record(args)
        if options.answers_from is None:
            return 2
    problem = settings_problem(options)
    if problem is not None:
        print(f"smallville: {problem}", file=sys.stderr)
        return 2
    options.routes = routes_from(args, model_settings(options), options.max_concurrency)
    problem = _routes_problem(options)
    if problem is not None:
        print(f"smallville: {problem}", file=sys.stderr)
        return 2
    try:
        if not args.no_endpoint_check and server_down(options, args.offline_fallback):
            return 2
    except KeyboardInterrupt:  # Ctrl-C while the server is being tried: nothing ran yet
        print("\nsmallville: interrupted before the town started", file=sys.stderr)
        return 130
    report = _simulate(options, quiet=args.quiet)
    if report is None:
        return 2
    return _print_report(args, options, report)


def options_from(args: argparse.Namespace, brain_fields: dict[str, Any]) -> SimulationOptions:
    """The run's options from the flags (`brain_fields`: the brain flags' share)."""
    # lazy: the bridge imports the minds (see `run`)
    from game.bridge import SimulationOptions
    from game.records import records_folder

    return SimulationOptions(
        town=args.town,
        hours=args.hours,
        seed=args.seed,
        step_minutes=args.step_minutes,
        **brain_fields,
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
        think_ahead_idle_minutes=args.think_ahead_idle,
    )


def _routes_problem(options: SimulationOptions) -> str | None:
    """What routes cannot go with (the server profile, answers from a record), or None."""
    if options.routes is not None and options.profile is not None:
        return "--profile runs the offline brain; not with routes"
    if options.routes is not None and options.answers_from is not None:
        return "--answers-from answers from the record: not with routes"
    return None


def _simulate(options: SimulationOptions, *, quiet: bool) -> dict[str, Any] | None:
    """The run's report, with the progress bar on stderr; None (said in one line) when a
    save, the town, the memory server or the answers' record cannot be used. Ctrl-C ends
    the process at once."""
    # lazy: the bridge imports the minds (see `run`)
    from game.bridge import LivingTown, MemoryServerGone, simulate
    from game.records import RecordError
    from game.town_files import TownFileError

    bar = ProgressBar(options.hours * 60) if options.hours and not quiet else None

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
        return None
    except TownFileError as error:
        print(f"smallville: --town: {' '.join(str(error).split())}", file=sys.stderr)
        return None
    except MemoryServerGone as error:
        print(f"smallville: --chroma-url: {error}", file=sys.stderr)
        return None
    except RecordError as error:  # only --answers-from reads a record
        print(f"smallville: --answers-from: {error}", file=sys.stderr)
        return None
    if bar is not None:
        bar.finish()
    return report


def _print_report(
    args: argparse.Namespace, options: SimulationOptions, report: dict[str, Any]
) -> int:
    """The summary (or the loaded save described), where it was saved and recorded, the
    JSON report; 2 when the save at the end failed."""
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
    if report.get("memory_lost"):
        when = str(report.get("town", {}).get("game_time", "?")).replace("T", " ")[:16]
        print(f"smallville: the run stopped at {when}: {report['memory_lost']}", file=sys.stderr)
    if report.get("save_problem"):
        print(f"smallville: {report['save_problem']}", file=sys.stderr)
        return 2
    return 1 if report.get("memory_lost") else 0


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


def one_line(error: SaveError) -> str:
    """A save error on one line (schema problems are listed on lines of their own)."""
    first, *rest = [line.strip() for line in str(error).splitlines() if line.strip()]
    return " ".join([first, "; ".join(rest)]) if rest else first

"""`smallville evaluate`: the paper's end-to-end measures on a town — the town run headless
with a run record, then information diffusion, relationship density and coordination around
the party, beside the paper's figures, in a report (evaluation.json, report.md, PNG plots).

    smallville evaluate                                   # 25 residents, Feb 13 7 am → Feb 15
    smallville evaluate --town the_ville_n3 --hours 4 --out eval-n3
    smallville evaluate --base-url http://localhost:11434/v1 --model llama3.2
    smallville evaluate --town the_ville_n3 --seeds 4 --workers 2    # 4 towns, 2 at once
    smallville evaluate --seeds 8 --cluster ray://127.0.0.1:10001    # as Ray tasks

Run again with the same --out, town, seed, hours and brain, it measures the finished run's
record again instead of simulating anew (`--fresh` simulates anyway). Progress lines go to
stderr, the summary to stdout; an unknown town, a bad scenario.json or bad model settings
are one line on stderr and exit status 2.

Many towns (`--seeds N`, `--matrix FILE`) run `--workers` at once — local worker processes,
or Ray tasks with `--cluster` — and gather into one report (`game/evaluation/towns.py`); a
failed town is reported and the rest go on (exit status 1 at the end); a re-run skips the
towns already done. `--threads` is the thinking threads inside each town (`--workers` meant
that before there were many towns).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from game.commands.brain_flags import BrainFlagError, add_brain_flags, brain_from
from game.commands.evaluate_output import ProgressBar, fail, interrupted_line
from game.commands.evaluate_summary import summary_text
from game.commands.evaluate_towns import run_matrix, run_seeds
from game.commands.exits import leave_now, prompt_ctrl_c
from game.commands.route_flags import add_route_flags, routes_from, routes_wanted

if TYPE_CHECKING:
    # lazy: typing only — the evaluation imports the minds (~0.4 s) and matplotlib (~1 s)
    from game.evaluation import EvaluationOptions

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_to(subcommands: Subcommands) -> None:
    command = subcommands.add_parser(
        "evaluate",
        help="run a town and measure it as the paper did: news diffusion, relationships, "
        "the party (a report beside the paper's figures)",
    )
    _add_town_flags(command)
    add_brain_flags(command)
    _add_simulation_flags(command)
    _add_interview_flags(command)
    _add_panel_flags(command)
    _add_memory_and_talk_flags(command)
    command.add_argument("--quiet", action="store_true", help="no progress lines")
    add_route_flags(command)
    _add_many_towns_flags(command)
    command.set_defaults(handler=run)


def _add_town_flags(command: argparse.ArgumentParser) -> None:
    """Which town, how long, which seed, and where the report goes."""
    command.add_argument("--town", default="the_ville_n25", help="a bundled town or a folder")
    command.add_argument(
        "--hours",
        type=float,
        help="game hours to run (default: from the town's start to its scenario's run_until, "
        "for the bundled towns the end of Feb 14)",
    )
    command.add_argument(
        "--seed", type=int, default=0, help="the town's seed (with --seeds N, the first)"
    )
    command.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="the report's folder (default: evaluations/<town>-seed<N>-<hours>h in the "
        "user data directory)",
    )


def _add_simulation_flags(command: argparse.ArgumentParser) -> None:
    """How the town is simulated: the embedder, threads, afresh, with or without a control."""
    command.add_argument("--embedder", choices=["minilm", "hashing"], default="minilm")
    command.add_argument(
        "--threads", type=int, default=16, help="thinking threads per town (default 16)"
    )
    command.add_argument(
        "--fresh", action="store_true", help="simulate again even if --out holds a finished run"
    )
    command.add_argument(
        "--no-control",
        action="store_true",
        help="skip the control run (the same town and seed with no news seeded), which gives "
        "each measure its baseline at the cost of a second simulation and end interview",
    )


def _add_interview_flags(command: argparse.ArgumentParser) -> None:
    """The interviews at the end: the questions and the conditions they are asked under."""
    command.add_argument(
        "--questions",
        type=Path,
        metavar="DIR",
        help="a folder of question files (default: the paper's 25 questions, "
        "game/evaluation/questions)",
    )
    command.add_argument(
        "--conditions",
        help="the conditions to interview under, separated by '|' (default: all four: "
        "full|no reflection|no reflection, no planning|no observation, no reflection, "
        "no planning)",
    )


def _add_panel_flags(command: argparse.ArgumentParser) -> None:
    """The judge panel: how its referees talk and judge, how much, who, and the budget."""
    command.add_argument(
        "--panel",
        default="one-by-one",
        choices=[
            "one-by-one",
            "simultaneous-talk",
            "simultaneous-talk-with-summarizer",
            "single-judge",
        ],
        help="how the judge panel's referees talk (ChatEval's strategies)",
    )
    command.add_argument(
        "--panel-judging",
        default="pairwise",
        choices=["pairwise", "scores"],
        help="referees pick the more believable answer, or score both per criterion (1-10)",
    )
    command.add_argument(
        "--same-role-ablation",
        action="store_true",
        help="judge the pairs again with every referee in the first referee's role",
    )
    command.add_argument("--panel-rounds", type=int, default=2, help="rounds of the debate")
    command.add_argument(
        "--panel-pairs",
        type=int,
        default=100,
        help="pairs of answers the panel judges, a sample fixed by the seed (0: none; default 100)",
    )
    command.add_argument("--referees", type=Path, metavar="FILE", help="a referees JSON file")
    command.add_argument(
        "--budget",
        type=int,
        metavar="CALLS",
        help="the most model calls the evaluation may make: refused before it starts when "
        "the estimate is over, and the panel stops when it is reached",
    )


def _add_memory_and_talk_flags(command: argparse.ArgumentParser) -> None:
    """Where each town's memories live, and who speaks next in group talks."""
    command.add_argument(
        "--chroma-url",
        metavar="URL",
        help="keep each town's memories on this Chroma server (`chroma run`), one database a "
        "town, e.g. http://127.0.0.1:8000 (default: in each town's process)",
    )
    command.add_argument(
        "--group-strategy",
        metavar="STRATEGY",
        help="who speaks next in group talks, as `simulate --group-strategy` takes it: "
        "one-by-one, simultaneous-talk, simultaneous-talk-with-summarizer, manager, "
        "round-robin, random, manual (no player: the manager picks), or off (default: the "
        "town's setting)",
    )


def _add_many_towns_flags(command: argparse.ArgumentParser) -> None:
    """Many towns: a matrix of variants × presets or N seeds, how many at once, where."""
    command.add_argument(
        "--matrix",
        type=Path,
        metavar="FILE",
        help="run every architecture variant × route preset the file lists (.toml or .json) "
        "and write one table with a plot (matrix.md, matrix.json, matrix.png in --out)",
    )
    command.add_argument(
        "--seeds",
        type=int,
        metavar="N",
        help="evaluate the town under N seeds (--seed, --seed+1, …), each in <out>/seed-K, "
        "and write one report of them all (seeds.md, seeds.json, seeds.png)",
    )
    command.add_argument(
        "--workers",
        type=int,
        metavar="K",
        help="towns at once with --seeds or --matrix (default: one per core, at most one per "
        "town; on --cluster, the cluster's CPUs); 1 runs them one by one in this process",
    )
    command.add_argument(
        "--cluster",
        metavar="ray://HOST:PORT",
        help="run the towns of --seeds or --matrix as Ray tasks on the cluster whose Ray "
        "client server listens there (needs the extra: uv run --extra cluster …)",
    )


# what the report's plots need; build.spec leaves them out of the packaged game
PLOTTING = ("matplotlib", "networkx")


def run(args: argparse.Namespace) -> int:
    try:
        # lazy: the evaluation imports the minds (~0.4 s, measured with -X importtime) and
        # matplotlib with networkx (~1.5 s), which `smallville --help` and the others skip
        # (imported here to say so in one line when the plotting is missing)
        import game.evaluation.interrupted  # noqa: F401
    except ModuleNotFoundError as missing:  # the packaged app leaves the plotting out
        if missing.name not in PLOTTING:
            raise
        return fail(
            f"smallville evaluate needs {missing.name}, which the packaged app leaves out: "
            "run it from a source checkout (uv run smallville evaluate)"
        )

    try:
        brain = brain_from(args)
    except BrainFlagError as error:
        return fail(str(error))
    if (problem := towns_problem(args)) is not None:
        return fail(problem)
    if args.matrix is not None:
        return _matrix(args)
    options = options_from(args, brain.option_fields())
    if routes_wanted(args) and (problem := _add_routes(args, options)) is not None:
        return fail(problem)
    options.controls = not args.no_control
    if args.conditions:
        options.conditions = tuple(c.strip() for c in args.conditions.split("|") if c.strip())
    if args.seeds is not None:
        return run_seeds(args, options)
    return _evaluate_one(options, quiet=args.quiet)


def _matrix(args: argparse.Namespace) -> int:
    """`--matrix FILE`: every variant × preset it lists (it names its own routes)."""
    if routes_wanted(args):
        return fail("--matrix names its own routes: drop --routes, --preset, --endpoint, --route")
    if args.group_strategy is not None:
        return fail("--group-strategy is for one town or --seeds, not --matrix: drop it")
    return run_matrix(args)


def options_from(args: argparse.Namespace, brain_fields: dict[str, Any]) -> EvaluationOptions:
    """The evaluation's options from the flags (`brain_fields`: the brain flags' share)."""
    # lazy: loaded with the evaluation in `run`
    from game.evaluation import EvaluationOptions

    return EvaluationOptions(
        town=args.town,
        hours=args.hours,
        seed=args.seed,
        out_dir=args.out,
        **brain_fields,
        embedder=args.embedder,
        workers=args.threads,
        fresh=args.fresh,
        questions_dir=args.questions,
        panel_strategy=args.panel,
        panel_rounds=args.panel_rounds,
        panel_pairs=args.panel_pairs,
        panel_judging=args.panel_judging,
        same_role_ablation=args.same_role_ablation,
        referees_file=args.referees,
        budget=args.budget,
        chroma_url=args.chroma_url,
        group_strategy=args.group_strategy,
    )


def _add_routes(args: argparse.Namespace, options: EvaluationOptions) -> str | None:
    """The labor pool's routes from the flags into `options`; what is wrong, or None."""
    # lazy: loaded with the evaluation in `run`
    from game.bridge import server_settings

    try:
        base = server_settings(args.base_url, args.model, options.api_key)
    except ValueError as error:  # ConfigError: the environment holds a bad value
        return " ".join(str(error).split())
    options.routes = routes_from(args, base, max_concurrency=16)
    return None


def _evaluate_one(options: EvaluationOptions, *, quiet: bool) -> int:
    """One town evaluated with the progress bar; its summary on stdout. Ctrl-C writes
    interrupted.json and ends the process within seconds."""
    # lazy: loaded with the evaluation in `run`
    from game.evaluation import EvaluationError, Progress, evaluate
    from game.evaluation.interrupted import EvaluationState, write_interrupted

    bar = ProgressBar(sys.stderr, quiet=quiet)
    state = EvaluationState(out_dir=options.out_dir)
    try:
        with prompt_ctrl_c(
            on_interrupt=lambda: interrupted_line(write_interrupted(state), state.out_dir)
        ):
            result = evaluate(options, Progress(bar.line, bar.advance), state)
    except EvaluationError as error:
        return fail(str(error))
    except KeyboardInterrupt:  # the run record (if any) is closed; calls in flight abandoned
        bar.finish()
        again = write_interrupted(state)  # again: with the record, when the run made one
        print(interrupted_line(again, state.out_dir), file=sys.stderr)
        leave_now()
    finally:
        bar.finish()
    print(summary_text(result))
    return 0


def towns_problem(args: argparse.Namespace) -> str | None:
    """Why the flags of many towns do not fit together; None when they do."""
    many = args.seeds is not None or args.matrix is not None
    if args.seeds is not None and args.matrix is not None:
        return "choose --seeds or --matrix, not both (a matrix file names its own seed)"
    if args.seeds is not None and args.seeds < 1:
        return f"--seeds must be 1 or more (not {args.seeds})"
    if args.workers is not None and not many:
        return (
            "--workers is how many towns run at once, with --seeds N or --matrix FILE; "
            "the thinking threads inside a town are now --threads"
        )
    if args.cluster is not None and not many:
        return "--cluster runs many towns: add --seeds N or --matrix FILE"
    return None

"""`smallville evaluate --seeds N` and `--matrix FILE`: many towns, `--workers` at once, then
one report (`game/evaluation/seeds.py`, `matrix.py`). The seeds' table is rewritten as each
town ends, as the matrix's is. Ctrl-C ends the command within seconds (`prompt_ctrl_c`): the
worker processes are stopped, `interrupted.json` in the out folder lists the towns that
ended, and the tables hold them; the same command goes on from there.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from game.commands.evaluate_output import ProgressBar, fail, interrupted_line
from game.commands.exits import INTERRUPTED, leave_now, prompt_ctrl_c

if TYPE_CHECKING:
    # lazy: typing only — the evaluation imports the minds and matplotlib
    from game.evaluation import EvaluationOptions
    from game.evaluation.interrupted import EvaluationState
    from game.evaluation.towns import TownOutcome

__all__ = ["run_matrix", "run_seeds"]


def run_seeds(args: argparse.Namespace, options: EvaluationOptions) -> int:
    """`--seeds N`: the town under N seeds, `--workers` at once, then one report."""
    # lazy: with the evaluation (the minds, matplotlib)
    from game.evaluation import EvaluationError
    from game.evaluation.executors import open_executor
    from game.evaluation.interrupted import EvaluationState
    from game.evaluation.seeds import seed_jobs, seeds_folder, seeds_text, write_seeds_report
    from game.evaluation.towns import run_towns

    seeds = list(range(args.seed, args.seed + args.seeds))
    bar = ProgressBar(sys.stderr, quiet=args.quiet)
    state = EvaluationState(out_dir=args.out)
    ended: dict[int, TownOutcome] = {}
    try:
        with prompt_ctrl_c(on_interrupt=lambda: _note(state)):
            out = state.out_dir = args.out or seeds_folder(options, seeds)
            jobs = seed_jobs(options, seeds, out)
            executor = open_executor(args.workers, args.cluster, len(jobs))
            by_name = {job.name: seed for job, seed in zip(jobs, seeds, strict=True)}

            def finished(outcome: TownOutcome) -> None:  # the table so far, as each town ends
                ended[by_name[outcome.name]] = outcome
                state.town_ended(outcome)
                done = sorted(ended)
                write_seeds_report(done, [ended[seed] for seed in done], out)

            state.end("planning")
            state.begin("towns")
            try:
                outcomes = run_towns(jobs, executor, bar.line, finished)
            except KeyboardInterrupt:
                executor.stop()
                raise
            finally:
                executor.close()
    except EvaluationError as error:
        return fail(str(error))
    except KeyboardInterrupt:
        _interrupted(state)
    files = write_seeds_report(seeds, outcomes, out)
    for outcome in outcomes:
        if not outcome.ok:
            print(f"smallville: {outcome.name} failed: {outcome.error}", file=sys.stderr)
    print(seeds_text(seeds, outcomes, files))
    return 0 if all(outcome.ok for outcome in outcomes) else 1


def run_matrix(args: argparse.Namespace) -> int:
    """`--matrix FILE`: every configuration, `--workers` at once, then the table."""
    # lazy: with the evaluation (the minds, matplotlib)
    from game.evaluation import EvaluationError
    from game.evaluation.interrupted import EvaluationState
    from game.evaluation.matrix import MatrixOptions
    from game.evaluation.matrix import run_matrix as run_all

    out = args.out or Path(args.matrix).with_suffix("")
    bar = ProgressBar(sys.stderr, quiet=args.quiet)
    options = MatrixOptions(
        args.matrix,
        out,
        fresh=args.fresh,
        check_endpoints=not args.no_endpoint_check,
        workers=args.workers,
        cluster=args.cluster,
        chroma_url=args.chroma_url,
    )
    state = EvaluationState(out_dir=out)
    try:
        with prompt_ctrl_c(on_interrupt=lambda: _note(state)):
            result = run_all(options, say=bar.line, state=state)
    except EvaluationError as error:
        return fail(str(error))
    except KeyboardInterrupt:
        _interrupted(state)
    finally:
        bar.finish()
    for failed in result.failed:
        print(f"smallville: {failed}", file=sys.stderr)
    for name, path in result.files.items():
        print(f"{name}: {path}")
    print(f"{len(result.rows)} configuration(s) measured, {len(result.failed)} failed")
    return 1 if result.failed else 0


def _note(state: EvaluationState) -> str:
    """At the moment of Ctrl-C: interrupted.json with the towns that ended so far; the line
    saying where it is."""
    # lazy: loaded with the evaluation already
    from game.evaluation.interrupted import write_interrupted

    return interrupted_line(write_interrupted(state), state.out_dir)


def _interrupted(state: EvaluationState) -> NoReturn:
    """After Ctrl-C, the workers stopped: the partial report, what is kept, how to go on;
    the process ends (exit status 130) — threads waiting on a server are not joined."""
    # lazy: loaded with the evaluation already
    from game.evaluation.interrupted import write_interrupted

    print(interrupted_line(write_interrupted(state), state.out_dir), file=sys.stderr)
    print(
        "smallville: the finished towns are kept (and each unfinished town's finished "
        "phases): the same command goes on from there",
        file=sys.stderr,
    )
    leave_now(INTERRUPTED)

"""The `smallville` command: the game by default, or one of the subcommands in
`game.commands` (one module each). Logging is set up here, once (`game.files.logs`); a
mistake on the command line is one line and exit 2, and an unexpected error is one line
naming the log file that holds its traceback, exit 1."""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import sys
from typing import NoReturn

from game import __version__
from game.commands import SUBCOMMANDS, play
from game.files.logs import FILE_ONLY, LEVELS, LogSetupError, configure_logging, log_level

log = logging.getLogger("smallville")


class OneLineParser(argparse.ArgumentParser):
    """argparse, with a mistake reported on one line (not the whole usage) and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="smallville", description="A town of generative agents.")
    parser.add_argument("--version", action="version", version=f"smallville {__version__}")
    add_log_level(parser, default=None)
    subcommands = parser.add_subparsers(dest="command")
    for command in SUBCOMMANDS:
        command.add_to(subcommands)
    for subparser in subcommands.choices.values():  # `smallville simulate --log-level debug`
        add_log_level(subparser, default=argparse.SUPPRESS)
    play.add_flags(parser)
    return parser


def add_log_level(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument(
        "--log-level",
        type=str.upper,
        choices=LEVELS,
        default=default,
        help="how much the log file keeps (default: $SMALLVILLE_LOG_LEVEL, else INFO)",
    )


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        log_path = configure_logging(log_level(args.log_level))
    except LogSetupError as error:
        print(f"smallville: {error}", file=sys.stderr)
        return 2
    log.info("smallville %s: %s", __version__, args.command or "play")
    try:
        return run_command(args)
    except Exception as error:
        log.exception("smallville stopped on an unexpected error", extra=FILE_ONLY)
        where = f"the details are in {log_path}" if log_path else "no log file could be written"
        first = next(iter(str(error).strip().splitlines()), "")
        print(f"smallville: unexpected error: {type(error).__name__}: {first} ({where})",
              file=sys.stderr)  # fmt: skip
        return 1


def run_command(args: argparse.Namespace) -> int:
    if args.command is None:
        return play.run(args)
    result: int = args.handler(args)
    return result


if __name__ == "__main__":
    # the packaged app (this is its script): a child process it spawns (the memory
    # database's, an evaluation's towns) starts here as the same executable, and runs its
    # own target instead of the game
    multiprocessing.freeze_support()
    raise SystemExit(main())

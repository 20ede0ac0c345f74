"""The `smallville` command: the game by default, or one of the subcommands in
`game.commands` (one module each)."""

from __future__ import annotations

import argparse

from game.commands import SUBCOMMANDS, play


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="smallville", description="A town of generative agents.")
    subcommands = parser.add_subparsers(dest="command")
    for command in SUBCOMMANDS:
        command.add_to(subcommands)
    play.add_flags(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        return play.run(args)
    result: int = args.handler(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())

"""The `smallville` command line (composition root)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="smallville", description="A town of generative agents.")
    commands = parser.add_subparsers(dest="command")
    add_map_check_command(commands)
    return parser


def add_map_check_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    check = commands.add_parser(
        "map-check", help="check a .tmx map: counts, errors and unreachable objects"
    )
    check.add_argument("path", type=Path, help="the .tmx file, e.g. maps/the_ville.tmx")
    check.add_argument("--json", action="store_true", help="print one JSON object")
    check.set_defaults(handler=run_map_check)


def run_map_check(args: argparse.Namespace) -> int:
    """Print the map report; exit status 1 when the map has errors or unreachable objects."""
    from game.world.map_check import check_map

    report = check_map(args.path)
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print(report.to_text(args.path))
    return 0 if report.ok else 1


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        print("The game window is not built yet (see the issues).", file=sys.stderr)
        return 1
    handler = args.handler
    result: int = handler(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())

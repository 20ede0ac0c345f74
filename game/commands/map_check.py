"""`smallville map-check PATH [--json]`: check a .tmx map — counts, errors, unreachable
objects; exit status 1 when the map has errors or unreachable objects."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TypeAlias

from game.world.map_check import check_map

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_to(subcommands: Subcommands) -> None:
    check = subcommands.add_parser(
        "map-check", help="check a .tmx map: counts, errors and unreachable objects"
    )
    check.add_argument("path", type=Path, help="the .tmx file, e.g. maps/the_ville.tmx")
    check.add_argument("--json", action="store_true", help="print one JSON object")
    check.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    report = check_map(args.path)
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print(report.to_text(args.path))
    return 0 if report.ok else 1

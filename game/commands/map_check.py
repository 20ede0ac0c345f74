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
        print(report.to_text(shown_path(args.path)))
    return 0 if report.ok else 1


PATH_LIMIT = 120  # characters of a path shown in the report


def shown_path(path: Path, limit: int = PATH_LIMIT) -> Path:
    """`path` as the report shows it: whole when short; else its start, "…" and its end,
    with its length (a path of 5,000 characters would bury the report)."""
    text = str(path)
    if len(text) <= limit:
        return path
    half = limit // 2
    return Path(f"{text[:half]}…{text[-half:]} ({len(text)} characters)")

"""`smallville map-init MAP.tmx [--world NAME] [--dry-run]`: add the empty layers and the
`world` property a town needs to someone's Tiled map (a backup first; everything else kept),
write `MAP.guide.md` saying what to draw next, and print what map-check still finds.
Exit status 1 when the file is no editable map."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TypeAlias

from game.world.map_check import check_map
from game.world.tmx.init import init_map, write_guide
from game.world.tmx.loader import MapError

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_to(subcommands: Subcommands) -> None:
    init = subcommands.add_parser(
        "map-init",
        help="add the layers and properties a town needs to a Tiled map (keeps a backup)",
        description="Add the missing layers (areas, objects, spawns, walls, furniture, "
        "overhead, collision: empty) and the map property 'world' to a Tiled .tmx map, "
        "keeping everything else; the original is kept as MAP.tmx.bak. Writes MAP.guide.md "
        "with what to draw next and prints what map-check still finds.",
    )
    init.add_argument("path", type=Path, help="the .tmx file, e.g. my_map.tmx")
    init.add_argument(
        "--world", help="the world's name (map property 'world'; default: the file's name)"
    )
    init.add_argument(
        "--dry-run", action="store_true", help="only say what would be added; change nothing"
    )
    init.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    path: Path = args.path
    try:
        result = init_map(path, world=args.world, dry_run=args.dry_run)
    except MapError as error:
        print(error, file=sys.stderr)
        return 1
    except OSError as error:  # the backup or the map could not be written
        print(f"{path}: cannot write: {error}", file=sys.stderr)
        return 1
    verb = "would add" if args.dry_run else "added"
    if result.added:
        print(f"{path}: {verb}:")
        print("\n".join(f"  + {item}" for item in result.added))
    else:
        print(f"{path}: nothing to add; every layer and the world property are there.")
    for note in result.notes:
        print(f"  ! {note}")
    if result.backup is not None:
        print(f"The map as it was is kept in {result.backup}.")
    if args.dry_run:
        return 0
    report = check_map(path)
    problems = report.errors + [f"unreachable: {item}" for item in report.unreachable]
    try:
        guide: Path | str = write_guide(result, problems)
    except OSError as error:
        guide = f"not written ({error})"
    if report.errors:
        print(f"Still missing (map-check), {len(report.errors)}:")
        print("\n".join(f"  - {problem}" for problem in report.errors))
    else:
        print(report.to_text(path))
    print(f"What to draw next: {guide}")
    return 0

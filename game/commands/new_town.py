"""`smallville new-town DIR [--map MAP.tmx] [--from TOWN]`: a playable town folder from a
map and another town's people and scenario (`game.town_files.scaffold`).

    smallville new-town ~/towns/harbour --map harbour.tmx --from the_ville_n3
    smallville --town ~/towns/harbour                       # play it
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TypeAlias

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_to(subcommands: Subcommands) -> None:
    command = subcommands.add_parser(
        "new-town",
        help="make a playable town folder from a map and another town's residents",
        description="Make a town folder (town.json, personas.json, scenario.json) that "
        "`smallville --town DIR` plays and the title screen's New town lists when it is in "
        "your towns folder. Residents whose homes and workplaces are on the map come along; "
        "map spawns naming new people get starter personas to fill in.",
    )
    command.add_argument("directory", type=Path, help="the new town's folder (must hold no town)")
    command.add_argument("--map", type=Path, help="the .tmx map (default: the --from town's map)")
    command.add_argument(
        "--from",
        dest="from_town",
        default="the_ville_n3",
        help="the town whose residents and scenario to start from: a bundled town's name "
        "or a town folder (default: the_ville_n3)",
    )
    command.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    # lazy: the bridge imports the minds (~0.5 s), which `smallville --help` need not pay
    from game.town_files import TownFileError, scaffold_town

    try:
        made = scaffold_town(args.directory, args.map, args.from_town)
    except TownFileError as error:
        problems = "\n  ".join(error.problems)
        print(f"new-town: the town was not made:\n  {problems}", file=sys.stderr)
        return 2
    except OSError as error:  # a folder name the file system refuses (too long, say)
        print(f"new-town: the town was not made: {error.strerror}", file=sys.stderr)
        return 2
    print(
        f"Made {made.directory} with {len(made.residents)} residents: {', '.join(made.residents)}."
    )
    for note in made.notes:
        print(f"  {note}")
    print(f"Play it:  uv run smallville --town {made.directory}")
    print("Edit it in the game (New town ▸ Edit town…) or by hand: see docs/towns.md.")
    return 0

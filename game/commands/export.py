"""`smallville export RUN --format jsonl|csv DIR`: every table of a run record (and its
meta) written to `DIR/<table>.<format>`, for tools that read no SQLite. `RUN` is a record's
path, its run id (see `smallville runs`), or a folder holding `record.sqlite` (a save slot).
A record that cannot be found or read is one line on stderr and exit status 2."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TypeAlias

from game.commands.runs import default_folders
from game.records import RecordError, RunRecord, export_record, find_record

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_to(subcommands: Subcommands) -> None:
    export = subcommands.add_parser("export", help="write a run record's tables as JSONL or CSV")
    export.add_argument("run", metavar="RUN", help="a record's path, run id, or save slot folder")
    export.add_argument("folder", type=Path, metavar="DIR", help="where the files go")
    export.add_argument("--format", choices=["jsonl", "csv"], default="jsonl")
    export.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        path = find_record(args.run, default_folders())
        with RunRecord.open(path) as record:
            written = export_record(record, args.folder, args.format)
    except RecordError as error:
        print(f"smallville: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"smallville: cannot write into {args.folder}: {error}", file=sys.stderr)
        return 2
    for file in written:
        print(file)
    return 0

"""`smallville runs --prune`: old run records removed by a policy — keep the newest N runs
(`--keep-last`) and those of the last D days (`--keep-days`), or the settings'
`keep_last_runs` / `keep_run_days` — each with the Chroma server database its run made
(the record's `memory_server`). `--dry-run` says what would go and removes nothing.

A database is dropped before its record is removed: when the server cannot be asked, the
record stays (it is how the database can be found later) and the exit status is 1. A
database another kept record (or a save slot's record) still names is left alone. Records
in save slots and records that cannot be read are never removed.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime
from pathlib import Path

from game.files.settings import load
from game.records import RecordInfo, list_records, records_folder
from game.records.pruning import KeepPolicy, records_to_prune, remove_record
from game.saves import default_saves_root


def add_prune_flags(runs: argparse.ArgumentParser) -> None:
    runs.add_argument(
        "--prune",
        action="store_true",
        help="remove old run records (and the Chroma server databases their runs made), "
        "keeping what --keep-last / --keep-days say (default: the settings' keep_last_runs "
        "/ keep_run_days)",
    )
    runs.add_argument("--keep-last", type=int, metavar="N", help="with --prune: the newest N")
    runs.add_argument(
        "--keep-days", type=float, metavar="D", help="with --prune: runs of the last D days"
    )
    runs.add_argument(
        "--dry-run", action="store_true", help="with --prune: say what would go, remove nothing"
    )


def policy_of(args: argparse.Namespace) -> KeepPolicy:
    """The flags' policy, else the settings'. `ValueError` for a negative limit."""
    if args.keep_last is not None or args.keep_days is not None:
        return KeepPolicy(args.keep_last, args.keep_days)
    settings = load(env={}).settings  # the keep policy owes nothing to the environment
    return KeepPolicy(settings.keep_last_runs, settings.keep_run_days)


def prune(args: argparse.Namespace, now: datetime | None = None) -> int:
    """0 when everything the policy does not keep is gone (or would be, with --dry-run);
    1 when a database could not be dropped; 2 when no policy is set."""
    try:
        policy = policy_of(args)
    except ValueError as error:
        print(f"smallville: runs --prune: {error}", file=sys.stderr)
        return 2
    if not policy.chosen:
        print(
            "smallville: runs --prune: say what to keep: --keep-last N and/or --keep-days D "
            "(or keep_last_runs / keep_run_days in the settings file)",
            file=sys.stderr,
        )
        return 2
    folders = [Path(folder) for folder in (args.folder or [records_folder()])]
    everything = list_records([*folders, default_saves_root()])
    mine = [info for info in everything if in_any(info.path, folders)]
    doomed = records_to_prune(mine, policy, now or datetime.now(UTC))
    kept = {info.memory_server for info in everything if info not in doomed}
    verb = "would remove" if args.dry_run else "removed"
    print(f"{policy.describe()}: {len(doomed)} of {len(mine)} run records to remove")
    failures = freed = 0
    for info in doomed:
        database = database_of(info, kept)
        if not args.dry_run and database is not None:
            problem = drop(database)
            if problem is not None:
                failures += 1
                print(f"kept {info.path}: its memory database was not dropped: {problem}")
                continue
        freed += info.size_bytes if args.dry_run else remove_record(info.path)
        print(f"{verb} {info.run_id} ({info.path})" + database_text(database, args.dry_run))
    print(f"{verb} {len(doomed) - failures} run records, {freed / 1024:.0f} KB")
    return 1 if failures else 0


def in_any(path: Path, folders: list[Path]) -> bool:
    return any(path.resolve().is_relative_to(folder.resolve()) for folder in folders)


def database_of(info: RecordInfo, kept: set[str | None]) -> dict[str, str] | None:
    """The server database the record names, unless a kept record names it too."""
    if info.memory_server is None or info.memory_server in kept:
        return None
    where = json.loads(info.memory_server)
    return where if isinstance(where, dict) else None


def database_text(database: dict[str, str] | None, dry_run: bool) -> str:
    if database is None:
        return ""
    verb = "would drop" if dry_run else "dropped"
    return f"; {verb} its memory database {database.get('database')} at {database.get('url')}"


def drop(database: dict[str, str]) -> str | None:
    """Drop the database; None when done (or already gone), else why not (one line)."""
    # lazy: the bridge imports the minds (~0.4 s); only a record with a database needs it
    from game.bridge import DatabaseNotDropped, drop_town_database

    try:
        drop_town_database(database)
    except DatabaseNotDropped as error:
        return str(error)
    return None

"""`smallville runs [--json]`: the run records — every run's history (game.records) — in the
records folder and in the save slots, newest first: run id, town, kind, when it started,
the game time it spans, residents, brain or model, size, and where it is. A run is listed
once: the copy `smallville replay RUN_ID` opens (`game.records.find_record`'s choice: the
first folder's, then the biggest), with the other copies (a save slot keeps its town's
record) named after it. A record that cannot be read is listed with its problem, never
hidden. `--prune` removes old records by a policy (`game.commands.prune`)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TypeAlias

from game.commands.prune import add_prune_flags, prune
from game.records import RecordInfo, list_records, records_folder
from game.saves import default_saves_root
from game.world.clock import format_moment

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_to(subcommands: Subcommands) -> None:
    runs = subcommands.add_parser("runs", help="list the run records (the towns' histories)")
    runs.add_argument(
        "--folder",
        type=Path,
        action="append",
        help="look here (repeatable; default: the records folder and the save slots)",
    )
    runs.add_argument("--json", action="store_true", help="print one JSON object per record")
    add_prune_flags(runs)
    runs.set_defaults(handler=run)


def default_folders() -> list[Path]:
    """The records folder, then the saves (each slot keeps its town's record)."""
    return [records_folder(), default_saves_root()]


def run(args: argparse.Namespace) -> int:
    if args.prune:
        return prune(args)
    folders = args.folder or default_folders()
    runs = one_per_run(list_records(folders), folders)
    for line in record_lines(runs, as_json=args.json):
        print(line)
    return 0


Run: TypeAlias = tuple[RecordInfo, list[RecordInfo]]  # the copy replay opens, the others


def one_per_run(infos: Iterable[RecordInfo], folders: Sequence[Path]) -> list[Run]:
    """The records grouped by run id, in the order given; each run's first item is the copy
    `smallville replay RUN_ID` opens: the one in the earliest folder, then the biggest. A
    record that cannot be read is a run of its own."""
    roots = [Path(folder).resolve() for folder in folders]

    def preference(info: RecordInfo) -> tuple[int, int]:
        path = info.path.resolve()
        place = next((i for i, root in enumerate(roots) if path.is_relative_to(root)), len(roots))
        return (place, -info.size_bytes)

    groups: dict[str, list[RecordInfo]] = {}
    runs: list[list[RecordInfo]] = []
    for info in infos:
        if info.problem is not None:
            runs.append([info])
        elif info.run_id in groups:
            groups[info.run_id].append(info)
        else:
            groups[info.run_id] = [info]
            runs.append(groups[info.run_id])
    ordered = [sorted(copies, key=preference) for copies in runs]
    return [(copies[0], copies[1:]) for copies in ordered]


def record_lines(runs: Iterable[Run], as_json: bool = False) -> list[str]:
    """One line per run ("No run records yet." when there is none)."""
    lines = []
    for info, copies in runs:
        if as_json:
            shown = {**record_json(info), "copies": [str(copy.path) for copy in copies]}
            lines.append(json.dumps(shown, ensure_ascii=False))
        elif info.problem is not None:
            lines.append(f"{info.path}: problem: {info.problem}")
        else:
            lines.append(describe(info, copies))
    if not lines and not as_json:
        lines.append("No run records yet.")
    return lines


def describe(info: RecordInfo, copies: Sequence[RecordInfo] = ()) -> str:
    started = info.started.astimezone().strftime("%Y-%m-%d %H:%M") if info.started else "?"
    span = "empty"
    if info.span is not None:
        first, last = info.span
        hours = (last - first).total_seconds() / 3600
        span = f"{format_moment(first)} → {format_moment(last)} ({hours:.1f} game hours)"
    brain = info.model or info.brain
    return (
        f"{info.run_id}: {info.town} ({info.kind}), started {started}, {span}, "
        f"{len(info.residents)} residents, {brain}, {size_text(info.size_bytes)}"
        f"{server_text(info)} — {info.path}"
        f" (`smallville replay {info.run_id}` opens this one"
        + "".join(f"; a copy: {copy.path}" for copy in copies)
        + ")"
    )


def server_text(info: RecordInfo) -> str:
    """The listing's note on where a run's memories are, when on a Chroma server."""
    if not info.memory_server:
        return ""
    where = json.loads(info.memory_server)
    return f", memories in database {where.get('database')} at {where.get('url')}"


def size_text(size: int) -> str:
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.1f} MB"
    return f"{max(1, round(size / 1024))} KB"


def record_json(info: RecordInfo) -> dict[str, Any]:
    return {
        "path": str(info.path),
        "run_id": info.run_id,
        "kind": info.kind,
        "town": info.town,
        "started": info.started.isoformat() if info.started else None,
        "span": [moment.isoformat() for moment in info.span] if info.span else None,
        "residents": list(info.residents),
        "brain": info.brain,
        "model": info.model,
        "size_bytes": info.size_bytes,
        "problem": info.problem,
        "memory_server": json.loads(info.memory_server) if info.memory_server else None,
    }

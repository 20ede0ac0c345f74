"""`smallville simulate --answers-from RUN`: the flag, the record it names, and the line on
what was answered from it (`game.bridge.answers_from` does the answering)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from game.commands.runs import default_folders
from game.records import RecordError, find_record


def add_answers_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--answers-from",
        metavar="RUN",
        help="re-live a recorded run with no model: every call gets the answer the run "
        "record holds for its prompt (a run id, a record file or a save slot; see "
        "`smallville runs`), on the record's town and seed (give the run's other flags — "
        "--hours, --step-minutes, --think-ahead, --group-strategy, --variant, --embedder — "
        "again). A call the record lacks is answered by the offline brain and counted",
    )


def answers_record(args: argparse.Namespace) -> Path | None:
    """The record `--answers-from` names (a run id, a file, a slot), looked for in --record's
    folder, the records folder and the saves; None (and a line on stderr) when none is."""
    folders = ([args.record] if args.record else []) + default_folders()
    try:
        return find_record(args.answers_from, folders)
    except RecordError as error:
        print(f"smallville: --answers-from: {error}", file=sys.stderr)
        return None


def answers_text(figures: dict[str, Any]) -> str:
    """What `--answers-from` answered from the record, and what it could not."""
    calls = figures["answered"] + figures["missed"]
    line = f"answers from {figures['run_id']}: {figures['answered']} of {calls} model calls"
    if not figures["missed"]:
        return line + " (all of them: the recorded run, re-lived)"
    return (
        f"{line}; {figures['missed']} ({figures['missed_share']:.1%}) were not in the record "
        f"(first: {figures['first_missed'][0]}): the offline brain answered them, so the "
        "run differs from the recorded one from there"
    )

"""`smallville saves [--json]`: the saved towns, one line per slot — name, town, game time,
saved at, residents, and ok or the problem (broken slots are listed, never hidden)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypeAlias

from game.saves import SaveSlots, SlotInfo
from game.world.clock import format_moment

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_to(subcommands: Subcommands) -> None:
    saves = subcommands.add_parser("saves", help="list the saved towns")
    saves.add_argument("--saves-dir", type=Path, help="where the slots are (default: user data)")
    saves.add_argument("--json", action="store_true", help="print one JSON object per slot")
    saves.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    for line in slot_lines(SaveSlots(args.saves_dir).list(), as_json=args.json):
        print(line)
    return 0


def slot_lines(infos: Iterable[SlotInfo], as_json: bool = False) -> list[str]:
    """One line per slot (as JSON objects with `as_json`); "No saves yet." when there is
    none."""
    lines = []
    for info in infos:
        if as_json:
            lines.append(json.dumps(slot_json(info), ensure_ascii=False))
        elif info.ok and info.game_time is not None and info.saved_at is not None:
            saved = info.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
            lines.append(
                f"{info.name}: {info.town}, {format_moment(info.game_time)}, "
                f"{info.residents} residents, saved {saved}, ok"
            )
        else:
            first = (info.problem or "unreadable").splitlines()[0]
            previous = " (its previous save is kept)" if info.has_previous else ""
            lines.append(f"{info.name}: problem: {first}{previous}")
    if not lines and not as_json:
        lines.append("No saves yet.")
    return lines


def slot_json(info: SlotInfo) -> dict[str, Any]:
    return {
        "name": info.name,
        "town": info.town,
        "game_time": info.game_time.isoformat() if info.game_time else None,
        "saved_at": info.saved_at.isoformat() if info.saved_at else None,
        "residents": info.residents,
        "ok": info.ok,
        "problem": info.problem,
        "has_previous": info.has_previous,
    }

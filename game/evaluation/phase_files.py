"""The interview and panel phases of `evaluate`, each kept in its own file in the out folder
so a re-run reuses what is done: `interviews-start.json` (the town as it starts),
`interviews-end.json` (the saved town at the end: knowledge and controlled interviews) and
`panel.json` (the judged pairs). A phase file is reused only when its `settings` — what
makes two phases the same — match; each is written whole (a temporary file, then a rename),
so a failure never leaves half of one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.evaluation.interviews import ControlledAnswer, KnowledgeAnswer
from game.evaluation.judging import JudgedPair, PairToJudge
from game.saves.files import replace_durably

__all__ = [
    "load_phase",
    "read_controlled",
    "read_judged",
    "read_knowledge",
    "write_phase",
]

START_FILE = "interviews-start.json"
END_FILE = "interviews-end.json"
PANEL_FILE = "panel.json"


def load_phase(path: Path, settings: dict[str, Any]) -> dict[str, Any] | None:
    """The phase's saved data when it was made with `settings`; None otherwise."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("settings") != _plain(settings):
        return None
    return data


def write_phase(path: Path, settings: dict[str, Any], **parts: Any) -> None:
    """`{"settings": …, **parts}` into `path`, whole or not at all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"settings": _plain(settings), **parts}, indent=1, ensure_ascii=False)
    replace_durably(path, text + "\n")


def _plain(settings: dict[str, Any]) -> Any:
    """`settings` as JSON reads them back (tuples become lists)."""
    return json.loads(json.dumps(settings))


def _rows(data: dict[str, Any], key: str, build: Callable[[dict[str, Any]], Any]) -> list[Any]:
    rows = data.get(key)
    if not isinstance(rows, list):
        return []
    return [build(row) for row in rows if isinstance(row, dict)]


def read_knowledge(data: dict[str, Any]) -> list[KnowledgeAnswer]:
    return _rows(data, "knowledge", lambda row: KnowledgeAnswer(**row))


def read_controlled(data: dict[str, Any]) -> list[ControlledAnswer]:
    return _rows(data, "controlled", lambda row: ControlledAnswer(**row))


def read_judged(data: dict[str, Any]) -> list[JudgedPair]:
    def build(row: dict[str, Any]) -> JudgedPair:
        return JudgedPair(**{**row, "pair": PairToJudge(**row["pair"])})

    return _rows(data, "judged", build)

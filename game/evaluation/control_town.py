"""The control town: the same town without its scenario's news — what the measures' baselines
come from (`controls.py`).

`write_control_town(town, scenario, folder)` copies the town's files into `folder` with

- every sentence of every persona that carries a news item taken out (a description's
  `;`-separated facts, a sentence of any other text: "Sam Moore is running for mayor" goes;
  names, ages, homes and workplaces stay), relationships' texts too;
- `scenario.json` with no news (nobody is seeded with anything; its start and run_until
  stay, so the clock is the same);
- `town.json` pointing at the same map file.

Nothing else changes, so a run of it under the same seed is the town as it would have been
without the news (and without its events).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

from game.evaluation.scenario import NewsItem, Scenario, TownInfo

__all__ = ["strip_news", "write_control_town"]

PERSONAS_FILE = "personas.json"
SCENARIO_FILE = "scenario.json"
TOWN_FILE = "town.json"
# persona fields that name or place a resident: never text to take news out of
_KEPT = frozenset({"name", "home_sector", "home_arena", "work_sector", "work_arena"})
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def write_control_town(town: TownInfo, scenario: Scenario, folder: Path) -> Path:
    """The control town's files in `folder` (made or overwritten); returns `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    for path in town.directory.iterdir():
        if path.is_file() and path.name not in (PERSONAS_FILE, SCENARIO_FILE, TOWN_FILE):
            shutil.copy2(path, folder / path.name)
    town_json = _read(town.directory / TOWN_FILE)
    town_json["map"] = str(town.map_path.resolve())
    _write(folder / TOWN_FILE, town_json)
    personas = _read(town.directory / PERSONAS_FILE)
    _write(folder / PERSONAS_FILE, strip_news(personas, scenario.news))
    scenario_json = _read(town.directory / SCENARIO_FILE)
    scenario_json["news"] = []
    _write(folder / SCENARIO_FILE, scenario_json)
    return folder


def strip_news(value: Any, news: list[NewsItem], key: str = "") -> Any:
    """`value` (persona data) with every text that carries an item of `news` taken out, a
    fact or a sentence at a time; keys and the fields in `_KEPT` as they are."""
    if isinstance(value, dict):
        return {k: strip_news(v, news, k) for k, v in value.items()}
    if isinstance(value, list):
        return [strip_news(inner, news, key) for inner in value]
    if isinstance(value, str) and key not in _KEPT:
        return _without_news(value, news)
    return value


def _without_news(text: str, news: list[NewsItem]) -> str:
    if not any(item.carried_in(text) for item in news):
        return text
    kept = []
    for fact in text.split(";"):
        sentences = _SENTENCE_END.split(fact.strip())
        left = [s for s in sentences if not any(item.carried_in(s) for item in news)]
        if left:
            kept.append(" ".join(left))
    return ";".join(kept)


def _read(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path} does not hold a JSON object")
    return data


def _write(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")

"""The texts of a town's files, as the editor writes them: readable JSON, two-space indents,
in the shapes their JSON Schemas (docs/schemas/) describe."""

from __future__ import annotations

import json
from typing import Any

from game.town_files.checks import PERSONAS_FILE, SCENARIO_FILE
from game.town_files.residents import ResidentEntry
from game.town_files.scenario import NewsItem, Scenario, intention_text
from game.town_files.town_json import TOWN_FILE, TownJson

__all__ = ["scenario_data", "town_texts"]


def _text(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _item_data(item: NewsItem) -> dict[str, Any]:
    data = item.model_dump(mode="json", exclude_none=True)
    if not item.paper.model_dump(exclude_none=True):
        data.pop("paper", None)
    if item.host and item.what and item.event:
        # what follows from host, what and event is left out, so editing them keeps it true
        if item.text == intention_text(item.host, item.what, item.event):
            data.pop("text", None)
        derived = NewsItem(
            id=item.id, host=item.host, what=item.what, seeds=item.seeds, event=item.event
        )
        for key in ("question", "carried_by"):
            if getattr(item, key) == getattr(derived, key):
                data.pop(key, None)
    return data


def scenario_data(scenario: Scenario) -> dict[str, Any]:
    data = scenario.model_dump(mode="json", exclude_none=True, exclude={"news", "schema_"})
    data["news"] = [_item_data(item) for item in scenario.news]
    return data


def town_texts(
    town_json: TownJson,
    entries: list[ResidentEntry],
    scenario: Scenario | None,
) -> dict[str, str]:
    """File name → text for town.json, personas.json and (when there is one) scenario.json."""
    town = town_json.model_dump(mode="json", exclude={"schema_"})
    if not town.get("mind"):
        town.pop("mind", None)
    personas = [
        entry.model_dump(mode="json", exclude={"look"} if entry.look is None else set())
        for entry in entries
    ]
    texts = {
        TOWN_FILE: _text(town),
        PERSONAS_FILE: _text({"personas": personas}),
    }
    if scenario is not None:
        texts[SCENARIO_FILE] = _text(scenario_data(scenario))
    return texts

"""The JSON Schemas of a town's files, made from the pydantic models that read them, for
people who write towns in an editor (`docs/schemas/`, kept equal by a test):

    uv run python -m game.town_files.schema docs/schemas
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pydantic import BaseModel

from game.town_files.residents import ResidentFile
from game.town_files.scenario import Scenario
from game.town_files.town_json import TownJson

__all__ = ["SCHEMAS", "schema_texts"]

SCHEMAS: dict[str, type[BaseModel]] = {
    "town.schema.json": TownJson,
    "personas.schema.json": ResidentFile,
    "scenario.schema.json": Scenario,
}


def schema_texts() -> dict[str, str]:
    """File name → the schema's JSON text."""
    texts = {}
    for name, model in SCHEMAS.items():
        schema = model.model_json_schema(by_alias=True)
        schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}
        texts[name] = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
    return texts


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path("docs/schemas")
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in schema_texts().items():
        (folder / name).write_text(text, encoding="utf-8")
        print(folder / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""A memory's typed fields as the record stores them (`memories.fields`, JSON text), read
back for what the evaluation asks of them: which news items the memory names.

The fields are written by `cognition`'s `fields_to_json` (the bridge's recorder stores them);
this room reads the few keys it needs without importing `cognition`:

    {"speaker": "…", "partners": ["…"], "subject": "…", "item": "party",
     "place": "…", "time": "2023-02-13T08:30:00",
     "news": [{"item": "party", "subject": "Isabella Rodriguez", "statement": "…",
               "source": "Maria Lopez", …}],
     "items": ["party"]}

A key left out holds its default ("" / [] / null). A memory without fields (NULL, "") or
with fields that do not parse has them *unknown*: None here, never an empty answer.
"""

from __future__ import annotations

import json

__all__ = ["items_named"]


def items_named(fields: str | None) -> frozenset[str] | None:
    """The news item ids the stored fields name — their `item`, their `items` (a
    reflection's: its evidence's) and each news's `item` — or None when the fields are
    unknown (none stored, or not a JSON object)."""
    if not fields:
        return None
    try:
        found = json.loads(fields)
    except ValueError:
        return None
    if not isinstance(found, dict):
        return None
    items = {found["item"]} if isinstance(found.get("item"), str) and found["item"] else set()
    listed = found.get("items")
    items.update(
        i for i in (listed if isinstance(listed, list) else ()) if isinstance(i, str) and i
    )
    news = found.get("news")
    for told in news if isinstance(news, list) else ():
        if isinstance(told, dict) and isinstance(told.get("item"), str) and told["item"]:
            items.add(told["item"])
    return frozenset(items)

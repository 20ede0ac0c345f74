"""A memory's typed fields as the record stores them (`memories.fields`, JSON text), read
back for what the evaluation asks of them: which news items the memory names
(`items_named`), and which people (`people_named`).

The fields are written by `cognition`'s `fields_to_json` (the bridge's recorder stores them);
this room reads the few keys it needs without importing `cognition`:

    {"speaker": "…", "partners": ["…"], "subject": "…", "item": "party",
     "place": "…", "time": "2023-02-13T08:30:00",
     "news": [{"item": "party", "subject": "Isabella Rodriguez", "statement": "…",
               "source": "Maria Lopez", …}],
     "items": ["party"], "people": ["…"],
     "intentions": [{"person": "…", "deed": "…", …}]}

A key left out holds its default ("" / [] / null). A memory without fields (NULL, "") or
with fields that do not parse has them *unknown*: None here, never an empty answer.
"""

from __future__ import annotations

import json

__all__ = ["items_named", "people_named"]


def _fields(fields: str | None) -> dict[str, object] | None:
    """The stored fields as a JSON object; None when unknown (none, or not an object)."""
    if not fields:
        return None
    try:
        found = json.loads(fields)
    except ValueError:
        return None
    return found if isinstance(found, dict) else None


def _names(value: object) -> set[str]:
    """The non-empty strings of a JSON value that is a string or a list of them."""
    values = value if isinstance(value, list) else [value]
    return {name for name in values if isinstance(name, str) and name}


def _each(value: object) -> list[dict[str, object]]:
    """The JSON objects of a JSON list (a news list, an intentions list)."""
    return [entry for entry in value if isinstance(entry, dict)] if isinstance(value, list) else []


def items_named(fields: str | None) -> frozenset[str] | None:
    """The news item ids the stored fields name — their `item`, their `items` (a
    reflection's: its evidence's) and each news's `item` — or None when the fields are
    unknown (none stored, or not a JSON object)."""
    found = _fields(fields)
    if found is None:
        return None
    items = _names(found.get("item")) | _names(found.get("items"))
    for news in _each(found.get("news")):
        items |= _names(news.get("item"))
    return frozenset(items)


PEOPLE_KEYS = ("speaker", "partners", "subject", "people")  # who a memory is of, as data
NEWS_PEOPLE_KEYS = ("subject", "source", "host")  # whom a news is about, who told it, hosts


def people_named(fields: str | None) -> frozenset[str] | None:
    """The people the stored fields name — the `speaker`, the `partners`, the `subject`,
    the `people` (a reflection's, a relationship line's), each news's subject, source and
    host, each intention's person — or None when the fields are unknown (as `items_named`).
    The rememberer is among them when the fields name it (its own plan's `subject`)."""
    found = _fields(fields)
    if found is None:
        return None
    people: set[str] = set()
    for key in PEOPLE_KEYS:
        people |= _names(found.get(key))
    for news in _each(found.get("news")):
        for key in NEWS_PEOPLE_KEYS:
            people |= _names(news.get(key))
    for intention in _each(found.get("intentions")):
        people |= _names(intention.get("person"))
    return frozenset(people)

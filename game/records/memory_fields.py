"""A memory's typed fields as the record stores them (`memories.fields`, JSON text), read
back for what the evaluation asks of them: which news items the memory names
(`items_named`), which people (`people_named`), and the plans to go to an item it records
(`goings`: a day plan's entries, intentions said).

The fields are written by `cognition`'s `fields_to_json` (the bridge's recorder stores them);
this room reads the few keys it needs without importing `cognition`:

    {"speaker": "…", "partners": ["…"], "subject": "…", "item": "party",
     "place": "…", "time": "2023-02-13T08:30:00",
     "news": [{"item": "party", "subject": "Isabella Rodriguez", "statement": "…",
               "source": "Maria Lopez", …}],
     "items": ["party"], "people": ["…"],
     "intentions": [{"person": "…", "deed": "…", "item": "party", "day": "2023-02-14",
                     "start": 1020, "end": 1140, "going": false}],
     "day": "2023-02-14", "plan": [{"start": 1020, "end": 1140, "activity": "…",
                                    "item": "party"}]}

A key left out holds its default ("" / [] / null). A memory without fields (NULL, "") or
with fields that do not parse has them *unknown*: None here, never an empty answer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime, timedelta

__all__ = ["Going", "goings", "items_named", "people_named", "states_plan"]


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
# whom a news is about, who told it, hosts (not `via`: whom the teller had it from, a name
# said in passing, as a transcript's words alone would carry it)
NEWS_PEOPLE_KEYS = ("subject", "source", "host")


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


@dataclass(frozen=True)
class Going:
    """A plan to go to a news item's event, as a memory's fields record it: whose, which
    item, on which day from which minute to which (None: not said)."""

    person: str
    item: str
    day: date | None = None
    start: int | None = None  # minutes of the day
    end: int | None = None

    def window(self) -> tuple[datetime, datetime] | None:
        """From when to when, as game times; None when the day or a time is not said."""
        if self.day is None or self.start is None or self.end is None:
            return None
        midnight = datetime.combine(self.day, datetime.min.time())
        return midnight + timedelta(minutes=self.start), midnight + timedelta(minutes=self.end)


def _day(value: object) -> date | None:
    try:
        return date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None


def _minute(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _going(person: object, entry: dict[str, object], day: date | None) -> Going | None:
    """A plan to go from a plan entry or an intention (None: no person or no item)."""
    who, item = _text(person), _text(entry.get("item"))
    if not who or not item:
        return None
    return Going(who, item, day, _minute(entry.get("start")), _minute(entry.get("end")))


def goings(fields: str | None) -> tuple[Going, ...] | None:
    """The plans to go the stored fields record — each entry of a day plan that goes to an
    item (`plan[].item`: the plan is its `subject`'s, for its `day`) and each intention to
    go for an item (`intentions[]` with an `item`, `going` not false) — or None when the
    fields are unknown (as `items_named`)."""
    found = _fields(fields)
    if found is None:
        return None
    day = _day(found.get("day"))
    planned = [_going(found.get("subject"), entry, day) for entry in _each(found.get("plan"))]
    said = [
        _going(intention.get("person"), intention, _day(intention.get("day")))
        for intention in _each(found.get("intentions"))
        if intention.get("going", True) is not False
    ]
    return tuple(going for going in (*planned, *said) if going is not None)


def states_plan(fields: str | None) -> bool:
    """Whether the stored fields hold a day plan's items as data (`plan`: a record made
    since plans had fields; before, a plan memory's fields said only whose it was)."""
    found = _fields(fields)
    return found is not None and bool(_each(found.get("plan")))

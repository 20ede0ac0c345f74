"""What an answer must carry to *know* a news item — its facts, from the scenario's truth
(the item's fields in `scenario.json`), for the strict interview judge:

- **who** — the item's `host`, else its `seeds`: a full name, a first or a last name ("I",
  "my", "we" from the host or seed themselves);
- **what** — the phrases of `carried_by` that are neither the who nor the where (the ones
  every alternative shares, else any of them), and the bare `what` ("Valentine's Day
  party") when given;
- **where or when** (only for an item with an `event`) — the place (its sector or arena,
  without a leading "The", or without its last word: "Hobbs" for "Hobbs Cafe"), or the day
  (the date "February 14", "Feb 14", "14th", the weekday, or "tomorrow", "today",
  "tonight", "yesterday" as seen from the interview's moment) or the start's clock ("5 pm",
  "5pm", "17:00").

The rule wants a phrase of each fact in the answer (`carries_facts`): whole words, ignoring
case, a plural "s" may follow. The model judge is given the same facts in words (`text`).

    facts = item_facts(scenario.item("party"), now)
    carries_facts("Isabella's party is at Hobbs Cafe", facts.phrases)   # True
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from game.evaluation.scenario import Event, NewsItem, carries

__all__ = ["ItemFacts", "carries_facts", "item_facts"]

_ARTICLES = ("a ", "an ", "the ")
_FIRST_PERSON = ("I", "me", "my", "we", "our")  # the who, answering about themselves


@dataclass(frozen=True)
class ItemFacts:
    """An item's facts: `text` in words for the model's rubric; `phrases`, one list per
    fact (who, what, where or when), any phrase of a list showing that fact."""

    text: str
    phrases: tuple[tuple[str, ...], ...]


def carries_facts(answer: str, phrases: tuple[tuple[str, ...], ...]) -> bool:
    """Every fact shown in `answer`: a phrase of each list."""
    return all(carries(answer, [[phrase] for phrase in fact]) for fact in phrases)


def item_facts(item: NewsItem, now: datetime | None = None, asked: str = "") -> ItemFacts:
    """The facts of `item` as the interviewer at `now` would hear them said by `asked` (who
    may say "I" of themselves)."""
    people = [item.host] if item.host else list(item.seeds)
    who = _names(people)
    if asked in people:
        who += list(_FIRST_PERSON)
    where = _places(item.event) if item.event else []
    what = _what(item, {*_names(people), *where})
    facts: list[tuple[str, ...]] = [tuple(who)]
    words = [f"who: {' or '.join(people)}", f"what: {item.what or item.text}"]
    if what:
        facts.append(tuple(what))
    if item.event is not None:
        facts.append(tuple([*where, *_when(item.event, now)]))
        words.append(f"where or when (one is enough): {item.event.place}; {_said_when(item.event)}")
    return ItemFacts("; ".join(words), tuple(facts))


def _names(people: list[str]) -> list[str]:
    found: list[str] = []
    for person in people:
        parts = person.split()
        found += [person, *parts] if len(parts) > 1 else [person]
    return list(dict.fromkeys(found))


def _bare(text: str) -> str:
    text = text.strip().rstrip(".")
    for article in _ARTICLES:
        if text.lower().startswith(article):
            return text[len(article) :]
    return text


def _places(event: Event) -> list[str]:
    found: list[str] = []
    for part in event.place.split(":"):
        name = _bare(part)
        if not name:
            continue
        found.append(name)
        shorter = name.rsplit(" ", 1)[0] if " " in name else ""
        if len(shorter) >= 4:
            found.append(shorter)
    return list(dict.fromkeys(found))


def _what(item: NewsItem, taken: set[str]) -> list[str]:
    """carried_by's phrases other than the who and the where: those in every alternative,
    else any; and the bare `what`."""
    lowered = {phrase.lower() for phrase in taken}
    rests = [
        {phrase for phrase in alternative if phrase.lower() not in lowered}
        for alternative in item.carried_by
    ]
    rests = [rest for rest in rests if rest]
    shared = set.intersection(*rests) if rests else set()
    chosen = sorted(shared or (set.union(*rests) if rests else set()))
    if item.what:
        chosen.append(_bare(item.what))
    return list(dict.fromkeys(chosen))


def _when(event: Event, now: datetime | None) -> list[str]:
    day = event.starts
    hour = day.hour % 12 or 12
    half = "am" if day.hour < 12 else "pm"
    found = [
        f"{day:%B} {day.day}",
        f"{day:%b} {day.day}",
        _ordinal(day.day),
        f"{day:%A}",
        f"{hour} {half}",
        f"{hour}{half}",
        f"{day:%H:%M}",
        f"{hour}:{day:%M}",
    ]
    if now is not None:
        found += _relative_days(day, now)
    return list(dict.fromkeys(found))


def _relative_days(day: datetime, now: datetime) -> list[str]:
    if now.date() == day.date() - timedelta(days=1):
        return ["tomorrow"]
    if now.date() == day.date():
        return ["today", "tonight", "this evening"]
    if now.date() == day.date() + timedelta(days=1):
        return ["yesterday", "last night"]
    return []


def _ordinal(number: int) -> str:
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def _said_when(event: Event) -> str:
    starts = event.starts
    return f"{starts:%B} {starts.day}, from {starts:%H:%M} to {event.ends:%H:%M}"

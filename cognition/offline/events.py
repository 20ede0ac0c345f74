"""The offline brain's reading of a person's own events for a day: what they host or have
committed to, at a named place, today, at a time — never what they merely heard of."""

from __future__ import annotations

import re

from cognition.offline.likes import read_places
from cognition.offline.text import sentences
from cognition.plan import parse_clock
from cognition.steps.day_plan import DayPlanInput

MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
TODAY = re.compile(rf"\b({MONTHS}) (\d{{1,2}})\b")
SPAN = re.compile(
    r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*(?:to|-|–|until|and)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?",
    re.IGNORECASE,
)
# "at The Blue Note", "at Crown and Anchor": capitalised words, small joining words between
PLACE = re.compile(
    rf"\bat ((?:[Tt]he )?(?!(?:{MONTHS})\b)[A-Z][\w'&.-]*"
    rf"(?:(?: (?:and|of|the|on the|&))? (?!(?:{MONTHS})\b)[A-Z][\w'&.-]*)*)"
)
AUXILIARY = re.compile(
    r"^(?:(?:is|are|will|would|also|really|definitely|then|has|have|had|already|still|"
    r"(?:plans|planned|planning|intends|intended|wants|wanted|hopes|decided|agreed|promised|"
    r"going|excited|happy|glad|about|likely|sure|set|due)\s+to)\s+)*",
    re.IGNORECASE,
)
HOSTING = re.compile(
    r"^(?:be )?(?:planning|plan|hosting|host|throwing|throw|organi[sz]ing|organi[sz]e|holding|hold|"
    r"running|run|giving|give|putting on|put on|leading|lead)\b\s*"
)
GOING = re.compile(
    r"^(?:be at|(?:be )?(?:going to|go to|attending|attend|joining|join|coming to|come to|"
    r"heading to|head to|visiting|visit|stopping by|stop by))\b\s*"
)
OWN_WORDS = re.compile(r"^(?:an?|her|his|their|its|our|my)\s+", re.IGNORECASE)


def event_span(sentence: str) -> tuple[int, int] | None:
    """(start, end) minutes of "from 5 to 7 pm"-style times in `sentence`."""
    for match in SPAN.finditer(sentence):
        h1, m1, mer1, h2, m2, mer2 = match.groups()
        if mer2 is None and (m1 is None or m2 is None):
            continue  # "14 from 5" or "5 to 7" alone: no clock time
        start = parse_clock(f"{h1}:{m1 or '00'} {mer1 or mer2 or ''}")
        end = parse_clock(f"{h2}:{m2 or '00'} {mer2 or ''}")
        if start is not None and end is not None and start >= end and mer1 is None and mer2:
            start = parse_clock(f"{h1}:{m1 or '00'} am")  # "from 11 to 1 pm"
        if start is not None and end is not None and start < end:
            return start, end
    return None


def event_place(sentence: str, known: list[str]) -> str | None:
    """The place an event sentence names: a known place it is "at", else one it names, else
    "at <Capitalised Words>"."""
    for named in (
        [n for n in known if n and f"at {n}" in sentence],
        [n for n in known if n and n in sentence],
    ):
        if named:
            return max(named, key=len)
    found = PLACE.search(sentence)
    return found.group(1).removesuffix(".") if found else None


def commitment(
    agent: str, sentence: str, today: str, known: list[str]
) -> tuple[int, int, str] | None:
    """(start, end, activity) when `sentence` says the agent hosts or will go to something at
    a place today at a time: "<agent> is planning a quiz night at The Blue Note on March 3
    from 8 to 10 pm" → "host the quiz night at The Blue Note"; "<agent> plans to go to …" →
    "go to the quiz night at …". What others do, or the agent merely heard of, is no plan."""
    on_day = re.search(rf"\b{today}(?:st|nd|rd|th)?\b", sentence)
    if not sentence.startswith(agent + " ") or not on_day:
        return None
    span, place = event_span(sentence), event_place(sentence, known)
    if span is None or place is None:
        return None
    said = sentence[len(agent) :].strip()
    rest = AUXILIARY.sub("", said)
    hosting, going = HOSTING.match(rest), GOING.match(rest)
    verb = hosting or going
    verb_end = verb.end() if verb else None
    if verb_end is None and said[: len(said) - len(rest)].rstrip().endswith("going to"):
        verb_end = 0  # "is going to the quiz night": "going to" was the verb
    if verb_end is None:
        return None
    what = rest[verb_end:].split(f" at {place}")[0].split(" on ")[0].split(" from ")[0]
    what = OWN_WORDS.sub("the ", what.strip().rstrip(".,"))
    if what.lower().startswith(("to ", "at ")) or what == place or not what:
        what = ""
    if hosting:
        return (*span, f"host {what or 'a gathering'} at {place}")
    return (*span, f"go to {what} at {place}" if what else f"go to {place}")


def todays_events(inputs: DayPlanInput) -> list[tuple[int, int, str]]:
    """The agent's own events and commitments for today, as (start, end, activity), in time
    order, none overlapping (the first remembered wins)."""
    day = TODAY.search(inputs.today)
    if day is None:
        return []
    today = f"{day.group(1)} {int(day.group(2))}"
    known = [place.name for place in read_places(inputs.places)]
    found: list[tuple[int, int, str]] = []
    for line in inputs.intentions:
        for sentence in sentences(line):
            event = commitment(inputs.agent, sentence, today, known)
            if event and all(event[1] <= s or event[0] >= e for s, e, _ in found):
                found.append(event)
    return sorted(found)

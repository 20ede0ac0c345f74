"""Events a sentence speaks of, as the reflection and relationship rules read them.

`event_in` finds an event noun with a determiner ("a Lantern Night party", "her show",
"Ann Lee's party"), with its organiser, place and day when the sentence gives them;
`best_event` merges several mentions of one event into the fullest. Unlike
`facts.event_in`, it needs no place or day: news is news before its details are known. No
event noun is known beforehand: the nouns are those the town's own texts name in full
event statements (`event_words`: "… a lantern walk at the Old Mill on May 2" → "walk").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from cognition.memory.texts import read_object_state
from cognition.offline.facts import event_in as full_event
from cognition.offline.notes import NAME, is_person, names_in
from cognition.offline.text import SENTENCE_END, stem, strip_stamp
from cognition.offline.wording import clean

GUESTING = re.compile(
    r"\b(?:go|goes|going|went|attend\w*|come|comes|coming|join\w*|be at|invited to|skip\w*|"
    r"miss\w*|heard|hear\w*|told|tell\w*|knows?)\b"
)
ORGANISING = re.compile(
    r"\b(?:plan\w*|host\w*|throw\w*|organi[sz]\w*|hold\w*|having|has|putting on|puts on|"
    r"running|runs|prepar\w*|open\w*|giv\w*|celebrat\w*|arrang\w*|invit\w*)\b"
)
EVENT_PLACE = re.compile(r"\bat ((?:the |The )?[A-Z][\w']*(?: (?:[A-Z][\w']*|and|of|for))*)")
EVENT_DATE = re.compile(r"\bon ((?:[A-Z][a-z]+ )?[A-Z][a-z]+ \d{1,2})\b")
DETERMINER_TEXT = "a an the his her their my our its this that your"
DETERMINERS = frozenset(DETERMINER_TEXT.split())


@dataclass(frozen=True)
class Event:
    """An event a sentence speaks of: "the Lantern Night party at the Old Mill"."""

    key: str  # its kind, singular ("party")
    phrase: str  # "the Lantern Night party" / "Ann Lee's party"
    core: str  # the sentence up to the event ("X is planning a Lantern Night party")
    organiser: str = ""
    place: str = ""
    day: str = ""


def hosting(verbs: str) -> bool:
    """Do the words between a subject and an event make the subject its host ("is
    throwing", "is preparing for"), not a guest ("plans to go to", "was invited to")?"""
    return bool(ORGANISING.search(verbs)) and not GUESTING.search(verbs)


def event_words(texts: Iterable[str]) -> frozenset[str]:
    """The event nouns the town's own texts name: the last word of every event a statement
    gives in full ("… a Lantern Night party at the Old Mill on May 2" → "party"). No noun
    is known beforehand: an event is whatever the town's news calls one."""
    words: set[str] = set()
    for text in texts:
        for sentence in SENTENCE_END.split(strip_stamp(text)):
            found = full_event(sentence)
            if found is not None and found.name.split():
                words.add(found.name.split()[-1].lower())
    return frozenset(words)


@lru_cache(maxsize=64)
def word_pattern(words: frozenset[str]) -> re.Pattern[str]:
    """Any of `words`, singular or plural ("party" / "parties", "walk" / "walks")."""
    forms = sorted(
        (rf"{re.escape(w[:-1])}(?:y|ies)" if w.endswith("y") else rf"{re.escape(w)}s?")
        for w in words
    )
    return re.compile(rf"\b({'|'.join(forms)})\b", re.IGNORECASE)


def event_in(sentence: str, words: frozenset[str]) -> Event | None:
    """The event `sentence` speaks of, if any: an event noun with a determiner ("a
    Lantern Night party", "her show", "Ann Lee's party") — an event noun being one of
    `words` (`event_words`: those the town's texts name). Its organiser is the sentence's
    subject when a verb between them says so ("is planning", "is throwing", "is preparing
    for")."""
    sentence = clean(sentence)
    if not words or read_object_state(sentence) is not None or sentence.endswith("?"):
        return None
    subject = re.match(rf"^({NAME})\b", sentence)
    who = subject.group(1) if subject and is_person(subject.group(1)) else ""
    for match in word_pattern(words).finditer(sentence):
        tokens = sentence[: match.start()].split()
        modifiers: list[str] = []
        owner, determined = "", False
        for index in range(len(tokens) - 1, -1, -1):
            token = tokens[index]
            if token.lower() in DETERMINERS:
                determined = True
                owner = who if token.lower() in ("his", "her", "their") else ""
                break
            if token.endswith("'s"):  # "a New Year's party" vs "Ann Lee's party"
                before = tokens[index - 1] if index else ""
                if before.lower() in DETERMINERS:
                    modifiers.insert(0, token)
                else:
                    owner = " ".join([before, token[:-2]] if before[:1].isupper() else [token[:-2]])
                determined = True
                break
            if len(modifiers) == 3 or not re.fullmatch(r"[\w-]+", token):
                break
            modifiers.insert(0, token)
        if not determined:
            continue
        after = sentence[match.end() :]
        place = EVENT_PLACE.search(after)
        day = EVENT_DATE.search(after)
        where = clean(re.sub(r" (?:and|of|for)$", "", place.group(1))) if place else ""
        between = sentence[len(who) : match.start()] if who else ""
        named = " ".join([*modifiers, match.group(1)])
        return Event(
            key=stem(match.group(1).lower()),  # the event noun's singular
            phrase=f"{owner}'s {named}" if owner else f"the {named}",
            core=clean(sentence[: match.end()]),
            organiser=owner or (who if hosting(between) else ""),
            place=where,
            day=day.group(1) if day else "",
        )
    return None


def best_event(events: Iterable[Event]) -> Event:
    """The fullest description among mentions of one event (organiser, place, longest)."""
    ranked = sorted(
        events,
        key=lambda e: (
            not e.organiser,
            len(names_in(e.core)) > 1,  # "A made sure B knows about …" is no plain statement
            not e.place,
            -len(e.phrase),
            len(e.core),
        ),
    )
    best = ranked[0]
    place = best.place or next((e.place for e in ranked if e.place), "")
    day = best.day or next((e.day for e in ranked if e.day), "")
    return Event(best.key, best.phrase, best.core, best.organiser, place, day)


def shown(event: Event) -> str:
    """ "the Lantern Night party at the Old Mill"."""
    return event.phrase + (f" at {event.place}" if event.place else "")

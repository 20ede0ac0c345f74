"""The people a sentence names, by their capitalised full names ("Ann Lee", "Bo Dahl-Reyes").

A reader of the user's input: the persona file a user writes is prose, and the facts it
gives a resident name people in words. `Persona.named` reads each fact once, where the
persona is read into memories (`records.first_memories` writes what it finds as the fact's
`MemoryFields.named`; `Agent.migrate` fills it in an older save); the offline brain then
reads whom a memory names by its fields, never by its words. `notes.statements_in` reads a
spoken line saved before fields with `is_person` too. No resident, place or event is named
here.
"""

from __future__ import annotations

import re

CAPITALISED = r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?"
NAME = rf"{CAPITALISED} {CAPITALISED}"
CAPITAL_RUN = re.compile(rf"(?<![\w'])({CAPITALISED}(?: {CAPITALISED})+)(?:'s)?(?![\w])")
NOT_NAME_TEXT = (
    "The A An Hi Hey Hello Oh Well Did Dear Good Happy Mr Mrs Ms Dr On In At This That "
    "Conversation Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February "
    "March April May June July August September October November December Mon Tue Wed Thu "
    "Fri Sat Sun Jan Feb Mar Apr Jun Jul Aug Sep Oct Nov Dec"
)
NOT_NAMES = frozenset(NOT_NAME_TEXT.split())
PLACE_TEXT = (
    "cafe café coffee pub bar tavern park college university school academy library market "
    "store shop supply supplies pharmacy bakery restaurant diner house hall street road "
    "avenue square garden gardens center centre hotel inn church station office club museum "
    "bank hospital clinic gym theater theatre apartment apartments dorm tower plaza lane way "
    "farm studio gallery town city village ville county lake river hill beach bridge court "
    "building mall cinema arena day eve night party festival"
)
PLACE_NOUNS = frozenset(PLACE_TEXT.split())


def is_person(name: str) -> bool:
    """ "Capitalised Capitalised" and not a place, an event, a day or a greeting."""
    first, *rest = name.split()
    return (
        len(rest) == 1
        and first not in NOT_NAMES
        and rest[0] not in NOT_NAMES
        and rest[0].lower() not in PLACE_NOUNS
    )


def names_in(text: str) -> list[str]:
    """The people named in `text` (the user's words: a persona's fact), in order, once
    each."""
    found = [run for run in CAPITAL_RUN.findall(text) if is_person(run)]
    return list(dict.fromkeys(found))

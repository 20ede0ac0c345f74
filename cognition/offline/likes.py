"""What the offline brain reads of a person and their town for a day: the places they know
(kind and opening hours, from "Corner Cafe (public, open 08:00-20:00)"), their interests and
their own project (from the identity line of the summary)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from cognition.offline.tables import INTERESTS, PLACE_KINDS, PROJECT_VERBS
from cognition.offline.text import first_match, has_word
from cognition.plan import DAY_MINUTES, parse_clock

OUTDOORS = ("park", "square")
DAYLIGHT = (7 * 60, 19 * 60)
OPEN = re.compile(r"open (\d{1,2}:\d{2})-(\d{1,2}:\d{2})")


@dataclass(frozen=True)
class Place:
    name: str
    kind: str  # a PLACE_KINDS kind, or "" when the name says nothing
    opens: int = 0
    closes: int = DAY_MINUTES

    @property
    def until(self) -> int:
        """When a visit must end: closing time, or dusk outdoors."""
        return min(self.closes, DAYLIGHT[1]) if self.kind in OUTDOORS else self.closes

    def open_for(self, start: int, end: int) -> bool:
        opens = max(self.opens, DAYLIGHT[0] if self.kind in OUTDOORS else 0)
        return opens <= start and end <= self.until


def read_places(lines: list[str]) -> list[Place]:
    """Known places that are not homes: "Corner Cafe (public, open 08:00-20:00)" → a cafe."""
    places = []
    for line in lines:
        name, _, note = line.partition(" (")
        if "home" in note.split(",")[0]:
            continue
        hours = OPEN.search(note)
        opens, closes = (
            (parse_clock(hours.group(1)), parse_clock(hours.group(2))) if hours else (0, 0)
        )
        kind = first_match(name, PLACE_KINDS) or ("park" if "nature" in note else "")
        places.append(Place(name.strip(), kind, opens or 0, closes or DAY_MINUTES))
    return places


def identity_line(summary: str, agent: str = "") -> str:
    """The summary's identity line ("Name: … Innate traits: …"), without the agent's name."""
    lines = summary.splitlines() or [""]
    line = next((text for text in lines if "Innate traits" in text), lines[0])
    for part in (agent, *agent.split()):
        line = re.sub(rf"\b{re.escape(part)}\b", " ", line) if part else line
    return line


def interests(summary: str, agent: str) -> set[str]:
    line = identity_line(summary, agent).lower()
    return {tag for keys, tag in INTERESTS if any(has_word(line, key) for key in keys)}


def project(summary: str, agent: str) -> str | None:
    """One's own project from "<agent> is writing a picture book about …": "the picture book"."""
    line = identity_line(summary)
    verbs = "|".join(re.escape(verb) for verb in PROJECT_VERBS)
    found = re.search(
        rf"{re.escape(agent)} is (?:{verbs}) ((?:an? |the |her |his |their )?[\w' -]+?)"
        r"(?= about | for | on | with | that | and | through | in | while | to |[,.;]|$)",
        line,
    )
    if found is None:
        return None
    thing = re.sub(r"^an? ", "the ", found.group(1).strip())
    return thing if len(thing.split()) <= 6 else None

"""Places a plan item names: what the plan already says is not asked again.

A plan item such as "work at Oak Hill College, classroom" or "have a drink at The Rose and
Crown Pub" names a sector (and maybe an arena) the agent knows; "have breakfast at home"
names the agent's home. Then the walk down the area tree starts below what is named: no
question for the sector, and none for the arena when it is named too or the sector has only
one. Names are matched whole and case aside, the longest first ("Dorm for Oak Hill College"
over "Oak Hill College"), and only among the known places: a name the agent does not know is
never obeyed, as with any answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cognition.contract import Address, KnownPlaces
from cognition.persona import Persona

HOME = re.compile(r"\bhome\b", re.IGNORECASE)


def as_name(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(name.strip())}(?!\w)", re.IGNORECASE)


def named_in(text: str, names: Iterable[str]) -> str | None:
    """The longest of `names` that `text` names as a whole (case aside), else None."""
    found = [name for name in names if name.strip() and as_name(name).search(text)]
    return max(found, key=len) if found else None


def named_area(stretch: str, places: KnownPlaces, persona: Persona) -> Address | None:
    """The known sector (and arena, when named or the only one) that `stretch` names, the
    persona's home for "… at home"; None when it names no known sector."""
    sector_name = named_in(stretch, (s.name for s in places.sectors))
    if sector_name is None and HOME.search(stretch) and places.sector(persona.home_sector):
        sector_name = persona.home_sector
    sector = places.sector(sector_name) if sector_name is not None else None
    if sector is None:
        return None
    arenas = [a.name for a in sector.arenas]
    rest = as_name(sector.name).sub(" ", stretch)  # "Hobbs Cafe" does not name its "cafe"
    arena = named_in(rest, arenas) or (arenas[0] if len(arenas) == 1 else None)
    return Address(world=places.world, sector=sector.name, arena=arena)


def objects_in(places: KnownPlaces, area: Address) -> tuple[str, ...]:
    """The objects of the known arena `area` names, or of every arena of its sector when it
    names none (sorted, each once); none for an unknown place."""
    sector = places.sector(area.sector or "")
    if sector is None:
        return ()
    arenas = [a for a in sector.arenas if area.arena is None or a.name == area.arena]
    return tuple(sorted({thing for arena in arenas for thing in arena.objects}))

"""The places an hour may be spent in, and how the hour plan's prompt shows them.

`offered_places` chooses the arenas (see `steps.hour_plan`'s doc: the chunk's own arena,
a named sector's, the home's for sleep, else every known arena, where the agent is first);
`place_lines` shows them a line a sector, arenas with the same objects named together.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from cognition.contract import Address, KnownPlaces, KnownSector
from cognition.plan import PlanStep
from cognition.steps.common import contains_word
from cognition.steps.context import StepContext
from cognition.steps.named_place import named_area


class HourPlace(BaseModel):
    """An arena offered for the hour, with its objects ("bed, desk") and what its sector is."""

    sector: str
    arena: str
    objects: str = Field(description="the arena's objects, comma-separated")
    about: str = Field(default="", description="the sector's kind and opening hours")


def place_lines(places: list[HourPlace], alike: bool = False) -> list[str]:
    """ "Hobbs Cafe (cafe, open 08:00-20:00): cafe [counter, piano]; kitchen [stove]" — the
    offered arenas a line a sector, in their order; with `alike` (how the prompt shows
    them), arenas in a row with the same objects named together ("Ann's room; Bo's room
    [each: bed, desk]")."""
    sectors: dict[str, list[HourPlace]] = {}
    for place in places:
        sectors.setdefault(place.sector, []).append(place)
    lines = []
    for sector, arenas in sectors.items():
        about = f" ({arenas[0].about})" if arenas[0].about else ""
        shown = alike_arenas(arenas) if alike else [with_objects([a]) for a in arenas]
        lines.append(f"{sector}{about}: {'; '.join(shown)}")
    return lines


def with_objects(arenas: list[HourPlace]) -> str:
    """ "cafe [counter, piano]"; arenas with the same objects: "A; B [each: bed, desk]"."""
    names, objects = "; ".join(a.arena for a in arenas), arenas[0].objects
    each = "each: " if len(arenas) > 1 else ""
    return f"{names} [{each}{objects}]" if objects else names


def alike_arenas(arenas: list[HourPlace]) -> list[str]:
    """Each arena with its objects, arenas in a row with the same objects named together."""
    runs: list[list[HourPlace]] = []
    for arena in arenas:
        if runs and arena.objects and runs[-1][-1].objects == arena.objects:
            runs[-1].append(arena)
        else:
            runs.append([arena])
    return [with_objects(run) for run in runs]


def sector_about(sector: KnownSector) -> str:
    parts = [sector.kind] if sector.kind else []
    if sector.open_hours:
        parts.append(f"open {sector.open_hours}")
    return ", ".join(parts)


def offered_places(
    ctx: StepContext, chunk: PlanStep, places: KnownPlaces, here: Address
) -> list[HourPlace]:
    """The arenas the hour may be spent in (see the module's doc), where the agent is first,
    then its home's, its workplace's, the others'."""
    pinned = chunk.address if chunk.address is not None and places.contains(chunk.address) else None
    pinned = pinned if pinned is not None and pinned.arena is not None else None
    pinned = pinned or named_area(chunk.activity, places, ctx.persona)
    persona = ctx.persona
    asleep = contains_word(chunk.activity, ctx.settings.undecomposed_words)
    if pinned is None and asleep and places.sector(persona.home_sector) is not None:
        pinned = Address(world=places.world, sector=persona.home_sector)  # one sleeps at home
    first = (here.sector, persona.home_sector, persona.work_sector)
    sectors = sorted(
        (s for s in places.sectors if pinned is None or s.name == pinned.sector),
        key=lambda s: first.index(s.name) if s.name in first else len(first),
    )
    offered = []
    for sector in sectors:
        for arena in sorted(sector.arenas, key=lambda a: a.name != here.arena):
            if pinned is not None and pinned.arena is not None and arena.name != pinned.arena:
                continue
            objects = ", ".join(arena.objects)
            about = sector_about(sector)
            offered.append(
                HourPlace(sector=sector.name, arena=arena.name, objects=objects, about=about)
            )
    return offered

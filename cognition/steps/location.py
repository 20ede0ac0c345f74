"""Action location: walk the agent's known area tree top-down, sector → arena → object.

At each level the model picks one of the offered names (the current place offered first).
An answer naming a place not offered is rejected and asked again, then replaced by the
fallback (current place, else home, else the first option): never obeyed. Sector and arena
are chosen once for an hour's stretch (`choose_area`), and not asked when the plan item names
them (`steps.named_place`) nor the arena when only one of the sector's holds every object the
hour's actions mean to use; the objects for all its actions, with their states, in one call
(`steps.objects`). The call's answer schema lists the options, so
servers that constrain decoding can only name one of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

from cognition.contract import Address, KnownPlaces, KnownSector
from cognition.llm.schema import strict_json_schema, with_enum
from cognition.llm.task import Task
from cognition.steps.context import StepContext
from cognition.steps.named_place import named_area
from cognition.steps.objects import choose_objects, settle_objects


class PlaceChoiceInput(BaseModel):
    agent: str
    activity: str
    context: str = Field(description="the stretch of the plan this action belongs to")
    level: str = Field(description='"sector" or "arena"')
    within: str = Field(description="the place the options are in")
    options: list[str]
    notes: list[str] = Field(description="what each option is, in the options' order")
    current: str = Field(description="where the agent is now at this level, if offered")
    home: str
    workplace: str


class PlaceChoice(BaseModel):
    name: str


def stay(inputs: PlaceChoiceInput) -> PlaceChoice:
    return PlaceChoice(name=inputs.current or inputs.options[0])


def choice_schema(inputs: PlaceChoiceInput) -> dict[str, Any]:
    """The name: one of the options."""
    return with_enum(strict_json_schema(PlaceChoice), "name", inputs.options)


CHOOSE_PLACE = Task(
    name="choose_place",
    template="choose_place.txt",
    input_model=PlaceChoiceInput,
    output_model=PlaceChoice,
    fallback=stay,
    max_tokens=96,
    schema_for=choice_schema,
)


def pick(ctx: StepContext, inputs: PlaceChoiceInput) -> str:
    """One of `inputs.options`, whatever the model says."""
    for _ in range(1 + ctx.settings.location_retries):
        answer = ctx.ask(CHOOSE_PLACE, inputs).name.strip()
        if answer in inputs.options:
            return answer
        folded = {option.casefold(): option for option in inputs.options}
        if answer.casefold() in folded:
            return folded[answer.casefold()]
    return stay(inputs).name


def first_of(candidates: list[str | None], options: list[str]) -> str:
    return next((c for c in candidates if c is not None and c in options), "")


def sector_note(sector: KnownSector) -> str:
    parts = [sector.name, sector.kind or "place"]
    if sector.open_hours:
        parts.append(f"open {sector.open_hours}")
    return " — ".join(parts)


def choose_area(
    ctx: StepContext,
    activity: str,
    *,
    places: KnownPlaces,
    here: Address,
    stretch: str,
    objects: Sequence[str] = (),
) -> Address:
    """Sector and arena inside the known `places` for `activity` (part of a `stretch` of the
    plan), the agent being `here`; the world's root if no place is known. What the stretch
    names (a known sector, its arena, home) is taken without asking, and so is the one arena
    of the sector that holds all the `objects` the actions mean to use."""
    if not places.sectors:
        return Address(world=places.world)
    persona = ctx.persona
    named = named_area(stretch, places, persona)
    if named is not None and named.arena is not None:
        return named
    ask_level = _LevelQuestion(ctx, activity, stretch).ask
    sectors = sorted(places.sectors, key=lambda s: s.name != here.sector)
    sector_name = (
        named.sector
        if named is not None and named.sector is not None
        else ask_level(
            "sector",
            places.world,
            [s.name for s in sectors],
            [sector_note(s) for s in sectors],
            [here.sector, persona.home_sector],
        )
    )
    sector = places.sector(sector_name)
    if sector is None or not sector.arenas:
        return Address(world=places.world, sector=sector_name)
    holding = arena_holding(sector, objects)
    if holding is not None:
        return Address(world=places.world, sector=sector_name, arena=holding)
    here_arena = here.arena if sector_name == here.sector else None
    arenas = sorted(sector.arenas, key=lambda a: a.name != here_arena)
    arena_name = ask_level(
        "arena",
        sector_name,
        [a.name for a in arenas],
        [f"{a.name}: {', '.join(a.objects) or 'no objects'}" for a in arenas],
        [here_arena, persona.home_arena, persona.work_arena],
    )
    return Address(world=places.world, sector=sector_name, arena=arena_name)


@dataclass(frozen=True)
class _LevelQuestion:
    """What the sector's and the arena's question share: who asks, for which activity, in
    which stretch of the plan."""

    ctx: StepContext
    activity: str
    stretch: str

    def ask(
        self,
        level: str,
        within: str,
        options: list[str],
        notes: list[str],
        current: list[str | None],
    ) -> str:
        """The model's pick of `options` at `level` inside `within`; `current`: the places
        to call the agent's current one (here, home, work), the first of them offered."""
        persona = self.ctx.persona
        inputs = PlaceChoiceInput(
            agent=persona.name,
            activity=self.activity,
            context=self.stretch,
            level=level,
            within=within,
            options=options,
            notes=notes,
            current=first_of(current, options),
            home=f"{persona.home_sector}, {persona.home_arena}",
            workplace=persona.work_sector,
        )
        return pick(self.ctx, inputs)


def arena_holding(sector: KnownSector, objects: Sequence[str]) -> str | None:
    """The only arena of `sector` that has every one of `objects` the sector has (none of
    them: None, as when two arenas have them all or none does)."""
    wanted = {o for o in objects if any(o in a.objects for a in sector.arenas)}
    holding = [a.name for a in sector.arenas if wanted and wanted <= set(a.objects)]
    return holding[0] if len(holding) == 1 else None


def objects_at(places: KnownPlaces, area: Address) -> tuple[str, ...]:
    """The objects of the arena `area` names (none if it names no known arena)."""
    sector = places.sector(area.sector or "")
    arena = next((a for a in sector.arenas if a.name == area.arena), None) if sector else None
    return arena.objects if arena is not None else ()


def here_object(here: Address, area: Address) -> str | None:
    same = (here.sector, here.arena) == (area.sector, area.arena)
    return here.object if same else None


def place_actions(
    ctx: StepContext,
    activities: list[str],
    *,
    places: KnownPlaces,
    here: Address,
    stretch: str,
    area: Address | None = None,
    proposed: Sequence[tuple[str | None, str | None]] = (),
) -> list[tuple[Address, str | None]]:
    """One area for all `activities` (an hour of the plan's `stretch`) — `area` when it is
    given and known, else chosen top-down — then each one's object and its state: at most
    three calls however many actions. An action whose `proposed` (object, state) — from its
    decomposition — names one of the area's objects keeps it without a question."""
    if area is None or area.arena is None or not places.contains(area):
        doing = f"{stretch}: {'; '.join(activities)}" if activities != [stretch] else stretch
        wanted = [thing for thing, _ in proposed if thing]
        area = choose_area(ctx, doing, places=places, here=here, stretch=stretch, objects=wanted)
    area = area.model_copy(update={"object": None})
    uses = settle_objects(
        ctx,
        activities,
        objects_at(places, area),
        proposed,
        current=here_object(here, area),
        place=f"{area.arena}, {area.sector}",
        stretch=stretch,
    )
    if not uses:
        return [(area, None)] * len(activities)
    return [(area.model_copy(update={"object": thing}), state) for thing, state in uses]


def choose_address(
    ctx: StepContext, activity: str, *, places: KnownPlaces, here: Address, stretch: str
) -> Address:
    """An address inside `places` for doing `activity` alone (sector → arena → object)."""
    area = choose_area(ctx, activity, places=places, here=here, stretch=stretch)
    uses = choose_objects(
        ctx,
        [activity],
        objects_at(places, area),
        current=here_object(here, area),
        place=f"{area.arena}, {area.sector}",
        stretch=stretch,
    )
    return area.model_copy(update={"object": uses[0][0]}) if uses else area

"""A town with minds: the map, its residents, their memories and the director, built once.

`build_living_town` is what both the game window and the headless simulation use: it loads
a bundled town (`saves/<town>/town.json` + `personas.json`), puts the listed residents at
their spawns, opens one memory stream each, and steers them with a `MindDirector`.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from pydantic import ValidationError

from cognition import (
    Agent,
    BrainSpec,
    ChromaChildGone,
    ConfigError,
    Embedder,
    LanguageModel,
    MemoryServer,
    MemoryStore,
    MemoryStream,
    MindSettings,
    ModelStack,
    OfflineBrain,
    Persona,
    ProfiledModel,
    RetryPolicy,
    ServerProfile,
    build_brain,
    end_memory_children,
    with_pronouns,
)
from game.bridge.activities import ActivityPlanner
from game.bridge.director import THINK_AHEAD_MINUTES, MindDirector
from game.bridge.perception import PerceptionBuilder
from game.bridge.stopping import StoppableEmbedder, StoppableModel
from game.bridge.thinking_ahead import count_call
from game.bridge.waking import still_waking
from game.files.endpoints import output_mode_for
from game.files.paths import bundle_root
from game.files.scratch import before_removal
from game.town.population import Population
from game.town.resident import Resident
from game.town.setup import schedule_director
from game.town_files import Placement, TownFileError, TownFiles, place_residents, read_town_files
from game.world.address import Address
from game.world.clock import GameClock
from game.world.navigation import Navigator
from game.world.objects import ObjectStates
from game.world.pathfinding import PathFinder
from game.world.spatial_memory import SpatialMemory
from game.world.town import TownMap

log = logging.getLogger(__name__)

ROOT = bundle_root()  # the source checkout, or the frozen app's bundle
# A resident's new memories reach its local Chroma store this many at a time (and at every
# flush, save and close): one Chroma write costs the same for 1 record or 30 and holds the
# GIL (its fsyncs too: the town's every thread waits), and the town's memory folder is a run's
# working copy — saves copy the mirrors. 128 is most of a resident-day's memories (~150 in
# the offline day): 32 made ~120 writes a day, each 25–100 ms with the GIL held (measured).
LOCAL_WRITE_BEHIND = 128
# A local store's Chroma runs in a child process (`cognition/memory/chroma_child.py`): its
# writes hold that process's GIL, not the town's, and chromadb's ~3 s import happens there,
# beside the town's first hour. Tests that build many towns in one process turn it off.
MEMORY_IN_CHILD = True


@dataclass(frozen=True)
class TownFile:
    """A town's files, read and checked with its map (`game.town_files`): its name, map,
    start time, residents, their personas and looks, its scenario and mind settings."""

    files: TownFiles
    # the town's own mind settings (town.json's "mind": {"group_strategy": "manager", …});
    # what it leaves out keeps the paper's defaults
    mind: MindSettings = field(default_factory=MindSettings)

    @classmethod
    def load(cls, town: str | Path) -> TownFile:
        """The town `town` (a bundled town's name or a town folder); `TownFileError` (a
        ValueError) listing every problem, each naming its file and field."""
        files = read_town_files(town)
        return cls(files, mind_settings_of(files.directory / "town.json", files.town_json.mind))

    @property
    def directory(self) -> Path:
        return self.files.directory

    @property
    def name(self) -> str:
        return self.files.town_json.town

    @property
    def map_path(self) -> Path:
        return self.files.map_path

    @property
    def town_map(self) -> TownMap:
        """The map, as read (and checked against) with the files."""
        assert self.files.town_map is not None  # `load` reads the files with the map
        return self.files.town_map

    @property
    def start(self) -> datetime:
        return self.files.start

    @property
    def residents(self) -> tuple[str, ...]:
        return tuple(self.files.town_json.residents)

    def personas(self) -> list[Persona]:
        """The residents' personas, with what the scenario seeds in each (its news and
        intentions they know at the start, unless their persona carries them already)."""
        scenario = self.files.scenario
        personas = self.files.personas()
        if scenario is None:
            return with_pronouns(personas)
        seeded = []
        for persona in personas:
            texts = persona.initial_memories()
            extra = scenario.first_memories(persona.name, "\n".join(texts))
            if extra:
                facts = ";".join(part for part in (persona.description, *extra) if part)
                persona = persona.model_copy(update={"description": facts})
            busy_item = scenario.carried_item(persona.name, persona.currently)
            # what it is busy with is that item: one news, one id, told in those words (so
            # it is never also said as a word on oneself, carrying no news as data)
            said = [persona.currently, *texts] if busy_item is not None else texts
            news = scenario.first_news(persona.name, said)
            if news:
                persona = persona.model_copy(update={"news": [*persona.news, *news]})
            if busy_item is not None:
                persona = persona.model_copy(update={"currently_item": busy_item})
            seeded.append(persona)
        return with_pronouns(seeded)  # news about a resident says how they are spoken of

    def looks(self) -> dict[str, dict[str, str]]:
        """Each resident's look (the parts their figure is drawn from), where the file gives
        one."""
        return self.files.looks()


def mind_settings_of(path: Path, values: object) -> MindSettings:
    """town.json's "mind" block as settings; a clear message naming the file and the
    setting when one is unknown or out of range."""
    if not isinstance(values, dict):
        raise ValueError(f'{path}: "mind" should be an object of settings, not {values!r}')
    try:
        return MindSettings.model_validate(values)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'mind'}: {e['msg']}" for e in error.errors()
        )
        raise ValueError(f'{path}: "mind" settings: {problems}') from None


@dataclass
class LivingTown:
    """Everything a running town with minds consists of."""

    town: TownMap
    clock: GameClock
    population: Population
    director: MindDirector
    objects: ObjectStates
    stack: ModelStack
    store: MemoryStore
    minds: dict[str, Agent]
    # resident → the parts its figure is drawn from, where its persona file gives a look
    looks: dict[str, dict[str, str]] = field(default_factory=dict)
    # the model the minds call: stopped as the town closes, so jobs in flight end at once
    thinking: StoppableModel | None = None

    def description_of(self, name: str) -> str:
        """Who `name` is, in a line: their persona's "who they are" and "these days"."""
        mind = self.minds.get(name)
        if mind is None:
            return ""
        persona = mind.persona
        return " ".join(part.strip() for part in (persona.learned, persona.currently) if part)

    def spatial_memory(self, name: str) -> SpatialMemory | None:
        """What resident `name` knows of the map (what a save keeps of it; None: nobody)."""
        return self.director.perceptions.memories.get(name)

    def still_waking(self) -> bool:
        """Whether the town's first plans are not all in yet (`waking.still_waking`): play held
        or just released the clock at its first moment; no autosave is taken then."""
        return still_waking(self.director.waking, self.director.slots)

    def close(self) -> None:
        """Throw away the thinking in flight (its next model call stops it), then stop the
        minds' threads, flush the memories and release the model."""
        if self.thinking is not None:
            self.thinking.stop()
        self.director.close()
        try:
            self.store.close()
        except ChromaChildGone as error:  # said once when the town was paused for it
            said = self.director.memory_lost is not None
            log.log(logging.DEBUG if said else logging.WARNING, "memories not written: %s", error)
        self.stack.close()


def spatial_memory(town: TownMap, placement: Placement) -> SpatialMemory:
    """What a resident knows of the town at the start: the common places, and the sectors
    of its homes and workplaces (the map spawn's and the persona's)."""
    memory = SpatialMemory.for_resident(town.tree, None, None)
    for place in (*placement.homes, *placement.works):
        if town.tree.has(place):
            memory.learn(place.sector_address())
    return memory


def model_stack(
    spec: BrainSpec,
    seed: int,
    retry: RetryPolicy | None = None,
    profile: ServerProfile | None = None,
) -> ModelStack:
    """The brain `spec` describes (`cognition.build_brain`), the offline brain seeded with
    `seed`. With `profile` (the offline brain only), the offline brain answers behind that
    server's latency and slots (`stack.backend` is the `ProfiledModel`, with its meter)."""
    if profile is not None and (spec.dispatched or not spec.offline):
        raise ConfigError("a server profile runs the offline brain, not a model server")

    def offline() -> LanguageModel:
        brain = OfflineBrain(seed)
        return brain if profile is None else ProfiledModel(brain, profile)

    return build_brain(spec, offline, retry=retry, learned_mode=output_mode_for)


def build_living_town(
    town_file: TownFile,
    stack: ModelStack,
    memory_dir: Path,
    embedder: Embedder,
    *,
    seed: int = 0,
    workers: int = 8,
    mind_settings: MindSettings | None = None,
    path_budget_seconds: float | None = None,
    timer: Callable[[], float] | None = None,
    line_minutes: float = 1.0,
    think_ahead_minutes: float = THINK_AHEAD_MINUTES,
    think_ahead_idle_minutes: float = 0.0,
    progress: Callable[[str, float], None] | None = None,
    memory_server: MemoryServer | None = None,
) -> LivingTown:
    """Load the map, place the residents, open their memories and build the director.
    With `memory_server`, the memories live in that server's database, not `memory_dir`.

    `progress(what, share)` (share 0..1) is told each stage, for a loading screen."""
    report = progress or (lambda what, share: None)
    report("loading the map", 0.0)
    town = town_file.town_map  # read with the town's files
    personas = town_file.personas()
    placed = placements(town, personas)
    clock = GameClock(town_file.start)
    report("opening the memory store", 0.2)
    store = open_store(memory_dir, memory_server)
    thinking = StoppableModel(stack.model)
    settings = mind_settings or town_file.mind
    minds = wake_minds(personas, store, embedder, thinking, settings, seed, report)
    report("placing the residents", 0.9)
    memories = {name: spatial_memory(town, placed[name]) for name in minds}
    objects = ObjectStates(town.tree.objects())
    pathfinder = PathFinder(town.grid)
    director = MindDirector(
        minds,
        PerceptionBuilder(town.tree, objects, memories),
        ActivityPlanner(Navigator(town.tree, town.grid, pathfinder)),
        objects,
        label=stack.label,
        workers=workers,
        clock=clock,
        fallback=schedule_director(town),
        line_minutes=line_minutes,
        think_ahead_minutes=think_ahead_minutes,
        think_ahead_idle_minutes=think_ahead_idle_minutes,
        calls_at_once=stack.settings.max_concurrency if stack.settings else workers,
    )
    residents = [Resident(name, placed[name].tile) for name in minds]
    population = Population(
        residents, director, pathfinder,
        path_budget_seconds=path_budget_seconds, timer=timer or time.perf_counter,
    )  # fmt: skip
    start_directing(director, population, stack, clock.now, store)
    return LivingTown(
        town, clock, population, director, objects, stack, store, minds, town_file.looks(),
        thinking,
    )  # fmt: skip


def start_directing(
    director: MindDirector,
    population: Population,
    stack: ModelStack,
    now: datetime,
    store: MemoryStore,
) -> None:
    """The director knows every resident, hears each model call end (a slow server's queue
    moves: lockstep waits on), notices a local store's child process ended (it pauses the
    town), and calls the meetings the residents intend."""
    director.watch(population.residents)
    director.memory_process = store.process_ended
    stack.tracer.add_listener(director.progressed)
    stack.tracer.add_listener(count_call)  # the calls of decisions thought ahead
    intentions = {name: mind.persona.initial_memories() for name, mind in director.minds.items()}
    for warning in director.meetings.from_intentions(intentions, now):
        log.warning("%s", warning)


def open_store(memory_dir: Path, memory_server: MemoryServer | None) -> MemoryStore:
    """The town's memories: in that server's database, else in `memory_dir`, kept by a
    child process (its writes hold that process's GIL, not the town's) and written in
    batches of `LOCAL_WRITE_BEHIND`."""
    if memory_server is not None:
        return MemoryStore.on_server(memory_server)
    if MEMORY_IN_CHILD:
        before_removal(end_memory_children)  # a scratch folder's child would make it again
    return MemoryStore(memory_dir, write_behind=LOCAL_WRITE_BEHIND, in_child=MEMORY_IN_CHILD)


def placements(town: TownMap, personas: list[Persona]) -> dict[str, Placement]:
    """Where each resident starts (`place_residents`); `TownFileError` naming whoever has
    no place."""
    placed, unplaced = place_residents(
        town,
        [
            (p.name, Address(p.home_sector, p.home_arena), Address(p.work_sector, p.work_arena))
            for p in personas
        ],
    )
    if unplaced:
        raise TownFileError(unplaced)
    return placed


def wake_minds(
    personas: list[Persona],
    store: MemoryStore,
    embedder: Embedder,
    thinking: StoppableModel,
    settings: MindSettings,
    seed: int,
    report: Callable[[str, float], None],
) -> dict[str, Agent]:
    """One mind a persona, in order: its memory stream in `store`, the town's model, and a
    random of its own (seeded by the town's seed and its name)."""
    minds: dict[str, Agent] = {}
    for number, p in enumerate(personas):
        report(f"waking {p.name}", 0.3 + 0.6 * number / max(1, len(personas)))
        minds[p.name] = Agent(
            p,
            MemoryStream(store, p.name, StoppableEmbedder(embedder, thinking)),
            thinking,
            settings,
            random.Random(f"{seed}|{p.name}"),
        )
    return minds

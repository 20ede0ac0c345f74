"""A small hand-written town for tests: known places, perceptions, three personas, and
their minds as the thinking steps see them (`context_for`)."""

from __future__ import annotations

from datetime import datetime

from cognition.contract import Address, KnownArena, KnownPlaces, KnownSector, Perception, SeenAgent
from cognition.llm.task import LanguageModel
from cognition.memory.fields import News
from cognition.persona import Persona, Routine
from cognition.settings import MindSettings
from cognition.steps.common import MemoryStreamLike
from cognition.steps.context import StepContext
from cognition.testing.memory_fake import FakeMemoryStream

WORLD = "the Ville"
START = datetime(2023, 2, 13, 7, 0)


def home(name: str, rooms: tuple[str, ...] = ("bedroom",)) -> KnownSector:
    arenas = [KnownArena(name=room, objects=("bed", "desk", "closet", "shelf")) for room in rooms]
    arenas += [
        KnownArena(name="bathroom", objects=("toilet", "shower", "sink")),
        KnownArena(name="kitchen", objects=("stove", "refrigerator", "counter", "sink")),
        KnownArena(name="common room", objects=("couch", "table")),
    ]
    return KnownSector(name=name, kind="home", arenas=tuple(arenas))


def town_places() -> KnownPlaces:
    """Homes of the three-resident town and the common places."""
    return KnownPlaces(
        world=WORLD,
        sectors=(
            home("Isabella Rodriguez's apartment"),
            home("Dorm for Oak Hill College", ("Klaus Mueller's room", "Maria Lopez's room")),
            KnownSector(
                name="Hobbs Cafe",
                kind="public",
                open_hours="08:00-20:00",
                arenas=(
                    KnownArena(
                        name="cafe",
                        objects=("counter", "coffee machine", "pastry display", "customer table"),
                    ),
                    KnownArena(name="kitchen", objects=("stove", "sink")),
                ),
            ),
            KnownSector(
                name="The Rose and Crown Pub",
                kind="public",
                arenas=(KnownArena(name="pub", objects=("bar counter", "pub table", "piano")),),
            ),
            KnownSector(
                name="Oak Hill College",
                kind="public",
                open_hours="07:00-22:00",
                arenas=(
                    KnownArena(name="library", objects=("bookshelves", "library table")),
                    KnownArena(name="classroom", objects=("blackboard", "student desk")),
                ),
            ),
            KnownSector(
                name="Johnson Park",
                kind="nature",
                arenas=(KnownArena(name="park", objects=("park garden", "bench", "pond")),),
            ),
        ),
    )


def persona(name: str, home_sector: str, home_arena: str, work: str, **extra: object) -> Persona:
    fields: dict[str, object] = {
        "name": name,
        "age": 30,
        "innate": "friendly, curious",
        "learned": f"{name} works.",
        "currently": f"{name} is getting through the week.",
        "lifestyle": "early riser",
        "home_sector": home_sector,
        "home_arena": home_arena,
        "work_sector": work,
        "routine": Routine(wake_hour=7, sleep_hour=23, work_start_hour=9, work_end_hour=17),
    }
    fields.update(extra)
    return Persona.model_validate(fields)


PARTY_STATEMENT = (
    "Isabella Rodriguez is planning a Valentine's Day party at Hobbs Cafe on February 14 "
    "from 5 to 7 pm"
)
PARTY = News(
    item="party",
    subject="Isabella Rodriguez",
    statement=PARTY_STATEMENT,
    kind="event",
    importance=8,
    name="Valentine's Day party",
    place="Hobbs Cafe",
    day="February 14",
    span="from 5 to 7 pm",
    host="Isabella Rodriguez",
    starts=datetime(2023, 2, 14, 17, 0),
    ends=datetime(2023, 2, 14, 19, 0),
)
ISABELLA = persona(
    "Isabella Rodriguez",
    "Isabella Rodriguez's apartment",
    "bedroom",
    "Hobbs Cafe",
    description=(
        "Isabella Rodriguez runs Hobbs Cafe;"
        f"{PARTY_STATEMENT};Maria Lopez is a regular at Hobbs Cafe and a close friend"
    ),
    news=[PARTY],  # the party is news by its data (prose alone is never news)
)
MARIA = persona(
    "Maria Lopez",
    "Dorm for Oak Hill College",
    "Maria Lopez's room",
    "Oak Hill College",
    description="Maria Lopez studies physics;Maria Lopez knows Isabella Rodriguez well",
)
KLAUS = persona(
    "Klaus Mueller",
    "Dorm for Oak Hill College",
    "Klaus Mueller's room",
    "Oak Hill College",
    description="Klaus Mueller studies sociology",
)


def perception(
    who: Persona,
    time: datetime = START,
    address: Address | None = None,
    seen: tuple[SeenAgent, ...] = (),
    places: KnownPlaces | None = None,
) -> Perception:
    here = address or Address(world=WORLD, sector=who.home_sector, arena=who.home_arena)
    return Perception(
        time=time,
        agent=who.name,
        tile=(10, 10),
        address=here,
        seen_agents=seen,
        known_places=places or town_places(),
    )


def context_for(
    who: Persona,
    model: LanguageModel,
    memory: MemoryStreamLike | None = None,
    settings: MindSettings | None = None,
    now: datetime = START,
) -> StepContext:
    """`who`'s mind for a thinking step: `model`, `memory` (an empty fake by default) and
    `settings` (the paper's defaults), at `now`."""
    return StepContext(
        model=model,
        memory=memory if memory is not None else FakeMemoryStream(who.name),
        persona=who,
        settings=settings or MindSettings(),
        now=now,
    )

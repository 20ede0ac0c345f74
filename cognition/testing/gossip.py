"""Generated news of several kinds, spread by talk alone: a cheap town for tests and figures.

`generated_town(seed)` makes a small town of residents with random names, temperaments and
lives (an occupation, and what they are busy with these days: their own news, `LIVES`)
and one news item of each kind in `KINDS` (an event with a place and a time, personal news,
news about a place, about a shop, about a town matter), each with a random holder and
random wording that names a made-up word (`marker`) found nowhere else. `spread(town)`
lets the residents meet in random pairs through two game days — no map, no walking: each
hour, residents who are free to talk pair up by chance and hold a whole conversation with
the offline brain (`Talker.converse_with`, the town's own talk). `reach` is the share of
residents other than the holder whose memories carry the item's marker.

Nothing here reaches the offline brain's rules: they see only the typed news
(`cognition.memory.fields.News`) a scenario item gives its holder, as a town would.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from cognition.agent import Agent
from cognition.memory.fields import News
from cognition.offline.brain import OfflineBrain
from cognition.persona import Persona
from cognition.settings import MindSettings
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.town import persona

START = datetime(2023, 2, 13, 8, 0)
FIRST_TEXT = "Ada Bea Cal Dora Eli Fay Gus Hana Ivo Jun Kira Leo Mina Nils Opal Piet"
LAST_TEXT = "Amsel Birk Corr Dahl Eck Fenn Gale Holt Ives Jarl Koss Lund Marr Noll Oder"
TRAITS = (
    "friendly, curious, talkative",
    "quiet, reserved, careful",
    "warm, sociable, cheerful",
    "shy, thoughtful, private",
    "practical, calm, kind",
)
SYLLABLES = ("ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "ba")
PLACES = ("the Corner Hall", "the Quay Room", "the Linden Barn", "the Old Depot")
# a resident's own life: (what they do, where, what they are busy with these days) — their
# `learned` and `currently`, so what they are busy with is their own news as a town's
# persona file would give it (never "is getting through the week")
LIVES = (
    ("a carpenter", "the Market", "is building new shelves for the library"),
    ("a nurse", "the clinic", "is working night shifts at the clinic this month"),
    ("a teacher", "the school", "is marking the spring exams"),
    ("a gardener", "the Market", "is replanting the rose beds by the river"),
    ("a cook", "the Market", "is trying out a new soup for the lunch menu"),
    ("a bookkeeper", "the town office", "is closing the quarter's accounts"),
    ("a potter", "the Market", "is firing a new batch of blue bowls"),
    ("a postal worker", "the post office", "is learning a new delivery round"),
)
# kind → sentences that tell it; {h} the holder, {m} the marker, {p} a place, {d} a day
WORDINGS: dict[str, tuple[str, ...]] = {
    "event": (
        "{h} is hosting a {m} evening at {p} on February 14 from 6 to 8 pm.",
        "{h} is organising a {m} night at {p} on February 14 from 7 to 9 pm.",
    ),
    "personal": (
        "{h}'s sister is getting married to a man called {m} in June.",
        "{h} has adopted a dog named {m}.",
        "{h} got a letter saying the {m} prize is hers this year.",
    ),
    "place": (
        "The footbridge by {p} is being renamed {m} Bridge next month.",
        "Workers found an old {m} coin under the floor of {p}.",
    ),
    "shop": (
        "The bakery on the square will be sold to a chain called {m}.",
        "The corner grocer is going to start selling {m} tea on Fridays.",
    ),
    "civic": (
        "The town council wants to turn the car park into a {m} garden.",
        "{h} wants the council to put a {m} fountain in the square.",
    ),
}
KINDS = tuple(WORDINGS)


@dataclass(frozen=True)
class GossipTown:
    """Residents (`agents`, by name) and the generated news: item id → (news, marker)."""

    agents: dict[str, Agent]
    news: dict[str, tuple[News, str]]


def _marker(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(3)).capitalize()


def _news(kind: str, holder: str, rng: random.Random) -> tuple[News, str]:
    marker = _marker(rng)
    place = rng.choice(PLACES)
    statement = rng.choice(WORDINGS[kind]).format(h=holder, m=marker, p=place)
    event = kind == "event"
    news = News(
        item=f"{kind}-news",
        subject=holder,
        statement=statement,
        kind=kind,
        importance=rng.randint(5, 8),
        name=f"{marker} evening" if event else "",
        place=place if event else "",
        day="February 14" if event else "",
        span="from 6 to 8 pm" if event else "",
    )
    return news, marker


def _resident(name: str, news: list[News], rng: random.Random) -> Persona:
    """A resident with random traits and a random life (`LIVES`): what they do and what
    they are busy with come from it."""
    work, place, busy = rng.choice(LIVES)
    return persona(
        name,
        f"{name}'s house",
        "bedroom",
        place,
        innate=rng.choice(TRAITS),
        learned=f"{name} is {work} at {place}.",
        currently=f"{name} {busy}.",
        news=news,
    )


def generated_town(seed: int, residents: int = 10) -> GossipTown:
    """`residents` residents with random names and traits; one item of each kind, held by
    a random resident (the event's host holds no other news: the rest is held by people
    who host nothing)."""
    rng = random.Random(seed)
    names = [
        f"{first} {last}"
        for first, last in zip(
            rng.sample(FIRST_TEXT.split(), residents),
            rng.sample(LAST_TEXT.split(), residents),
            strict=True,
        )
    ]
    host = rng.choice(names)  # the event's; the other news is held by people who host nothing
    holders = {
        kind: host if kind == "event" else rng.choice([n for n in names if n != host])
        for kind in KINDS
    }
    news = {kind: _news(kind, holders[kind], rng) for kind in KINDS}
    brain = OfflineBrain(seed)
    settings = MindSettings()
    agents: dict[str, Agent] = {}
    for name in names:
        held = [item for kind, (item, _) in news.items() if holders[kind] == name]
        who = _resident(name, held, rng)
        agents[name] = Agent(who, FakeMemoryStream(name), brain, settings, random.Random(name))
    return GossipTown(agents, {item.item: (item, marker) for item, marker in news.values()})


def spread(town: GossipTown, seed: int, days: int = 2, meet: float = 0.3) -> None:
    """Two game days (8 am to 8 pm) of chance meetings: each hour the residents free to
    talk are shuffled and each pair meets with chance `meet`."""
    rng = random.Random(f"meet|{seed}")
    for day in range(days):
        for hour in range(13):
            now = START + timedelta(days=day, hours=hour)
            free = sorted(town.agents)
            rng.shuffle(free)
            for first, second in zip(free[::2], free[1::2], strict=False):
                one, other = town.agents[first], town.agents[second]
                if rng.random() >= meet or not _may_talk(one, other, now):
                    continue
                one.talker.converse_with(other.talker, now)


def _may_talk(one: Agent, other: Agent, now: datetime) -> bool:
    return one.talker.may_talk_with(other.name, now) and other.talker.may_talk_with(one.name, now)


def reach(town: GossipTown, item: str) -> float:
    """The share of residents other than the holder whose memories carry the item."""
    news, marker = town.news[item]
    others = [agent for name, agent in town.agents.items() if name != news.subject]

    def knows(agent: Agent) -> bool:
        return any(marker in record.text for record in agent.memory.all())

    return sum(knows(agent) for agent in others) / len(others)

"""A line overheard tells its news: a person seen saying a line that told news (the line's
`told`, as the bridge hands it on) gives the hearer an observation whose memory fields carry
that news, heard from the speaker; a line that told nothing, or a person doing anything
else, gives no news."""

from __future__ import annotations

from cognition.agent import Agent
from cognition.contract import Address, SeenAgent
from cognition.memory.fields import News
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.steps.perceive import perceive
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.town import ISABELLA, KLAUS, WORLD, perception

CAFE = Address(world=WORLD, sector="Hobbs Cafe", arena="cafe")
SPEAKER = "Ayesha Khan"
BID = News(
    item="bid-3",
    subject="Sam Moore",
    statement="Sam Moore is running for the town council",
    kind="candidacy",
    importance=7,
    public=True,
    source="Sam Moore",
)


def seen(activity: str, told: News | None) -> SeenAgent:
    return SeenAgent(name=SPEAKER, activity=activity, address=CAFE, distance=1, told=told)


def test_an_overheard_line_that_told_news_carries_it_from_its_speaker() -> None:
    line = seen('"Did you hear? Sam Moore is running for the town council."', BID)
    (observation,) = perceive(perception(ISABELLA, seen=(line,)), MindSettings(), [])
    assert observation.text.startswith(f"{SPEAKER} is saying")
    assert observation.told == BID
    agent = Agent(ISABELLA, FakeMemoryStream(ISABELLA.name), OfflineBrain(0), MindSettings())
    agent.observe(perception(ISABELLA, seen=(line,)))
    (waiting,) = agent.state.unrated
    about = waiting.memory(5).about
    assert about is not None and about.subject == SPEAKER
    assert [(n.item, n.source, n.statement) for n in about.news] == [
        ("bid-3", SPEAKER, BID.statement)
    ]
    assert about.told == ()  # heard, not told by the hearer


def test_a_line_that_told_nothing_or_no_line_gives_no_news() -> None:
    quiet = seen('"Lovely weather today."', None)
    busy = seen("reading the paper", BID)  # not saying a line: nothing was heard
    found = perceive(
        perception(KLAUS, seen=(quiet, busy.model_copy(update={"name": "Sam Moore"}))),
        MindSettings(),
        [],
    )
    assert [o.told for o in found] == [None, None]
    agent = Agent(KLAUS, FakeMemoryStream(KLAUS.name), OfflineBrain(0), MindSettings())
    agent.observe(perception(KLAUS, seen=(quiet,)))
    (waiting,) = agent.state.unrated
    about = waiting.memory(5).about
    assert about is not None and about.subject == SPEAKER and about.news == ()

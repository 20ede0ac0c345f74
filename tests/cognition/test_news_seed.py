"""Memories written with their fields: a mind knows its persona's news as data from the
start (a mind from a save made before news had fields — its state says it was seeded, not
its news — learns it once on loading); a sighting carries whom it saw, a chat with whom."""

from __future__ import annotations

from datetime import timedelta

from cognition.agent import Agent
from cognition.agent_state import AgentState
from cognition.contract import Address, SeenAgent, VisitorAsker
from cognition.memory.fields import MemoryFields, News
from cognition.offline import OfflineBrain
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.town import ISABELLA, KLAUS, START, WORLD, perception

ESSAY = News(
    item="essay",
    subject=KLAUS.name,
    statement="Klaus Mueller's essay on the town's bakeries won a prize.",
    kind="personal",
    importance=7,
)


def typed(agent: Agent) -> list[tuple[str, int]]:
    return [
        (news.item, record.importance)
        for record in agent.memory.all()
        if record.about is not None
        for news in record.about.news
    ]


def test_a_new_mind_knows_its_news_as_data_rated_by_its_importance() -> None:
    agent = Agent(
        KLAUS.model_copy(update={"news": [ESSAY]}), FakeMemoryStream(KLAUS.name), OfflineBrain(0)
    )
    agent.seed(START)
    agent.seed(START)
    [busy] = [item for item, _ in typed(agent) if item != "essay"]
    assert busy == f"{KLAUS.name}: currently"  # what the persona is busy with, as data
    assert [found for found in typed(agent) if found[0] == "essay"] == [("essay", 7)]


def test_a_mind_from_an_older_save_learns_its_news_as_data_once() -> None:
    memory = FakeMemoryStream(KLAUS.name)
    old = Agent(KLAUS, memory, OfflineBrain(0))
    old.seed(START)  # seeded before its persona had news as data
    state = AgentState.model_validate_json(
        old.state.model_dump_json(exclude={"news_seeded"})
    )  # a state saved before the field existed
    loaded = Agent(KLAUS.model_copy(update={"news": [ESSAY]}), memory, OfflineBrain(0))
    loaded.state = state
    loaded.seed(START)
    loaded.seed(START)
    assert ("essay", 7) in typed(loaded) and loaded.state.news_seeded
    assert sorted(item for item, _ in typed(loaded)) == ["Klaus Mueller: currently", "essay"]


def test_sightings_and_chats_are_remembered_with_their_fields() -> None:
    agent = Agent(KLAUS, FakeMemoryStream(KLAUS.name), OfflineBrain(0))
    cafe = Address(world=WORLD, sector="Hobbs Cafe", arena="cafe")
    seen = SeenAgent(name=ISABELLA.name, activity="baking", address=cafe, distance=2)
    agent.decide(perception(KLAUS, START, seen=(seen,)))
    agent.flush()
    sighting = [r for r in agent.memory.all() if r.text.startswith(f"{ISABELLA.name} is ")]
    assert sighting and sighting[0].about == MemoryFields(
        subject=ISABELLA.name, time=START, doing="baking", place="cafe, Hobbs Cafe"
    )
    asker = VisitorAsker(name="Vera Holt")
    agent.talker.chat("What are you reading?", asker, START + timedelta(minutes=5))
    chat = agent.memory.all()[-1]
    assert chat.text.startswith("Conversation with Vera Holt:")
    assert chat.about is not None
    assert (chat.about.speaker, chat.about.partners) == ("Vera Holt", ("Vera Holt",))

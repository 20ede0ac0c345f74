"""A mind saved before its persona's relationship lines named whom they are with (session 5's
saves: fields saying only whose the line is; older ones: no fields at all) is migrated once
when it is next seeded: each line gets `people` from the persona's ties, and a fact saved
without fields gets whose it is, stored in the memory store, so the offline brain reads
them by fields as a new mind's. Nothing else is touched."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from cognition.agent import Agent
from cognition.agent_state import AgentState
from cognition.memory import MemoryStore, MemoryStream
from cognition.memory.fakes import HashingEmbedder
from cognition.memory.fields import MemoryFields, News, fields_from_json
from cognition.memory.records import MemoryKind, NewMemory, untyped_facts
from cognition.offline import OfflineBrain
from cognition.offline.notes import read_notes, ties
from cognition.persona import Persona
from cognition.steps.common import MemoryStreamLike
from cognition.steps.reflect import Recalled
from cognition.testing.memory_fake import FakeMemoryStream
from tests.cognition.offline.test_offline_talk import persona

FIXTURE = Path(__file__).parent / "fixtures" / "session5_mind.json"
NOW = datetime(2031, 3, 3, 8, 0)


def saved() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


def nora() -> Persona:
    given = saved()["persona"]
    return persona(
        given["name"], relationships=given["relationships"], description=given["description"]
    )


def old_memories() -> list[NewMemory]:
    return [
        NewMemory(
            MemoryKind(m["kind"]),
            m["text"],
            datetime.fromisoformat(m["created"]),
            m["importance"],
            about=fields_from_json(m["about"]),
        )
        for m in saved()["memories"]
    ]


def fields_by_text(memory: MemoryStreamLike) -> dict[str, MemoryFields | None]:
    return {record.text: record.about for record in memory.all()}


def test_the_fixtures_lines_are_as_session_5_stored_them() -> None:
    before = {m.text: m.about for m in old_memories()}
    friends, stranger = nora().ties()
    assert before[friends] == MemoryFields(subject="Nora Vance") and before[stranger] is None
    assert not AgentState.model_validate(saved()["state"]).facts_typed


def test_an_old_saves_relationship_lines_get_whom_they_are_with_once(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "memory")
    stream = MemoryStream(store, "Nora Vance", HashingEmbedder())
    stream.add_many(old_memories())
    store.close()  # the save as it lies on disk

    store = MemoryStore(tmp_path / "memory")
    agent = Agent(nora(), MemoryStream(store, "Nora Vance", HashingEmbedder()), OfflineBrain(0))
    agent.set_state(saved()["state"])
    agent.seed(NOW)
    after = fields_by_text(agent.memory)
    assert agent.state.facts_typed and agent.memory.count() == len(old_memories())
    friends, stranger = agent.persona.ties()
    bo, cy = ("Bo Stone",), ("Cy Pell",)  # whom each is with, and the people it names
    assert after[friends] == MemoryFields(subject="Nora Vance", people=bo, named=bo)
    assert after[stranger] == MemoryFields(subject="Nora Vance", people=cy, named=cy)
    fact = "Nora Vance runs the open mic on Fridays"  # saved without fields
    assert after[fact] == MemoryFields(subject="Nora Vance")
    changed = (friends, stranger, fact)
    untouched = {m.text: m.about for m in old_memories() if m.text not in changed}
    assert {text: after[text] for text in untouched} == untouched
    assert agent.get_state()["facts_typed"] is True  # saved again: not migrated twice
    assert agent.get_state()["facts_named"] is True
    store.close()

    store = MemoryStore(tmp_path / "memory")  # the fields are in the store, not only in memory
    reopened = fields_by_text(MemoryStream(store, "Nora Vance", HashingEmbedder()))
    store.close()
    assert reopened == after


def test_the_migrated_lines_are_read_as_ties_by_their_fields() -> None:
    memory = FakeMemoryStream("Nora Vance")
    memory.add_many(old_memories())
    agent = Agent(nora(), memory, OfflineBrain(0))
    agent.set_state(saved()["state"])
    agent.seed(NOW)
    records = memory.all()
    notes = read_notes([r.text for r in records], recalled=[Recalled.of(r) for r in records])
    [tie] = ties(notes, "Nora Vance", "Bo Stone")
    assert tie.about is not None and tie.about.people == ("Bo Stone",)
    assert tie.text == nora().relationships["Bo Stone"]


def test_a_new_mind_has_nothing_to_migrate_and_news_fields_are_left_alone() -> None:
    agent = Agent(nora(), FakeMemoryStream("Nora Vance"), OfflineBrain(0))
    agent.seed(NOW)
    assert agent.state.facts_typed
    facts = agent.persona.initial_memories()
    ties, named = agent.persona.ties(), agent.persona.named()
    assert untyped_facts(agent.memory.all(), "Nora Vance", facts, ties, named) == {}
    friends = nora().relationships["Bo Stone"]
    told = MemoryFields(subject="Nora Vance", told=("gig",))  # says more than whose it is
    kept = FakeMemoryStream("Nora Vance")
    kept.add_many([NewMemory(MemoryKind.OBSERVATION, friends, NOW, 5, about=told)])
    assert untyped_facts(kept.all(), "Nora Vance", [], nora().ties()) == {}


def test_a_fact_that_is_the_personas_news_keeps_its_unknown_fields() -> None:
    """Its news is known as data by the news's own memory (`Agent.migrate`'s news part)."""
    statement = "Nora Vance is recording an album"
    album = News(item="album", subject="Nora Vance", statement=statement, kind="personal")
    singer = nora().model_copy(update={"description": statement, "news": [album]})
    memory = FakeMemoryStream("Nora Vance")
    memory.add_many([NewMemory(MemoryKind.OBSERVATION, statement, NOW, 6)])
    agent = Agent(singer, memory, OfflineBrain(0))
    agent.set_state(saved()["state"])
    agent.seed(NOW)
    assert memory.all()[0].about is None and agent.state.facts_typed

"""What a mind perceives and plans is remembered with its fields, each kind from its one
writer: a person seen (whom, doing what, where, when), an object's state (the thing, its
state, where; no person), a line heard (its speaker), the day's plan (whose, its day and
items); a mind saved before these kept fields loads, its waiting memories unknown or as
before."""

from __future__ import annotations

from cognition.agent import Agent
from cognition.agent_state import AgentState, Unrated
from cognition.contract import Address, SeenAgent, SeenObject, Utterance
from cognition.memory.fields import MemoryFields, fields_from_json
from cognition.memory.records import MemoryKind
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.steps.perceive import perceive
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.town import ISABELLA, KLAUS, START, WORLD, perception

CAFE = Address(world=WORLD, sector="Hobbs Cafe", arena="cafe")


def test_each_observation_carries_its_kinds_fields() -> None:
    klaus = SeenAgent(name=KLAUS.name, activity="read a book", address=CAFE, distance=1)
    stove = SeenObject(
        address=CAFE.model_copy(update={"object": "stove"}), state="burning", distance=2
    )
    said = Utterance(speaker=KLAUS.name, text="Hello!", time=START)
    seen = perception(ISABELLA, seen=(klaus,)).model_copy(
        update={"seen_objects": (stove,), "utterances": (said,)}
    )
    sighting, thing, heard = (o.about for o in perceive(seen, MindSettings(), []))
    assert sighting == MemoryFields(
        subject=KLAUS.name, doing="read a book", place="cafe, Hobbs Cafe", time=START
    )
    assert thing == MemoryFields(
        thing="stove", doing="burning", place="cafe, Hobbs Cafe", time=START
    )
    assert heard == MemoryFields(subject=KLAUS.name, time=START)


def test_a_mind_remembers_its_sightings_and_its_plan_with_fields() -> None:
    agent = Agent(ISABELLA, FakeMemoryStream(ISABELLA.name), OfflineBrain(0), MindSettings())
    klaus = SeenAgent(name=KLAUS.name, activity="read a book", address=CAFE, distance=1)
    agent.decide(perception(ISABELLA, seen=(klaus,)))
    agent.flush()
    (plan,) = agent.memory.all(MemoryKind.PLAN)
    assert plan.about is not None and agent.state.plan is not None
    assert (plan.about.subject, plan.about.day) == (ISABELLA.name, START.date())
    assert [(e.start, e.end, e.activity) for e in plan.about.plan] == [
        (s.start, s.end, s.activity) for s in agent.state.plan.outline
    ]
    seen = [r.about for r in agent.memory.all(MemoryKind.OBSERVATION) if r.about and r.about.doing]
    assert [(a.subject, a.doing) for a in seen] == [(KLAUS.name, "read a book")]


def test_fields_and_waiting_memories_saved_before_these_fields_load() -> None:
    old = '{"subject": "Klaus Mueller", "time": "2023-02-13T07:00:00"}'  # a sighting, before
    about = fields_from_json(old)
    assert about is not None and (about.doing, about.thing, about.plan, about.items) == (
        "",
        "",
        (),
        (),
    )
    assert about.day is None
    state = AgentState.model_validate_json(
        '{"unrated": [{"text": "Klaus Mueller is reading (cafe, Hobbs Cafe)", '
        '"at": "2023-02-13T07:00:00", "subject": "Klaus Mueller"}, '
        '{"text": "Isabella Rodriguez\'s plan for Monday February 13: 07:00–08:00 wake up", '
        '"at": "2023-02-13T07:00:00", "kind": "plan"}]}'
    )
    sighting, plan = (item.memory(3) for item in state.unrated)
    assert sighting.about == MemoryFields(subject=KLAUS.name, time=START.replace(hour=7))
    assert plan.about is None  # a plan waiting in an older save: its fields unknown
    assert Unrated(text="x", at=START, about=MemoryFields(thing="stove")).memory(2).about == (
        MemoryFields(thing="stove")
    )

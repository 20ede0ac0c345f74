"""The Agent end to end with the offline brain and the in-memory memory fake."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from cognition.agent import Agent
from cognition.contract import (
    Address,
    GoTo,
    InnerVoice,
    SeenAgent,
    SeenObject,
    StartConversation,
    VisitorAsker,
    Wait,
)
from cognition.memory.records import MemoryKind
from cognition.offline import OfflineBrain
from cognition.persona import Persona
from cognition.plan import gaps_and_overlaps
from cognition.settings import MindSettings
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, KLAUS, MARIA, START, WORLD, perception, town_places


def make(persona: Persona, seed: int = 0, model: object = None) -> Agent:
    brain = model if model is not None else OfflineBrain(seed)
    return Agent(persona, FakeMemoryStream(persona.name), brain, MindSettings())  # type: ignore[arg-type]


def run(agent: Agent, start: datetime, hours: float) -> list[GoTo]:
    """Follow the agent's decisions for `hours`, walking it where it asks to go."""
    moves: list[GoTo] = []
    now, here = start, None
    while now < start + timedelta(hours=hours):
        action = agent.decide(perception(agent.persona, now, here)).actions[0]
        if isinstance(action, GoTo):
            moves.append(action)
            here = action.address
            now += timedelta(minutes=action.duration_minutes)
        else:
            assert isinstance(action, Wait)
            now += timedelta(minutes=action.minutes)
    return moves


def test_first_decision_plans_the_day_and_goes_somewhere_known() -> None:
    agent = make(ISABELLA)
    decision = agent.decide(perception(ISABELLA))
    action = decision.actions[0]
    assert isinstance(action, GoTo)
    assert town_places().contains(action.address)
    assert action.emoji and 1 <= action.duration_minutes <= 15
    assert agent.state.plan is not None and not gaps_and_overlaps(agent.state.plan.hourly)
    agent.flush()  # the plan's memory is rated with the next batch of observations
    kinds = {r.kind for r in agent.memory.all()}
    assert MemoryKind.PLAN in kinds  # plans are memories too
    seeded = [r.text for r in agent.memory.all(MemoryKind.OBSERVATION)]
    assert any("Valentine's Day party" in text for text in seeded)


def test_the_days_plan_is_rated_with_the_next_batch_not_in_a_call_of_its_own() -> None:
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    agent = make(ISABELLA, model=model)
    agent.decide(perception(ISABELLA))
    title = f"{ISABELLA.name}'s plan for"
    rated = [c.inputs.memories for c in model.calls if c.task == "rate_importance"]  # type: ignore[attr-defined]
    assert not any(title in m for memories in rated for m in memories)
    waiting = [item for item in agent.state.unrated if item.kind is MemoryKind.PLAN]
    assert [item.text.startswith(title) for item in waiting] == [True]
    agent.flush()
    [batch] = [c.inputs.memories for c in model.calls if c.task == "rate_importance"][len(rated) :]  # type: ignore[attr-defined]
    assert any(title in m for m in batch)
    [plan] = agent.memory.all(MemoryKind.PLAN)
    assert plan.text.startswith(title) and 1 <= plan.importance <= 10
    assert agent.state.unrated == []


def test_a_day_of_decisions_stays_inside_known_places_and_goes_to_work() -> None:
    agent = make(ISABELLA)
    moves = run(agent, START, 16)
    assert all(town_places().contains(m.address) for m in moves)
    assert any(m.address.sector == "Hobbs Cafe" for m in moves)
    assert any(m.object_state for m in moves)


def test_the_same_step_again_is_a_wait_not_a_new_walk() -> None:
    agent = make(ISABELLA)
    first = agent.decide(perception(ISABELLA)).actions[0]
    again = agent.decide(perception(ISABELLA, START + timedelta(minutes=1))).actions[0]
    assert isinstance(first, GoTo) and isinstance(again, Wait)
    assert again.minutes == first.duration_minutes - 1


def test_initial_memories_are_added_once() -> None:
    agent = make(KLAUS)
    agent.decide(perception(KLAUS))
    agent.decide(perception(KLAUS, START + timedelta(minutes=30)))
    texts = [r.text for r in agent.memory.all()]
    assert texts.count("Klaus Mueller studies sociology") == 1


def test_meeting_a_friend_starts_a_conversation_then_cools_down() -> None:
    isabella, maria = make(ISABELLA), make(MARIA)
    cafe = Address(world=WORLD, sector="Hobbs Cafe", arena="cafe")
    seen = (SeenAgent(name=MARIA.name, activity="drinking coffee", address=cafe, distance=2),)
    isabella.decide(perception(ISABELLA))
    decision = isabella.decide(perception(ISABELLA, START + timedelta(minutes=2), cafe, seen))
    assert decision.actions == (StartConversation(partner=MARIA.name, reason=decision.thought),)
    conversation = isabella.talker.converse_with(maria.talker, START + timedelta(minutes=3))
    assert 2 <= len(conversation.lines) <= MindSettings().dialogue_max_turns
    for agent in (isabella, maria):
        dialogues = [r.text for r in agent.memory.all(MemoryKind.DIALOGUE)]
        assert conversation.summary in dialogues
    later = (SeenAgent(name=MARIA.name, activity="reading", address=cafe, distance=2),)
    again = isabella.decide(perception(ISABELLA, START + timedelta(minutes=20), cafe, later))
    assert not isinstance(again.actions[0], StartConversation)


def test_news_passes_from_a_to_b_to_c() -> None:
    isabella, maria, klaus = make(ISABELLA, 7), make(MARIA, 7), make(KLAUS, 7)
    assert not any("party" in r.text for r in klaus.memory.all())
    # classmates who have met (news heard from others passes between acquaintances only)
    maria.talker.converse_with(klaus.talker, START)
    isabella.talker.converse_with(maria.talker, START + timedelta(hours=1))
    # Maria passes on what she heard as her temperament has it (not at every meeting)
    for hours in (3, 5, 7):
        maria.talker.converse_with(klaus.talker, START + timedelta(hours=hours))
    known = [r.text for r in klaus.memory.all(MemoryKind.DIALOGUE)]
    assert any("Valentine's Day party at Hobbs Cafe on February 14" in t for t in known)
    answer = klaus.talker.answer(
        "Do you know about any parties?", VisitorAsker(), START + timedelta(hours=8)
    )
    assert "party" in answer


def test_heard_news_enters_the_next_days_plan() -> None:
    isabella, klaus = make(ISABELLA, 2), make(KLAUS, 2)
    isabella.talker.converse_with(klaus.talker, START + timedelta(hours=2))
    tuesday = datetime(2023, 2, 14, 7, 0)
    klaus.decide(perception(KLAUS, tuesday))
    assert klaus.state.plan is not None
    party = [s for s in klaus.state.plan.hourly if "party" in s.activity]
    assert party and party[0].start == 17 * 60


def test_reflection_fires_through_decide() -> None:
    agent = make(KLAUS)
    for index in range(25):
        agent.memory.add(
            MemoryKind.OBSERVATION, f"Klaus Mueller heard about the election {index}", START, 8
        )
    agent.decide(perception(KLAUS, START + timedelta(minutes=5)))
    reflections = agent.memory.all(MemoryKind.REFLECTION)
    assert reflections and agent.state.reflections == 1
    assert all(set(r.evidence) <= {x.id for x in agent.memory.all()} for r in reflections)


def test_inner_voice_is_remembered_and_replans() -> None:
    agent = make(KLAUS)
    agent.decide(perception(KLAUS))
    said = agent.talker.answer("You should take a walk in Johnson Park.", InnerVoice())
    assert said == "Klaus Mueller intends to take a walk in Johnson Park"
    assert said in [r.text for r in agent.memory.all(MemoryKind.PLAN)]
    action = agent.decide(perception(KLAUS, START + timedelta(minutes=2))).actions[0]
    assert isinstance(action, GoTo) and action.address.sector == "Johnson Park"
    assert agent.state.plan is not None and not gaps_and_overlaps(agent.state.plan.hourly)


def test_state_round_trips_through_json() -> None:
    agent = make(MARIA)
    run(agent, START, 2)
    state = json.loads(json.dumps(agent.get_state()))
    twin = Agent(MARIA, agent.memory, OfflineBrain(0), MindSettings())
    twin.set_state(state)
    assert twin.get_state() == agent.get_state()
    later = perception(MARIA, START + timedelta(hours=2, minutes=5))
    assert twin.decide(later) == agent.decide(later)


def test_invalid_places_from_a_model_never_escape() -> None:
    model = ScriptedModel({"choose_place": [{"name": "The Moon"}]}, fallback_model=OfflineBrain(0))
    agent = make(ISABELLA, model=model)
    moves = run(agent, START, 3)
    assert moves and all(town_places().contains(m.address) for m in moves)


def test_an_unexplained_burning_stove_makes_the_resident_deal_with_it() -> None:
    agent = make(ISABELLA)
    agent.decide(perception(ISABELLA))
    kitchen = Address(world=WORLD, sector="Hobbs Cafe", arena="kitchen", object="stove")
    burning = SeenObject(address=kitchen, state="is burning", distance=2, changed_by="the visitor")
    later = perception(ISABELLA, START + timedelta(minutes=2)).model_copy(
        update={"seen_objects": (burning,)}
    )
    action = agent.decide(later).actions[0]
    assert isinstance(action, GoTo)
    assert "stove" in action.activity and "burning" in action.activity
    remembered = [r.text for r in agent.memory.all(MemoryKind.OBSERVATION)]
    assert any("stove" in text and "burning" in text for text in remembered)


def test_an_object_state_caused_by_someone_in_sight_is_not_a_reason_to_react() -> None:
    agent = make(ISABELLA)
    first = agent.decide(perception(ISABELLA)).actions[0]
    machine = Address(world=WORLD, sector="Hobbs Cafe", arena="cafe", object="coffee machine")
    brewing = SeenObject(
        address=machine, state="brewing coffee", distance=2, changed_by="Maria Lopez"
    )
    maria = SeenAgent(name="Maria Lopez", activity="sleeping", address=machine, distance=2)
    later = perception(ISABELLA, START + timedelta(minutes=1)).model_copy(
        update={"seen_objects": (brewing,), "seen_agents": (maria,)}
    )
    action = agent.decide(later).actions[0]
    assert isinstance(first, GoTo) and isinstance(action, Wait)


def test_an_object_in_its_usual_state_is_seen_but_no_reason_to_react() -> None:
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    agent = make(ISABELLA, model=model)
    agent.decide(perception(ISABELLA))
    bed = Address(world=WORLD, sector="Johnson Park", arena="park garden", object="rose bed")
    blooming = SeenObject(address=bed, state="blooming", distance=2)  # set by nobody
    later = perception(ISABELLA, START + timedelta(minutes=2)).model_copy(
        update={"seen_objects": (blooming,)}
    )
    agent.decide(later)
    assert model.count("react") == 0
    assert any("rose bed" in text for text in agent.state.retained)


def test_the_same_person_doing_the_same_thing_is_not_reconsidered() -> None:
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    isabella = make(ISABELLA, model=model)
    cafe = Address(world=WORLD, sector="Hobbs Cafe", arena="cafe")
    isabella.decide(perception(ISABELLA))
    for minute, arena in ((2, "cafe"), (4, "kitchen"), (6, "cafe")):
        where = cafe.model_copy(update={"arena": arena})
        seen = (SeenAgent(name=KLAUS.name, activity="reading", address=where, distance=2),)
        isabella.decide(perception(ISABELLA, START + timedelta(minutes=minute), cafe, seen))
    assert model.count("react") == 1
    later = (SeenAgent(name=KLAUS.name, activity="writing", address=cafe, distance=2),)
    isabella.decide(perception(ISABELLA, START + timedelta(minutes=8), cafe, later))
    assert model.count("react") == 1  # within the react window
    hour = MindSettings().react_window_minutes
    isabella.decide(perception(ISABELLA, START + timedelta(minutes=2 + hour), cafe, seen))
    assert model.count("react") == 1  # doing what they did when last considered
    news = (SeenAgent(name=KLAUS.name, activity="sketching", address=cafe, distance=2),)
    isabella.decide(perception(ISABELLA, START + timedelta(minutes=4 + hour), cafe, news))
    assert model.count("react") == 2


def test_someone_who_could_not_be_talked_with_raises_no_react_call() -> None:
    """Asleep, talking, or the pair cooling down: seen and remembered, no question asked;
    once the two could talk, a new sighting is a question again."""
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    isabella = make(ISABELLA, model=model)
    cafe = Address(world=WORLD, sector="Hobbs Cafe", arena="cafe")
    isabella.decide(perception(ISABELLA))
    isabella.state.note_talk(KLAUS.name, START, 30)  # cooling down for 30 minutes
    at = START + timedelta(minutes=2)
    for who, doing in ((MARIA.name, "sleeping"), (KLAUS.name, "reading")):
        seen = (SeenAgent(name=who, activity=doing, address=cafe, distance=2),)
        isabella.decide(perception(ISABELLA, at, cafe, seen))
        at += timedelta(minutes=2)
    assert model.count("react") == 0
    assert any("Klaus Mueller is reading" in text for text in isabella.state.retained)
    seen = (SeenAgent(name=KLAUS.name, activity="sketching", address=cafe, distance=2),)
    isabella.decide(perception(ISABELLA, START + timedelta(minutes=40), cafe, seen))
    assert model.count("react") == 1


def test_words_rated_before_keep_their_rating_without_a_call() -> None:
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    agent = make(ISABELLA, model=model)
    agent.remember_many(MemoryKind.OBSERVATION, ["the stove is hot", "a cat naps"], START)
    calls = model.count("rate_importance")
    agent.remember(MemoryKind.OBSERVATION, "a cat naps", START + timedelta(hours=1))
    assert model.count("rate_importance") == calls  # rated before: no call
    agent.remember_many(MemoryKind.OBSERVATION, ["a cat naps", "a dog barks"], START)
    assert model.count("rate_importance") == calls + 1
    asked = model.calls[-1].inputs
    assert asked.memories == ["1. a dog barks"]  # type: ignore[attr-defined]
    ratings = {r.text: r.importance for r in agent.memory.all()}
    naps = [r.importance for r in agent.memory.all() if r.text == "a cat naps"]
    assert len(naps) == 3 and len(set(naps)) == 1 and ratings["a dog barks"] >= 1


def test_conversations_per_day_are_capped() -> None:
    settings = MindSettings(max_conversations_per_day=1, conversation_cooldown_minutes=0)
    isabella = Agent(ISABELLA, FakeMemoryStream(ISABELLA.name), OfflineBrain(0), settings)
    maria = make(MARIA)
    talker = isabella.talker
    assert talker.may_talk_with(MARIA.name, START)
    talker.converse_with(maria.talker, START)
    assert not talker.may_talk_with(MARIA.name, START + timedelta(hours=2))
    assert not talker.may_talk_with(KLAUS.name, START + timedelta(hours=2))
    assert talker.may_talk_with(KLAUS.name, START + timedelta(days=1))


def test_the_daily_cap_counts_every_conversation_but_others_may_still_open_one() -> None:
    settings = MindSettings(max_conversations_per_day=1, conversation_cooldown_minutes=30)
    isabella = Agent(ISABELLA, FakeMemoryStream(ISABELLA.name), OfflineBrain(0), settings)
    maria, klaus = make(MARIA), make(KLAUS)
    maria.talker.converse_with(isabella.talker, START)  # Maria opens: Isabella's one for today
    later = START + timedelta(hours=1)
    assert not isabella.talker.may_talk_with(KLAUS.name, later)
    assert klaus.talker.may_talk_with(ISABELLA.name, later)  # Klaus may still open one

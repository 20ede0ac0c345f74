"""The player's desk on a real small town (the_ville_n3, offline brain, hashing embedder):
reading minds, chatting, greetings and object states. Deterministic: lockstep time, and
threads only where a test coordinates them with events."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any

import pytest

from cognition import progressive
from cognition.agent_state import AgentState
from cognition.contract import Decision, Perception, StartConversation
from cognition.plan import DayPlan, PlanStep
from game.bridge.desk.cards import action_sentence, clock_text, plan_lines
from game.bridge.desk.player_desk import PlayerDesk
from game.bridge.lockstep import LockstepRunner
from game.bridge.noticing import NOTICE_TIME
from game.bridge.town_minds import LivingTown
from game.town.ports import PlayerPort
from game.town.resident import Activity, Pose
from game.town.views import OBJECT_STATE_MAX_CHARS, Asking
from game.world.address import Address
from game.world.object_text import address_of_key, clean_state, object_key

MakeTown = Callable[..., LivingTown]
ISABELLA, KLAUS, MARIA = "Isabella Rodriguez", "Klaus Mueller", "Maria Lopez"


def town_at(make_town: MakeTown, minutes: int = 10) -> tuple[LivingTown, PlayerDesk]:
    living = make_town()
    LockstepRunner(living).run_until(living.clock.now + timedelta(minutes=minutes))
    return living, PlayerDesk(living)


def in_her_kitchen(living: LivingTown) -> None:
    """Stand Isabella beside her stove, in her kitchen (her morning's plan may keep her
    out of it: the town's offline day decides where she is at 7 am)."""
    resident = living.population.get(ISABELLA)
    assert resident is not None
    tree, grid = living.town.tree, living.town.grid
    kitchen = Address("Isabella Rodriguez's apartment", "kitchen")
    rect = tree.arena(kitchen).objects["stove"].rect
    beside = [
        (x, y)
        for x in range(rect.x - 1, rect.x + rect.width + 1)
        for y in range(rect.y - 1, rect.y + rect.height + 1)
        if grid.is_walkable((x, y)) and tree.arena_at((x, y)) == kitchen
    ]
    assert beside, "no free tile beside the stove"
    resident.tile = beside[0]


def settle(living: LivingTown, steps: int = 1) -> None:
    runner = LockstepRunner(living)
    for _ in range(steps):
        runner.step()
    living.director.wait_for_all()


class Exploding:
    """A language model that always fails."""

    label = "exploding test model"

    def complete(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the model fell over")


# --- reading a mind ---------------------------------------------------------------------------


def test_the_desk_is_a_player_port(make_town: MakeTown) -> None:
    port: PlayerPort = PlayerDesk(make_town())
    assert port.card("Nobody", datetime(2023, 2, 13, 7)) is None
    assert port.memories("Nobody") == [] and port.relationships("Nobody") == []
    assert port.memory("Nobody", "m000001") is None
    assert port.search("Nobody", "party", datetime(2023, 2, 13, 7)) == []


def test_card_shows_persona_action_place_and_todays_plan(make_town: MakeTown) -> None:
    living, desk = town_at(make_town, 25)  # mid-step (7:30 ends one: its next is not in yet)
    now = living.clock.now
    for mind in living.minds.values():  # the card never calls a model
        mind.model = Exploding()  # type: ignore[assignment]
    card = desk.card(ISABELLA, now)
    assert card is not None
    assert (card.name, card.slug, card.age) == (ISABELLA, "isabella_rodriguez", 34)
    assert card.traits == living.minds[ISABELLA].persona.innate
    assert card.description  # the cached summary description
    resident = living.population.get(ISABELLA)
    assert resident is not None and resident.activity is not None
    assert card.action_emoji == resident.activity.emoji
    assert card.action.startswith(f"{ISABELLA} is ") and card.action.endswith(".")
    room = living.town.tree.arena_at(resident.tile)  # where the offline day put her
    assert room is not None and card.address.startswith(f"{room.sector}: {room.arena}")
    assert card.plan and all(re.fullmatch(r"1?\d:\d\d [ap]m", line.start) for line in card.plan)
    current = [line for line in card.plan if line.current]
    assert len(current) == 1
    step = living.minds[ISABELLA].state.current
    assert step is not None and step.covers(now.hour * 60 + now.minute)
    assert current[0].activity == step.activity
    assert progressive(step.activity) in card.action
    assert card.plan[0].start == "12:00 am"


def test_card_before_the_first_decision_uses_the_persona(make_town: MakeTown) -> None:
    living = make_town()
    desk = PlayerDesk(living)
    persona = living.minds[KLAUS].persona
    card = desk.card(KLAUS, living.clock.now)
    assert card is not None
    assert persona.learned.split(".")[0] in card.description
    assert card.action == f"{KLAUS} is idle." and card.plan == ()


def test_plan_lines_put_fine_actions_inside_the_hour_chunks() -> None:
    plan = DayPlan(
        day=date(2023, 2, 13),
        hourly=(
            PlanStep(start=0, minutes=420, activity="sleeping"),
            PlanStep(start=420, minutes=60, activity="morning routine"),
            PlanStep(start=480, minutes=960, activity="work"),
        ),
        actions=(
            PlanStep(start=420, minutes=10, activity="wake up"),
            PlanStep(start=430, minutes=15, activity="make coffee"),
        ),
    )
    lines = plan_lines(plan, datetime(2023, 2, 13, 7, 12))
    assert [(line.start, line.minutes, line.activity) for line in lines] == [
        ("12:00 am", 420, "sleeping"),
        ("7:00 am", 10, "wake up"),
        ("7:10 am", 15, "make coffee"),
        ("7:25 am", 35, "morning routine"),
        ("8:00 am", 960, "work"),
    ]
    assert [line.current for line in lines] == [False, False, True, False, False]
    assert plan_lines(plan, datetime(2023, 2, 14, 7)) == ()  # yesterday's plan is not today's


def test_times_and_sentences_read_as_english() -> None:
    assert [clock_text(m) for m in (0, 420, 725, 780, 1439)] == [
        "12:00 am", "7:00 am", "12:05 pm", "1:00 pm", "11:59 pm",
    ]  # fmt: skip
    assert progressive("make breakfast") == "making breakfast"
    assert progressive("get dressed") == "getting dressed"
    assert progressive("open the cafe") == "opening the cafe"
    assert progressive("at the cafe") == "at the cafe"
    talk = Activity('"Hi there!"', "💬", (0, 0), Pose.TALK)
    assert action_sentence("Ann Lee", talk, False) == 'Ann Lee says "Hi there!"'
    brew = Activity("Brewing coffee", "☕", (0, 0))
    assert action_sentence("Ann Lee", brew, True) == "Ann Lee is brewing coffee (on the way)."


def test_memories_newest_first_by_kind_and_by_id(make_town: MakeTown) -> None:
    living, desk = town_at(make_town)
    living.minds[ISABELLA].flush()  # the day's plan is stored with her next batch: now
    lines = desk.memories(ISABELLA)
    assert len(lines) == living.minds[ISABELLA].memory.count()
    created = [line.created for line in lines]
    assert created == sorted(created, reverse=True)
    plans = desk.memories(ISABELLA, frozenset({"plan"}))
    assert plans and all(line.kind == "plan" for line in plans)
    assert len(desk.memories(ISABELLA, limit=2)) == 2
    assert desk.memories(ISABELLA, frozenset()) == []
    assert desk.memory(ISABELLA, lines[-1].id) == lines[-1]
    assert desk.memory(ISABELLA, "no such id") is None


def test_search_shows_the_three_components_and_touches_nothing(make_town: MakeTown) -> None:
    living, desk = town_at(make_town)
    stream = living.minds[ISABELLA].memory
    before = {record.id: record.last_accessed for record in stream.all()}
    later = living.clock.now + timedelta(hours=5)
    hits = desk.search(ISABELLA, "Valentine's Day party", later, k=3)
    assert len(hits) == 3
    assert "party" in hits[0].memory.text
    for hit in hits:
        for part in (hit.recency, hit.importance, hit.relevance):
            assert 0.0 <= part <= 1.0
        assert hit.score == pytest.approx(hit.recency + hit.importance + hit.relevance)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert {record.id: record.last_accessed for record in stream.all()} == before
    assert desk.search(ISABELLA, "   ", later) == []
    assert desk.search(ISABELLA, "party", later, k=0) == []


def test_a_failing_search_returns_nothing(make_town: MakeTown) -> None:
    living, desk = town_at(make_town)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("embedder gone")

    living.minds[ISABELLA].memory.retrieve = broken  # type: ignore[method-assign]
    assert desk.search(ISABELLA, "party", living.clock.now) == []


def test_relationships_list_known_people_and_talks(make_town: MakeTown) -> None:
    living, desk = town_at(make_town)
    known = desk.relationships(KLAUS)
    assert [r.name for r in known] == [WOLFGANG := "Wolfgang Schulz", MARIA]
    assert known[0].summary.startswith("Klaus Mueller and Wolfgang")
    assert known[0].conversations == 0 and known[0].last_talked is None
    state = living.minds[KLAUS].state
    t1, t2 = living.clock.now, living.clock.now + timedelta(hours=4)
    state.count_conversation(MARIA, t1, 180)
    state.count_conversation(MARIA, t2, 180)
    state.count_conversation("Ayesha Khan", t1, 180)
    known = desk.relationships(KLAUS)
    assert [(r.name, r.conversations, r.last_talked) for r in known] == [
        (WOLFGANG, 0, None),
        (MARIA, 2, t2),
        ("Ayesha Khan", 1, t1),
    ]
    restored = AgentState.model_validate(living.minds[KLAUS].get_state())
    assert restored.talks == state.talks  # saved with the mind


# --- chatting ---------------------------------------------------------------------------------


def test_a_visitor_asks_and_the_resident_answers_and_remembers(make_town: MakeTown) -> None:
    living, desk = town_at(make_town)
    now = living.clock.now
    question = "Are you planning a party?"
    assert desk.ask(ISABELLA, question, Asking("visitor", "Alex Kim"), now) is None
    assert desk.answering(ISABELLA)
    assert "still answering" in (desk.ask(ISABELLA, "Hello?", Asking(), now) or "")
    living.director.wait_for_all()
    [reply] = desk.replies()
    assert not desk.answering(ISABELLA)
    assert (reply.resident, reply.speaker, reply.at, reply.error) == (
        ISABELLA,
        ISABELLA,
        now,
        False,
    )
    assert "Valentine's Day party" in reply.text
    [kept] = desk.memories(ISABELLA, frozenset({"dialogue"}))
    assert (
        kept.text == f"Conversation with Alex Kim:\nAlex Kim: {question}\n{ISABELLA}: {reply.text}"
    )
    talked = [r for r in desk.relationships(ISABELLA) if r.name == "Alex Kim"]
    assert [(r.conversations, r.last_talked) for r in talked] == [(1, now)]
    assert desk.replies() == []


def test_asking_is_refused_with_a_message(make_town: MakeTown) -> None:
    living, desk = town_at(make_town)
    now = living.clock.now
    assert "no resident" in (desk.ask("Nobody Here", "Hi", Asking(), now) or "")
    assert "Type something" in (desk.ask(ISABELLA, " \n\t ", Asking(), now) or "")
    assert "at most" in (desk.ask(ISABELLA, "word " * 200, Asking(), now) or "")
    assert not desk.answering(ISABELLA) and living.director.in_flight == 0


def test_the_inner_voice_is_adopted_and_replans_the_day(make_town: MakeTown) -> None:
    living, desk = town_at(make_town)
    now = living.clock.now
    asking = Asking("inner_voice")
    assert desk.ask(ISABELLA, "You should bake a cake for Maria.", asking, now) is None
    living.director.wait_for_all()
    [reply] = desk.replies()
    assert reply.text == "Isabella Rodriguez intends to bake a cake for Maria"
    plans = [m.text for m in desk.memories(ISABELLA, frozenset({"plan"}))]
    assert reply.text in plans
    assert desk.memories(ISABELLA, frozenset({"dialogue"})) == []
    assert living.director.slots[ISABELLA].due == living.clock.now  # re-plans at once
    settle(living, 2)
    plan = living.minds[ISABELLA].state.plan
    assert plan is not None and any(reply.text in s.activity for s in plan.hourly)


def test_a_failing_model_gives_the_player_a_message(make_town: MakeTown) -> None:
    living, desk = town_at(make_town)
    mind = living.minds[ISABELLA]
    count = mind.memory.count()
    mind.model = Exploding()  # type: ignore[assignment]
    assert (
        desk.ask(ISABELLA, "How are you?", Asking("visitor", "Alex Kim"), living.clock.now) is None
    )
    living.director.wait_for_all()
    [reply] = desk.replies()
    assert reply.error and reply.speaker == ISABELLA
    assert reply.text == (
        "Isabella could not answer: the model failed (RuntimeError: the model fell over)"
    )
    assert mind.memory.count() == count  # nothing of the failure reaches the mind
    assert not desk.answering(ISABELLA)


def test_a_chat_waits_for_the_decision_in_flight(make_town: MakeTown) -> None:
    living = make_town()
    desk = PlayerDesk(living)
    mind = living.minds[KLAUS]
    gate, started = threading.Event(), threading.Event()
    deciding = threading.Event()
    seen_deciding: list[bool] = []
    think, chat = mind.decide, mind.talker.chat

    def slow_decide(perception: Perception) -> Decision:
        deciding.set()
        started.set()
        gate.wait(10)
        try:
            return think(perception)
        finally:
            deciding.clear()

    def watched_chat(*args: Any) -> str:
        seen_deciding.append(deciding.is_set())
        return chat(*args)

    mind.decide = slow_decide  # type: ignore[method-assign]
    mind.talker.chat = watched_chat  # type: ignore[method-assign]
    living.population.update(living.clock.now, 0.0)  # every resident gets a decision job
    assert started.wait(10)
    assert desk.ask(KLAUS, "How is your research?", Asking(), living.clock.now) is None
    assert desk.replies() == [] and seen_deciding == []  # still deciding: the chat waits
    gate.set()
    living.director.wait_for_all()  # the decision is collected; the chat has not started
    assert seen_deciding == []
    assert desk.answering(KLAUS)
    replies = desk.replies()  # this poll starts the chat
    living.director.wait_for_all()
    [reply] = replies + desk.replies()
    assert seen_deciding == [False] and not reply.error


# --- the visitor ------------------------------------------------------------------------------


def visitor_next_to(
    living: LivingTown, desk: PlayerDesk, name: str, visitor: str, wake: bool = True
) -> None:
    resident = living.population.get(name)
    assert resident is not None
    x, y = resident.tile
    tree, grid = living.town.tree, living.town.grid
    beside = [
        (x + dx, y + dy)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
        if grid.is_walkable((x + dx, y + dy))
        and tree.arena_at((x + dx, y + dy)) == tree.arena_at(resident.tile)
    ]
    assert beside, f"no free tile beside {name} in the same room"
    desk.set_visitor(visitor, "a travelling painter", beside[0], "looking around")
    if wake:
        living.director.wake(name, living.clock.now)


def test_a_resident_greets_the_visitor_once(make_town: MakeTown) -> None:
    living, desk = town_at(make_town)
    visitor_next_to(living, desk, ISABELLA, "Alex Kim")
    settle(living, 2)
    [greeting] = desk.greetings()
    assert greeting.resident == ISABELLA and greeting.text
    said = [(x.speaker, x.listener, x.text) for x in living.director.dialogue.lines()]
    assert (ISABELLA, "Alex Kim", greeting.text) in said
    memories = [m.text for m in desk.memories(ISABELLA, frozenset({"dialogue"}))]
    assert f'{ISABELLA} greeted Alex Kim: "{greeting.text}"' in memories
    assert living.minds[ISABELLA].state.cooldowns["Alex Kim"] == greeting.at + timedelta(hours=3)
    for _ in range(6):  # the visitor stays near and keeps her noticing them; no second greeting
        visitor_next_to(living, desk, ISABELLA, "Alex Kim")
        settle(living, 10)
        assert desk.greetings() == []


def test_someone_coming_into_view_makes_a_busy_resident_think_at_once(
    make_town: MakeTown,
) -> None:
    """Nobody wakes her: she relaxes at home, her next decision due minutes away, but a
    newcomer in her room is perceived now, and decided on a moment later (`NOTICE_TIME`;
    once: the visitor standing there does not wake her every minute)."""
    living, desk = town_at(make_town, minutes=21)
    due = living.director.slots[ISABELLA].due
    assert due is not None and due - living.clock.now >= timedelta(minutes=5)
    before = living.director.stats.decisions
    visitor_next_to(living, desk, ISABELLA, "Alex Kim", wake=False)
    settle(living, 2)
    [greeting] = desk.greetings()
    assert greeting.resident == ISABELLA and greeting.at < due
    assert living.director.slots[ISABELLA].noticed == {"Alex Kim": greeting.at - NOTICE_TIME}
    decided = living.director.stats.decisions
    settle(living, 20)
    assert decided - before <= 3 and living.director.stats.decisions - decided <= 3
    assert desk.greetings() == []


def test_the_offline_brain_welcomes_a_visitor_but_not_while_cooling_down(
    make_town: MakeTown,
) -> None:
    living, desk = town_at(make_town)
    mind = living.minds[ISABELLA]
    visitor_next_to(living, desk, ISABELLA, "Alex Kim")
    resident = living.population.get(ISABELLA)
    assert resident is not None
    now = living.clock.now
    perception = living.director.perceptions.build(resident, now, living.director.people())
    assert any(seen.is_visitor for seen in perception.seen_agents)
    state = mind.get_state()
    [action] = mind.decide(perception).actions
    assert action == StartConversation(partner="Alex Kim", reason=f"{ISABELLA} wants to talk")
    mind.set_state(state)
    mind.state.cooldowns["Alex Kim"] = now + timedelta(hours=1)
    [action] = mind.decide(perception).actions
    assert not isinstance(action, StartConversation)


def test_a_resident_taken_over_is_the_visitor(make_town: MakeTown) -> None:
    living, desk = town_at(make_town)
    maria = living.population.get(MARIA)
    assert maria is not None
    desk.set_visitor(MARIA, "a physics student", maria.tile, "reading")
    people = living.director.people()
    assert [p.name for p in people].count(MARIA) == 1
    assert [p.is_visitor for p in people if p.name == MARIA] == [True]
    decision = Decision(
        agent=ISABELLA, time=living.clock.now, actions=(StartConversation(partner=MARIA),)
    )
    living.director.apply_decision(ISABELLA, decision, living.clock.now)
    assert living.director.slots[ISABELLA].wants_to_talk is None  # no mind-to-mind talk
    living.director.wait_for_all()
    living.population.controlled = MARIA
    settle(living)
    [greeting] = desk.greetings()
    assert greeting.resident == ISABELLA
    assert living.director.stats.conversations == 0
    desk.clear_visitor()
    assert living.director.visitor is None
    assert [p.name for p in living.director.people()].count(MARIA) == 1


# --- objects ----------------------------------------------------------------------------------


def test_object_keys_and_states_are_cleaned_text() -> None:
    stove = Address("Lin family's house", "kitchen", "stove")
    assert object_key(stove) == "Lin family's house:kitchen:stove"
    assert address_of_key(object_key(stove)) == stove
    assert address_of_key("Lin family's house:kitchen") is None
    assert address_of_key("a::b") is None
    assert clean_state("  is\nburning\t\x1b[31m ", 80) == "is burning [31m"
    with pytest.raises(ValueError, match="Type"):
        clean_state("\n\t \u202e", 80)
    with pytest.raises(ValueError, match="at most 80"):
        clean_state("x" * 81, 80)


def test_objects_near_and_under_a_tile(make_town: MakeTown) -> None:
    living, desk = town_at(make_town)
    in_her_kitchen(living)
    resident = living.population.get(ISABELLA)
    assert resident is not None
    near = desk.objects_near(resident.tile)
    room = living.town.tree.arena_at(resident.tile)
    assert room is not None and near
    assert all(info.where == f"{room.sector}: {room.arena}" for info in near)
    assert {info.name for info in near} == set(living.town.tree.arena(room).objects)
    first = near[0]
    assert desk.object_at(first.tile) == first
    current = living.objects.get(Address(room.sector, room.arena, first.name))
    assert (first.state, first.changed_by) == (current.state, current.changed_by)
    assert first.default_state == "idle"
    assert desk.object_at((0, 0)) is None


def test_setting_an_object_state(make_town: MakeTown) -> None:
    living, desk = town_at(make_town)
    in_her_kitchen(living)
    now = living.clock.now
    resident = living.population.get(ISABELLA)
    assert resident is not None
    stove = next(o for o in desk.objects_near(resident.tile) if o.name == "stove")
    desk.set_visitor("Alex Kim", "", (0, 0), "")
    for slot in living.director.slots.values():
        slot.due = now + timedelta(hours=1)
    assert desk.set_object_state(stove.key, "is\nburning ", now) is None
    changed = desk.object_at(stove.tile)
    assert changed is not None
    assert (changed.state, changed.changed_by) == ("is burning", "Alex Kim")
    [event] = desk.events()
    assert (
        event.text == "The stove in the kitchen at Isabella Rodriguez's apartment is now burning."
    )
    assert desk.events() == []
    assert living.director.slots[ISABELLA].due == now  # she will look at once
    assert living.director.slots[KLAUS].due != now  # elsewhere: nobody else is woken


def test_refused_object_states_change_nothing(make_town: MakeTown) -> None:
    living, desk = town_at(make_town)
    now = living.clock.now
    key = "Isabella Rodriguez's apartment:kitchen:stove"
    assert "Type what" in (desk.set_object_state(key, " \n ", now) or "")
    long_text = "x" * (OBJECT_STATE_MAX_CHARS + 1)
    assert f"at most {OBJECT_STATE_MAX_CHARS}" in (desk.set_object_state(key, long_text, now) or "")
    assert "no object" in (desk.set_object_state("Nowhere:hall:stove", "burning", now) or "")
    assert "no object" in (desk.set_object_state("garbage", "burning", now) or "")
    assert all(s.changed_by != "the visitor" for s in living.objects.changed().values())
    assert desk.events() == []


def test_a_resident_in_the_room_perceives_the_new_state(make_town: MakeTown) -> None:
    living, desk = town_at(make_town)
    in_her_kitchen(living)
    resident = living.population.get(ISABELLA)
    assert resident is not None
    stove = next(o for o in desk.objects_near(resident.tile) if o.name == "stove")
    assert desk.set_object_state(stove.key, "is on fire", living.clock.now) is None
    settle(living)
    seen = [m.text for m in desk.memories(ISABELLA, frozenset({"observation"}))]
    assert any("stove" in text and "is on fire" in text for text in seen)
    plan = living.minds[ISABELLA].state.plan
    assert plan is not None and any("dealing with the stove" in s.activity for s in plan.hourly)


def test_a_resident_stopping_an_activity_leaves_the_players_state(make_town: MakeTown) -> None:
    living, desk = town_at(make_town)
    director, now = living.director, living.clock.now
    resident = living.population.get(ISABELLA)
    assert resident is not None and resident.activity is not None
    stove = Address("Isabella Rodriguez's apartment", "kitchen", "stove")
    slot = director.slots[ISABELLA]
    nap = Activity("napping", "😴", resident.tile, key="nap")
    for by_player in (False, True):
        slot.in_use, slot.in_use_key = stove, "cooking"
        living.objects.set(stove, "cooking", by=ISABELLA, at=now)
        if by_player:
            assert desk.set_object_state(object_key(stove), "is covered in glitter", now) is None
        director.begin(resident, slot, nap, now)
        expected = "is covered in glitter" if by_player else "idle"
        assert living.objects.state(stove) == expected

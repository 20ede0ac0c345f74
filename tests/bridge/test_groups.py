"""Group conversations in the town: people standing near a pair that starts to talk join
it; the talk plays line by line with each speaker's listener, is counted and remembered."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from cognition.agent_state import Appointment
from cognition.contract import Conversation, Decision, Perception, StartConversation, Wait
from cognition.memory.records import MemoryKind
from game.bridge.lockstep import LockstepRunner
from game.bridge.town_minds import LivingTown

MakeTown = Callable[..., LivingTown]
ISABELLA, KLAUS, MARIA = "Isabella Rodriguez", "Klaus Mueller", "Maria Lopez"


def run_for(living: LivingTown, minutes: int) -> None:
    LockstepRunner(living).run_until(living.clock.now + timedelta(minutes=minutes))


def stand_beside(living: LivingTown, host: str, names: tuple[str, ...]) -> None:
    """Put `names` on free tiles beside `host`, in its room, standing still, none of them
    cooling down from a talk with `host` (they may have talked this morning)."""
    for name in names:
        living.minds[name].state.cooldowns.pop(host, None)
        living.minds[host].state.cooldowns.pop(name, None)
    resident = living.population.get(host)
    assert resident is not None
    x, y = resident.tile
    tree, grid = living.town.tree, living.town.grid
    beside = [
        (x + dx, y + dy)
        for dx in (-2, -1, 0, 1, 2)
        for dy in (-2, -1, 0, 1, 2)
        if (dx, dy) != (0, 0)
        and grid.is_walkable((x + dx, y + dy))
        and tree.arena_at((x + dx, y + dy)) == tree.arena_at(resident.tile)
    ]
    assert len(beside) >= len(names), f"no room beside {host}"
    for name, tile in zip(names, beside, strict=False):
        other = living.population.get(name)
        assert other is not None
        other.tile, other.path = tile, []
        hold(living, name, living.clock.now + timedelta(hours=2))


def hold(living: LivingTown, name: str, until: datetime) -> None:
    """`name` decides nothing before `until` (a step thought ahead is dropped)."""
    slot = living.director.slots[name]
    slot.drop_ahead(living.director.jobs.job_of(name))
    slot.due = until


def wants_to_talk(living: LivingTown, name: str, partner: str) -> None:
    mind = living.minds[name]
    think = mind.decide
    asked: list[bool] = []

    def wish(perception: Perception) -> Decision:
        if asked:
            return think(perception)
        asked.append(True)
        action = StartConversation(partner=partner)
        return Decision(agent=name, time=perception.time, actions=(action,))

    mind.decide = wish  # type: ignore[method-assign]
    living.director.wake(name, living.clock.now)


def test_people_near_a_pair_that_starts_talking_join_it_as_a_group(make_town: MakeTown) -> None:
    living = make_town()
    run_for(living, 180)  # 10 am: Isabella works at the cafe
    stand_beside(living, ISABELLA, (KLAUS, MARIA))
    held = []
    living.director.talks.add_listener(lambda talk, *_: held.append(talk))
    wants_to_talk(living, KLAUS, ISABELLA)
    run_for(living, 40)
    assert held, "no conversation was held"
    talk = next(talk for talk in held if {KLAUS, ISABELLA} <= set(talk.participants))
    # whoever opened (Isabella may notice them first), the one beside joined
    assert set(talk.participants) == {KLAUS, ISABELLA, MARIA}
    assert talk.strategy == "one-by-one" and len({x.speaker for x in talk.lines}) == 3
    stats = living.director.stats
    assert stats.groups == 1 and stats.largest_group == 3
    assert stats.talked_with[MARIA] >= {KLAUS, ISABELLA}
    logged = [
        x
        for x in living.director.dialogue.lines()
        if x.speaker in talk.participants and x.time >= talk.started
    ]
    assert [(x.speaker, x.text) for x in logged[: len(talk.lines)]] == [
        (x.speaker, x.text) for x in talk.lines
    ]
    assert {x.listener for x in logged} <= {*talk.participants, "the group"}
    for name in talk.participants:
        others = [n for n in talk.participants if n != name]
        kept = [r.text for r in living.minds[name].memory.all(MemoryKind.DIALOGUE)]
        assert any(t.startswith(f"Conversation with {others[0]} and {others[1]}:") for t in kept)
        assert talk.summary in kept
    for name in talk.participants:  # the talk is over: everyone is back to its day
        assert not living.director.talks.talking(name)


def test_with_groups_off_in_the_settings_a_pair_talks_alone(make_town: MakeTown) -> None:
    from cognition.settings import MindSettings

    living = make_town(mind_settings=MindSettings(group_conversations=False))
    run_for(living, 180)
    stand_beside(living, ISABELLA, (KLAUS, MARIA))
    held = []
    living.director.talks.add_listener(lambda talk, *_: held.append(talk))
    wants_to_talk(living, KLAUS, ISABELLA)
    run_for(living, 20)
    assert held and all(len(talk.participants) == 2 for talk in held)
    assert living.director.stats.groups == 0


def isabella_and_klaus_talk(
    make_town: MakeTown, linger: bool
) -> tuple[LivingTown, list[Conversation]]:
    """Isabella and Klaus talk in the cafe, Maria beside them; returns as the talk's last
    line shows, a minute before it ends (the talks over so far are in the list, which keeps
    growing). With `linger`, Klaus stays after it and the two may talk on (no cool-down)."""
    living = make_town()
    run_for(living, 180)
    stand_beside(living, ISABELLA, (KLAUS, MARIA))
    held: list[Conversation] = []
    living.director.talks.add_listener(lambda talk, *_: held.append(talk))
    director = living.director
    director.slots[ISABELLA].queued = director.start_talk([ISABELLA, KLAUS], living.clock.now)
    hold(living, MARIA, living.clock.now + timedelta(hours=2))
    if linger:

        def stays(perception: Perception) -> Decision:
            return Decision(agent=KLAUS, time=perception.time, actions=(Wait(minutes=30),))

        living.minds[KLAUS].decide = stays  # type: ignore[method-assign]
    runner = LockstepRunner(living)
    playback = director.talks.playback_of(ISABELLA)
    assert playback is not None and set(playback.participants) == {ISABELLA, KLAUS}
    director.wait_for_all()  # the talk is thought (its lines play as they are said)
    director.collect()
    assert playback.over
    if linger:
        for one, other in ((ISABELLA, KLAUS), (KLAUS, ISABELLA)):
            living.minds[one].state.cooldowns.pop(other, None)
    while living.clock.now + timedelta(minutes=1) < playback.ends:
        runner.run_until(living.clock.now + timedelta(minutes=1))
    return living, held


def test_someone_walking_up_to_a_talk_as_it_ends_joins_what_goes_on(
    make_town: MakeTown,
) -> None:
    living, held = isabella_and_klaus_talk(make_town, linger=True)
    wants_to_talk(living, MARIA, ISABELLA)
    run_for(living, 20)
    assert set(held[0].participants) == {ISABELLA, KLAUS}
    talk = next(talk for talk in held[1:] if MARIA in talk.participants)
    assert talk.strategy  # the talk that just ended goes on (a group's, from its transcript)
    assert set(talk.participants) == {ISABELLA, KLAUS, MARIA}


def test_a_new_talk_does_not_go_on_from_one_whose_others_have_gone(
    make_town: MakeTown,
) -> None:
    """Isabella has just talked with Klaus, who cools down with her: Maria's talk with
    her is a new one, not the end of Isabella's talk with Klaus."""
    living, held = isabella_and_klaus_talk(make_town, linger=False)
    wants_to_talk(living, MARIA, ISABELLA)
    run_for(living, 20)
    # (Klaus, free again, may have talked with Maria first: that talk is not this one)
    talk = next(talk for talk in held[1:] if {MARIA, ISABELLA} <= set(talk.participants))
    assert set(talk.participants) == {ISABELLA, MARIA} and talk.strategy == ""  # a pair's


def test_guests_at_an_event_they_planned_talk_there_even_past_the_days_cap(
    make_town: MakeTown,
) -> None:
    living = make_town()
    run_for(living, 180)
    now = living.clock.now
    stand_beside(living, ISABELLA, (KLAUS, MARIA))
    for name in (KLAUS, MARIA):
        state = living.minds[name].state
        start = now.hour * 60 + now.minute
        state.appointments = [
            Appointment(
                day=now.date(),
                start=start,
                end=start + 60,
                activity="go to the party at Hobbs Cafe",
            )
        ]
        state.conversations_today, state.conversations_day = 3, now.date()  # the cap is spent
        state.cooldowns = {}  # (the two may have talked this morning)
        assert not living.minds[name].talker.may_talk_with(ISABELLA, now)
    held = []
    living.director.talks.add_listener(lambda talk, *_: held.append(talk))
    run_for(living, 15)
    assert living.director.gatherings.started >= 1
    assert any({KLAUS, MARIA} <= set(talk.participants) for talk in held)

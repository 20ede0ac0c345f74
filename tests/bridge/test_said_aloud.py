"""A line said aloud carries its news to whoever sees it said: the talk desk keeps what the
line in each speaker's bubble told, the director's people carry it, and a perception of the
speaker hands it to the mind (`SeenAgent.told`); a listener's bubble tells nothing."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import timedelta

from cognition.contract import Conversation, ConversationLine
from cognition.memory.fields import News
from game.bridge.lockstep import LockstepRunner
from game.bridge.town_minds import LivingTown

MakeTown = Callable[..., LivingTown]
ISABELLA, KLAUS = "Isabella Rodriguez", "Klaus Mueller"
FAIR = News(item="fair-9", subject=ISABELLA, statement=f"{ISABELLA} is holding a lantern fair")


def test_a_line_said_aloud_hands_its_news_to_those_who_see_it(make_town: MakeTown) -> None:
    living = make_town()
    LockstepRunner(living).run_until(living.clock.now + timedelta(minutes=1))
    director, now = living.director, living.clock.now
    talk = Conversation(
        participants=(ISABELLA, KLAUS),
        lines=(ConversationLine(speaker=ISABELLA, text="Come to my fair!", told=FAIR),),
        summary="",
        started=now,
    )
    director.talks.start(talk, now)
    isabella, klaus = living.population.get(ISABELLA), living.population.get(KLAUS)
    assert isabella is not None and klaus is not None
    for resident in (isabella, klaus):  # each one's bubble: its line, or listening
        resident.activity = director.talks.play(resident, now, director.planner)
    people = {person.name: person for person in director.people()}
    assert people[ISABELLA].told == FAIR and people[ISABELLA].activity.startswith('"')
    assert people[KLAUS].told is None  # listening tells nothing
    beside = dataclasses.replace(people[ISABELLA], tile=klaus.tile)
    seen = director.perceptions.build(klaus, now, [beside]).seen_agents
    assert [(s.name, s.told) for s in seen] == [(ISABELLA, FAIR)]


def test_news_said_back_is_heard_by_those_who_see_it(make_town: MakeTown) -> None:
    """ "A lantern fair? Good for Isabella!" tells Isabella nothing, but anyone near hears
    the fair in it (`ConversationLine.echoes`), as the words are."""
    living = make_town()
    LockstepRunner(living).run_until(living.clock.now + timedelta(minutes=1))
    director, now = living.director, living.clock.now
    said_back = "A lantern fair? Good for Isabella!"
    talk = Conversation(
        participants=(KLAUS, ISABELLA),
        lines=(ConversationLine(speaker=KLAUS, text=said_back, echoes=FAIR),),
        summary="",
        started=now,
    )
    director.talks.start(talk, now)
    klaus = living.population.get(KLAUS)
    assert klaus is not None
    klaus.activity = director.talks.play(klaus, now, director.planner)
    people = {person.name: person for person in director.people()}
    assert people[KLAUS].told == FAIR

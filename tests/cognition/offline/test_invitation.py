"""The offline answer to an invitation (`cognition.offline.invitation`): a host asking in
person is known to the listener whether or not the two had met before this talk (they have
met by the time the host invites), so a host meeting new people does not lose guests for
it; news of the event passed on by someone else counts on the memories naming the host, as
data. The town is invented (`test_offline_talk.NIGHT`)."""

from __future__ import annotations

import random

from cognition.offline.facts import fact_of_news
from cognition.offline.invitation import knows_host, will_go
from tests.cognition.offline.test_offline_talk import NIGHT, line_input, persona

DRAWS = range(200)


def accepted(listener: str, **extra: object) -> set[int]:
    """The seeds under which Otto accepts the invitation to NIGHT told by `listener`."""
    otto = persona("Otto Brandt")
    inputs = line_input(otto, listener, [], [], **extra)
    night = fact_of_news(NIGHT)
    return {seed for seed in DRAWS if will_go(inputs, night, random.Random(seed))[0]}


def test_a_host_asking_in_person_is_known_whether_or_not_they_had_met() -> None:
    otto = persona("Otto Brandt")
    for met in (False, True, None):
        assert knows_host(line_input(otto, NIGHT.host, [], [], met=met), NIGHT.host)
    assert accepted(NIGHT.host, met=False) == accepted(NIGHT.host, met=True)


def test_the_host_in_person_is_taken_up_more_readily_than_the_news_passed_on() -> None:
    """Same draws: asked by the host (even one met just now) beats being told by a friend
    whose memories name the host, which beats being told of a host no memory names."""
    in_person = accepted(NIGHT.host, met=False)
    passed_on_known = accepted("Ivy Moss", met=True, named={NIGHT.host: 2})
    passed_on_unknown = accepted("Ivy Moss", met=True)
    assert passed_on_unknown < passed_on_known < in_person
    assert len(in_person) > len(DRAWS) * 3 // 4  # most say yes to the host's own asking


def test_someone_passing_the_news_on_is_not_the_host() -> None:
    otto = persona("Otto Brandt")
    told = line_input(otto, "Ivy Moss", [], [], met=True, named={NIGHT.host: 1})
    assert not knows_host(told, NIGHT.host)
    assert knows_host(told.model_copy(update={"named": {NIGHT.host: 2}}), NIGHT.host)

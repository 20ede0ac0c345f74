"""How readily the offline talk tells news: a host's invitations grow stale too (more
slowly than other news), and news a speaker decided to mention in a talk is said at its
first chance, in reply to news just heard too — not left to a second coin or an echo."""

from __future__ import annotations

import random

from cognition.memory.fields import News
from cognition.offline.talk import HOST_STALE, STALE, line, mentions_now
from tests.cognition.offline.test_offline_talk import (
    NIGHT,
    busy,
    line_input,
    persona,
    talk_number,
)

HISTORY = ["Otto Brandt: Hi Lena!", "Lena Fisk: Good! How about you?"]
HOSTED = NIGHT.model_copy(update={"subject": "Otto Brandt", "host": "Otto Brandt"})
OWN = busy("Otto Brandt", "is writing a guide to the river birds")


def tellings(news: News, retold: int, talks: int = 80) -> int:
    """In how many of `talks` talks Otto tells `news` at his second line, having told it
    to `retold` people before."""
    otto = persona("Otto Brandt", "warm, outgoing")
    told = 0
    for number in range(talks):
        extra: dict[str, object] = {"news": [news], "retold": {news.item: retold}}
        inputs = line_input(otto, "Lena Fisk", [], talk_number(HISTORY, number), **extra)
        told += line(inputs, random.Random(number)).told is not None
    return told


def test_a_host_invites_its_first_guest_always_and_fewer_the_more_it_has_invited() -> None:
    assert tellings(HOSTED, 0) == 80
    invited = [tellings(HOSTED, retold) for retold in (2, 4, 8)]
    assert invited[0] > invited[1] > invited[2] and invited[2] < 80 * 0.4
    assert HOST_STALE**8 < 0.25  # a host who has invited eight is unlikely to ask a ninth


def test_a_host_tires_of_inviting_more_slowly_than_of_telling_its_other_news() -> None:
    assert STALE < HOST_STALE < 1
    for retold in (3, 5):
        assert tellings(HOSTED, retold) > tellings(OWN, retold), retold


def test_news_decided_on_for_a_talk_is_told_in_reply_to_news_heard() -> None:
    """Lena has just told Otto of her thesis: the news Otto decided to pass on in this talk
    (`mentions_now`) he tells in his reply, every time; what he did not decide on, never."""
    otto = persona("Otto Brandt", "warm, outgoing")
    heard = NIGHT.told_by("Ivy Moss")
    thesis = busy("Lena Fisk", "is writing her thesis on river birds").told_by("Lena Fisk")
    said = ["Otto Brandt: Hi Lena!", "Lena Fisk: Guess what — I'm writing my thesis on birds."]
    decided = 0
    for number in range(60):
        history = talk_number(said, number)
        inputs = line_input(otto, "Lena Fisk", [], history, news=[heard], heard=thesis)
        reply = line(inputs, random.Random(number))
        if mentions_now(inputs, random.Random(number)):
            decided += 1
            assert reply.told is not None and reply.told.item == "night", reply.text
            assert reply.echoes is None  # one news a line: the telling, not an echo
        else:
            assert reply.told is None, reply.text
    assert 0 < decided < 60


def guest_tellings(traits: str, retold: int, talks: int = 80) -> int:
    """In how many of `talks` talks Otto, going to Nora's open mic he heard of from Ivy,
    asks Lena along at his second line, having told `retold` people of it before."""
    otto = persona("Otto Brandt", traits)
    heard = NIGHT.told_by("Ivy Moss")
    told = 0
    for number in range(talks):
        extra: dict[str, object] = {
            "news": [heard],
            "going": ["night"],
            "retold": {"night": retold},
        }
        inputs = line_input(otto, "Lena Fisk", [], talk_number(HISTORY, number), **extra)
        said = line(inputs, random.Random(number))
        assert said.told is None or "plan to go" in said.text, said.text  # as its plan
        told += said.told is not None
    return told


def test_a_guest_asks_people_along_as_readily_as_it_passes_on_what_it_heard() -> None:
    """A plan to go to someone else's event carries news the guest heard: it is passed on
    by the guest's temperament and grows stale, not told to the first person it meets
    whoever the guest is (as the host's invitation is)."""
    sociable, reserved = guest_tellings("warm, outgoing", 0), guest_tellings("shy, reserved", 0)
    assert 0 < reserved < sociable < 80
    assert guest_tellings("warm, outgoing", 4) < sociable / 2

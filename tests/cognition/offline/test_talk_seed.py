"""Whether a speaker brings news up in a talk is drawn once a talk, under the brain's seed:
the same seed draws the same at every line of a talk and in every run; two seeds differ."""

from __future__ import annotations

import random

from cognition.offline import OfflineBrain
from cognition.offline.facts import fact_of_news
from cognition.offline.meeting import leaning
from cognition.offline.seeded import CallRandom, once
from cognition.offline.talk import in_this_talk
from cognition.steps.dialogue import DIALOGUE_LINE
from tests.cognition.offline.test_offline_talk import NIGHT, line_input, persona


def test_a_calls_random_is_seeded_as_before_and_keeps_the_brains_seed() -> None:
    rng = CallRandom(7, "Ann|dialogue_line|{}")
    assert rng.brain_seed == 7
    assert rng.random() == random.Random("7|Ann|dialogue_line|{}").random()


def test_once_is_the_same_for_one_seed_and_differs_between_seeds() -> None:
    keys = [f"Ann|Bo|item{n}|2031-03-02|Hi" for n in range(20)]
    first = [once(CallRandom(1, "a call"), key) for key in keys]
    again = [once(CallRandom(1, "another call"), key) for key in keys]  # any call of seed 1
    other = [once(CallRandom(2, "a call"), key) for key in keys]
    assert first == again
    assert first != other
    assert [once(random.Random(5), key) for key in keys] == [
        once(CallRandom(0, "x"), key) for key in keys
    ]  # a plain random (a test's) stands for seed 0


def test_a_talks_draw_follows_the_brains_seed_not_the_line() -> None:
    speaker = persona("Nora Vance")
    fact = fact_of_news(NIGHT)
    opening = ["Bo Stone: Hi Nora!"]
    inputs = [
        line_input(speaker, "Bo Stone", [], opening + [f"Nora Vance: Hi Bo. {n}"] * n)
        for n in range(1, 4)
    ]

    def draws(seed: int) -> list[float]:
        brain = OfflineBrain(seed)
        return [
            in_this_talk(one, fact, brain.random_for(one.speaker, DIALOGUE_LINE.name, one))
            for one in inputs
        ]

    assert len(set(draws(3))) == 1  # every line of the talk: the one draw
    assert draws(3) == draws(3)
    assert len({draws(seed)[0] for seed in range(6)}) > 1  # seeds differ


def test_a_meeting_leaning_is_the_brains_seeds_the_same_at_each_call() -> None:
    summary = "Name: Bo Stone (age 30). Innate traits: plain."
    topics = [f"Should the town paint bridge {n}?" for n in range(12)]

    def leanings(seed: int, call: str) -> list[str]:
        return [leaning(summary, "Bo Stone", topic, CallRandom(seed, call)) for topic in topics]

    assert leanings(4, "stance") == leanings(4, "group_line")  # any call of the seed
    assert len({tuple(leanings(seed, "stance")) for seed in range(5)}) > 1  # seeds differ

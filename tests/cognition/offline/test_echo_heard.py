"""A line that says news back ("Sam, running for mayor in the local election? That's just
like Sam.") carries that news as data (`echoes`): told to nobody — the listener just told it
— but heard by anyone near, as the words are. In the bundled town's seed 0, three residents
who overheard such an echo at the party answered "Do you know who is running for mayor?"
with it while their memories' fields named no candidacy, so reach by answers ran above reach
by memories. An echo is a line's one news: news the speaker decided to tell in this talk is
told instead, and its words say nothing back."""

from __future__ import annotations

import random

from cognition.memory.fields import News
from cognition.offline.talk import line
from cognition.steps.dialogue import LineInput

IVY, OTTO = "Ivy Moss", "Otto Brandt"
RACE = News(
    item="race",
    subject="Nora Vance",
    statement="Nora Vance is running for the harbour board",
    kind="civic",
    source=OTTO,
)
MINE = News(item="guide", subject=IVY, statement=f"{IVY} is writing a guide to river birds")
HEARD = News(
    item="kiln", subject="Ada Brandt", statement="Ada Brandt is building a kiln", source="Ada"
)


def told_the_race(seed: int, news: News) -> LineInput:
    return LineInput(
        speaker=IVY,
        listener=OTTO,
        summary=f"Name: {IVY}\n{IVY} runs the bookshop.\n{IVY} is a bookseller.",
        view_of_listener=f"{IVY} knows {OTTO} well.",
        memories=[],
        history=[
            f"{IVY}: Hi Otto! (talk {seed})",  # a talk of its own: news is decided once a talk
            f"{OTTO}: Hello! Nora Vance is running for the harbour board.",
        ],
        now="Sunday March 2, 2031, 09:00",
        turn=3 + seed % 2,
        max_turns=8,
        news=[news],
        heard=RACE,
    )


def test_a_line_saying_heard_news_back_carries_it_and_tells_nothing_else() -> None:
    echoed = 0
    for seed in range(40):
        said = line(told_the_race(seed, HEARD), random.Random(seed))
        says_back = "running for the harbour board" in said.text.lower()
        assert (said.echoes == RACE) == says_back, said.text
        if says_back:
            echoed += 1
            assert said.told is None and "kiln" not in said.text
    assert echoed >= 5  # the echo is one of the ways news is answered, not a rare one


def test_one_s_own_news_is_told_rather_than_an_echo() -> None:
    for seed in range(20):
        said = line(told_the_race(seed, MINE), random.Random(seed))
        assert said.told == MINE and said.echoes is None, said.text
        assert "harbour board" not in said.text.lower()

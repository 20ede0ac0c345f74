"""One's own news is framed as its importance says (`talk.announced`, `talk.BIG_NEWS`):
everyday news (what a persona is busy with, importance 5) is told plainly, never "Big
news from me"; news rated important (a scenario's item, 8) may be announced as big; a plan
to go to someone else's event is not one's own big news. The importance is data (the
news's `importance`), never read from the words. The town is invented."""

from __future__ import annotations

import random

import cognition.offline.phrases as say
from cognition.memory.fields import News
from cognition.offline.facts import fact_of_news, plan_to_go
from cognition.offline.talk import BIG_NEWS, announced, tell
from tests.cognition.offline.test_offline_talk import NIGHT, line_input, persona

OTTO = persona("Otto Brandt")
BIRDS = "Otto Brandt is writing a guide to the river birds"


def openers(phrases: tuple[str, ...]) -> tuple[str, ...]:
    """Each phrase's words before its news ("Big news from me:")."""
    return tuple(phrase.split("{news}")[0].split("{first}")[-1].strip(" ,") for phrase in phrases)


def told(news: News, seeds: range = range(80)) -> list[str]:
    fact = fact_of_news(news) if news.subject == OTTO.name else plan_to_go(OTTO.name, news)
    assert fact is not None
    inputs = line_input(OTTO, "Ivy Moss", [], [], met=True)
    return [tell(fact, inputs, random.Random(seed)) for seed in seeds]


def big_openers(lines: list[str]) -> list[str]:
    return [line for line in lines if any(o in line for o in openers(say.TELL_MINE_BIG) if o)]


def test_everyday_news_is_never_announced_as_big() -> None:
    everyday = News(item="birds", subject=OTTO.name, statement=BIRDS, kind="currently")
    assert everyday.importance < BIG_NEWS and not announced(fact_of_news(everyday))
    lines = told(everyday)
    assert big_openers(lines) == []
    assert all("still taking it in" not in line for line in lines)


def test_news_rated_important_may_be_announced_as_big() -> None:
    weighty = News(item="birds", subject=OTTO.name, statement=BIRDS, kind="personal", importance=8)
    assert announced(fact_of_news(weighty))
    lines = told(weighty)
    assert big_openers(lines) and len(big_openers(lines)) == len(lines)


def test_the_same_words_are_framed_by_their_importance_alone() -> None:
    """Only the importance differs: the framing follows it, not the statement's words."""
    plain = News(item="b", subject=OTTO.name, statement=BIRDS, kind="x", importance=BIG_NEWS - 1)
    weighty = plain.model_copy(update={"importance": BIG_NEWS})
    assert not announced(fact_of_news(plain)) and announced(fact_of_news(weighty))


def test_a_plan_to_go_to_someone_elses_event_is_not_big_news() -> None:
    going = plan_to_go(OTTO.name, NIGHT)
    assert going is not None and going.weight >= BIG_NEWS and not announced(going)
    assert big_openers(told(NIGHT)) == []

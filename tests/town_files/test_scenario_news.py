"""A scenario item is news as data: its kind, importance, who hears it and the sentence it
is told with come from the file, and each seed knows it as typed news carrying its id."""

from __future__ import annotations

from game.bridge.town_minds import TownFile
from game.town_files.scenario import NewsItem

EVENT = {
    "place": "Oak Hill College: library",
    "starts": "2023-02-16T16:00:00",
    "ends": "2023-02-16T17:00:00",
}


def test_an_event_item_is_typed_news_with_its_place_day_and_hours() -> None:
    item = NewsItem.model_validate(
        {"id": "reading", "host": "Klaus Mueller", "what": "a reading group",
         "seeds": ["Klaus Mueller", "Maria Lopez"], "event": EVENT}
    )  # fmt: skip
    news = item.news()
    assert (news.item, news.subject, news.kind, news.importance) == (
        "reading",
        "Klaus Mueller",
        "event",
        8,
    )
    assert (news.name, news.place, news.day, news.span) == (
        "reading group",
        "Oak Hill College",
        "February 16",
        "from 4 to 5 pm",
    )
    assert news.statement == item.text and news.source is None


def test_any_news_declares_its_kind_importance_and_telling() -> None:
    item = NewsItem.model_validate(
        {
            "id": "dog",
            "kind": "personal",
            "importance": 6,
            "public": True,
            "text": "Maria Lopez has adopted a dog named Pickle.",
            "tell": "Maria Lopez adopted a dog called Pickle last week.",
            "question": "Do you know who has a new dog?",
            "carried_by": [["pickle"]],
            "seeds": ["Maria Lopez"],
        }
    )
    news = item.news()
    assert (news.kind, news.importance, news.public, news.subject) == (
        "personal",
        6,
        True,
        "Maria Lopez",
    )
    assert news.statement.startswith("Maria Lopez adopted") and not news.place


def test_the_bundled_towns_seeds_know_their_items_as_typed_news() -> None:
    town = TownFile.load("the_ville_n25")
    known = {p.name: [n.item for n in p.news] for p in town.personas() if p.news}
    assert known == {"Isabella Rodriguez": ["party"], "Sam Moore": ["candidacy"]}


def test_news_a_persona_already_says_is_that_fact_not_a_second_one() -> None:
    town = TownFile.load("the_ville_n3")
    [isabella] = [p for p in town.personas() if p.news]
    [party] = isabella.news
    texts = isabella.initial_memories()
    assert party.statement in texts  # her own words carry it: they are the news's memory
    assert sum("Valentine" in text and "party" in text.lower() for text in texts) == 1

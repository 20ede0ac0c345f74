"""News of any kind spreads by talk, carried by its fields: generated towns (seeded) with an
event, personal news, news of a place, of a shop and of a town matter, each with a random
holder and wording; over five seeds, each kind reaches at least a quarter of the town in two
game days, and never everyone (`cognition.testing.gossip`: pairs meet by chance, no map)."""

from __future__ import annotations

from statistics import mean

from cognition.testing.gossip import KINDS, LIVES, generated_town, reach, spread

SEEDS = range(5)


def test_every_kind_of_news_spreads_by_talk_but_not_to_everyone() -> None:
    reached: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for seed in SEEDS:
        town = generated_town(seed)
        spread(town, seed)
        host = town.news["event-news"][0].subject
        for kind in KINDS:
            reached[kind].append(reach(town, f"{kind}-news"))
            if kind != "event":  # news whose holder hosts nothing
                assert town.news[f"{kind}-news"][0].subject != host
    assert len(KINDS) >= 5
    for kind, shares in reached.items():
        assert 0.25 <= mean(shares) < 1.0, (kind, shares)


def test_news_is_told_by_its_fields_whatever_its_wording() -> None:
    """The holder's first telling carries the item as data, and the hearer keeps it, from
    whom it heard it, in the talk's memory fields."""
    town = generated_town(3)
    spread(town, 3, days=1)
    for item, (news, _) in town.news.items():
        heard = [
            held
            for name, agent in town.agents.items()
            if name != news.subject
            for record in agent.memory.all()
            if record.about is not None
            for held in record.about.news
            if held.item == item
        ]
        assert heard, item
        assert all(held.statement == news.statement for held in heard)
        assert all(held.source is not None for held in heard)  # all second hand or further


def test_residents_tell_of_their_own_lives_not_filler() -> None:
    """What a generated resident is busy with comes from its life (an occupation and what
    it is busy with, `LIVES`), and is what it tells of itself — never "is getting through
    the week"."""
    town = generated_town(1)
    spread(town, 1, days=1)
    busy = {life for _, _, life in LIVES}
    for name, agent in town.agents.items():
        persona = agent.persona
        assert persona.currently.removeprefix(f"{name} ").rstrip(".") in busy
        assert any(work in persona.learned for work, _, _ in LIVES)
    texts = [record.text for agent in town.agents.values() for record in agent.memory.all()]
    assert not any("getting through the week" in text for text in texts)
    heard = {
        held.subject
        for name, agent in town.agents.items()
        for record in agent.memory.all()
        if record.about is not None
        for held in record.about.news
        if held.kind == "currently" and held.subject != name
    }
    assert len(heard) >= len(town.agents) // 2  # most told someone what they are busy with

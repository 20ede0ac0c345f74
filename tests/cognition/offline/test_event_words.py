"""The reflection and relationship rules know an event by the nouns the town's own texts
give events, not by a list of event kinds: a lantern walk is an event in a town whose news
names one, and a party is none in a town whose news never names one."""

from __future__ import annotations

from cognition.offline.event_mentions import event_in, event_words

TOWN = [
    "[Mon Feb 13 07:00] Ann Lee is planning a lantern walk at the Old Mill on May 2 "
    "from 7 to 9 pm.",
    "[Mon Feb 13 09:00] Bo Dahl is reading (library, Oak Hill College).",
]


def test_event_nouns_come_from_the_towns_own_event_statements() -> None:
    words = event_words(TOWN)
    assert words == {"walk"}
    event = event_in("Ann Lee is preparing the lantern walk", words)
    assert event is not None
    assert (event.key, event.phrase, event.organiser) == ("walk", "the lantern walk", "Ann Lee")
    assert event_in("Bo Dahl loves the lantern walks", words) is not None  # plural too
    assert event_in("Ann Lee is planning a party", words) is None  # no party in this town
    assert event_in("Ann Lee is planning a lantern walk", frozenset()) is None

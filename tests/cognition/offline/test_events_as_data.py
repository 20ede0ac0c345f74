"""Events are data: the offline reflection knows an event, its host and its place by the
news fields a memory carries, never by reading a sentence for hosting verbs, places or
days. A memory saved without fields is read only by the one text form left (a summary's
telling, `told_text` / `read_told`). The town is invented."""

from __future__ import annotations

import random

from cognition.memory.fields import MemoryFields, News
from cognition.memory.records import MemoryKind
from cognition.memory.texts import told_text
from cognition.offline.conclusions import trait_conclusions
from cognition.offline.event_conclusions import news_conclusions
from cognition.offline.news_spread import spreads
from cognition.offline.notes import read_notes
from cognition.steps.reflect import Recalled

ADA, LEO, INES = "Ada Brook", "Leo Marsh", "Ines Varga"
HOSTING = "Ines Varga is throwing a lantern fair at Juniper Hall on May 9 from 6 to 9 pm"
FAIR = News(
    item="fair",
    subject=INES,
    statement=HOSTING,
    kind="event",
    name="lantern fair",
    place="Juniper Hall",
    day="May 9",
    host=INES,
)
PLAIN = Recalled(kind=MemoryKind.OBSERVATION)  # a memory saved before fields: unknown


def typed(*news: News, told: tuple[str, ...] = (), partners: tuple[str, ...] = ()) -> Recalled:
    about = MemoryFields(news=news, told=told, partners=partners)
    return Recalled(kind=MemoryKind.DIALOGUE if partners else MemoryKind.OBSERVATION, about=about)


def test_a_hosts_event_is_known_by_its_fields_whatever_the_words() -> None:
    """Ines's news carries her event as data: conclusions name it by its name and place,
    even when the words say nothing of hosting, a place or a day."""
    notes = read_notes(["Ines Varga is busy with something"], recalled=[typed(FAIR)])
    found = news_conclusions(INES, notes, random.Random(0))
    assert found and all("lantern fair at Juniper Hall" in c.text for c in found)


def test_a_persona_sentence_about_hosting_is_no_event_without_fields() -> None:
    """The hosting sentence with fields that carry no news (a persona's plain fact) is no
    event: nothing reads a host, place or day out of it."""
    plain = Recalled(kind=MemoryKind.OBSERVATION, about=MemoryFields(subject=INES))
    for recalled in (plain, PLAIN):
        notes = read_notes([HOSTING], recalled=[recalled])
        assert spreads(INES, notes, "her") == []
        assert news_conclusions(INES, notes, random.Random(0)) == []


def test_news_heard_as_data_counts_its_tellers() -> None:
    lines = ["Leo and Ada talked.", "Ines and Ada talked."]
    recalled = [
        typed(FAIR.told_by(LEO), partners=(LEO,)),
        typed(FAIR.told_by(INES), partners=(INES,)),
    ]
    (spread,) = spreads(ADA, read_notes(lines, recalled=recalled), "her")
    assert spread.heard_from == (LEO, INES) and spread.organiser == INES
    assert spread.shown == "the lantern fair at Juniper Hall"


def test_a_telling_saved_without_fields_round_trips_as_news_heard() -> None:
    """An old save's summary: the telling `told_text` wrote is read back by `read_told`
    as news heard from its teller, shown as whose news it is, never as an event."""
    summary = f"{LEO} and {ADA} talked. " + told_text(LEO, ADA, HOSTING)
    passed_on = f"{ADA} and {INES} talked. " + told_text(ADA, "Otto Fenn", HOSTING)
    (spread,) = spreads(ADA, read_notes([summary, passed_on], recalled=[PLAIN, PLAIN]), "her")
    assert (spread.heard_from, spread.told_to) == ((LEO,), ("Otto Fenn",))
    assert spread.organiser == INES and spread.shown == f"{INES}'s news"
    assert spread.core == HOSTING


def test_an_old_saves_persona_fact_that_is_seeded_news_is_no_trait() -> None:
    """A persona's fact saved without fields, whose news was seeded as data since (the
    same statement), is news, not character; the fact beside it is a trait."""
    facts = [f"{HOSTING}.", "Ines Varga loves long walks by the river", HOSTING]
    notes = read_notes(facts, recalled=[PLAIN, PLAIN, typed(FAIR)])
    (trait,) = trait_conclusions(INES, notes, random.Random(0))
    assert "long walks" in trait.text and "lantern" not in trait.text

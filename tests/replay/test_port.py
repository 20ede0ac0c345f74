"""`RecordPort`: the inspector's port in a replay answers as of the replay's moment — never
with anything written after it — and refuses what a replay cannot do."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from replay_records import RecordedRun

from game.records import RunRecord
from game.replay import RecordPort, open_replay
from game.replay.port import ASK_REFUSED, OBJECT_REFUSED, SEARCH_NOTE, prompt_text
from game.town.views import Asking

ISABELLA = "Isabella Rodriguez"


class Moment:
    """The replay's clock, set by the test."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def record(recorded_run: RecordedRun) -> Iterator[RunRecord]:
    with RunRecord.open(recorded_run.path) as opened:
        yield opened


@pytest.fixture
def moment(record: RunRecord) -> Moment:
    return Moment(record.span()[0] + timedelta(minutes=90))


@pytest.fixture
def port(record: RunRecord, moment: Moment) -> RecordPort:
    return RecordPort(record, open_replay(record).town.tree, moment)


def test_memories_are_those_written_up_to_the_moment(
    record: RunRecord, port: RecordPort, moment: Moment
) -> None:
    early = port.memories(ISABELLA)
    assert early and all(line.created <= moment.now for line in early)
    assert [line.created for line in early] == sorted((m.created for m in early), reverse=True)
    moment.now = record.span()[1]
    later = port.memories(ISABELLA)
    assert len(later) > len(early)
    newest = later[0]
    assert port.memory(ISABELLA, newest.id) == newest
    moment.now = newest.created - timedelta(seconds=1)
    assert port.memory(ISABELLA, newest.id) is None  # not remembered yet then
    assert all(line.id != newest.id for line in port.memories(ISABELLA))


def test_memories_filter_by_kind(port: RecordPort) -> None:
    plans = port.memories(ISABELLA, frozenset({"plan"}))
    assert plans and {line.kind for line in plans} == {"plan"}


def test_the_card_is_who_and_what_at_the_moment(
    record: RunRecord, port: RecordPort, moment: Moment
) -> None:
    card = port.card(ISABELLA, moment.now)
    assert card is not None
    row = record.positions_at(moment.now)[ISABELLA]
    person = record.person_at(ISABELLA, moment.now)
    assert person is not None
    assert (card.name, card.age, card.traits, card.description, card.slug) == (
        ISABELLA, person.age, person.traits, person.description, "isabella_rodriguez"
    )  # fmt: skip
    assert row.activity in card.action and card.action_emoji == row.emoji
    assert card.address == (row.place or "outdoors in the Ville")
    assert card.plan and sum(step.current for step in card.plan) == 1
    assert port.card("Nobody At All", moment.now) is None


def test_talks_up_to_the_moment_make_the_relationships(
    record: RunRecord, port: RecordPort, moment: Moment
) -> None:
    start, end = record.span()
    talks = record.conversations_between(start, end)
    assert talks, "the run should hold a conversation"
    first = talks[0]
    speaker, other = first.participants[0], first.participants[1]
    moment.now = first.started - timedelta(seconds=1)
    assert all(known.name != other for known in port.relationships(speaker))
    moment.now = end
    known = {r.name: r for r in port.relationships(speaker)}
    together = [t for t in talks if speaker in t.participants and other in t.participants]
    assert known[other].conversations == len(together)
    assert known[other].last_talked == together[-1].started


def test_traces_are_the_model_calls_up_to_the_moment(port: RecordPort, moment: Moment) -> None:
    traces = port.traces(ISABELLA, limit=500)
    assert traces and all(trace.time <= moment.now for trace in traces)
    assert traces[0].prompt.startswith(("system: ", "user: "))
    assert prompt_text('[{"role": "user", "content": "hi"}]') == "user: hi"
    assert prompt_text("not JSON") == "not JSON"


def test_search_matches_words_in_memories_up_to_the_moment(
    port: RecordPort, moment: Moment
) -> None:
    hits = port.search(ISABELLA, "breakfast", moment.now)
    assert hits and all("breakfast" in hit.memory.text.lower() for hit in hits)
    assert all(hit.memory.created <= moment.now for hit in hits)
    assert [hit.score for hit in hits] == sorted((hit.score for hit in hits), reverse=True)
    assert [event.text for event in port.events()] == [SEARCH_NOTE]  # told once
    port.search(ISABELLA, "coffee", moment.now)
    assert port.events() == []
    assert port.search(ISABELLA, "the of", moment.now) == []


def test_a_replay_refuses_to_talk_or_change_things(port: RecordPort, moment: Moment) -> None:
    assert port.ask(ISABELLA, "hello?", Asking(), moment.now) == ASK_REFUSED
    assert not port.answering(ISABELLA)
    assert port.replies() == [] and port.greetings() == []
    objects = port.objects_near((52, 40))
    assert objects
    assert port.set_object_state(objects[0].key, "is burning", moment.now) == OBJECT_REFUSED


def test_objects_have_the_states_recorded_at_the_moment(
    record: RunRecord, port: RecordPort, moment: Moment
) -> None:
    changes = record.objects_at(moment.now)
    key, change = next(iter(changes.items()))
    tile = next((o.tile for o in port.objects_near((0, 0), radius=10_000) if o.key == key), None)
    assert tile is not None
    found = port.object_at(tile)
    assert found is not None and found.key == key
    assert found.state == change.after
    moment.now = record.span()[0] - timedelta(minutes=1)
    before = port.object_at(tile)
    assert before is not None and before.state == before.default_state

"""The rating lane: a mind's waiting observations rated beside its other calls, stored at a
fixed point of its job; react shows those of the one noticed that are not stored yet."""

from __future__ import annotations

import threading
import time
from datetime import datetime
from types import SimpleNamespace

from cognition.agent_state import Unrated
from cognition.offline import OfflineBrain
from cognition.rating_aside import RatingLane, rated_aside
from cognition.steps.perceive import Observation
from cognition.steps.react import react_inputs
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.town import ISABELLA, MARIA, START, context_for


def lane(rating_s: float, rated_on: list[str]) -> tuple[RatingLane, FakeMemoryStream]:
    """A lane whose ratings take `rating_s`, with one observation waiting."""
    memory = FakeMemoryStream(MARIA.name)
    waiting = [Unrated(text="Maria is reading", at=START, subject=MARIA.name)]

    def rate(texts: list[str], now: datetime, keys: list[str | None]) -> list[int]:
        rated_on.append(threading.current_thread().name)
        time.sleep(rating_s)
        return [4] * len(texts)

    def take() -> list[Unrated]:
        taken = list(waiting)
        waiting.clear()
        return taken

    return RatingLane(memory, rate, take), memory


def test_a_batch_is_rated_on_a_thread_and_stored_only_when_finished() -> None:
    for rating_s, block_s in ((0.05, 0.0), (0.0, 0.05)):  # either returns first
        rated_on: list[str] = []
        rating, memory = lane(rating_s, rated_on)
        rating.start()
        time.sleep(block_s)
        assert memory.count() == 0  # not stored before the finish, whatever the timing
        rating.finish()
        assert [(r.text, r.importance) for r in memory.all()] == [("Maria is reading", 4)]
        assert rated_on and rated_on[0] != threading.current_thread().name


def test_rated_aside_stores_the_batch_when_the_block_ends_and_nothing_waiting_is_no_call() -> None:
    rated_on: list[str] = []
    rating, memory = lane(0.0, rated_on)
    mind = SimpleNamespace(rating=rating)
    with rated_aside(mind):
        assert memory.count() == 0
    assert memory.count() == 1
    with rated_aside(mind):  # nothing waits now
        pass
    assert memory.count() == 1 and len(rated_on) == 1


def test_react_shows_the_sightings_of_the_one_noticed_that_are_not_stored_yet() -> None:
    rating, _ = lane(0.0, [])
    rating.start()  # "Maria is reading" in flight
    later = Unrated(text="Klaus Mueller is writing", at=START, subject="Klaus Mueller")
    waiting = [Unrated(text="Maria is at the cafe", at=START, subject=MARIA.name), later]
    seen = rating.about(MARIA.name, waiting)
    rating.finish()
    assert [memory.text for memory in seen] == ["Maria is reading", "Maria is at the cafe"]
    ctx = context_for(ISABELLA, OfflineBrain(0))
    noticed = Observation(text="Maria Lopez is reading", subject=MARIA.name, activity="reading")
    inputs = react_inputs(ctx, "Isabella runs a cafe.", "", noticed, True, seen)
    assert inputs.relationship_memories[-1].endswith("Maria is at the cafe")
    assert inputs.relationship_recalled[-1].about == seen[0].about

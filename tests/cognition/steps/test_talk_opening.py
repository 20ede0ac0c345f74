"""A talk's opening: the views still to ask come with the first lines, in one call."""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from datetime import datetime
from types import SimpleNamespace

from cognition.agent_state import Unrated
from cognition.offline import OfflineBrain
from cognition.rating_aside import RatingLane, rated_aside
from cognition.steps.dialogue import Speaker
from cognition.steps.dialogue_turn import next_turn
from cognition.steps.pair_talk import converse
from cognition.steps.relationship import RELATIONSHIP, finish_view, little_known, recall_view
from cognition.steps.talk_opening import TALK_OPENING, opening_turn
from cognition.steps.view_reuse import ViewBook
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import MARIA, START
from tests.cognition.steps.test_dialogue_turn import pair


def asking(model: ScriptedModel) -> tuple[Speaker, Speaker, ViewBook, ViewBook]:
    """Isabella and Maria, each with a view of the other still to ask, and their books."""
    isabella, maria = pair(model)
    books = ViewBook(), ViewBook()
    sides = [
        replace(side, view_of_other="", view_asked=recall_view(side.context, other.name, book))
        for side, other, book in ((isabella, maria, books[0]), (maria, isabella, books[1]))
    ]
    assert all(side.view_asked and side.view_asked.inputs for side in sides)
    return sides[0], sides[1], books[0], books[1]


def test_the_opening_says_what_a_view_call_and_a_turn_call_would_have_said_in_one_call() -> None:
    counted = ScriptedModel(fallback_model=OfflineBrain(5))
    isabella, maria, isabella_book, maria_book = asking(counted)
    said, isabella_then, maria_then = opening_turn(isabella, maria, [], 4)
    assert [call.task for call in counted.calls] == [TALK_OPENING.name]

    apart = ScriptedModel(fallback_model=OfflineBrain(5))
    first, second, _, _ = asking(apart)
    views = [finish_view(side.context, side.view_asked) for side in (first, second)]  # type: ignore[arg-type]
    first, second = (
        replace(side, view_of_other=view.summary, view_asked=None)
        for side, view in zip((first, second), views, strict=True)
    )
    assert [c.task for c in apart.calls] == [RELATIONSHIP.name] * 2
    assert said == next_turn(first, second, [], 4)
    assert (isabella_then.view_of_other, maria_then.view_of_other) == (
        first.view_of_other,
        second.view_of_other,
    )
    assert isabella_then.view_asked is None and maria_then.view_asked is None
    assert isabella_book.views[maria.name].view == isabella_then.view_of_other  # kept
    assert maria_book.views[isabella.name].view == maria_then.view_of_other


def test_a_view_left_empty_gets_the_relationship_fallback_and_the_lines_stay() -> None:
    line = {"speaker": "Isabella Rodriguez", "text": "Hello Maria!"}
    answer = {"speaker_view": "An old friend.", "listener_view": " ", "lines": [line]}
    model = ScriptedModel({TALK_OPENING.name: [answer]})
    isabella, maria, _, _ = asking(model)
    said, isabella_then, maria_then = opening_turn(isabella, maria, [], 4)
    assert [(name, spoken.text) for name, spoken in said] == [(isabella.name, "Hello Maria!")]
    assert isabella_then.view_of_other == "An old friend."
    assert maria.view_asked is not None and maria.view_asked.inputs is not None
    assert maria_then.view_of_other == little_known(maria.view_asked.inputs).summary


def test_a_talk_with_its_views_known_opens_with_a_plain_turn() -> None:
    counted = ScriptedModel(fallback_model=OfflineBrain(5))
    lines, _ = converse(*pair(counted))
    assert lines
    assert TALK_OPENING.name not in {call.task for call in counted.calls}
    assert RELATIONSHIP.name not in {call.task for call in counted.calls}


def test_the_papers_talk_asks_the_views_first_then_one_call_a_line() -> None:
    counted = ScriptedModel(fallback_model=OfflineBrain(5))
    isabella, maria, _, _ = asking(counted)
    settings = isabella.context.settings.model_copy(update={"talk_lines_per_call": 1})
    isabella = replace(isabella, context=replace(isabella.context, settings=settings))
    lines, _ = converse(isabella, maria)
    tasks = [call.task for call in counted.calls]
    assert tasks[:2] == [RELATIONSHIP.name] * 2 and TALK_OPENING.name not in tasks
    assert len(lines) >= 1


def lane(rating_s: float, rated_on: list[str]) -> tuple[RatingLane, FakeMemoryStream]:
    """A lane whose ratings take `rating_s`, with one observation waiting."""
    memory = FakeMemoryStream(MARIA.name)
    waiting = [Unrated(text="Maria is reading", at=START)]

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

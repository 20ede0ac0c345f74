"""A talk's opening: the views still to ask come with the first lines, in one call."""

from __future__ import annotations

from dataclasses import replace

from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.steps.dialogue import Speaker
from cognition.steps.dialogue_turn import next_turn
from cognition.steps.pair_talk import converse, first_turn
from cognition.steps.relationship import RELATIONSHIP, finish_view, little_known, recall_view
from cognition.steps.talk_opening import TALK_OPENING
from cognition.steps.view_reuse import ViewBook
from cognition.testing.scripted_model import ScriptedModel
from tests.cognition.steps.test_dialogue_turn import TURNS, pair


def asking(
    model: ScriptedModel, settings: MindSettings = TURNS
) -> tuple[Speaker, Speaker, ViewBook, ViewBook]:
    """Isabella and Maria, each with a view of the other still to ask, and their books."""
    isabella, maria = pair(model, settings)
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
    said, isabella_then, maria_then, _ = first_turn(isabella, maria, [], 4)
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
    said, isabella_then, maria_then, _ = first_turn(isabella, maria, [], 4)
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

"""A meeting's views are data: a line carries the view it gives (`GroupLine.view`,
`ConversationLine.view`), the next member answers the views given (`GroupLineInput.views`)
and the stance reads the member's own (`StanceInput.views`) — never the lines' words."""

from __future__ import annotations

import random

import pytest

from cognition.contract import ConversationLine
from cognition.offline.meeting import leaning, meeting_line, stance
from cognition.steps.group_line import GroupLineInput, views_given
from cognition.steps.stance import StanceInput, own_lines

ANN, BO, CY = "Ann Lee", "Bo Dahl", "Cy Moss"
TOPIC = "Should the town paint the old fence?"
SUMMARY = "Name: Bo Dahl. Innate traits: calm. Bo is a carpenter working on a boat."


def member_line(context: list[str], views: dict[str, str], seed: int = 0) -> tuple[str, str, str]:
    inputs = GroupLineInput(
        speaker=BO, members=[ANN, CY], summary=SUMMARY, memories=[], context=context,
        now="10:00", round=1, max_rounds=3, topic=TOPIC, host=ANN, views=views,
    )  # fmt: skip
    line = meeting_line(inputs, random.Random(seed))
    assert line is not None
    return line.text, line.to, line.view


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_member_answers_the_view_given_as_data_though_no_words_say_it(seed: int) -> None:
    context = [f"{ANN}: {TOPIC}", f"{CY}: Well, let me think about the colour."]
    text, to, view = member_line(context, {CY: "against"}, seed)
    assert to == CY and CY.split()[0] in text  # it answers Cy's view
    assert view == leaning(
        SUMMARY, BO, TOPIC, random.Random(0)
    )  # and its line carries its own view


def test_words_that_sound_like_a_view_are_not_read() -> None:
    context = [f"{ANN}: {TOPIC}", f"{CY}: I'm for it, I'd say yes, in favour."]
    text, to, view = member_line(context, {})
    assert to == "" and "Cy" not in text  # no view given as data: nobody to answer
    assert view in ("for", "against", "undecided")


def test_the_stance_is_the_view_given_as_data_not_the_words_said() -> None:
    inputs = StanceInput(
        person=BO, summary=SUMMARY, topic=TOPIC, memories=[], discussion="",
        said=["I'm for it."], views=["against"],
    )  # fmt: skip
    assert stance(inputs, random.Random(0)).position == "against"
    unsaid = inputs.model_copy(update={"views": []})
    assert stance(unsaid, random.Random(0)).position == leaning(
        SUMMARY, BO, TOPIC, random.Random(0)
    )


def test_views_given_keeps_each_members_latest_the_latest_last() -> None:
    lines = [
        ConversationLine(speaker=ANN, text="a", view="for"),
        ConversationLine(speaker=BO, text="b", view="against"),
        ConversationLine(speaker=CY, text="I'm for it"),  # words, no view
        ConversationLine(speaker=ANN, text="c", view="undecided"),
    ]
    assert list(views_given(lines).items()) == [(BO, "against"), (ANN, "undecided")]
    assert own_lines(ANN, lines) == {"said": ["a", "c"], "views": ["for", "undecided"]}

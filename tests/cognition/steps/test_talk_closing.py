"""A talk's closing: its last turn's call sums the talk up too, in one call."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.steps.dialogue import CONVERSATION_SUMMARY
from cognition.steps.pair_talk import converse, first_turn, summarise
from cognition.steps.talk_closing import TALK_CLOSING, ClosingInput, excuse_closing
from cognition.steps.talk_opening import TALK_OPENING
from cognition.steps.talk_whole import TALK_WHOLE, WholeInput
from cognition.testing.scripted_model import ScriptedModel
from tests.cognition.steps.test_dialogue_turn import pair
from tests.cognition.steps.test_talk_opening import asking


def tasks(model: ScriptedModel) -> list[str]:
    return [call.task for call in model.calls]


def test_the_last_turn_says_its_lines_and_the_summary_a_summary_call_would_give() -> None:
    counted = ScriptedModel(fallback_model=OfflineBrain(5))
    lines, summary = converse(*pair(counted))
    assert len(lines) > 4  # the talk reached its last turn (8 lines at most, 4 a call)
    assert TALK_CLOSING.name in tasks(counted)
    assert CONVERSATION_SUMMARY.name not in tasks(counted)

    apart = ScriptedModel(fallback_model=OfflineBrain(5))
    first, second = pair(apart)
    assert summarise(first, second, lines) == summary
    assert tasks(apart) == [CONVERSATION_SUMMARY.name]


def closing_lines(inputs: ClosingInput, second_speaker: str = "") -> list[dict[str, Any]]:
    names = [inputs.speaker, second_speaker or inputs.listener]
    return [{"speaker": names[i % 2], "text": f"Line {i + 1}."} for i in range(inputs.lines)]


def test_a_closing_without_a_summary_has_the_summary_asked_on_its_own() -> None:
    model = ScriptedModel(
        {TALK_CLOSING.name: [lambda inputs: {"lines": closing_lines(inputs)}]},
        fallback_model=OfflineBrain(5),
    )
    lines, summary = converse(*pair(model))
    assert [line.text for line in lines[-4:]] == ["Line 1.", "Line 2.", "Line 3.", "Line 4."]
    assert tasks(model).count(CONVERSATION_SUMMARY.name) == 1
    assert summary.summary.strip()


def test_a_summary_of_lines_not_all_kept_is_not_taken_and_the_next_turn_closes() -> None:
    def answer(inputs: ClosingInput) -> dict[str, Any]:
        said = closing_lines(inputs, second_speaker="Somebody Else")  # line 2: not the listener
        return {"lines": said, "summary": {"summary": "They planned a trip to the moon."}}

    def offline(inputs: ClosingInput) -> Any:
        return OfflineBrain(5).complete(TALK_CLOSING, inputs, agent=inputs.speaker).output

    model = ScriptedModel({TALK_CLOSING.name: [answer, offline]}, fallback_model=OfflineBrain(5))
    lines, summary = converse(*pair(model))
    assert "Line 1." in [line.text for line in lines]  # kept, up to the line by someone else
    assert "Line 2." not in [line.text for line in lines]
    assert tasks(model).count(TALK_CLOSING.name) == 2  # the talk goes on: its last turn closes
    assert CONVERSATION_SUMMARY.name not in tasks(model)
    assert "moon" not in summary.summary


def test_a_whole_closing_answer_is_taken_as_the_talks_summary() -> None:
    def answer(inputs: ClosingInput) -> dict[str, Any]:
        summary = {"summary": "They talked about the weather.", "importance_first": 3}
        return {"lines": closing_lines(inputs), "summary": summary}

    model = ScriptedModel({TALK_CLOSING.name: [answer]}, fallback_model=OfflineBrain(5))
    _, summary = converse(*pair(model))
    assert summary.summary == "They talked about the weather."
    assert summary.importance_for(first=True) == 3 and summary.importance_for(first=False) is None
    assert CONVERSATION_SUMMARY.name not in tasks(model)


def test_a_failed_closing_call_excuses_the_speaker_and_the_summary_is_asked_apart() -> None:
    model = ScriptedModel({TALK_CLOSING.name: [excuse_closing]}, fallback_model=OfflineBrain(5))
    lines, summary = converse(*pair(model))
    assert lines[-1].text.endswith("I need to go.")
    assert tasks(model).count(CONVERSATION_SUMMARY.name) == 1
    assert summary.summary.strip()


def test_the_papers_talk_has_no_closing_call() -> None:
    counted = ScriptedModel(fallback_model=OfflineBrain(5))
    first, second = pair(counted)
    settings = first.context.settings.model_copy(update={"talk_lines_per_call": 1})
    first = replace(first, context=replace(first.context, settings=settings))
    converse(first, second)
    assert TALK_CLOSING.name not in tasks(counted)
    assert tasks(counted).count(CONVERSATION_SUMMARY.name) == 1


def whole_talks(model: ScriptedModel) -> MindSettings:
    return pair(model)[0].context.settings.model_copy(update={"talk_lines_per_call": 8})


def test_a_talk_in_one_call_says_its_views_lines_and_summary_as_three_calls_would() -> None:
    counted = ScriptedModel(fallback_model=OfflineBrain(5))
    isabella, maria, _, _ = asking(counted, whole_talks(counted))
    lines, summary = converse(isabella, maria)
    assert tasks(counted) == [TALK_WHOLE.name]

    apart = ScriptedModel(fallback_model=OfflineBrain(5))
    first, second, _, _ = asking(apart, whole_talks(apart))
    opened = first_turn(first, second, [], 8)  # the views and the lines, in one call
    assert [name for name, _ in opened[0]] == [line.speaker for line in lines]
    assert summarise(opened[1], opened[2], lines) == summary
    assert tasks(apart) == [TALK_OPENING.name, CONVERSATION_SUMMARY.name]


def test_a_talk_in_one_call_with_its_views_known_is_one_closing_call() -> None:
    counted = ScriptedModel(fallback_model=OfflineBrain(5))
    first, second = pair(counted, whole_talks(counted))
    lines, summary = converse(first, second)
    assert tasks(counted) == [TALK_CLOSING.name]
    assert summarise(*pair(ScriptedModel(fallback_model=OfflineBrain(5))), lines) == summary


def test_a_talk_in_one_call_without_a_summary_has_it_asked_apart() -> None:
    def views_and_lines(inputs: WholeInput) -> dict[str, Any]:
        return {"speaker_view": "A friend.", "lines": closing_lines(inputs)}

    model = ScriptedModel({TALK_WHOLE.name: [views_and_lines]}, fallback_model=OfflineBrain(5))
    isabella, maria, isabella_book, _ = asking(model, whole_talks(model))
    lines, summary = converse(isabella, maria)
    assert [line.text for line in lines] == [f"Line {n}." for n in range(1, 9)]
    assert tasks(model) == [TALK_WHOLE.name, CONVERSATION_SUMMARY.name]
    assert isabella_book.views[maria.name].view == "A friend."  # the view kept all the same
    assert summary.summary.strip()

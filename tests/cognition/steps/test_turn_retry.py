"""A turn's call retried after some of its lines were shown (a stream broken off and asked
again, a time-out's typed fallback): the talk keeps the lines shown, never a mix of two
attempts' lines, and goes on from them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cognition.contract import ConversationLine
from cognition.llm.partial_answers import beginnings
from cognition.llm.task import Completion, Source, Task
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.steps.pair_talk import converse
from cognition.testing.streamed import Streamed
from tests.cognition.steps.test_dialogue_turn import TURNS, pair

SETTINGS = TURNS.model_copy(update={"dialogue_max_turns": 8})


class RetriedAfterTwoLines(Streamed):
    """The offline brain, streaming each listened-to answer; the first such call first
    streams two lines of an attempt that breaks off (`first_try` texts), then answers
    `second_try` (the brain's own answer, or a typed fallback's)."""

    def __init__(self, fallback: bool = False, retried: Callable[[Any], Any] | None = None) -> None:
        super().__init__(OfflineBrain(5))
        self.fallback, self.retried = fallback, False
        self.first_try = retried or first_try  # what the broken-off attempt made of a line
        self.calls: list[tuple[str, Any]] = []

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        self.calls.append((task.name, inputs))
        return super().complete(task, inputs, agent=agent)

    def streamed(
        self, task: Task[Any, Any], inputs: Any, listener: Any, completion: Completion[Any]
    ) -> Completion[Any]:
        if not self.retried:
            self.retried = True
            lines = [self.first_try(line) for line in completion.output.lines[:2]]
            for partial in beginnings(
                completion.output.model_copy(update={"lines": lines}), "lines"
            ):
                listener.hear(partial)
            if self.fallback:
                return Completion(task.fallback(inputs), Source.FALLBACK, error="timed out")
        return super().streamed(task, inputs, listener, completion)


def first_try(line: Any) -> Any:
    return line.model_copy(update={"text": f"(first try) {line.text}", "ends": False})


def talk(
    model: RetriedAfterTwoLines, settings: MindSettings = SETTINGS
) -> tuple[list[ConversationLine], list[str]]:
    heard: list[str] = []
    lines, _ = converse(*pair(model, settings), lambda line: heard.append(line.text))  # type: ignore[arg-type]
    return lines, heard


def test_a_retry_writing_other_lines_keeps_the_lines_shown_and_goes_on_from_them() -> None:
    model = RetriedAfterTwoLines()
    lines, heard = talk(model)
    assert heard == [line.text for line in lines]  # what was shown is the talk
    assert [line.text.startswith("(first try)") for line in lines[:3]] == [True, True, False]
    turns = [inputs for name, inputs in model.calls if hasattr(inputs, "history")]
    assert turns[1].history[-1].endswith(lines[1].text)  # the next call goes on from them


def test_a_summing_up_call_retried_leaves_the_summary_to_a_call_that_saw_the_lines_kept() -> None:
    model = RetriedAfterTwoLines()
    whole = SETTINGS.model_copy(update={"talk_lines_per_call": 8})
    lines, heard = talk(model, whole)
    assert heard == [line.text for line in lines]
    calls = [name for name, _ in model.calls]
    assert calls == ["talk_closing", "talk_closing"]  # each would sum the whole talk up
    # the second goes on from the two lines kept, and sums up the talk with them
    assert [line.text.startswith("(first try)") for line in lines[:3]] == [True, True, False]
    assert any("(first try)" in line for line in model.calls[1][1].history)


def test_a_fallback_after_lines_were_shown_keeps_them_too() -> None:
    model = RetriedAfterTwoLines(fallback=True)
    lines, heard = talk(model)
    assert heard == [line.text for line in lines]
    assert [line.text.startswith("(first try)") for line in lines[:2]] == [True, True]
    assert len(lines) > 2  # the talk went on after the fallback's excuse was not kept


def test_an_answer_beginning_with_the_lines_shown_is_kept_whole() -> None:
    plain, _ = converse(*pair(OfflineBrain(5), SETTINGS))
    lines, heard = talk(RetriedAfterTwoLines(retried=lambda line: line))  # the same again
    assert heard == [line.text for line in lines] and lines == plain

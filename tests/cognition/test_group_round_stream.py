"""A group round's lines are heard one by one as a streaming model writes them, before its
call returns (as a pair's turn's are); a retry that writes other lines adds no more."""

from __future__ import annotations

from typing import Any

from cognition.contract import ConversationLine
from cognition.group import GroupRules, hold_group
from cognition.llm.profiled_model import ProfiledModel
from cognition.llm.profiles import ServerProfile
from cognition.llm.task import Completion, Task
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.streamed import Streamed
from tests.cognition.llm.test_profiles import FakeTime
from tests.cognition.test_group import members
from tests.cognition.test_group_round import NAMES, SUMMARY, numbered

RULES = GroupRules(max_rounds=2, lines_per_call=4)


def test_a_round_s_lines_are_heard_while_its_call_is_written() -> None:
    fake = FakeTime()
    profile = ServerProfile("gpu", first_token_s=0.2, slots=1, decode_tokens_per_s=40.0)
    scripted = ScriptedModel({"group_round": [numbered], "group_summary": [SUMMARY]})
    streaming = ProfiledModel(scripted, profile, clock=fake.clock, sleep=fake.sleep)
    heard: list[tuple[str, int, float]] = []  # a line, the calls done then, the time

    def hear(line: ConversationLine) -> None:
        heard.append((line.text, streaming.figures().calls, fake.clock()))

    result = hold_group(members(streaming), RULES, heard=hear)
    plain = hold_group(
        members(ScriptedModel({"group_round": [numbered], "group_summary": [SUMMARY]})), RULES
    )
    assert [line.text for line in result.lines] == [line.text for line in plain.lines]
    assert [text for text, _, _ in heard] == [line.text for line in result.lines]
    first_round = heard[: len(NAMES)]
    assert all(calls == 0 for _, calls, _ in first_round)  # heard while the call was written
    times = [at for _, _, at in first_round]
    assert times == sorted(times) and len(set(times)) == len(times)


class RetriedRound(Streamed):
    """`inner`, whose first listened-to round streams one line of an attempt that breaks
    off ("(first try) …") before the call answers with its own lines."""

    retried = False

    def streamed(
        self, task: Task[Any, Any], inputs: Any, listener: Any, completion: Completion[Any]
    ) -> Completion[Any]:
        if not self.retried:
            self.retried = True
            first = completion.output.lines[0]
            broken = first.model_copy(update={"text": f"(first try) {first.text}"})
            listener.hear(completion.output.model_copy(update={"lines": [broken]}))
        return super().streamed(task, inputs, listener, completion)


def test_a_retry_writing_other_lines_adds_no_more_of_that_call() -> None:
    model = RetriedRound(ScriptedModel({"group_round": [numbered], "group_summary": [SUMMARY]}))
    heard: list[str] = []
    result = hold_group(members(model), RULES, heard=lambda line: heard.append(line.text))  # type: ignore[arg-type]
    assert heard == [line.text for line in result.lines]
    assert result.lines[0].text.startswith("(first try)")
    assert not any(
        line.text.startswith(NAMES[1]) and "round 1" in line.text for line in result.lines
    )
    assert result.lines[1].text == f"{NAMES[0]}, round 2"  # the next round goes on

"""A talk's calls ask for at least one line and at most the lines asked, each by one of the
two speakers: a server that constrains decoding writes a line by someone in the talk (the
tiny model wrote none, or lines by "") and no more than are kept."""

from __future__ import annotations

from typing import Any

import pytest

from cognition.llm.task import Task
from cognition.offline import OfflineBrain
from cognition.steps.dialogue_turn import DIALOGUE_TURN
from cognition.steps.talk_closing import TALK_CLOSING
from cognition.steps.talk_opening import TALK_OPENING
from cognition.steps.talk_whole import TALK_WHOLE
from tests.cognition.steps.test_dialogue_turn import inputs_of


@pytest.mark.parametrize("task", [DIALOGUE_TURN, TALK_OPENING, TALK_CLOSING, TALK_WHOLE])
@pytest.mark.parametrize("asked", [1, 3])
def test_a_talk_call_asks_for_one_line_at_least_and_the_lines_asked_at_most(
    task: Task[Any, Any], asked: int
) -> None:
    inputs = inputs_of(OfflineBrain(0), lines=asked)
    lines = task.json_schema(inputs)["properties"]["lines"]
    assert (lines["minItems"], lines["maxItems"]) == (1, asked)
    speaker = lines["items"]["properties"]["speaker"] if "items" in lines else None
    if speaker is None or "$ref" in lines["items"]:  # the line's model in the schema's $defs
        name = lines["items"]["$ref"].rsplit("/", 1)[1]
        speaker = task.json_schema(inputs)["$defs"][name]["properties"]["speaker"]
    assert speaker["enum"] == [inputs.speaker, inputs.listener]

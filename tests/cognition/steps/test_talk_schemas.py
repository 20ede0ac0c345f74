"""A talk's calls ask for at least one line and at most the lines asked, each line its words,
news and answer only (whose it is, its place in the turn; whether the talk ends, the turn's
`ends`): a server that constrains decoding writes a line (the tiny model wrote none) and no
more than are kept, and no speaker's name or end flag on every line."""

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
    line = lines["items"]
    if "$ref" in line:  # the line's model in the schema's $defs
        line = task.json_schema(inputs)["$defs"][line["$ref"].rsplit("/", 1)[1]]
    assert set(line["properties"]) == {"text", "tells", "answer"}
    assert "ends" in task.json_schema(inputs)["properties"]

"""A long memory shown by its gist where a step needs the gist, not the words."""

from __future__ import annotations

from cognition.memory.records import MemoryKind
from cognition.steps.common import GIST_CHARS, gist, memory_lines
from cognition.steps.perceive import Observation
from cognition.steps.react import react
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, START, context_for

TRANSCRIPT = (
    "Conversation with Maria Lopez:\n"
    "Isabella Rodriguez: Hi Maria!\n"
    "Maria Lopez: I'm planning a study group on Friday.\n"
    "Isabella Rodriguez: See you!"
)


def test_a_transcript_shows_its_heading_and_first_line() -> None:
    assert gist(TRANSCRIPT) == "Conversation with Maria Lopez:\nIsabella Rodriguez: Hi Maria! …"
    assert gist("Conversation with Ann:\nAnn: Hi!") == "Conversation with Ann:\nAnn: Hi!"


def test_a_long_line_is_cut_and_a_short_one_kept() -> None:
    long = "word " * 100
    assert gist(long).endswith("…") and len(gist(long)) <= GIST_CHARS + 1
    assert gist("Maria Lopez is reading") == "Maria Lopez is reading"


def test_memory_lines_show_gists_only_when_asked() -> None:
    memory = FakeMemoryStream(ISABELLA.name)
    record = memory.add(MemoryKind.DIALOGUE, TRANSCRIPT, START, 6)
    assert memory_lines([record]) == [f"[Mon Feb 13 07:00] {TRANSCRIPT}"]
    (shown,) = memory_lines([record], gists=True)
    assert "study group" not in shown and shown.startswith("[Mon Feb 13 07:00] Conversation")


def test_react_sees_a_conversation_by_its_gist() -> None:
    memory = FakeMemoryStream(ISABELLA.name)
    memory.add(MemoryKind.DIALOGUE, TRANSCRIPT, START, 6)
    model = ScriptedModel({"react": [{"choice": "continue"}]})
    seen = Observation(text="Maria Lopez is reading (cafe)", subject="Maria Lopez", activity="read")
    react(context_for(ISABELLA, model, memory), "s", "working", seen, True)
    shown = " ".join(model.calls[0].inputs.relationship_memories)  # type: ignore[attr-defined]
    assert "Conversation with Maria Lopez" in shown and "study group" not in shown

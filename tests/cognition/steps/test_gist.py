"""A long memory shown by its gist where a step needs the gist, not the words."""

from __future__ import annotations

from cognition.memory.records import MemoryKind
from cognition.steps.common import GIST_CHARS, gist, memory_lines, transcript_gist
from cognition.steps.dialogue import Speaker, next_line
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


def test_a_talks_retrieval_shows_a_transcript_by_its_gist_and_the_rest_whole() -> None:
    memory = FakeMemoryStream(ISABELLA.name)
    talk = memory.add(MemoryKind.DIALOGUE, TRANSCRIPT, START, 6)
    summary = "Isabella Rodriguez and Maria Lopez had a chat. " * 10  # longer than a gist
    told = memory.add(MemoryKind.DIALOGUE, summary.strip(), START, 6)
    shown_talk, shown_summary = memory_lines([talk, told], transcripts=True)
    assert "study group" not in shown_talk and shown_talk.endswith("Hi Maria! …")
    assert shown_summary.endswith(summary.strip()) and len(summary) > GIST_CHARS
    assert transcript_gist(summary) == summary


def test_a_dialogue_line_recalls_a_past_talk_by_its_gist() -> None:
    memory = FakeMemoryStream(ISABELLA.name)
    memory.add(MemoryKind.DIALOGUE, TRANSCRIPT, START, 6)
    model = ScriptedModel({"dialogue_line": [{"text": "Hello!", "ends": True}]})
    me = Speaker(context_for(ISABELLA, model, memory), "summary", "a friend")
    next_line(me, "Maria Lopez", [])
    (call,) = model.calls
    (shown,) = [m for m in call.inputs.memories if "Conversation with" in m]  # type: ignore[attr-defined]
    assert "study group" not in shown

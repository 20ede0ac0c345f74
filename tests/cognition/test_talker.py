"""The Talker: greetings and chats with the player, kept as memories; no import of the Agent."""

from __future__ import annotations

import ast
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import cognition.talker
from cognition.agent import Agent
from cognition.contract import InnerVoice, SayLine, VisitorAsker
from cognition.memory.records import MemoryKind, MemoryRecord
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.steps.dialogue import SummaryInput, TalkSummary
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.summed_up import summed_up
from cognition.testing.town import ISABELLA, MARIA, START

COOLDOWN = timedelta(minutes=MindSettings().conversation_cooldown_minutes)


def isabella() -> Agent:
    return Agent(ISABELLA, FakeMemoryStream(ISABELLA.name), OfflineBrain(0), MindSettings())


def test_the_talker_never_imports_the_agent() -> None:
    tree = ast.parse(Path(cognition.talker.__file__).read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert imported and "cognition.agent" not in imported


def test_a_greeting_is_a_remembered_line_and_the_pair_cools_down() -> None:
    agent = isabella()
    decision = agent.talker.greet("Alex Kim", "a travelling painter", START)
    [action] = decision.actions
    assert isinstance(action, SayLine) and action.partner == "Alex Kim" and action.text
    dialogues = [r.text for r in agent.memory.all(MemoryKind.DIALOGUE)]
    assert f'{ISABELLA.name} greeted Alex Kim: "{action.text}"' in dialogues
    assert agent.state.cooldowns["Alex Kim"] == START + COOLDOWN
    assert not agent.talker.may_talk_with("Alex Kim", START + timedelta(minutes=5))
    assert agent.state.current is None  # the plan resumes after the greeting


def test_a_chat_is_one_dialogue_memory_and_counts_as_a_talk() -> None:
    agent = isabella()
    question = "What is happening at Hobbs Cafe?"
    reply = agent.talker.chat(question, VisitorAsker(name="Alex Kim"), START)
    assert reply
    dialogues = [r.text for r in agent.memory.all(MemoryKind.DIALOGUE)]
    expected = f"Conversation with Alex Kim:\nAlex Kim: {question}\n{ISABELLA.name}: {reply}"
    assert dialogues == [expected]
    assert agent.state.talks["Alex Kim"].count == 1
    assert agent.state.cooldowns["Alex Kim"] == START + COOLDOWN


def test_an_inner_voice_in_a_chat_leaves_no_dialogue_memory() -> None:
    agent = isabella()
    said = agent.talker.chat("You should bake a cake.", InnerVoice(), START)
    assert said == f"{ISABELLA.name} intends to bake a cake"
    assert agent.memory.all(MemoryKind.DIALOGUE) == []
    assert agent.state.pending is not None and agent.state.pending.activity == said


def two_minds(model: ScriptedModel) -> tuple[Agent, Agent]:
    first, second = (
        Agent(persona, FakeMemoryStream(persona.name), model, MindSettings())
        for persona in (ISABELLA, MARIA)
    )
    first.seed(START)
    second.seed(START)
    return first, second


def test_a_conversation_is_one_event_rated_once_by_its_summary() -> None:
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    first, second = two_minds(model)
    asked = len(model.calls)
    conversation = first.talker.converse_with(second.talker, START)
    rated = [c.inputs.memories for c in model.calls[asked:] if c.task == "rate_importance"]  # type: ignore[attr-defined]
    assert not any("Conversation with" in m for memories in rated for m in memories)
    kept = {r.text: r.importance for r in first.memory.all(MemoryKind.DIALOGUE)}
    transcript = next(text for text in kept if text.startswith("Conversation with"))
    assert kept[transcript] == kept[conversation.summary]


def summary_rating(first: int, second: int) -> Callable[[SummaryInput], TalkSummary]:
    def answer(inputs: SummaryInput) -> TalkSummary:
        summary = f"{inputs.first} and {inputs.second} talked about the weather."
        return TalkSummary(summary=summary, importance_first=first, importance_second=second)

    return answer


def test_the_talks_end_is_one_call_rating_it_for_each_speaker() -> None:
    model = ScriptedModel(summed_up(summary_rating(7, 2)), fallback_model=OfflineBrain(0))
    first, second = two_minds(model)
    asked = len(model.calls)
    conversation = first.talker.converse_with(second.talker, START)
    [summary_call] = [c for c in model.calls[asked:] if c.task in ("talk_closing", "talk_whole")]
    assert ISABELLA.identity() in summary_call.inputs.talk.first_identity  # type: ignore[attr-defined]
    rated = [c.inputs.memories for c in model.calls[asked:] if c.task == "rate_importance"]  # type: ignore[attr-defined]
    assert not any(conversation.summary in m for memories in rated for m in memories)
    mine = {r.text: r.importance for r in first.memory.all(MemoryKind.DIALOGUE)}
    theirs = {r.text: r.importance for r in second.memory.all(MemoryKind.DIALOGUE)}

    # the talk weighs at least as much as the news told in it (a persona's own, as data)
    def told(talks: list[MemoryRecord]) -> list[int]:
        return [n.importance for r in talks if r.about is not None for n in r.about.news]

    mine_told = told(first.memory.all(MemoryKind.DIALOGUE))
    theirs_told = told(second.memory.all(MemoryKind.DIALOGUE))
    assert set(mine.values()) == {max([7, *mine_told])}
    assert set(theirs.values()) == {max([2, *theirs_told])}


def test_a_talk_summary_without_ratings_is_rated_by_each_mind_as_before() -> None:
    model = ScriptedModel(summed_up(summary_rating(0, 11)), fallback_model=OfflineBrain(0))
    first, second = two_minds(model)
    asked = len(model.calls)
    conversation = first.talker.converse_with(second.talker, START)
    rated = [c for c in model.calls[asked:] if c.task == "rate_importance"]
    alone = [f"1. {conversation.summary}"]
    by = sorted(c.agent for c in rated if getattr(c.inputs, "memories", None) == alone)
    assert by == sorted([ISABELLA.name, MARIA.name])


def test_a_rating_off_the_scale_is_unrated() -> None:
    summary = TalkSummary.model_validate(
        {"summary": "x", "importance_first": 11, "importance_second": "4"}
    )
    assert summary.importance_for(first=True) is None
    assert summary.importance_for(first=False) == 4

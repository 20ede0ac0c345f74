"""Emoji, object states, summary description and interviews."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from cognition.contract import PersonaAsker, VisitorAsker
from cognition.memory.records import MemoryKind
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.steps.emoji import ActionEmoji, choose_emoji
from cognition.steps.interview import adopt, interview
from cognition.steps.objects import choose_objects, settle_objects
from cognition.steps.summary import summarise
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, KLAUS, START, context_for


def test_offline_emoji_by_keyword() -> None:
    ctx = context_for(ISABELLA, OfflineBrain(0))
    assert choose_emoji(ctx, "brew coffee at the coffee machine") == "☕"
    assert choose_emoji(ctx, "sleeping") == "😴"
    assert choose_emoji(ctx, "contemplating the void") == "🙂"


def test_emoji_must_be_one_to_three_emoji() -> None:
    assert ActionEmoji(emoji="☕ 🍰").emoji == "☕🍰"
    assert ActionEmoji(emoji="👩‍🍳").emoji == "👩‍🍳"
    for bad in ("coffee", "", "☕☕☕☕"):
        with pytest.raises(ValidationError):
            ActionEmoji(emoji=bad)


def test_offline_object_states_from_verbs() -> None:
    ctx = context_for(ISABELLA, OfflineBrain(0))

    def state(activity: str, thing: str) -> str:
        uses = choose_objects(ctx, [activity], [thing], current=None, place="here", stretch="x")
        return uses[0][1]

    assert state("brew coffee", "coffee machine") == "brewing coffee"
    assert state("make breakfast", "stove") == "cooking"
    assert state("ponder", "rock") == "in use by Isabella Rodriguez"


def test_objects_and_states_for_all_actions_in_one_call() -> None:
    model = ScriptedModel(
        {
            "choose_objects": [
                {
                    "uses": [
                        {"object": "Coffee Machine", "state": "brewing coffee"},
                        {"object": "counter", "state": ""},
                    ]
                }
            ]
        }
    )
    options = ["counter", "coffee machine"]
    uses = choose_objects(
        context_for(ISABELLA, model),
        ["brew", "serve"],
        options,
        current=None,
        place="cafe",
        stretch="work",
    )
    assert uses == [
        ("coffee machine", "brewing coffee"),
        ("counter", "in use by Isabella Rodriguez"),
    ]
    assert model.count("choose_objects") == 1


def test_summary_uses_three_retrievals_each_memory_shown_once() -> None:
    memory = FakeMemoryStream(ISABELLA.name)
    memory.add(MemoryKind.OBSERVATION, "Isabella Rodriguez is warm and welcoming", START, 4)
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    summary = summarise(context_for(ISABELLA, model, memory))
    inputs = model.calls[0].inputs
    assert summary.core_characteristics == "Isabella Rodriguez is warm and welcoming"
    assert len(inputs.core_memories) == 1  # type: ignore[attr-defined]
    assert inputs.occupation_memories == inputs.progress_memories == []  # type: ignore[attr-defined]

    for text in ("Isabella Rodriguez runs Hobbs Cafe", "Isabella Rodriguez feels at home"):
        memory.add(MemoryKind.OBSERVATION, text, START, 4)
    few = MindSettings(retrieval_k=2)  # three retrievals of two among three memories
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    summarise(context_for(ISABELLA, model, memory, few))
    inputs = model.calls[0].inputs
    shown = [
        *inputs.core_memories,  # type: ignore[attr-defined]
        *inputs.occupation_memories,  # type: ignore[attr-defined]
        *inputs.progress_memories,  # type: ignore[attr-defined]
    ]
    assert len(shown) == len(set(shown)) and len(inputs.core_memories) == 2  # type: ignore[attr-defined]


def test_interview_answers_from_memory_for_any_asker() -> None:
    memory = FakeMemoryStream(KLAUS.name)
    memory.add(MemoryKind.DIALOGUE, "Maria Lopez said Sam Moore is running for mayor", START, 8)
    ctx = context_for(KLAUS, OfflineBrain(0), memory)
    for asker in (VisitorAsker(), PersonaAsker(name="Ann", description="a reporter")):
        answer = interview(ctx, "Klaus", "Who is running for mayor?", asker)
        assert "Sam Moore" in answer


def test_inner_voice_directive_becomes_an_intention() -> None:
    ctx = context_for(KLAUS, OfflineBrain(0))
    intention = adopt(ctx, "s", "You should ask Maria to lunch.")
    assert intention.statement == "Klaus Mueller intends to ask Maria to lunch"


def test_objects_the_decomposition_named_in_the_arena_are_kept_the_others_asked() -> None:
    model = ScriptedModel(
        {"choose_objects": [{"uses": [{"object": "counter", "state": "being wiped"}]}]}
    )
    ctx = context_for(ISABELLA, model)
    options = ["counter", "coffee machine"]
    proposed = [("Coffee Machine", "brewing coffee"), ("stove", "cooking"), ("counter", "")]
    uses = settle_objects(
        ctx,
        ["brew", "cook", "wipe"],
        options,
        proposed,
        current=None,
        place="cafe",
        stretch="work",
    )
    assert uses == [
        ("coffee machine", "brewing coffee"),
        ("counter", "being wiped"),  # the stove is not in this arena: asked
        ("counter", "in use by Isabella Rodriguez"),
    ]
    assert model.count("choose_objects") == 1
    assert model.calls[0].inputs.actions == ["1. cook"]  # type: ignore[attr-defined]
    settled = [("counter", "x"), ("coffee machine", "y")]
    again = settle_objects(
        ctx, ["a", "b"], options, settled, current=None, place="cafe", stretch="work"
    )
    assert again == settled and model.count("choose_objects") == 1  # no call

"""Reacting and dialogue: talk rules, turn limits, both keep the talk, news is passed on."""

from __future__ import annotations

from dataclasses import replace

from cognition.llm.task import LanguageModel
from cognition.memory.records import MemoryKind, news_memory
from cognition.offline import OfflineBrain
from cognition.plan import DayPlan, PlanStep
from cognition.settings import MindSettings
from cognition.steps.context import StepContext
from cognition.steps.dialogue import Speaker
from cognition.steps.pair_talk import converse
from cognition.steps.perceive import Observation
from cognition.steps.react import react
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, MARIA, PARTY, START, context_for

SETTINGS = MindSettings(talk_lines_per_call=1)  # the paper's talk: one call per line
SEEN = Observation(text="Maria Lopez is reading (cafe)", subject="Maria Lopez", activity="reading")


def known_memory() -> FakeMemoryStream:
    memory = FakeMemoryStream(ISABELLA.name)
    memory.add(MemoryKind.OBSERVATION, "Maria Lopez is a close friend", START, 5)
    return memory


def isabella(model: LanguageModel) -> StepContext:
    """Isabella's mind, knowing Maria as a close friend."""
    return context_for(ISABELLA, model, known_memory())


def test_offline_react_talks_to_someone_known() -> None:
    reaction = react(isabella(OfflineBrain(0)), "s", "working", SEEN, True)
    assert reaction.choice == "talk"


def test_talk_is_refused_while_cooling_down() -> None:
    model = ScriptedModel({"react": [{"choice": "talk"}]})
    reaction = react(isabella(model), "s", "working", SEEN, False)
    assert reaction.choice == "continue"


def test_react_context_has_the_two_retrievals_each_memory_shown_once() -> None:
    memory = known_memory()
    memory.add(MemoryKind.OBSERVATION, "Maria Lopez is reading in the cafe again", START, 5)
    model = ScriptedModel({"react": [{"choice": "continue"}]})
    ctx = context_for(ISABELLA, model, memory, SETTINGS.model_copy(update={"retrieval_k": 1}))
    react(ctx, "s", "working", SEEN, True)
    inputs = model.calls[0].inputs
    relationship = " ".join(inputs.relationship_memories)  # type: ignore[attr-defined]
    status = " ".join(inputs.status_memories)  # type: ignore[attr-defined]
    assert "Maria Lopez is a close friend" in relationship and "reading" not in relationship
    assert "reading in the cafe" in status and "friend" not in status

    model = ScriptedModel({"react": [{"choice": "continue"}]})
    react(isabella(model), "s", "working", SEEN, True)  # both retrievals find the one memory
    inputs = model.calls[0].inputs
    assert len(inputs.relationship_memories) == 1  # type: ignore[attr-defined]
    assert inputs.status_memories == []  # type: ignore[attr-defined]


def speakers(
    model: LanguageModel, first_memory: FakeMemoryStream, settings: MindSettings = SETTINGS
) -> tuple[Speaker, Speaker]:
    """Isabella (with `first_memory`) opening a talk with Maria (who remembers nothing)."""
    return (
        Speaker(
            context_for(ISABELLA, model, first_memory, settings), "Isabella runs a cafe", "a friend"
        ),
        Speaker(context_for(MARIA, model, settings=settings), "Maria studies physics", "a friend"),
    )


def test_dialogue_ends_at_the_turn_limit() -> None:
    model = ScriptedModel(
        {
            "dialogue_line": [{"text": "And another thing...", "ends": False}],
            "conversation_summary": [{"summary": "They talked a lot."}],
        }
    )
    lines, summary = converse(
        *speakers(model, known_memory(), MindSettings(dialogue_max_turns=4, talk_lines_per_call=1))
    )
    assert len(lines) == 4
    assert [line.speaker for line in lines] == ["Isabella Rodriguez", "Maria Lopez"] * 2
    assert summary.summary == "They talked a lot."
    assert summary.commitments == []


def test_either_speaker_may_end_it() -> None:
    model = ScriptedModel({"dialogue_line": [{"text": "Hi!"}, {"text": "Bye!", "ends": True}]})
    lines, _ = converse(*speakers(model, known_memory()))
    assert [line.text for line in lines] == ["Hi!", "Bye!"]


def test_offline_dialogue_passes_on_remembered_news() -> None:
    memory = known_memory()
    memory.add_many([news_memory(PARTY, START)])  # the party, known as data
    lines, summary = converse(*speakers(OfflineBrain(5), memory))
    assert len(lines) <= SETTINGS.dialogue_max_turns
    assert any("Valentine's Day party" in line.text for line in lines)
    assert "February 14 from 5 to 7 pm" in summary.summary


def test_a_line_does_not_show_the_day_plans_memory_when_the_plan_is_shown() -> None:
    memory = known_memory()
    plan = DayPlan(
        day=START.date(),
        outline=(
            PlanStep(start=0, minutes=420, activity="sleep"),
            PlanStep(start=420, minutes=600, activity="work at Hobbs Cafe"),
            PlanStep(start=1020, minutes=420, activity="go home and sleep"),
        ),
    )
    text = f"{plan.title(ISABELLA.name)}: " + "; ".join(plan.describe())
    memory.add(MemoryKind.PLAN, text, START, 5)
    memory.add(MemoryKind.PLAN, "Isabella Rodriguez will be at the party on February 14", START, 5)
    model = ScriptedModel({"dialogue_line": [{"text": "Hi!", "ends": True}]})
    isabella, maria = speakers(model, memory)
    rest = tuple(plan.describe(since=START.hour * 60))
    assert rest == ("07:00–17:00 work at Hobbs Cafe", "17:00–24:00 go home and sleep")
    converse(replace(isabella, plan=rest), maria)
    shown = " ".join(model.calls[0].inputs.memories)  # type: ignore[attr-defined]
    assert "close friend" in shown and "will be at the party" in shown
    assert plan.title(ISABELLA.name) not in shown
    converse(isabella, maria)  # no plan shown: its memory is
    lines = [call for call in model.calls if call.task == "dialogue_line"]
    assert plan.title(ISABELLA.name) in " ".join(lines[-1].inputs.memories)  # type: ignore[attr-defined]

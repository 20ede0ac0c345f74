"""The offline brain: every task has a rule, answers are deterministic for a seed."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from string import Formatter
from typing import Any

from cognition.agent import Agent
from cognition.contract import GoTo
from cognition.llm.task import Source, Task, read_template
from cognition.offline import OfflineBrain
from cognition.offline.brain import ROUND_RULES, RULES, TURN_RULES
from cognition.settings import MindSettings
from cognition.steps import (
    day_plan,
    decompose,
    dialogue,
    dialogue_turn,
    emoji,
    group_line,
    group_manager,
    group_round,
    group_summary,
    hour_plan,
    hourly,
    importance,
    interview,
    knows,
    location,
    objects,
    react,
    referee,
    referee_scores,
    reflect,
    relationship,
    replan,
    stance,
    summary,
    talk_closing,
    talk_opening,
    talk_whole,
)
from cognition.steps.importance import RATE_IMPORTANCE, ImportanceInput
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.town import ISABELLA, START, perception

TASKS: list[Task[Any, Any]] = [
    importance.RATE_IMPORTANCE,
    reflect.SALIENT_QUESTIONS,
    reflect.INSIGHTS,
    summary.SUMMARY,
    day_plan.DAY_PLAN,
    hourly.HOURLY,
    decompose.DECOMPOSE,
    hour_plan.HOUR_PLAN,
    location.CHOOSE_PLACE,
    react.REACT,
    replan.REPLAN,
    relationship.RELATIONSHIP,
    dialogue.DIALOGUE_LINE,
    dialogue.CONVERSATION_SUMMARY,
    dialogue_turn.DIALOGUE_TURN,
    talk_opening.TALK_OPENING,
    talk_closing.TALK_CLOSING,
    talk_whole.TALK_WHOLE,
    objects.CHOOSE_OBJECTS,
    emoji.EMOJI,
    interview.INTERVIEW,
    interview.ADOPT_INTENTION,
    knows.KNOWS,
    referee.REFEREE,
    referee.SUMMARIZE_DEBATE,
    referee_scores.SCORE_REFEREE,
    group_line.GROUP_LINE,
    group_round.GROUP_ROUND,
    group_manager.NEXT_SPEAKER,
    group_summary.SUMMARIZE_ROUND,
    group_summary.GROUP_SUMMARY,
    stance.STANCE,
]


def test_every_task_has_a_rule() -> None:
    assert {task.name for task in TASKS} == set(RULES) | set(TURN_RULES) | set(ROUND_RULES)


def test_every_template_splits_and_names_only_input_fields() -> None:
    for task in TASKS:
        text = read_template(task.template)
        assert "\n---\n" in text, task.template
        names = {name for _, name, _, _ in Formatter().parse(text) if name}
        fields = set(task.input_model.model_fields)
        assert names <= fields, (task.template, names - fields)


def test_it_says_what_it_is() -> None:
    brain = OfflineBrain(0)
    assert brain.label == "offline brain"
    completion = brain.complete(
        RATE_IMPORTANCE,
        ImportanceInput(agent="A", identity="A", memories=["1. a party"], count=1),
        agent="A",
    )
    assert completion.source is Source.OFFLINE and completion.error is None
    # no model wrote it: its "raw answer" is the rule's output as JSON
    assert completion.raw == completion.output.model_dump_json()


def test_a_task_without_a_rule_falls_back_with_no_raw_answer() -> None:
    unknown = dataclasses.replace(RATE_IMPORTANCE, name="no_such_task")
    inputs = ImportanceInput(agent="A", identity="A", memories=["1. a party"], count=1)
    completion = OfflineBrain(0).complete(unknown, inputs, agent="A")
    assert completion.source is Source.FALLBACK and completion.raw is None
    assert completion.error and "no rule" in completion.error


def day_of(seed: int) -> list[GoTo]:
    agent = Agent(ISABELLA, FakeMemoryStream(ISABELLA.name), OfflineBrain(seed), MindSettings())
    moves, now, here = [], START, None
    for _ in range(40):
        action = agent.decide(perception(ISABELLA, now, here)).actions[0]
        if isinstance(action, GoTo):
            moves.append(action)
            here = action.address
            now += timedelta(minutes=action.duration_minutes)
        else:
            now += timedelta(minutes=5)
    return moves


def test_deterministic_for_a_seed() -> None:
    assert day_of(11) == day_of(11)


def test_different_seeds_differ() -> None:
    assert day_of(11) != day_of(12)


def test_questions_about_oneself_are_answered_from_the_summary_in_the_first_person() -> None:
    from cognition.offline.talk import first_person
    from cognition.steps.interview import INTERVIEW, InterviewInput

    summary = (
        "Name: Isabella Rodriguez (age 34). Innate traits: warm. Lifestyle: Isabella is up "
        "early to open the cafe and turns in around ten.\nIsabella is warm.\n"
        "Isabella Rodriguez owns Hobbs Cafe and runs it with care.\nIsabella feels content."
    )

    def ask(question: str) -> str:
        inputs = InterviewInput(
            agent="Isabella Rodriguez", summary=summary, now="Monday", asker="An interviewer",
            question=question, memories=[],
        )  # fmt: skip
        return OfflineBrain(0).complete(INTERVIEW, inputs, agent="Isabella Rodriguez").output.answer

    assert ask("What's your occupation?") == "I own Hobbs Cafe and run it with care."
    assert ask("Describe your typical weekday schedule in broad strokes.") == (
        "I am up early to open the cafe and turn in around ten."
    )
    assert ask("What is the weather like?").startswith("I'm not sure")
    assert first_person("Maria Lopez", "Maria studies physics and Maria's cat sleeps.") == (
        "I study physics and my cat sleeps."
    )

"""Rating prompts show who the person is without how they spend their days, and a memory a
prompt's summary already says is not shown again (steps.compact, persona.without_lifestyle;
the tokens saved are figures in benchmarks/calls.py)."""

from __future__ import annotations

from cognition.llm.task import Task
from cognition.persona import without_lifestyle
from cognition.steps.compact import unsaid
from cognition.steps.dialogue import CONVERSATION_SUMMARY, SummaryInput
from cognition.steps.hour_plan import HOUR_PLAN
from cognition.steps.importance import RATE_IMPORTANCE, ImportanceInput
from tests.cognition.steps.test_compact import hour_inputs

CORE = "Name: Klaus Mueller (age 20). Innate traits: kind. Klaus Mueller studies sociology."
IDENTITY = f"{CORE} Lifestyle: Klaus Mueller keeps student hours."


def prompt(task: Task, inputs: object) -> str:  # type: ignore[type-arg]
    return "\n".join(message.content for message in task.messages(inputs))


def test_an_identity_without_its_lifestyle_is_who_the_person_is() -> None:
    assert without_lifestyle(IDENTITY) == CORE
    assert without_lifestyle("Klaus is here.") == "Klaus is here."  # no identity: as it is


def test_the_rating_prompts_show_the_identity_without_its_lifestyle() -> None:
    rating = ImportanceInput(
        agent="Klaus Mueller", identity=IDENTITY, memories=["1. Maria is reading"], count=1
    )
    shown = prompt(RATE_IMPORTANCE, rating)
    assert CORE in shown and "student hours" not in shown
    assert rating.identity == IDENTITY  # the rules read the inputs whole
    talk = SummaryInput(
        first="Klaus Mueller",
        second="Maria Lopez",
        lines=["Klaus Mueller: Hi!"],
        first_identity=IDENTITY,
        second_identity="Name: Maria Lopez (age 21). Lifestyle: Maria Lopez streams at night.",
    )
    shown = prompt(CONVERSATION_SUMMARY, talk)
    assert f"- {CORE}\n- Name: Maria Lopez (age 21).\n" in shown + "\n"
    assert "Lifestyle" not in shown


def test_the_hour_plan_prompt_shows_the_identity_without_its_lifestyle() -> None:
    inputs = hour_inputs().model_copy(update={"identity": IDENTITY})
    shown = prompt(HOUR_PLAN, inputs)
    assert CORE in shown and "student hours" not in shown


def test_a_memory_the_summary_above_says_is_left_out() -> None:
    lines = [
        "[Mon Feb 13 07:00] Klaus Mueller studies sociology.",
        "[Mon Feb 13 09:06] Maria Lopez is reading",
        "Klaus Mueller studies  sociology",  # unstamped, other spacing and stop
    ]
    assert unsaid(lines, IDENTITY) == ["[Mon Feb 13 09:06] Maria Lopez is reading"]
    assert unsaid(lines, "") == lines

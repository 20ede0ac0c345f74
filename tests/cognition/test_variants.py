"""Architecture variants: settings with one mechanism off, and the routine's day plan."""

from __future__ import annotations

from datetime import date

import pytest

from cognition.persona import Persona, Routine
from cognition.plan import gaps_and_overlaps
from cognition.settings import MindSettings
from cognition.variants import Variant, routine_plan


def persona(routine: Routine) -> Persona:
    return Persona(
        name="Klaus Mueller",
        age=20,
        innate="kind",
        learned="Klaus is a student.",
        currently="writing a paper",
        lifestyle="early riser",
        home_sector="Dorm",
        home_arena="room",
        work_sector="Oak Hill College",
        routine=routine,
    )


@pytest.mark.parametrize(
    ("variant", "off"),
    [
        (Variant.FULL, None),
        (Variant.NO_REFLECTION, "reflection"),
        (Variant.NO_PLANNING, "planning"),
        (Variant.NO_REACTION, "reaction"),
    ],
)
def test_a_variant_turns_one_mechanism_off(variant: Variant, off: str | None) -> None:
    base = MindSettings(retrieval_k=7, reaction=False)
    settings = variant.settings(base)
    assert settings.retrieval_k == 7  # the rest of the town's settings kept
    for mechanism in ("reflection", "planning", "reaction"):
        assert getattr(settings, mechanism) is (mechanism != off)


def test_the_routine_is_the_day_without_planning() -> None:
    plan = routine_plan(persona(Routine(wake_hour=6, sleep_hour=22)), date(2023, 2, 13))
    assert not gaps_and_overlaps(plan.hourly)
    assert [s.describe() for s in plan.hourly] == [
        "00:00–06:00 Klaus is asleep",
        "06:00–09:00 Klaus wakes up and gets ready for the day",
        "09:00–17:00 Klaus is at work at Oak Hill College",
        "17:00–22:00 Klaus has free time",
        "22:00–24:00 Klaus is asleep",
    ]
    free = routine_plan(
        persona(Routine(wake_hour=8, sleep_hour=24, work_start_hour=None, work_end_hour=None)),
        date(2023, 2, 13),
    )
    assert [s.activity for s in free.hourly][-1] == "Klaus has free time"
    assert not gaps_and_overlaps(free.hourly)


def test_one_line_per_call_is_the_papers_talk_the_rest_kept() -> None:
    base = MindSettings(retrieval_k=7, talk_lines_per_call=6)
    one = Variant.ONE_LINE_PER_CALL.settings(base)
    assert one.talk_lines_per_call == 1 and one.retrieval_k == 7 and one.reflection
    assert Variant.FULL.settings(base).talk_lines_per_call == 6  # the town's own setting

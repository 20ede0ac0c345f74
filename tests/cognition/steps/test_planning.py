"""Day plan, hourly schedule and fine decomposition always tile their span."""

from __future__ import annotations

from datetime import date

from cognition.offline import OfflineBrain
from cognition.plan import DAY_MINUTES, PlanStep, gaps_and_overlaps, normalise
from cognition.settings import MindSettings
from cognition.steps.day_plan import DayPlanInput, plan_day, plan_inputs
from cognition.steps.decompose import decompose
from cognition.steps.hourly import decompose_hourly
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, KLAUS

SETTINGS = MindSettings()


def inputs(intentions: list[str] | None = None, day: date = date(2023, 2, 13)) -> DayPlanInput:
    return plan_inputs(
        ISABELLA,
        "summary",
        "yesterday",
        day,
        ["Hobbs Cafe (public)", "Johnson Park (nature)"],
        intentions or [],
        SETTINGS,
    )


def test_offline_day_plan_covers_the_day_with_5_to_8_items() -> None:
    outline = plan_day(OfflineBrain(1), inputs(), SETTINGS)
    assert not gaps_and_overlaps(outline)
    awake = [s for s in outline if s.activity != "sleeping"]
    assert 5 <= len(awake) <= 8
    assert any("Hobbs Cafe" in s.activity for s in outline)


def test_a_remembered_event_today_enters_the_plan_at_its_time() -> None:
    memory = (
        "[Mon Feb 13 09:00] Isabella Rodriguez is planning a Valentine's Day party at "
        "Hobbs Cafe on February 14 from 5 to 7 pm"
    )
    outline = plan_day(OfflineBrain(1), inputs([memory], date(2023, 2, 14)), SETTINGS)
    party = next(s for s in outline if "party" in s.activity)
    assert (party.start, party.end) == (17 * 60, 19 * 60)
    assert not gaps_and_overlaps(outline)
    monday = plan_day(OfflineBrain(1), inputs([memory], date(2023, 2, 13)), SETTINGS)
    assert not any("party" in s.activity for s in monday)


def test_a_messy_model_plan_is_normalised_without_gaps_or_overlaps() -> None:
    messy = {
        "items": [
            {"start": "13:00", "activity": "lunch"},
            {"start": "7:00", "activity": "wake up"},
            {"start": "banana", "activity": "nonsense"},
            {"start": "13:00", "activity": "again"},
            {"start": "9 am", "activity": "work"},
            {"start": "22:30", "activity": "sleep"},
        ]
    }
    model = ScriptedModel({"day_plan": [messy]})
    outline = plan_day(model, inputs(), SETTINGS)
    assert not gaps_and_overlaps(outline)
    assert [s.activity for s in outline] == ["sleeping", "wake up", "work", "lunch", "sleep"]


def test_an_empty_model_plan_falls_back_to_the_routine() -> None:
    outline = plan_day(ScriptedModel({"day_plan": [{"items": []}]}), inputs(), SETTINGS)
    assert not gaps_and_overlaps(outline)
    assert any("work" in s.activity for s in outline)


def test_hourly_schedule_covers_the_day() -> None:
    outline = plan_day(OfflineBrain(2), inputs(), SETTINGS)
    hourly = decompose_hourly(OfflineBrain(2), ISABELLA.name, "summary", "today", outline)
    assert not gaps_and_overlaps(hourly)
    garbage = ScriptedModel({"hourly_schedule": [{"items": [{"start": "xx", "activity": "?"}]}]})
    assert decompose_hourly(garbage, KLAUS.name, "s", "today", outline) == outline


def test_fine_decomposition_tiles_the_coming_hour_in_5_to_15_minute_steps() -> None:
    chunk = PlanStep(start=9 * 60, minutes=180, activity="work at Hobbs Cafe")
    objects = ["coffee machine", "counter"]
    fine = decompose(OfflineBrain(4), ISABELLA.name, "s", chunk, 9 * 60 + 7, objects, SETTINGS)
    assert not gaps_and_overlaps(fine, 9 * 60 + 7, 10 * 60 + 7)
    assert all(s.minutes <= 15 for s in fine)
    assert any("coffee machine" in s.activity for s in fine)


def test_decomposition_clamps_model_durations_and_fills_the_window() -> None:
    chunk = PlanStep(start=600, minutes=60, activity="study")
    model = ScriptedModel(
        {
            "decompose_actions": [
                {
                    "actions": [
                        {"activity": "read", "minutes": 90},
                        {"activity": "write", "minutes": 1},
                    ]
                }
            ]
        }
    )
    fine = decompose(model, KLAUS.name, "s", chunk, 600, [], SETTINGS)
    assert not gaps_and_overlaps(fine, 600, 660)
    assert [s.minutes for s in fine][:2] == [15, 5]
    assert fine[-1].activity == "study"


def test_sleep_is_not_decomposed() -> None:
    chunk = PlanStep(start=0, minutes=420, activity="sleeping")
    model = ScriptedModel()
    fine = decompose(model, KLAUS.name, "s", chunk, 60, [], SETTINGS)
    assert fine == (PlanStep(start=60, minutes=360, activity="sleeping"),)
    assert model.calls == []


def test_normalise_keeps_the_activity_in_progress_at_the_start() -> None:
    steps = normalise([(300, "early"), (500, "in progress"), (700, "later")], start=600)
    assert [(s.start, s.activity) for s in steps] == [(600, "in progress"), (700, "later")]
    assert not gaps_and_overlaps(steps, 600, DAY_MINUTES)

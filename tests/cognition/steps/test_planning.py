"""Day plan, hourly schedule and fine decomposition always tile their span."""

from __future__ import annotations

from datetime import date, datetime, time

from cognition.contract import Address
from cognition.llm.task import LanguageModel
from cognition.memory.fields import News
from cognition.memory.records import news_memory
from cognition.offline import OfflineBrain
from cognition.offline.planning import objects_used
from cognition.plan import DAY_MINUTES, DayPlan, PlanStep, gaps_and_overlaps, normalise
from cognition.settings import MindSettings
from cognition.steps.action import next_step
from cognition.steps.context import StepContext
from cognition.steps.day_plan import DayPlanInput, plan_day, plan_inputs
from cognition.steps.decompose import DECOMPOSE, decompose, window_for
from cognition.steps.hourly import decompose_hourly
from cognition.steps.planning import plan_new_day
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, KLAUS, START, WORLD, context_for, town_places

MONDAY = date(2023, 2, 13)
HERE = Address(world=WORLD, sector="Oak Hill College", arena="library")


def on(day: date, model: LanguageModel) -> StepContext:
    """Isabella's mind at 07:00 on `day`."""
    return context_for(ISABELLA, model, now=datetime.combine(day, time(7)))


def at_minute(minute: int, model: LanguageModel) -> StepContext:
    """Klaus's mind at `minute` of the first day."""
    return context_for(KLAUS, model, now=START.replace(hour=minute // 60, minute=minute % 60))


def inputs(ctx: StepContext, intentions: list[str] | None = None) -> DayPlanInput:
    return plan_inputs(
        ctx,
        "summary",
        "yesterday",
        ["Hobbs Cafe (public)", "Johnson Park (nature)"],
        intentions or [],
    )


def test_offline_day_plan_covers_the_day_with_5_to_8_items() -> None:
    ctx = on(MONDAY, OfflineBrain(1))
    outline = plan_day(ctx, inputs(ctx))
    assert not gaps_and_overlaps(outline)
    awake = [s for s in outline if s.activity != "sleeping"]
    assert 5 <= len(awake) <= 8
    assert any("Hobbs Cafe" in s.activity for s in outline)


def test_a_remembered_event_today_enters_the_plan_at_its_time() -> None:
    # the host's memory of her event carries it as data; its words say nothing of it
    party = News(
        item="party", subject=ISABELLA.name, statement="Isabella has something on.", kind="event",
        name="Valentine's Day party", place="Hobbs Cafe", host=ISABELLA.name,
        starts=datetime(2023, 2, 14, 17), ends=datetime(2023, 2, 14, 19),
    )  # fmt: skip
    for day in (MONDAY, date(2023, 2, 14)):
        ctx = on(day, OfflineBrain(1))
        ctx.memory.add_many([news_memory(party, datetime(2023, 2, 13, 9))])
        outline = plan_new_day(ctx, "summary", "yesterday", town_places()).outline
        assert not gaps_and_overlaps(outline)
        hosted = [s for s in outline if "party" in s.activity]
        if day == MONDAY:
            assert not hosted  # not today
        else:
            assert [(s.start, s.end) for s in hosted] == [(17 * 60, 19 * 60)]
            assert hosted[0].activity.startswith("host the Valentine's Day party")


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
    ctx = on(MONDAY, ScriptedModel({"day_plan": [messy]}))
    outline = plan_day(ctx, inputs(ctx))
    assert not gaps_and_overlaps(outline)
    assert [s.activity for s in outline] == ["sleeping", "wake up", "work", "lunch", "sleep"]


def test_an_empty_model_plan_falls_back_to_the_routine() -> None:
    ctx = on(MONDAY, ScriptedModel({"day_plan": [{"items": []}]}))
    outline = plan_day(ctx, inputs(ctx))
    assert not gaps_and_overlaps(outline)
    assert any("work" in s.activity for s in outline)


def test_items_whose_activity_is_only_a_time_are_dropped() -> None:
    # a small model (Gemma 3 270M, greedy) answered exactly this: its starts copied into
    # its activities, the first the prompt's placeholder
    echoed = {
        "items": [
            {"start": "HH:MM", "activity": "HH:MM"},
            {"start": "07:00", "activity": "07:00"},
            {"start": "12:00", "activity": "12:00"},
            {"start": "17:00", "activity": "hh:mm"},
        ]
    }
    ctx = on(MONDAY, ScriptedModel({"day_plan": [echoed]}))
    routine = plan_day(on(MONDAY, ScriptedModel({"day_plan": [{"items": []}]})), inputs(ctx))
    assert plan_day(ctx, inputs(ctx)) == routine
    mixed = {
        "items": [
            {"start": "07:00", "activity": "07:00"},
            {"start": "08:00", "activity": "09:00 class at the college"},
            {"start": "20:00", "activity": " 20.00 "},
        ]
    }
    ctx = on(MONDAY, ScriptedModel({"day_plan": [mixed]}))
    assert [s.activity for s in plan_day(ctx, inputs(ctx))] == [
        "sleeping",
        "09:00 class at the college",
    ]


def test_hourly_schedule_covers_the_day() -> None:
    ctx = on(MONDAY, OfflineBrain(2))
    outline = plan_day(ctx, inputs(ctx))
    hourly = decompose_hourly(ctx, "summary", outline)
    assert not gaps_and_overlaps(hourly)
    garbage = ScriptedModel({"hourly_schedule": [{"items": [{"start": "xx", "activity": "?"}]}]})
    assert decompose_hourly(at_minute(0, garbage), "s", outline) == outline


def test_fine_decomposition_tiles_the_coming_hour_in_5_to_15_minute_steps() -> None:
    chunk = PlanStep(start=9 * 60, minutes=180, activity="work at Hobbs Cafe")
    objects = ["coffee machine", "counter"]
    hourly = MindSettings(decomposition_window_minutes=60)
    ctx = context_for(
        ISABELLA, OfflineBrain(4), settings=hourly, now=START.replace(hour=9, minute=7)
    )
    fine = decompose(ctx, chunk, objects)
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
    fine = decompose(at_minute(600, model), chunk, [])
    assert not gaps_and_overlaps(fine, 600, 660)
    assert [s.minutes for s in fine][:2] == [15, 5]
    assert fine[-1].activity == "study"


def test_time_left_over_continues_the_stretch_with_its_emoji() -> None:
    chunk = PlanStep(start=600, minutes=60, activity="study")
    answer = {"actions": [{"activity": "read", "minutes": 15, "emoji": "📖"}], "emoji": "📚"}
    model = ScriptedModel({"decompose_actions": [answer]})
    fine = decompose(at_minute(600, model), chunk, [])
    assert [(s.activity, s.minutes, s.emoji) for s in fine] == [
        ("read", 15, "📖"),
        ("study", 15, "📚"),
        ("study", 15, "📚"),
        ("study", 15, "📚"),
    ]
    unusable = {"actions": [{"activity": "read", "minutes": 15}], "emoji": "books"}
    model = ScriptedModel({"decompose_actions": [unusable]})
    fine = decompose(at_minute(600, model), chunk, [])
    assert {s.emoji for s in fine} == {"💭"} and model.count("decompose_actions") == 1


def test_each_action_names_the_object_it_uses_one_of_those_at_hand() -> None:
    chunk = PlanStep(start=600, minutes=30, activity="study")
    answer = {
        "actions": [
            {"activity": "read", "minutes": 15, "object": "desk", "state": "covered in books"},
            {"activity": "think", "minutes": 15, "object": "", "state": "ignored"},
        ],
        "emoji": "📚",
    }
    model = ScriptedModel({"decompose_actions": [answer]})
    fine = decompose(at_minute(600, model), chunk, ["desk", "bed"])
    assert model.calls[0].inputs.identity == KLAUS.identity()  # type: ignore[attr-defined]
    assert [(s.object, s.object_state) for s in fine] == [
        ("desk", "covered in books"),
        (None, None),
    ]
    schema = DECOMPOSE.json_schema(model.calls[0].inputs)  # type: ignore[arg-type]
    item = schema["properties"]["actions"]["items"]
    item = schema["$defs"][item["$ref"].split("/")[-1]] if "$ref" in item else item
    assert item["properties"]["object"]["enum"] == ["desk", "bed", ""]


def test_offline_actions_use_the_object_they_name_or_their_neighbours() -> None:
    objects = ["coffee machine", "counter", "desk"]
    actions = ["chat with a friend", "brew coffee at the coffee machine", "hum", "wipe the counter"]
    assert objects_used(actions, objects) == [
        "coffee machine",
        "coffee machine",
        "coffee machine",
        "counter",
    ]
    assert objects_used(["hum", "nap"], objects) == ["", ""]


def test_placing_an_hour_asks_no_emoji_for_time_left_over() -> None:
    chunk = PlanStep(start=600, minutes=60, activity="study")
    answer = {
        "sector": "Oak Hill College",
        "arena": "library",
        "actions": [{"activity": "read", "minutes": 15, "emoji": "📖"}],
        "emoji": "📚",
    }
    model = ScriptedModel({"hour_plan": [answer]}, fallback_model=OfflineBrain(0))
    plan = DayPlan(day=START.date(), hourly=(chunk,))
    plan, step = next_step(at_minute(600, model), plan, places=town_places(), here=HERE)
    assert step is not None and step.emoji == "📖" and len(plan.actions) == 4
    assert [a.emoji for a in plan.actions[1:]] == ["📚"] * 3  # the stretch's emoji
    assert model.count("emoji") == 0


def test_the_coming_hour_takes_in_a_remainder_under_half_an_hour() -> None:
    settings = MindSettings(decomposition_window_minutes=60)
    chunk = PlanStep(start=540, minutes=75, activity="work")
    assert window_for(chunk, 540, settings) == (540, 615)  # not 60 and then 15
    long = PlanStep(start=540, minutes=120, activity="work")
    assert window_for(long, 540, settings) == (540, 600)
    assert window_for(long, 570, settings) == (570, 630)  # 30 left: a window of its own
    assert window_for(long, 575, settings) == (575, 660)  # 25 left: taken in


def test_sleep_is_not_decomposed() -> None:
    chunk = PlanStep(start=0, minutes=420, activity="sleeping")
    model = ScriptedModel()
    fine = decompose(at_minute(60, model), chunk, [])
    assert fine == (PlanStep(start=60, minutes=360, activity="sleeping"),)
    assert model.calls == []


def test_normalise_keeps_the_activity_in_progress_at_the_start() -> None:
    steps = normalise([(300, "early"), (500, "in progress"), (700, "later")], start=600)
    assert [(s.start, s.activity) for s in steps] == [(600, "in progress"), (700, "later")]
    assert not gaps_and_overlaps(steps, 600, DAY_MINUTES)

"""The hour's plan: one call at an hour boundary, only known places, reused across days."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from cognition.agent import Agent
from cognition.contract import Address
from cognition.memory.records import MemoryKind
from cognition.offline import OfflineBrain
from cognition.plan import DayPlan, PlanStep
from cognition.settings import MindSettings
from cognition.steps.action import next_step
from cognition.steps.context import StepContext
from cognition.steps.day_plan import plan_inputs, routine_plan
from cognition.steps.hour_plan import HOUR_PLAN, HourPlanInput, hour_inputs, objects_of
from cognition.steps.plan_reuse import HourBook
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import KLAUS, START, WORLD, context_for, town_places
from cognition.variants import Variant

HERE = Address(world=WORLD, sector="Oak Hill College", arena="library")
STUDY = PlanStep(start=600, minutes=60, activity="study for the exam")
LIBRARY_HOUR: dict[str, Any] = {
    "sector": "Oak Hill College",
    "arena": "library",
    "actions": [
        {
            "activity": "find a book",
            "minutes": 15,
            "emoji": "📖",
            "object": "bookshelves",
            "state": "being browsed",
        },
        {
            "activity": "take notes",
            "minutes": 15,
            "emoji": "📝",
            "object": "library table",
            "state": "covered in notes",
        },
    ],
    "emoji": "📚",
}


def klaus(
    model: ScriptedModel | OfflineBrain,
    now: datetime,
    memory: FakeMemoryStream | None = None,
    settings: MindSettings | None = None,
) -> StepContext:
    return context_for(KLAUS, model, memory or FakeMemoryStream(KLAUS.name), settings, now=now)


def at_ten(day: int) -> datetime:
    return START.replace(hour=10) + timedelta(days=day)


def live_the_hour(
    ctx: StepContext, book: HourBook, chunk: PlanStep = STUDY
) -> tuple[DayPlan, PlanStep | None]:
    plan = DayPlan(day=ctx.now.date(), hourly=(chunk,))
    return next_step(ctx, plan, places=town_places(), here=HERE, book=book)


def test_an_hour_boundary_is_one_model_call() -> None:
    model = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    plan, step = live_the_hour(klaus(model, at_ten(0)), HourBook())
    assert [call.task for call in model.calls] == ["hour_plan"]
    assert step is not None and step.address is not None
    assert (step.address.arena, step.address.object) == ("library", "bookshelves")
    assert (step.emoji, step.object_state) == ("📖", "being browsed")
    # the hour is tiled: two actions, then the stretch goes on for the 30 minutes left
    assert sum(a.minutes for a in plan.actions) == 60
    assert all(a.address is not None and a.address.arena == "library" for a in plan.actions)
    assert plan.hourly[0].address == HERE  # the chunk keeps its arena for its later hours


def test_the_call_sees_the_memories_recalled_for_the_activity_that_bear_on_it() -> None:
    memory = FakeMemoryStream(KLAUS.name)
    memory.add(MemoryKind.OBSERVATION, "The exam is on Friday in the library", START, 6)
    memory.add(MemoryKind.PLAN, "Klaus Mueller's plan: study for the exam", START, 5)
    memory.add(MemoryKind.OBSERVATION, "the pond in the park is frozen", START, 3)
    model = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    live_the_hour(klaus(model, at_ten(0), memory), HourBook())
    inputs = model.calls[0].inputs
    assert isinstance(inputs, HourPlanInput)
    # plans aside, and a routine memory about something else: what the reuse is keyed by
    assert inputs.memories == ["The exam is on Friday in the library"]
    assert "The exam is on Friday" in HOUR_PLAN.messages(inputs)[-1].content
    # read, not refreshed: what talk and reactions recall later is as it was
    assert [r.last_accessed for r in memory.all()] == [START, START, START]


def test_an_unknown_place_is_never_obeyed() -> None:
    unknown = LIBRARY_HOUR | {"sector": "Atlantis", "arena": "lab"}
    model = ScriptedModel({"hour_plan": [unknown]}, fallback_model=OfflineBrain(0))
    book = HourBook()
    _, step = live_the_hour(klaus(model, at_ten(0)), book)
    assert step is not None and step.address is not None
    assert town_places().contains(step.address) and step.address.sector != "Atlantis"
    assert model.count("choose_place") >= 1  # placed the old way, top-down
    assert book.hours == {}  # a rejected answer is not kept for reuse


def test_the_schema_offers_only_known_places_and_their_objects() -> None:
    ctx = klaus(ScriptedModel(), at_ten(0))
    inputs = hour_inputs(ctx, STUDY, town_places(), HERE, [])
    schema = HOUR_PLAN.json_schema(inputs)
    sectors = schema["properties"]["sector"]["enum"]
    assert set(sectors) == {s.name for s in town_places().sectors}
    assert inputs.places[0].sector == "Oak Hill College" and inputs.places[0].arena == "library"
    # a place the plan item names: only its arenas
    cafe = PlanStep(start=600, minutes=60, activity="have coffee at Hobbs Cafe")
    named = hour_inputs(ctx, cafe, town_places(), HERE, [])
    assert {p.sector for p in named.places} == {"Hobbs Cafe"}
    action = HOUR_PLAN.json_schema(named)["properties"]["actions"]["items"]
    things = action["properties"]["object"]["enum"]
    assert set(things) == {t for p in named.places for t in objects_of(p)} | {""}


def test_each_stretch_of_the_routine_day_is_offered_its_own_place() -> None:
    # the day a model's unusable day plan falls back to: a stretch naming no place was
    # offered every known arena (Gemma 3 270M: a 1.5k-token prompt to "wake up")
    ctx = klaus(ScriptedModel({"day_plan": [{"items": []}]}), at_ten(0))
    routine = routine_plan(plan_inputs(ctx, "summary", "yesterday", [], []))
    offered = {
        item.activity: {p.sector for p in hour_inputs(ctx, step, town_places(), HERE, []).places}
        for item in routine.items
        for step in [PlanStep(start=600, minutes=60, activity=item.activity)]
    }
    home, work = KLAUS.home_sector, KLAUS.work_sector
    assert list(offered.values()) == [{home}, {work}, {home}, {home}], offered


def test_an_object_not_of_the_arena_is_asked_about_again() -> None:
    hour = LIBRARY_HOUR | {
        "actions": [{"activity": "play a tune", "minutes": 15, "object": "piano", "state": "x"}]
    }
    model = ScriptedModel({"hour_plan": [hour]}, fallback_model=OfflineBrain(0))
    _, step = live_the_hour(klaus(model, at_ten(0)), HourBook())
    assert model.count("choose_objects") == 1
    assert step is not None and step.address is not None
    assert step.address.object in {"bookshelves", "library table"}


def test_sleep_is_one_step_placed_at_home_in_one_call() -> None:
    night = PlanStep(start=0, minutes=420, activity="sleeping")
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    _, step = live_the_hour(klaus(model, START.replace(hour=0)), HourBook(), night)
    assert [call.task for call in model.calls] == ["hour_plan"]
    assert step is not None and step.address is not None and step.minutes == 420
    assert step.address.sector == KLAUS.home_sector and step.emoji == "😴"


def test_a_repeated_day_reuses_the_hour_without_a_call() -> None:
    memory, book = FakeMemoryStream(KLAUS.name), HourBook()
    first = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    plan1, _ = live_the_hour(klaus(first, at_ten(0), memory), book)
    again = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    plan2, _ = live_the_hour(klaus(again, at_ten(1), memory), book)
    assert again.calls == []
    assert (book.reused, book.planned, book.rate) == (1, 1, 0.5)
    assert [(a.activity, a.address) for a in plan2.actions] == [
        (a.activity, a.address) for a in plan1.actions
    ]
    # the same day again is not "an earlier day": planned afresh
    live_the_hour(klaus(again, at_ten(1) + timedelta(minutes=1), memory), HourBook())
    assert again.count("hour_plan") == 1


def test_news_recalled_for_the_hour_makes_it_planned_afresh() -> None:
    memory, book = FakeMemoryStream(KLAUS.name), HourBook()
    memory.add(MemoryKind.OBSERVATION, "the pond in the park is frozen", START, 3)
    live_the_hour(klaus(ScriptedModel({"hour_plan": [LIBRARY_HOUR]}), at_ten(0), memory), book)
    memory.add(MemoryKind.DIALOGUE, "Maria said the exam moved to the classroom", at_ten(0), 7)
    model = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    live_the_hour(klaus(model, at_ten(1), memory), book)
    assert model.count("hour_plan") == 1 and book.reused == 0
    # a routine sighting (rated low) is no news: the next day reuses that plan
    memory.add(MemoryKind.OBSERVATION, "the library table is idle", at_ten(1), 2)
    quiet = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    live_the_hour(klaus(quiet, at_ten(2), memory), book)
    assert quiet.calls == [] and book.reused == 1


def test_another_place_to_start_from_misses() -> None:
    memory, book = FakeMemoryStream(KLAUS.name), HourBook()
    free = PlanStep(start=600, minutes=60, activity="take a walk")
    ctx = klaus(ScriptedModel({"hour_plan": [LIBRARY_HOUR]}), at_ten(0), memory)
    live_the_hour(ctx, book, free)
    model = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    plan = DayPlan(day=at_ten(1).date(), hourly=(free,))
    pub = Address(world=WORLD, sector="The Rose and Crown Pub", arena="pub")
    next_step(klaus(model, at_ten(1), memory), plan, places=town_places(), here=pub, book=book)
    assert model.count("hour_plan") == 1


def test_the_switch_off_never_reuses() -> None:
    settings = Variant.NO_PLAN_REUSE.settings()
    assert not settings.plan_reuse and Variant.FULL.settings(settings).plan_reuse
    memory, book = FakeMemoryStream(KLAUS.name), HourBook()
    for day in range(3):
        model = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
        live_the_hour(klaus(model, at_ten(day), memory, settings), book)
        assert model.count("hour_plan") == 1
    assert (book.reused, book.planned, book.hours) == (0, 3, {})


def test_the_book_survives_a_state_round_trip_and_old_saves_load() -> None:
    model = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    mind = Agent(KLAUS, FakeMemoryStream(KLAUS.name), model, MindSettings())
    live_the_hour(klaus(model, at_ten(0), mind.memory), mind.state.hour_book)  # type: ignore[arg-type]
    state = mind.get_state()
    restored = Agent(KLAUS, FakeMemoryStream(KLAUS.name), model, MindSettings())
    restored.set_state(state)
    assert restored.state.hour_book == mind.state.hour_book
    assert len(restored.state.hour_book.hours) == 1
    old = {key: value for key, value in state.items() if key != "hour_book"}
    restored.set_state(old)  # a save from before plan reuse
    assert restored.state.hour_book == HourBook()


def test_the_offline_brain_answers_the_hour_from_its_inputs_deterministically() -> None:
    ctx = klaus(ScriptedModel(), at_ten(0))
    work = PlanStep(start=600, minutes=60, activity="work at Hobbs Cafe")
    inputs = hour_inputs(ctx, work, town_places(), HERE, ["Maria Lopez likes the cafe"])
    first = OfflineBrain(4).complete(HOUR_PLAN, inputs, agent=KLAUS.name).output
    assert OfflineBrain(4).complete(HOUR_PLAN, inputs, agent=KLAUS.name).output == first
    place = next(p for p in inputs.places if (p.sector, p.arena) == (first.sector, first.arena))
    assert place.sector == "Hobbs Cafe"
    assert sum(a.minutes for a in first.actions) == 60
    assert all(a.object in objects_of(place) for a in first.actions)
    # from anywhere, a stretch naming no place: one of the known places, its objects
    walk = PlanStep(start=600, minutes=45, activity="read a book")
    anywhere = hour_inputs(ctx, walk, town_places(), HERE, [])
    answer = OfflineBrain(4).complete(HOUR_PLAN, anywhere, agent=KLAUS.name).output
    chosen = [p for p in anywhere.places if (p.sector, p.arena) == (answer.sector, answer.arena)]
    assert chosen and all(a.object in objects_of(chosen[0]) for a in answer.actions)

"""The offline brain's days differ and make sense: wake and bed near the routine, awake before
work, one meal of each kind, outings that fit the person among the places they know, their
own events at their time and place (and nobody else's), and no breakfast three times over."""

from __future__ import annotations

import itertools
import random
import re
from datetime import date, datetime
from pathlib import Path

import pytest

from cognition.memory.engagements import engagements
from cognition.memory.fields import Intention, MemoryFields, News
from cognition.offline import OfflineBrain
from cognition.offline.events import todays_events
from cognition.offline.likes import interests, project, read_places
from cognition.offline.places import choose_place
from cognition.persona import Persona, load_personas
from cognition.plan import DAY_MINUTES, PlanStep, clock, normalise, parse_clock
from cognition.settings import MindSettings
from cognition.steps.day_plan import DAY_PLAN, DayPlanInput, timed
from cognition.steps.decompose import DECOMPOSE, DecomposeInput, lay_out
from cognition.steps.hourly import HOURLY, HourlyInput, outline_lines
from cognition.steps.location import PlaceChoiceInput

SAVES = Path(__file__).resolve().parents[3] / "saves"
TOWN = [
    "Millbrook Green (nature)",
    "Pebble Bakery (public, open 07:00-17:00)",
    "The Lantern Tavern (public, open 12:00-24:00)",
    "Larkspur Library (public, open 09:00-18:00)",
    "Juniper Market (public, open 08:00-18:00)",
    "Wren Okafor's cottage (home)",
]
WREN = (
    "Name: Wren Okafor (age 31). Innate traits: calm, curious. Wren Okafor is a painter who "
    "runs every morning. Wren Okafor is painting a mural of the harbour for the town hall. "
    "Lifestyle: Wren Okafor paints by day and spends evenings at the tavern.\n"
    "Wren Okafor feels hopeful."
)
MONDAY, TUESDAY = "Monday March 6, 2023", "Tuesday March 7, 2023"
MEALS = ("breakfast", "lunch", "dinner")


def day_input(
    agent: str = "Wren Okafor",
    summary: str = WREN,
    today: str = MONDAY,
    yesterday: str = "",
    intentions: tuple[str, ...] = (),
    places: list[str] | None = None,
    work: str = "10:00-16:00",
    wake: str = "07:00",
    sleep: str = "23:00",
    home: str = "Wren Okafor's cottage, bedroom",
    workplace: str = "Wren Okafor's cottage, studio",
    max_items: int = 8,
    engagements: list[Intention] | None = None,
) -> DayPlanInput:
    return DayPlanInput(
        agent=agent, summary=summary, yesterday=yesterday, today=today, min_items=5,
        max_items=max_items, wake_time=wake, sleep_time=sleep, work_hours=work, home=home,
        workplace=workplace, places=TOWN if places is None else places,
        intentions=list(intentions), engagements=engagements or [],
    )  # fmt: skip


def persona_input(persona: Persona, today: str, yesterday: str = "") -> DayPlanInput:
    """What the day plan step would give the offline brain for a bundled persona."""
    routine = persona.routine
    work = ""
    if routine.work_start_hour is not None and routine.work_end_hour is not None:
        work = f"{clock(routine.work_start_hour * 60)}-{clock(routine.work_end_hour * 60)}"
    return day_input(
        agent=persona.name, summary=persona.identity(), today=today, yesterday=yesterday,
        places=[*TOWN[:-1], f"{persona.home_sector} (home)"], work=work,
        wake=clock(routine.wake_hour * 60), sleep=clock(routine.sleep_hour * 60),
        home=f"{persona.home_sector}, {persona.home_arena}",
        workplace=persona.work_sector + (f", {persona.work_arena}" if persona.work_arena else ""),
    )  # fmt: skip


def outline(inputs: DayPlanInput, seed: int = 0) -> tuple[PlanStep, ...]:
    """The outline as the day plan step makes it: sleeping until the first item."""
    answer = OfflineBrain(seed).complete(DAY_PLAN, inputs, agent=inputs.agent).output
    entries = timed(answer.items)
    assert len(entries) <= inputs.max_items
    return normalise([(0, "sleeping"), *entries])


def hourly(inputs: DayPlanInput, seed: int = 0) -> tuple[PlanStep, ...]:
    steps = outline(inputs, seed)
    hours = HourlyInput(
        agent=inputs.agent, summary=inputs.summary, today=inputs.today, outline=outline_lines(steps)
    )
    answer = OfflineBrain(seed).complete(HOURLY, hours, agent=inputs.agent).output
    return normalise(timed(answer.items))


def at(steps: tuple[PlanStep, ...], minute: int) -> str:
    return next(step.activity for step in steps if step.covers(minute))


def bundled() -> list[Persona]:
    found: dict[str, Persona] = {}
    for path in sorted(SAVES.glob("*/personas.json")):
        found |= {persona.name: persona for persona in load_personas(path)}
    return list(found.values())


def yesterday_of(steps: tuple[PlanStep, ...]) -> str:
    return "On Monday: " + "; ".join(step.describe() for step in steps)


@pytest.mark.parametrize("seed", range(4))
def test_two_consecutive_days_of_one_person_differ(seed: int) -> None:
    monday = hourly(day_input(), seed)
    tuesday = hourly(day_input(today=TUESDAY, yesterday=yesterday_of(monday)), seed)
    assert monday != tuesday
    outings = [{s.activity for s in day if "work" not in s.activity} for day in (monday, tuesday)]
    assert outings[0] != outings[1]  # not only the times: what the day holds


def test_the_same_inputs_give_the_same_day() -> None:
    assert hourly(day_input(), 3) == hourly(day_input(), 3)


def test_wake_and_bed_keep_near_the_routine_and_nobody_sleeps_an_hour_before_work() -> None:
    people = bundled()
    assert len(people) >= 25
    for persona in people:
        routine = persona.routine
        yesterday = ""
        for today in (MONDAY, TUESDAY):
            inputs = persona_input(persona, today, yesterday)
            steps = outline(inputs)
            wake = steps[1].start
            assert steps[0].activity == "sleeping"
            assert routine.wake_hour * 60 - 20 <= wake <= routine.wake_hour * 60, persona.name
            bed = next(s.start for s in steps if s.activity.startswith("go to bed"))
            assert abs(bed - min(routine.sleep_hour * 60, DAY_MINUTES - 15)) <= 30, persona.name
            if routine.work_start_hour is not None:
                before_work = routine.work_start_hour * 60 - 60
                assert "sleep" not in at(steps, before_work), (persona.name, today)
                assert "work at" in at(steps, routine.work_start_hour * 60 + 30)
            yesterday = yesterday_of(steps)


def test_one_breakfast_one_lunch_one_dinner_and_evenings_of_one_to_three_hours() -> None:
    for persona in bundled():
        for seed in range(2):
            steps = hourly(persona_input(persona, TUESDAY), seed)
            for meal in MEALS:
                having = [s for s in steps if meal in s.activity]
                assert len(having) == 1, (persona.name, meal, [s.describe() for s in steps])
                assert having[0].minutes <= 60
            lunch = next(s for s in steps if "lunch" in s.activity)
            assert 11 * 60 + 30 <= lunch.start <= 14 * 60
            for step in steps:
                if "work at" in step.activity or "sleep" in step.activity:
                    continue
                assert step.minutes <= 180, (persona.name, step.describe())


def test_everyone_leaves_home_once_a_day_even_those_who_work_there() -> None:
    """Wren works in her cottage: a day wholly at home would meet nobody."""
    public = [place.split(" (")[0] for place in TOWN[:-1]]
    few = [TOWN[1], TOWN[-1]]  # a bakery that closes at five, and home
    for seed, today in itertools.product(range(8), (MONDAY, TUESDAY)):
        steps = outline(day_input(today=today, places=few, work="09:00-18:00"), seed)
        assert any("Pebble Bakery" in s.activity for s in steps), (seed, today)
    for persona in bundled():
        for seed in range(2):
            steps = outline(persona_input(persona, MONDAY), seed)
            out = [
                s.activity
                for s in steps
                if any(place in s.activity for place in public)
                or (persona.work_sector != persona.home_sector and "work at" in s.activity)
            ]
            assert out, (persona.name, seed, [s.describe() for s in steps])


def test_the_outline_holds_at_most_max_items_and_the_hours_unfold_it() -> None:
    for limit in (3, 5, 8):
        inputs = day_input(max_items=limit, today=TUESDAY)
        steps = outline(inputs)
        assert len(steps) - 1 <= limit  # the step adds the night's "sleeping"
        hours = hourly(inputs)
        assert len(hours) >= len(steps)
        assert not any(", then " in s.activity for s in hours)
        assert sum(s.minutes for s in hours) == DAY_MINUTES


def test_outings_fit_the_person_and_name_only_places_they_know() -> None:
    assert {"paint", "run", "pub"} <= interests(WREN, "Wren Okafor")
    assert project(WREN, "Wren Okafor") == "the mural of the harbour"
    kinds = {p.name: p.kind for p in read_places(TOWN)}
    assert kinds == {
        "Millbrook Green": "park", "Pebble Bakery": "cafe", "The Lantern Tavern": "pub",
        "Larkspur Library": "library", "Juniper Market": "market",
    }  # fmt: skip
    seen: list[str] = []
    yesterday = ""
    for number, weekday in enumerate(("Monday", "Tuesday", "Wednesday", "Thursday"), start=6):
        today = f"{weekday} March {number}, 2023"
        steps = hourly(day_input(today=today, yesterday=yesterday))
        seen += [s.activity for s in steps]
        yesterday = yesterday_of(steps)
        for step in steps:
            if " at " in step.activity and "at home" not in step.activity:
                named = step.activity.rsplit(" at ", 1)[1]
                assert named in kinds or named.startswith("Wren Okafor's cottage"), named
    text = " ".join(seen)
    assert "Millbrook Green" in text and "The Lantern Tavern" in text  # a painter, runner, regular
    assert "the mural of the harbour" in text  # time on her own project
    assert len(set(seen)) > 15  # a week is not one day seven times


VALENTINES = "Tuesday February 14, 2023"
VILLE = ["Hobbs Cafe (public, open 08:00-20:00)", "Johnson Park (nature)"]
PARTY_STARTS, PARTY_ENDS = datetime(2023, 2, 14, 17), datetime(2023, 2, 14, 19)
PARTY = News(
    item="party", subject="Isabella Rodriguez", statement="Isabella has news.", kind="event",
    name="Valentine's Day party", place="Hobbs Cafe", host="Isabella Rodriguez",
    starts=PARTY_STARTS, ends=PARTY_ENDS,
)  # fmt: skip
KLAUS_GOES = Intention(
    person="Klaus Mueller", deed="go to the Valentine's Day party at Hobbs Cafe", item="party",
    day=PARTY_STARTS.date(), start=17 * 60, end=19 * 60,
)  # fmt: skip
# what the memories say in words: nothing the engagements are read from (no prose is read)
WORDS = ("[Mon Feb 13 07:00] Something is happening.",)


def engaged(person: str, *fields: MemoryFields) -> list[Intention]:
    return engagements(fields, person, PARTY_STARTS.date())


def test_an_own_event_and_a_commitment_are_planned_at_their_time_and_place() -> None:
    heard = MemoryFields(news=(PARTY.told_by("Isabella Rodriguez"),))
    host = day_input(
        agent="Isabella Rodriguez", summary="Name: Isabella Rodriguez. Innate traits: warm.",
        today=VALENTINES, intentions=WORDS, places=VILLE, work="08:00-20:00",
        home="Isabella Rodriguez's apartment, bedroom", workplace="Hobbs Cafe, cafe",
        engagements=engaged("Isabella Rodriguez", MemoryFields(news=(PARTY,))),
    )  # fmt: skip
    guest = day_input(
        agent="Klaus Mueller", summary="Name: Klaus Mueller. Innate traits: earnest.",
        today=VALENTINES, places=VILLE, home="Dorm, room", workplace="College, library",
        intentions=WORDS,
        engagements=engaged("Klaus Mueller", heard, MemoryFields(intentions=(KLAUS_GOES,))),
    )  # fmt: skip
    for inputs, activity in (
        (host, "host the Valentine's Day party at Hobbs Cafe"),
        (guest, "go to the Valentine's Day party at Hobbs Cafe"),
    ):
        assert todays_events(inputs) == [(17 * 60, 19 * 60, activity)]
        for steps in (outline(inputs), hourly(inputs)):
            party = next(s for s in steps if s.activity == activity)
            assert (party.start, party.end) == (17 * 60, 19 * 60)
        sector = PlaceChoiceInput(
            agent=inputs.agent, activity=activity, context=activity, level="sector", within="",
            options=["Johnson Park", "Hobbs Cafe", "Dorm"], notes=["", "", ""], current="Dorm",
            home="Dorm", workplace="College",
        )  # fmt: skip
        assert choose_place(sector, random.Random(0)).name == "Hobbs Cafe"
    assert sum("party" in s.activity for s in hourly(guest)) == 1  # her party is not his


def test_someone_elses_event_or_another_day_or_mere_news_is_no_plan() -> None:
    other_day = KLAUS_GOES.model_copy(update={"day": date(2023, 2, 15), "item": "fair"})
    untimed = KLAUS_GOES.model_copy(update={"start": None, "end": None, "item": "walk"})
    refused = KLAUS_GOES.model_copy(update={"going": False})
    found = engaged(
        "Klaus Mueller",
        MemoryFields(news=(PARTY, PARTY.told_by("Isabella Rodriguez"))),  # her party, heard
        MemoryFields(intentions=(other_day, untimed, KLAUS_GOES)),
        MemoryFields(intentions=(refused,)),  # he said later he will not go
    )
    assert found == []
    inputs = day_input(
        agent="Klaus Mueller", summary="Name: Klaus Mueller.", today=VALENTINES, places=VILLE,
        intentions=(
            "[Mon Feb 13 10:00] Klaus Mueller plans to go to the Valentine's Day party at Hobbs "
            "Cafe on February 14 from 5 to 7 pm",  # words alone: no engagement
        ),
        home="Dorm, room", workplace="College, library", engagements=found,
    )  # fmt: skip
    assert todays_events(inputs) == []
    assert not any("party" in s.activity for s in hourly(inputs))


def test_a_refusal_then_an_acceptance_keeps_the_acceptance() -> None:
    refused = KLAUS_GOES.model_copy(update={"going": False})
    first, then = MemoryFields(intentions=(refused,)), MemoryFields(intentions=(KLAUS_GOES,))
    assert engaged("Klaus Mueller", first, then) == [KLAUS_GOES]


@pytest.mark.parametrize(
    ("name", "place", "hours", "activity"),
    [
        ("open mic night", "The Blue Note", (20, 22), "host the open mic night at The Blue Note"),
        ("chess club", "Rose Hall", (15, 17), "host the chess club at Rose Hall"),
        ("quiz", "", (11, 13), "host the quiz"),
    ],
)
def test_a_made_up_towns_events_work_by_their_data(
    name: str, place: str, hours: tuple[int, int], activity: str
) -> None:
    starts, ends = (datetime(2023, 3, 7, hour) for hour in hours)
    news = News(
        item="x", subject="Ada Finch", statement="Theo has news.", name=name, place=place,
        host="Theo Marsh", starts=starts, ends=ends,
    )  # fmt: skip
    inputs = day_input(
        agent="Theo Marsh", summary="Name: Theo Marsh. Innate traits: lively.", today=TUESDAY,
        intentions=WORDS, home="Theo Marsh's flat, bedroom", workplace="Juniper Market, shop",
        work="09:00-17:00",
        engagements=engagements([MemoryFields(news=(news,))], "Theo Marsh", starts.date()),
    )  # fmt: skip
    span = (hours[0] * 60, hours[1] * 60)
    assert todays_events(inputs) == [(*span, activity)]
    steps = hourly(inputs)
    event = next(s for s in steps if s.activity == activity)
    assert (event.start, event.end) == span
    assert "sleep" not in at(steps, span[0] - 60)


def decomposition(activity: str, minutes: int, start: str = "07:30") -> list[PlanStep]:
    settings = MindSettings()
    inputs = DecomposeInput(
        agent="Wren Okafor", identity=WREN, activity=activity, start=start,
        end=clock((parse_clock(start) or 0) + minutes), minutes=minutes,
        min_minutes=settings.action_min_minutes, max_minutes=settings.action_max_minutes,
        objects=["stove", "counter", "sink", "couch", "desk", "easel"],
    )  # fmt: skip
    actions = OfflineBrain(0).complete(DECOMPOSE, inputs, agent="Wren Okafor").output.actions
    begin = parse_clock(start) or 0
    return list(lay_out(actions, begin, begin + minutes, activity, settings))


def test_a_three_hour_breakfast_is_one_breakfast_and_then_something_else() -> None:
    steps = decomposition("have breakfast at home", 180)
    texts = [s.activity for s in steps]
    assert sum(s.minutes for s in steps) == 180 and all(5 <= s.minutes <= 15 for s in steps)
    assert sum("make breakfast" in t for t in texts) == 1
    assert sum("eat breakfast" in t for t in texts) == 1
    assert "have breakfast at home" not in texts  # nothing left over for the stretch itself
    after = texts[3:]
    assert not any("breakfast" in t or "meal" in t or "eat" in t.split() for t in after)
    assert all(a != b for a, b in itertools.pairwise(after))  # varied
    assert texts[0] == "make breakfast at the stove"  # objects as before


def test_a_short_stretch_lengthens_the_routine_and_a_cycle_varies_by_the_hour() -> None:
    short = decomposition("have breakfast at home", 45)
    assert [s.minutes for s in short] == [15, 15, 15]
    assert [s.activity.split(" at ")[0] for s in short] == [
        "make breakfast", "eat breakfast", "wash the dishes",
    ]  # fmt: skip
    nine, ten = (
        decomposition("work at Wren Okafor's cottage, studio", 60, at) for at in ("09:00", "10:00")
    )
    assert [s.activity for s in nine] != [s.activity for s in ten]
    assert any("easel" in s.activity for s in nine + ten)  # a painter's work


def test_an_outline_keeps_each_meal_a_meals_length() -> None:
    """Folding the day to few items never makes a meal the head of a long item ("have
    breakfast, then … from 07:10" over three hours): what follows a meal folds elsewhere."""
    meal = re.compile(r"\b(?:breakfast|lunch|dinner)\b")
    for limit, seed, weekday in itertools.product((5, 6, 8), range(6), ("Monday", "Tuesday")):
        inputs = day_input(max_items=limit, today=f"{weekday} March 6, 2023")
        steps = outline(inputs, seed=seed)
        for step in steps:
            head = step.activity.split(", then ")[0]
            assert not (meal.search(head) and step.minutes > 75), step

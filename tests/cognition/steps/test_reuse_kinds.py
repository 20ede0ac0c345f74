"""Reuse beyond the hour plan: hours matched by typed facts, days, views of people, ratings.

Each kind hits when the situation (including what is recalled) matches an earlier one and
misses when one recalled fact differs; with `plan_reuse` off every call is made; the books
are counted and kept in a save.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from cognition.agent import Agent
from cognition.agent_state import Unrated
from cognition.contract import Address
from cognition.memory.fields import Intention, MemoryFields, News, PlanEntry
from cognition.memory.records import MemoryKind, NewMemory
from cognition.plan import DayPlan, PlanStep
from cognition.settings import MindSettings
from cognition.steps.action import next_step
from cognition.steps.context import StepContext
from cognition.steps.day_reuse import DayBook
from cognition.steps.plan_reuse import LENGTH_SLACK, HourBook, KeptHour, facts_of
from cognition.steps.planning import plan_new_day
from cognition.steps.rating_reuse import RatingBook, rating_key
from cognition.steps.relationship import summarise_relationship
from cognition.steps.view_reuse import ViewBook
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import KLAUS, START, WORLD, context_for, town_places
from cognition.variants import Variant

OFF = Variant.NO_PLAN_REUSE.settings()
HERE = Address(world=WORLD, sector="Oak Hill College", arena="library")
STUDY = PlanStep(start=600, minutes=60, activity="study for the exam")
LIBRARY_HOUR = {
    "sector": "Oak Hill College",
    "arena": "library",
    "actions": [
        {"activity": "find a book", "minutes": 15, "object": "bookshelves", "state": "browsed"},
        {"activity": "take notes", "minutes": 15, "object": "library table", "state": "in use"},
    ],
    "emoji": "📚",
}
DAY = {
    "items": [{"start": "07:00", "activity": "wake up"}, {"start": "09:00", "activity": "study"}]
}
HOURS = {
    "items": [{"start": "07:00", "activity": "wake up"}, {"start": "09:00", "activity": "study"}]
}
VIEW = {"summary": "Klaus Mueller likes Maria Lopez."}


def mind(
    model: ScriptedModel, now: datetime, memory: FakeMemoryStream, off: bool = False
) -> StepContext:
    return context_for(KLAUS, model, memory, OFF if off else None, now=now)


def at_ten(day: int) -> datetime:
    return START.replace(hour=10) + timedelta(days=day)


def stream() -> FakeMemoryStream:
    """Klaus's memory, with one memory about nothing in particular (relevance is relative:
    a talk about the exam is then the most relevant to studying for it)."""
    memory = FakeMemoryStream(KLAUS.name)
    memory.add(MemoryKind.OBSERVATION, "the pond in the park is frozen", START, 3)
    return memory


def talked_with(memory: FakeMemoryStream, person: str, at: datetime, item: str = "") -> None:
    """A talk with `person` remembered with its fields (the partner, the news told)."""
    news = (News(item=item, subject=person, statement=f"{person} has news"),) if item else ()
    fields = MemoryFields(partners=(person,), time=at, news=news)
    text = f"Conversation with {person} at {at:%H:%M}: about the exam"
    memory.add_many([NewMemory(MemoryKind.DIALOGUE, text, at, 7, about=fields)])


def hour(
    model: ScriptedModel,
    now: datetime,
    memory: FakeMemoryStream,
    book: HourBook,
    chunk: PlanStep = STUDY,
    here: Address = HERE,
) -> DayPlan:
    plan = DayPlan(day=now.date(), hourly=(chunk,))
    return next_step(mind(model, now, memory), plan, places=town_places(), here=here, book=book)[0]


# --- hours -----------------------------------------------------------------------------------


def test_an_hour_recalling_the_same_facts_in_other_words_is_reused() -> None:
    memory, book = stream(), HourBook()
    talked_with(memory, "Maria Lopez", START)
    hour(ScriptedModel({"hour_plan": [LIBRARY_HOUR]}), at_ten(0), memory, book)
    # the next day another talk with the same person, other words and time: the same facts
    talked_with(memory, "Maria Lopez", at_ten(0) + timedelta(hours=2))
    again = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    hour(again, at_ten(1), memory, book)
    assert again.calls == [] and (book.reused, book.planned) == (1, 1)


def test_a_new_person_or_news_item_recalled_makes_the_hour_planned_afresh() -> None:
    memory, book = stream(), HourBook()
    talked_with(memory, "Maria Lopez", START)
    hour(ScriptedModel({"hour_plan": [LIBRARY_HOUR]}), at_ten(0), memory, book)
    talked_with(memory, "Wolfgang Schulz", at_ten(0) + timedelta(hours=2))
    model = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    hour(model, at_ten(1), memory, book)
    assert model.count("hour_plan") == 1
    talked_with(memory, "Maria Lopez", at_ten(1) + timedelta(hours=2), item="exam-moved")
    model = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    hour(model, at_ten(2), memory, book)
    assert model.count("hour_plan") == 1 and book.reused == 0


def test_facts_of_a_memory_are_its_fields_not_its_words() -> None:
    memory = FakeMemoryStream(KLAUS.name)
    talked_with(memory, "Maria Lopez", START, item="party")
    memory.add(MemoryKind.OBSERVATION, "the pond is frozen", START, 6)  # no fields: itself
    with_fields, without = memory.all()
    assert facts_of(with_fields, KLAUS.name) == {"person:Maria Lopez", "news:party"}
    assert facts_of(without, KLAUS.name) == {f"memory:{without.id}"}


def test_a_kept_hour_covers_the_facts_it_was_planned_with_not_a_new_one() -> None:
    def kept(day: int, facts: list[str], situation: str = "study@10") -> KeptHour:
        return KeptHour(
            day=START.date() + timedelta(days=day),
            sector="Oak Hill College",
            arena="library",
            actions=[],
            minutes=60,
            situation=situation,
            facts=facts,
        )

    both = kept(0, ["news:exam", "person:Maria Lopez"])
    book = HourBook(hours={"a": both, "b": kept(1, ["person:Maria Lopez"], "study@11")})
    today = START.date() + timedelta(days=2)
    # a fact it was planned with, not recalled now, is nothing new
    assert book.covering(["study@10"], ["person:Maria Lopez"], today, 60) is both
    assert book.covering(["study@10"], [], today, 60) is both
    # a fact it did not know is: planned afresh
    assert book.covering(["study@10"], ["person:Wolfgang Schulz"], today, 60) is None
    # the likelier situation first (this hour's own before a near one's)
    assert book.covering(["study@11", "study@10"], ["person:Maria Lopez"], today, 60) is not both
    # a plan made around an intention is not the plan of an hour without it
    intent = "intends:Klaus Mueller/go to the party//2023-02-14/1020/1140/True"
    party = kept(0, [intent, "person:Maria Lopez"], "dinner@18")
    book = HourBook(hours={"p": party})
    assert book.covering(["dinner@18"], ["person:Maria Lopez"], today, 60) is None
    assert book.covering(["dinner@18"], [intent], today, 60) is party
    book = HourBook(hours={"a": both})
    # never a plan made today, nor another situation
    assert book.covering(["study@10"], [], START.date(), 60) is None
    assert book.covering(["read@10"], [], today, 60) is None


def test_an_intention_bears_on_the_hours_of_its_own_day_only() -> None:
    memory, book = stream(), HourBook()
    talked_with(memory, "Maria Lopez", START)
    hour(ScriptedModel({"hour_plan": [LIBRARY_HOUR]}), at_ten(0), memory, book)
    # a plan made for the day after: no fact for today's hours, nor for the next day's ...
    party = Intention(person=KLAUS.name, deed="go to the party", day=at_ten(2).date())
    fields = MemoryFields(partners=("Maria Lopez",), intentions=(party,))
    text = "Klaus Mueller plans to go to the party about the exam"
    memory.add_many([NewMemory(MemoryKind.OBSERVATION, text, START, 7, about=fields)])
    (planned,) = [r for r in memory.all() if r.about is not None and r.about.intentions]
    assert not any(f.startswith("intends:") for f in facts_of(planned, KLAUS.name, START.date()))
    again = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    hour(again, at_ten(1), memory, book)
    assert again.calls == []
    # ... but on its day it does: the hour is planned afresh
    assert any(f.startswith("intends:") for f in facts_of(planned, KLAUS.name, party.day))
    model = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    hour(model, at_ten(2), memory, book)
    assert model.count("hour_plan") == 1


def test_an_hour_about_as_long_is_reused_fitted_and_a_much_longer_one_is_not() -> None:
    memory, book = stream(), HourBook()
    hour(ScriptedModel({"hour_plan": [LIBRARY_HOUR]}), at_ten(0), memory, book)  # 60 minutes
    shorter = PlanStep(start=600, minutes=60 - LENGTH_SLACK, activity="study for the exam")
    again = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    plan = hour(again, at_ten(1), memory, book, shorter)
    assert again.calls == []
    # the two 15-minute actions kept for an hour, fitted to 45 minutes: 11 minutes each
    assert [a.minutes for a in plan.actions[:2]] == [11, 11]
    assert sum(a.minutes for a in plan.actions) == 45
    # a much shorter stretch: the kept hour's first actions, the last cut to fit
    much = PlanStep(start=600, minutes=20, activity="study for the exam")
    first = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    plan = hour(first, at_ten(2), memory, book, much)
    assert first.calls == []
    assert [(a.activity, a.minutes) for a in plan.actions] == [
        ("find a book", 15),
        ("take notes", 5),
    ]
    # a stretch longer than a kept one by more than the slack is planned afresh
    short = KeptHour(day=START.date(), sector="s", arena="a", actions=[], minutes=20)
    kept = HourBook(hours={"k": short})
    later = START.date() + timedelta(days=1)
    assert kept.earlier("k", later, 20 + LENGTH_SLACK) is short
    assert kept.earlier("k", later, 21 + LENGTH_SLACK) is None


def test_an_hour_begun_an_hour_later_reuses_the_kept_one_as_of_its_own_hour() -> None:
    memory, book = stream(), HourBook()
    hour(ScriptedModel({"hour_plan": [LIBRARY_HOUR]}), at_ten(0), memory, book)  # at 10:00
    later = PlanStep(start=660, minutes=60, activity="study for the exam")
    again = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    plan = hour(again, at_ten(1) + timedelta(hours=1), memory, book, later)
    assert again.calls == [] and plan.actions[0].activity == "find a book"
    assert (book.reused, book.shifted) == (1, 0)  # a near hour: not another time of day


def test_an_hour_at_another_time_of_day_is_reused_when_nothing_else_differs() -> None:
    memory, book = stream(), HourBook()
    talked_with(memory, "Maria Lopez", START)
    hour(ScriptedModel({"hour_plan": [LIBRARY_HOUR]}), at_ten(0), memory, book)  # at 10:00
    evening = PlanStep(start=19 * 60, minutes=60, activity="study for the exam")
    again = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    plan = hour(again, at_ten(1) + timedelta(hours=9), memory, book, evening)
    assert again.calls == [] and plan.actions[0].activity == "find a book"
    assert (book.reused, book.shifted, book.planned) == (1, 1, 1)
    # another activity at that time, or a new person recalled: planned afresh
    reading = PlanStep(start=19 * 60, minutes=60, activity="read a novel")
    model = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    hour(model, at_ten(2) + timedelta(hours=9), memory, book, reading)
    assert model.count("hour_plan") == 1
    talked_with(memory, "Wolfgang Schulz", at_ten(2) + timedelta(hours=10), item="exam-moved")
    afternoon = PlanStep(start=16 * 60, minutes=60, activity="study for the exam")
    model = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    hour(model, at_ten(3) + timedelta(hours=6), memory, book, afternoon)
    assert model.count("hour_plan") == 1 and book.shifted == 1


def test_a_near_hour_is_taken_before_another_time_of_day_and_only_given_its_key() -> None:
    def kept(situation: str) -> KeptHour:
        day = START.date()
        return KeptHour(
            day=day,
            sector="s",
            arena="a",
            actions=[],
            minutes=60,
            situation=situation,
            anytime="study",
        )

    morning, evening = kept("study@10"), kept("study@19")
    book = HourBook(hours={"m": morning, "e": evening})
    today = START.date() + timedelta(days=1)
    assert book.covering(["study@19", "study@18"], [], today, 60, "study") is evening
    assert book.covering(["study@18", "study@19"], [], today, 60, "study") is evening
    assert book.covering(["study@13"], [], today, 60, "study") in (morning, evening)
    assert book.covering(["study@13"], [], today, 60) is None  # no key: near hours only
    assert book.covering(["study@13"], [], today, 60, "read") is None


def test_with_the_switch_off_no_hour_is_reused_at_any_time_of_day() -> None:
    memory, book = stream(), HourBook()
    hour(ScriptedModel({"hour_plan": [LIBRARY_HOUR]}), at_ten(0), memory, book)
    model = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    plan = DayPlan(day=at_ten(1).date(), hourly=(STUDY,))
    ctx = mind(model, at_ten(1), memory, off=True)
    next_step(ctx, plan, places=town_places(), here=HERE, book=book)
    assert model.count("hour_plan") == 1 and (book.reused, book.shifted) == (0, 0)


def test_starting_from_another_arena_of_the_same_sector_is_the_same_start() -> None:
    memory, book = stream(), HourBook()
    hour(ScriptedModel({"hour_plan": [LIBRARY_HOUR]}), at_ten(0), memory, book)
    classroom = Address(world=WORLD, sector="Oak Hill College", arena="classroom")
    again = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    plan = hour(again, at_ten(1), memory, book, here=classroom)
    assert again.calls == [] and plan.actions[0].address is not None
    assert plan.actions[0].address.arena == "library"  # it walks to the arena it kept
    pub = Address(world=WORLD, sector="The Rose and Crown Pub", arena="pub")
    model = ScriptedModel({"hour_plan": [LIBRARY_HOUR]})
    hour(model, at_ten(2), memory, book, here=pub)
    assert model.count("hour_plan") == 1


# --- days ------------------------------------------------------------------------------------


DAY_REUSE = MindSettings()  # day reuse on, a day reused once its context is a habit
SECOND_DAY = MindSettings(routine_days=1)  # reused from the second day


def new_day(
    model: ScriptedModel,
    day: int,
    memory: FakeMemoryStream,
    book: DayBook,
    settings: MindSettings = DAY_REUSE,
) -> DayPlan:
    now = START.replace(hour=0) + timedelta(days=day)
    ctx = context_for(KLAUS, model, memory, settings, now=now)
    return plan_new_day(ctx, "summary", "yesterday", town_places(), book)


def planner() -> ScriptedModel:
    return ScriptedModel({"day_plan": [DAY], "hourly_schedule": [HOURS]})


def test_a_day_with_nothing_new_reuses_the_last_plan_without_a_call() -> None:
    memory, book = FakeMemoryStream(KLAUS.name), DayBook()
    talked_with(memory, "Maria Lopez", START)
    first = new_day(planner(), 1, memory, book, SECOND_DAY)
    talked_with(memory, "Wolfgang Schulz", START + timedelta(days=1))  # no intention, no event
    again = planner()
    second = new_day(again, 2, memory, book, SECOND_DAY)
    assert again.calls == [] and (book.reused, book.planned) == (1, 1)
    assert second.day == first.day + timedelta(days=1)
    assert (second.outline, second.hourly) == (first.outline, first.hourly)


def test_a_day_is_reused_only_once_its_context_was_planned_on_two_days() -> None:
    memory, book = FakeMemoryStream(KLAUS.name), DayBook()
    talked_with(memory, "Maria Lopez", START)
    first, second = planner(), ScriptedModel({"day_plan": [HOURS], "hourly_schedule": [DAY]})
    new_day(first, 1, memory, book)
    # the second day with nothing new is planned by calls: one day is not yet a habit
    planned = new_day(second, 2, memory, book)
    assert (second.count("day_plan"), second.count("hourly_schedule")) == (1, 1)
    assert (book.reused, book.planned) == (0, 2)
    assert [kept.planned for kept in book.days.values()] == [2]
    # the third is the latest such day again, without a call
    third = planner()
    relived = new_day(third, 3, memory, book)
    assert third.calls == [] and (book.reused, book.planned) == (1, 2)
    assert (relived.outline, relived.hourly) == (planned.outline, planned.hourly)
    assert relived.day == planned.day + timedelta(days=1)


def test_a_habit_is_planned_afresh_when_something_new_bears_on_the_day() -> None:
    memory, book = FakeMemoryStream(KLAUS.name), DayBook()
    for day in (1, 2):
        new_day(planner(), day, memory, book)
    # an intention for the fourth day, learnt on the third: that day's context is new
    day4 = (START + timedelta(days=4)).date()
    intention = Intention(person=KLAUS.name, deed="paint the fence", day=day4)
    fields = MemoryFields(intentions=(intention,))
    memory.add_many([NewMemory(MemoryKind.OBSERVATION, "I will paint", START, 5, about=fields)])
    model = planner()
    new_day(model, 3, memory, book)
    assert (model.count("day_plan"), model.count("hourly_schedule")) == (1, 1)
    assert (book.reused, book.planned) == (0, 3)
    # on its own day the intention is today's: another context again, planned by calls
    model = planner()
    new_day(model, 4, memory, book)
    assert model.count("day_plan") == 1 and book.reused == 0


def test_a_new_intention_an_event_today_or_a_dated_memory_plans_the_day_afresh() -> None:
    memory, book = FakeMemoryStream(KLAUS.name), DayBook()
    new_day(planner(), 1, memory, book, SECOND_DAY)
    day2 = (START + timedelta(days=2)).date()
    intention = Intention(person=KLAUS.name, deed="paint the fence", day=day2)
    fields = MemoryFields(intentions=(intention,))
    memory.add_many([NewMemory(MemoryKind.OBSERVATION, "I will paint", START, 5, about=fields)])
    model = planner()
    new_day(model, 2, memory, book, SECOND_DAY)
    assert (model.count("day_plan"), model.count("hourly_schedule")) == (1, 1)
    # an event the resident knows of, today
    day3 = START + timedelta(days=3)
    party = News(
        item="party", subject="Isabella Rodriguez", statement="a party", day=f"{day3:%B} {day3.day}"
    )
    memory.add_many(
        [NewMemory(MemoryKind.DIALOGUE, "talk", START, 6, about=MemoryFields(news=(party,)))]
    )
    model = planner()
    new_day(model, 3, memory, book, SECOND_DAY)
    assert model.count("day_plan") == 1
    # a memory that names the day's date
    day5 = START + timedelta(days=5)
    memory.add(MemoryKind.OBSERVATION, f"the exam is on {day5:%B} {day5.day}", START, 4)
    model = planner()
    new_day(model, 5, memory, book, SECOND_DAY)
    assert model.count("day_plan") == 1 and book.reused == 0


def test_the_switches_off_plan_every_day_by_calls() -> None:
    assert MindSettings().day_reuse and MindSettings().routine_days == 2  # on, after a habit
    day_off = MindSettings(day_reuse=False, routine_days=1)
    for settings in (day_off, OFF.model_copy(update={"routine_days": 1})):
        memory, book = FakeMemoryStream(KLAUS.name), DayBook()
        for day in range(1, 5):
            model = planner()
            new_day(model, day, memory, book, settings)
            assert (model.count("day_plan"), model.count("hourly_schedule")) == (1, 1)
        assert (book.reused, book.days) == (0, {})


# --- views of people -------------------------------------------------------------------------


def view(
    model: ScriptedModel, now: datetime, memory: FakeMemoryStream, book: ViewBook, off: bool = False
) -> str:
    return summarise_relationship(mind(model, now, memory, off), "Maria Lopez", book)


def test_a_view_is_reused_until_a_new_memory_of_the_person_is_recalled() -> None:
    memory, book = FakeMemoryStream(KLAUS.name), ViewBook()
    talked_with(memory, "Maria Lopez", START)
    assert view(ScriptedModel({"relationship": [VIEW]}), at_ten(0), memory, book) == VIEW["summary"]
    memory.add(MemoryKind.OBSERVATION, "the stove is on", at_ten(0), 3)  # not about her
    again = ScriptedModel({"relationship": [VIEW]})
    assert view(again, at_ten(1), memory, book) == VIEW["summary"]
    assert again.calls == [] and (book.reused, book.asked) == (1, 1)
    talked_with(memory, "Maria Lopez", at_ten(1), item="exam")  # a new talk: her news
    model = ScriptedModel({"relationship": [{"summary": "Klaus Mueller and Maria are friends."}]})
    assert view(model, at_ten(2), memory, book) == "Klaus Mueller and Maria are friends."
    assert model.count("relationship") == 1


def test_another_talk_telling_nothing_new_of_the_person_keeps_the_view() -> None:
    memory, book = FakeMemoryStream(KLAUS.name), ViewBook()
    talked_with(memory, "Maria Lopez", START, item="exam")
    view(ScriptedModel({"relationship": [VIEW]}), at_ten(0), memory, book)
    # another talk with her, her news again and others' news passed on: nothing new of her
    talked_with(memory, "Maria Lopez", at_ten(1), item="exam")
    gossip = News(item="fence", subject="Wolfgang Schulz", statement="Wolfgang paints")
    fields = MemoryFields(partners=("Maria Lopez",), people=("Wolfgang Schulz",), news=(gossip,))
    text = "Conversation with Maria Lopez: Wolfgang paints his fence"
    memory.add_many([NewMemory(MemoryKind.DIALOGUE, text, at_ten(1), 6, about=fields)])
    seen = MemoryFields(subject="Maria Lopez", doing="reading", place="library")
    memory.add_many(
        [NewMemory(MemoryKind.OBSERVATION, "Maria is reading", at_ten(1), 2, about=seen)]
    )
    quiet = ScriptedModel({"relationship": [VIEW]})
    assert view(quiet, at_ten(2), memory, book) == VIEW["summary"]
    assert quiet.calls == [] and (book.reused, book.asked) == (1, 1)
    # an insight about her is new: asked afresh
    insight = MemoryFields(people=("Maria Lopez",))
    memory.add_many(
        [NewMemory(MemoryKind.REFLECTION, "Maria is kind", at_ten(2), 6, about=insight)]
    )
    model = ScriptedModel({"relationship": [VIEW]})
    view(model, at_ten(3), memory, book)
    assert model.count("relationship") == 1 and (book.reused, book.asked) == (1, 2)


def test_the_first_talk_or_an_intention_makes_the_view_asked_afresh() -> None:
    memory, book = FakeMemoryStream(KLAUS.name), ViewBook()
    seen = MemoryFields(subject="Maria Lopez", doing="reading", place="library")
    memory.add_many([NewMemory(MemoryKind.OBSERVATION, "Maria is reading", START, 2, about=seen)])
    view(ScriptedModel({"relationship": [VIEW]}), at_ten(0), memory, book)
    talked_with(memory, "Maria Lopez", at_ten(0))  # they had never talked
    first = ScriptedModel({"relationship": [VIEW]})
    view(first, at_ten(1), memory, book)
    assert first.count("relationship") == 1
    plan = Intention(person="Maria Lopez", deed="study together", day=at_ten(3).date())
    fields = MemoryFields(partners=("Maria Lopez",), intentions=(plan,))
    memory.add_many([NewMemory(MemoryKind.DIALOGUE, "We will study", at_ten(1), 6, about=fields)])
    model = ScriptedModel({"relationship": [VIEW]})
    view(model, at_ten(2), memory, book)
    assert model.count("relationship") == 1 and (book.reused, book.asked) == (0, 3)


def test_with_the_switch_off_every_view_is_asked() -> None:
    memory, book = FakeMemoryStream(KLAUS.name), ViewBook()
    talked_with(memory, "Maria Lopez", START)
    for day in range(2):
        model = ScriptedModel({"relationship": [VIEW]})
        view(model, at_ten(day), memory, book, off=True)
        assert model.count("relationship") == 1
    assert (book.reused, book.asked, book.views) == (0, 0, {})


# --- importance ratings ----------------------------------------------------------------------


def test_a_memory_in_words_already_rated_keeps_its_rating_without_a_call() -> None:
    model = ScriptedModel({"rate_importance": [{"ratings": [2, 6]}, {"ratings": [4]}]})
    agent = Agent(KLAUS, FakeMemoryStream(KLAUS.name), model, MindSettings())
    assert agent.rate(["the stove is on", "Maria waved"], START) == [2, 6]
    assert agent.rate(["the stove is on"], START) == [2]
    assert model.count("rate_importance") == 1
    assert agent.rate(["the stove is on", "the bed is made"], START) == [2, 4]  # one new: a call
    book = agent.state.rating_book
    assert (book.reused, book.rated, model.count("rate_importance")) == (2, 3, 2)
    assert (book.spared, book.calls) == (1, 2)  # the batch known wholly: a call saved
    off = ScriptedModel({"rate_importance": [{"ratings": [2]}]})
    plain = Agent(KLAUS, FakeMemoryStream(KLAUS.name), off, OFF)
    plain.rate(["the stove is on"], START)
    plain.rate(["the stove is on"], START)
    assert off.count("rate_importance") == 2 and plain.state.rating_book == RatingBook()


def sighting(text: str, doing: str, place: str, news: tuple[News, ...] = ()) -> Unrated:
    about = MemoryFields(subject="Maria Lopez", doing=doing, place=place, time=START, news=news)
    return Unrated(text=text, at=START, subject="Maria Lopez", about=about)


def test_a_routine_sighting_of_the_same_person_and_place_keeps_its_rating_by_fields() -> None:
    model = ScriptedModel({"rate_importance": [{"ratings": [2]}, {"ratings": [3, 8]}]})
    memory = FakeMemoryStream(KLAUS.name)
    agent = Agent(KLAUS, memory, model, MindSettings())
    agent.state.unrated = [sighting("Maria Lopez is eating (cafe)", "eating", "cafe")]
    agent.flush()
    party = News(item="party", subject="Isabella Rodriguez", statement="A party.", day="Feb 14")
    agent.state.unrated = [
        sighting("Maria Lopez is reading (cafe)", "reading", "cafe"),  # known by its fields
        sighting("Maria Lopez is reading (pub)", "reading", "pub"),  # another place: asked
        sighting("Maria Lopez is telling (cafe)", "telling", "cafe", (party,)),  # news: asked
    ]
    agent.flush()
    assert [r.importance for r in memory.all()] == [2, 2, 3, 8]
    book = agent.state.rating_book
    assert (book.reused, book.rated, model.count("rate_importance")) == (1, 3, 2)


def test_a_rating_key_is_the_kind_and_fields_without_the_moment() -> None:
    entries = (PlanEntry(start=420, end=480, activity="wake up"),)
    monday = MemoryFields(subject=KLAUS.name, day=date(2023, 2, 13), plan=entries, time=START)
    tuesday = monday.model_copy(update={"day": date(2023, 2, 14), "time": at_ten(1)})
    assert rating_key(MemoryKind.PLAN, monday) == rating_key(MemoryKind.PLAN, tuesday)
    later = (PlanEntry(start=480, end=540, activity="wake up"),)
    other = monday.model_copy(update={"plan": later})
    assert rating_key(MemoryKind.PLAN, monday) != rating_key(MemoryKind.PLAN, other)
    heard = MemoryFields(subject="Maria Lopez", time=START)  # who and when only: by words
    assert rating_key(MemoryKind.OBSERVATION, heard) is None
    assert rating_key(MemoryKind.OBSERVATION, None) is None
    stove = MemoryFields(thing="stove", doing="on", place="kitchen", time=START)
    off = stove.model_copy(update={"doing": "off"})
    assert rating_key(MemoryKind.OBSERVATION, stove) != rating_key(MemoryKind.OBSERVATION, off)


def test_with_the_switch_off_fields_keep_no_rating() -> None:
    model = ScriptedModel({"rate_importance": [{"ratings": [2]}, {"ratings": [5]}]})
    agent = Agent(KLAUS, FakeMemoryStream(KLAUS.name), model, OFF)
    agent.state.unrated = [sighting("Maria Lopez is eating (cafe)", "eating", "cafe")]
    agent.flush()
    agent.state.unrated = [sighting("Maria Lopez is reading (cafe)", "reading", "cafe")]
    agent.flush()
    assert model.count("rate_importance") == 2 and agent.state.rating_book == RatingBook()


# --- saves -----------------------------------------------------------------------------------


def test_the_books_survive_a_save_and_old_saves_load_with_empty_books() -> None:
    memory = FakeMemoryStream(KLAUS.name)
    model = ScriptedModel(
        {"rate_importance": [{"ratings": [2]}], "relationship": [VIEW], **planner().script}
    )
    agent = Agent(KLAUS, memory, model, MindSettings())
    agent.rate(["the stove is on"], START)
    talked_with(memory, "Maria Lopez", START)
    summarise_relationship(agent.context(at_ten(0)), "Maria Lopez", agent.state.view_book)
    new_day(model, 1, memory, agent.state.day_book)
    state = agent.get_state()
    restored = Agent(KLAUS, FakeMemoryStream(KLAUS.name), model, MindSettings())
    restored.set_state(state)
    books = ("day_book", "view_book", "rating_book")
    for name in books:
        assert getattr(restored.state, name) == getattr(agent.state, name)
    assert restored.state.day_book.days and restored.state.view_book.views
    assert restored.state.rating_book.ratings == {"the stove is on": 2}  # no fields: by words
    restored.set_state({k: v for k, v in state.items() if k not in books})
    assert (restored.state.day_book, restored.state.view_book) == (DayBook(), ViewBook())
    assert restored.state.rating_book == RatingBook()
    assert date(2023, 2, 14) in {d.day for d in agent.state.day_book.days.values()}

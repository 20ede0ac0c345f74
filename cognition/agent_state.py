"""What an Agent carries between decisions, as JSON-able data (its memory lives in the store)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta

from pydantic import BaseModel, Field

from cognition.memory.fields import Intention, MemoryFields, News
from cognition.memory.records import MemoryKind, NewMemory
from cognition.plan import DAY_MINUTES, DayPlan, PlanStep, clock, minute_of_day
from cognition.steps.day_reuse import DayBook
from cognition.steps.dialogue import Commitment
from cognition.steps.plan_reuse import HourBook
from cognition.steps.question_reuse import QuestionBook
from cognition.steps.rating_reuse import RatingBook
from cognition.steps.summary import SummaryDescription
from cognition.steps.summary_reuse import SummaryBook
from cognition.steps.talk_fields import heard_fields
from cognition.steps.view_reuse import ViewBook


class PendingEvent(BaseModel):
    """Something to re-plan around at the next decision (an adopted intention)."""

    activity: str
    minutes: int = Field(ge=1)


class Appointment(BaseModel):
    """Somewhere the agent said it will be (an accepted invitation): fitted into the plan
    of its day, whatever the day plan made of it."""

    day: date
    start: int = Field(ge=0, le=DAY_MINUTES)
    end: int = Field(ge=1, le=DAY_MINUTES)
    activity: str
    item: str = ""  # the news item (an event) it is for; "" when unknown

    @classmethod
    def from_commitment(
        cls, commitment: Commitment, person: str, now: datetime
    ) -> Appointment | None:
        """`person`'s appointment from a conversation's commitment, if it is theirs, its
        times read and it is not over by `now`."""
        when = commitment.when()
        if commitment.person.strip() != person or when is None or not commitment.going:
            return None
        day, start, end = when
        if (day, end) <= (now.date(), minute_of_day(now)):
            return None
        activity = commitment.activity.strip()
        return cls(day=day, start=start, end=end, activity=activity, item=commitment.item)

    def memory_fields(self, person: str, now: datetime) -> MemoryFields:
        """The appointment's memory as fields: `person`'s intention, with its day and times."""
        intention = Intention(
            person=person,
            deed=self.activity,
            item=self.item,
            day=self.day,
            start=self.start,
            end=self.end,
        )
        return MemoryFields(subject=person, item=self.item, time=now, intentions=(intention,))

    def statement(self, person: str) -> str:
        """ "Klaus Mueller plans to go to the lantern walk at the cafe on February 14 from 17:00 to
        19:00." — how the memory stream keeps it."""
        return (
            f"{person} plans to {self.activity} on {self.day:%B} {self.day.day} "
            f"from {clock(self.start)} to {clock(self.end)}."
        )


class Sighting(BaseModel):
    """The last time the agent considered reacting to a person, and what they were doing."""

    activity: str
    at: datetime


class Unrated(BaseModel):
    """A memory waiting to be rated and written with the next batch: an observation, or
    the day's plan (nothing retrieves before the batch is written: every retrieval
    flushes first)."""

    text: str
    at: datetime
    subject: str = ""  # whom or what it is about: a person seen or heard, an object
    told: News | None = None  # the news a line overheard told, as its speaker knew it
    kind: MemoryKind = MemoryKind.OBSERVATION
    # its fields as its writer made them (a sighting's, an object's, a plan's); None in a
    # save made before they were kept here: an observation then gets `heard_fields`
    about: MemoryFields | None = None

    def memory(self, importance: int) -> NewMemory:
        """The memory with its fields: as written (`about`), else an observation's whom or
        what and when (a line overheard: the news it told, from its speaker); a plan
        waiting from an older save has none (unknown)."""
        about = self.about
        if about is None and self.kind is MemoryKind.OBSERVATION:
            about = heard_fields(self.subject, self.at, self.told)
        return NewMemory(self.kind, self.text, self.at, importance, about=about)


class TalkRecord(BaseModel):
    """How often the agent has talked with someone (a resident or the visitor), and when last."""

    count: int = Field(default=0, ge=0)
    last: datetime | None = None


class AgentState(BaseModel):
    """Plans, summary cache, cool-downs, reflection bookkeeping, the current action."""

    seeded: bool = False
    # the persona's news known as data (memory fields); False in a save made before news
    # had fields: the mind then learns its persona's news as data once, on the next seed
    news_seeded: bool = False
    # the persona's facts carry the fields `records.first_memories` writes (whose they are;
    # a relationship line whom it is with, `people`); False in a save made before they did
    # (fields unknown, or a line's saying only whose it is): filled once, on the next seed
    facts_typed: bool = False
    # the persona's facts carry the people they name (`MemoryFields.named`); False in a save
    # made before they did: filled once, on the next seed, as `facts_typed`
    facts_named: bool = False
    # the persona's facts carry how it is spoken of (`MemoryFields.pronoun`); False in a save
    # made before they did: filled once, on the next seed, as `facts_typed`
    facts_pronoun: bool = False
    plan: DayPlan | None = None
    yesterday: str = ""
    summary: SummaryDescription | None = None
    summary_day: date | None = None
    summary_reflections: int = -1
    reflections: int = 0
    last_reflection: datetime | None = None
    cooldowns: dict[str, datetime] = Field(default_factory=dict)
    considered: dict[str, Sighting] = Field(default_factory=dict)
    unrated: list[Unrated] = Field(default_factory=list)
    conversations_day: date | None = None
    conversations_today: int = 0
    retained: list[str] = Field(default_factory=list)
    current: PlanStep | None = None
    last_time: datetime | None = None
    pending: PendingEvent | None = None
    talks: dict[str, TalkRecord] = Field(default_factory=dict)
    appointments: list[Appointment] = Field(default_factory=list)
    hour_book: HourBook = Field(default_factory=HourBook)  # past hour plans (plan reuse)
    day_book: DayBook = Field(default_factory=DayBook)  # past day plans (plan reuse)
    view_book: ViewBook = Field(default_factory=ViewBook)  # last views of people (plan reuse)
    rating_book: RatingBook = Field(default_factory=RatingBook)  # importance by words (reuse)
    question_book: QuestionBook = Field(default_factory=QuestionBook)  # reflection (reuse)
    summary_book: SummaryBook = Field(default_factory=SummaryBook)  # summary (reuse)

    def mark_seeded(self) -> None:
        """The persona's first memories are in, with every field a new mind's carry."""
        self.seeded = self.news_seeded = self.facts_typed = self.facts_named = True
        self.facts_pronoun = True

    def add_appointment(self, appointment: Appointment) -> bool:
        """Keep `appointment` (False when it is already kept)."""
        if appointment in self.appointments:
            return False
        self.appointments = [*self.appointments, appointment]
        return True

    def worth_considering(self, person: str, activity: str, now: datetime, window: int) -> bool:
        """Whether `person` doing `activity` is news: not considered within `window` minutes,
        and not doing what they were doing when last considered."""
        last = self.considered.get(person)
        if last is None:
            return True
        return now - last.at >= timedelta(minutes=window) and last.activity != activity

    def conversations_on(self, day: date) -> int:
        return self.conversations_today if self.conversations_day == day else 0

    def count_conversation(self, partner: str, now: datetime, cooldown: int) -> None:
        """One more conversation today; the pair cools down for `cooldown` minutes."""
        self.note_talk(partner, now, cooldown)
        self.conversations_today = self.conversations_on(now.date()) + 1
        self.conversations_day = now.date()

    def note_talk(self, partner: str, now: datetime, cooldown: int) -> None:
        """One more talk with `partner` (counted, last time kept); the pair cools down for
        `cooldown` minutes. A new record replaces the old, so readers never see half of one."""
        record = self.talks.get(partner) or TalkRecord()
        self.talks[partner] = TalkRecord(count=record.count + 1, last=now)
        self.cooldowns[partner] = now + timedelta(minutes=cooldown)


def with_appointments(plan: DayPlan, appointments: Iterable[Appointment], now: datetime) -> DayPlan:
    """`plan` with today's `appointments` fitted in from `now` (`plan` itself when none
    changes it): each one's span becomes its activity, unless the plan has it already."""
    today, minute = now.date(), minute_of_day(now)
    for appointment in appointments:
        if appointment.day != today or appointment.end <= minute:
            continue
        start = max(appointment.start, minute)
        chunk = plan.chunk_at(start)
        if chunk is not None and chunk.activity == appointment.activity:
            continue
        kept = PlanStep(start=start, minutes=appointment.end - start, activity=appointment.activity)
        plan = plan.rewritten(start, [kept])
    return plan

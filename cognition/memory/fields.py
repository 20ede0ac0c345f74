"""Typed fields stored with a memory, so code reads facts back by field, not from prose.

`News` is one piece of news as data: which item it is (a scenario item's id, or any id),
whom it is about, the sentence that tells it, its kind and importance as the item declares
them, whether strangers hear it, an event's place, day and hours, and who told the knower
(`source`, one level deep; None when known first hand), then the event's host and its
start and end as data (what a host's day plan reads), how its subject is spoken of
(`pronoun`) and whom its teller had it from (`via`: the teller's own source, as a telling
"Bo told me that …" says it; not someone the memory is of). `Intention` is what someone means
to do as data: an appointment, a refusal, an adopted intention. `MemoryFields` is what a
memory says in fields: who spoke, with whom, about whom, which item, where and when, the
news it carries, which of it the rememberer told, the intentions it records, (a
reflection) the people and items it concerns, (a sighting) what its subject was doing or
the state of a `thing`, (a plan) its day and items (`PlanEntry`), and (a talk) its
`topic` as data (a meeting's question) and what it was about (`talked_about`: the summary
model's structured answer, never read back from the summary's words). Old memories have
no fields (`MemoryRecord.about` is None: unknown); fields added later default to "says
nothing of the kind", so a save made before them loads unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import date, datetime

from pydantic import BaseModel, ConfigDict, Field, ValidationError

__all__ = [
    "Intention",
    "MemoryFields",
    "News",
    "PlanEntry",
    "fields_from_json",
    "fields_to_json",
    "known_news",
]


class News(BaseModel):
    """A piece of news as data ("Carlos Gomez's poems are going to be published")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    item: str = Field(min_length=1)  # the scenario item's id
    subject: str = Field(min_length=1)  # whom it is about: its holder or host
    statement: str = Field(min_length=1)  # the sentence that tells it, in the third person
    kind: str = "news"  # the item's own label: "event", "candidacy", "personal", …
    importance: int = Field(default=5, ge=1, le=10)
    public: bool = False  # told even to strangers (a matter for the whole town)
    name: str = ""  # what it is called ("Valentine's Day party"); "" when it has no name
    place: str = ""  # an event's place ("Hobbs Cafe"); "" for news that is no event
    day: str = ""  # an event's day ("February 14")
    span: str = ""  # an event's hours ("from 5 to 7 pm")
    source: str | None = None  # who told the knower; None: known first hand
    host: str = ""  # who hosts the event ("" when no one does, or it is no event)
    starts: datetime | None = None  # the event's start and end as data (None: no event)
    ends: datetime | None = None
    pronoun: str = ""  # how `subject` is spoken of ("he", "she", "they"; "": unknown)
    # whom the teller had heard it from (the source one level further back: "Bo told me
    # that …"); "" when the teller knew it first hand (or an older save did not keep it)
    via: str = ""

    def told_by(self, teller: str) -> News:
        """This news as heard from `teller`: its source the teller, and whom the teller had
        it from (`via`: the teller's source, when it had one); unchanged when the teller is
        its own source."""
        if teller == self.source:
            return self
        via = self.source if self.source is not None else ""
        return self.model_copy(update={"source": teller, "via": via})


class Intention(BaseModel):
    """What `person` means to do, as data ("go to the party at Hobbs Cafe", on a day, from
    `start` to `end` minutes of the day), and for which news item; `going` False: they said
    they will not."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    person: str = Field(min_length=1)
    deed: str = Field(min_length=1)  # "go to the party at Hobbs Cafe", "paint the fence"
    item: str = ""  # the news item (an event) it is for; "" when none
    day: date | None = None
    start: int | None = Field(default=None, ge=0, le=1440)  # minutes of the day
    end: int | None = Field(default=None, ge=0, le=1440)
    going: bool = True


class PlanEntry(BaseModel):
    """One item of a plan as data: from `start` to `end` minutes of the day, `activity`
    ("work at the shop, then have lunch from 12:00": an outline item as the plan shows it),
    and the news item (an event) it goes to ("" none; absent in older saves)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    start: int = Field(ge=0, le=1440)
    end: int = Field(ge=0, le=1440)
    activity: str = Field(min_length=1)
    item: str = ""


class MemoryFields(BaseModel):
    """What a memory says, in fields; "" / () where it says nothing of the kind."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    speaker: str = ""  # who said it (a greeting, an answer)
    partners: tuple[str, ...] = ()  # whom the rememberer talked with
    subject: str = ""  # whom it is about
    item: str = ""  # the scenario item it concerns
    place: str = ""
    time: datetime | None = None
    news: tuple[News, ...] = ()  # the news it carries (told or heard)
    told: tuple[str, ...] = ()  # the items of `news` the rememberer told (others it heard)
    intentions: tuple[Intention, ...] = ()  # what people said they mean (or refuse) to do
    people: tuple[str, ...] = ()  # whom it concerns: a reflection's, those its evidence talked with
    # added with sightings, plans and reflections as data (absent in older saves: "")
    doing: str = ""  # what `subject` was seen doing ("reading"), or the state of `thing`
    thing: str = ""  # the object a state was seen of ("shower"): an object's state, no person
    day: date | None = None  # the day a plan is for
    plan: tuple[PlanEntry, ...] = ()  # a plan's items, in order (`subject`'s plan)
    items: tuple[str, ...] = ()  # every scenario item it concerns (a reflection: its evidence's)
    # added with talk topics as data (absent in older saves: "", no topic said)
    topic: str = ""  # what a talk was about as data: a meeting's question ("" a chance talk)
    # added with summaries' topics (absent in older saves: "", nothing said)
    talked_about: str = ""  # what a talk was about, as its summary's answer says ("his thesis")
    # added with persona facts' people as data (absent in older saves: (), migrated)
    named: tuple[str, ...] = ()  # the people a persona's fact names besides its subject
    # added with pronouns as data (absent in older saves: "", a persona's facts migrated)
    pronoun: str = ""  # how `subject` is spoken of ("he", "she", "they"; "": unknown)


def fields_to_json(fields: MemoryFields | None) -> str:
    """The fields as stored beside a memory ("" for none)."""
    return "" if fields is None else fields.model_dump_json(exclude_defaults=True)


def fields_from_json(text: object) -> MemoryFields | None:
    """Stored fields read back; None (unknown) when there are none or they do not parse —
    a memory saved before fields existed loads with `about` unknown."""
    if not isinstance(text, str) or not text:
        return None
    try:
        return MemoryFields.model_validate(json.loads(text))
    except (ValueError, ValidationError):
        return None


def known_news(fields: Iterable[MemoryFields | None], knower: str) -> list[News]:
    """The distinct news items the fields carry, one per item: first-hand knowledge wins,
    then the first source heard, then the knower's own retelling."""

    def rank(news: News) -> int:
        return 2 if news.source is None else 0 if news.source == knower else 1

    best: dict[str, News] = {}
    for about in fields:
        for news in about.news if about is not None else ():
            held = best.get(news.item)
            if held is None or rank(news) > rank(held):
                best[news.item] = news
    return list(best.values())

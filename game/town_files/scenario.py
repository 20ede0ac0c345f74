"""A town's scenario as data — `scenario.json` beside its `town.json`: when the town starts,
the news and intentions seeded in it (who intends what, where and when; who knows it at the
start), and the paper's figures to compare with.

    {"title": "…", "start": "2023-02-13T07:00:00", "run_until": "2023-02-15T00:00:00",
     "news": [{"id": "reading-group", "host": "Klaus Mueller", "what": "a reading group",
               "event": {"place": "Oak Hill College", "starts": "2023-02-16T16:00:00",
                         "ends": "2023-02-16T17:00:00"},
               "seeds": ["Klaus Mueller", "Maria Lopez"]}]}

What an item is and how much it matters is data: `kind` (a free label: "event",
"candidacy", "personal", …; "event" or "news" when not given), `importance` (1–10, how
worth telling it is), `public` (strangers hear it too) and `tell` (the sentence residents
tell it with; when not given, the seed's own persona sentence that carries it, else
`text`). Each seed knows it as a typed `News` memory (`first_news`) carrying the item's
id, so residents tell it by its fields, whatever its wording.

An item with a `host` and `what` is an *intention*: its `text` ("Klaus Mueller is planning a
reading group at Oak Hill College on February 16 from 4 to 5 pm."), `question` and
`carried_by` follow from them unless written out. At the start, each seed that does not
already know the item (nothing in its persona carries it) is given `text` as a first memory;
the host plans around it like any resident planning an event.

A text *carries* an item when it holds every phrase of at least one of the item's
`carried_by` lists: phrases match whole words, ignoring case, and a plural "s" may follow
("valentine" matches "Valentine's Day" and "valentines", not "valentinesday").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache
from typing import Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from cognition import News

__all__ = [
    "Event",
    "ItemFigures",
    "NewsItem",
    "PaperFigures",
    "Scenario",
    "carries",
    "intention_text",
]

_ARTICLES = ("a ", "an ", "the ", "our ", "his ", "her ", "their ")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _game_time(moment: datetime) -> datetime:
    if moment.tzinfo is not None:
        raise ValueError("a game time has no time zone: write it as 2023-02-14T17:00:00")
    return moment


class Event(_Strict):
    """Where and when a news item's event happens, e.g. the party at Hobbs Cafe, 5–7 pm."""

    place: str = Field(min_length=1)  # a sector of the map ("Hobbs Cafe") or "sector: arena"
    starts: datetime
    ends: datetime
    # a resident counts as there when at the place at least this long during the event
    min_minutes: float = Field(default=10.0, ge=0)

    @field_validator("starts", "ends")
    @classmethod
    def _no_zone(cls, moment: datetime) -> datetime:
        return _game_time(moment)

    @field_validator("ends")
    @classmethod
    def _after_start(cls, ends: datetime, info: ValidationInfo) -> datetime:
        starts = info.data.get("starts")
        if isinstance(starts, datetime) and ends <= starts:
            raise ValueError(f"{ends} is not after starts ({starts})")
        return ends

    @property
    def sector(self) -> str:
        return self.place.split(":")[0].strip()


class ItemFigures(_Strict):
    """The paper's figures for one item (residents, not shares); None where it has none."""

    knew_start: int | None = Field(default=None, ge=0)
    knew_end: int | None = Field(default=None, ge=0)
    invited: int | None = Field(default=None, ge=0)
    attended: int | None = Field(default=None, ge=0)


class NewsItem(_Strict):
    """A piece of news: who knows it at the start (`seeds`), how a text shows it (see the
    module's doc), and, for an event, its place and time window; with `host` and `what`, an
    intention of the host's."""

    id: str = Field(pattern=r"^[a-z0-9_-]+$")  # lower-case letters, digits, "-" and "_"
    host: str | None = Field(default=None, min_length=1)  # who intends it
    what: str | None = Field(default=None, min_length=1)  # "a reading group"
    # what the interviewer asks to learn who knows it ("Did you know there is a party?")
    question: str = Field(default="", description="derived from `what` when empty")
    text: str = Field(default="", description="derived from host, what and event when empty")
    carried_by: list[list[str]] = Field(default_factory=list)
    seeds: list[str] = Field(min_length=1)
    event: Event | None = None
    paper: ItemFigures = ItemFigures()
    kind: str = Field(default="", description='a label: "event" when it has one, else "news"')
    importance: int = Field(default=8, ge=1, le=10, description="how worth telling it is")
    public: bool = Field(default=False, description="strangers hear it too (a town matter)")
    subject: str = Field(default="", description="whom it is about: the host, else the first seed")
    tell: str = Field(default="", description="the sentence it is told with; `text` when empty")

    @field_validator("carried_by")
    @classmethod
    def _phrases(cls, alternatives: list[list[str]]) -> list[list[str]]:
        for number, phrases in enumerate(alternatives):
            if not phrases:
                raise ValueError(f"alternative [{number}] is empty: list the phrases it needs")
            if any(not phrase.strip() for phrase in phrases):
                raise ValueError(f"alternative [{number}] holds an empty phrase")
        return alternatives

    @model_validator(mode="after")
    def _complete(self) -> Self:
        """Fill in what follows from host, what and event; say what is missing."""
        updates: dict[str, object] = {}
        if not self.text:
            if self.host is None or self.what is None or self.event is None:
                raise ValueError("give a 'text', or a 'host', 'what' and 'event' to make it from")
            updates["text"] = intention_text(self.host, self.what, self.event)
        if not self.question:
            if self.what is None:
                raise ValueError("give a 'question' (what the interviewer asks), or a 'what'")
            updates["question"] = f"Did you know about {_bare(self.what)}?"
        if not self.carried_by:
            if self.what is None:
                raise ValueError("give 'carried_by' (the phrases that show the news), or a 'what'")
            updates["carried_by"] = [[_bare(self.what)]]
        if not self.kind:
            updates["kind"] = "event" if self.event is not None else "news"
        if not self.tell:
            updates["tell"] = updates.get("text", self.text)
        if not self.subject:
            updates["subject"] = self.host or self.seeds[0]
        for key, value in updates.items():
            object.__setattr__(self, key, value)
        if self.host is not None and self.host not in self.seeds:
            raise ValueError(f"the host {self.host!r} must be among the seeds (who knows it)")
        if not self.carried_in(self.text):
            raise ValueError(
                f"the text does not carry the news: it holds no alternative of "
                f"carried_by {self.carried_by}, so nobody seeded with it would know it"
            )
        return self

    def carried_in(self, text: str) -> bool:
        return carries(text, self.carried_by)

    def news(self) -> News:
        """The item as a seed knows it first hand: typed news carrying the item's id."""
        event = self.event
        return News(
            item=self.id,
            subject=self.subject,
            statement=self.tell,
            kind=self.kind,
            importance=self.importance,
            public=self.public,
            name=_bare(self.what) if self.what else self.kind,
            place=event.sector if event else "",
            day=f"{event.starts:%B} {event.starts.day}" if event else "",
            span=f"from {_clock(event.starts, event.ends)}" if event else "",
            host=self.host or "",
            starts=event.starts if event else None,
            ends=event.ends if event else None,
        )


class PaperFigures(_Strict):
    """The run the paper measured, and its town-wide figures."""

    source: str = Field(min_length=1)
    residents: int = Field(gt=0)
    density_start: float | None = Field(default=None, ge=0, le=1)
    density_end: float | None = Field(default=None, ge=0, le=1)


class Scenario(_Strict):
    """A town's `scenario.json`."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    schema_: str | None = Field(default=None, alias="$schema")  # an editor's JSON Schema link
    title: str = Field(min_length=1)
    # when the town starts (None: town.json's "start")
    start: datetime | None = None
    run_until: datetime  # the evaluation's default end
    paper: PaperFigures | None = None
    news: list[NewsItem] = Field(default_factory=list)

    @field_validator("start", "run_until")
    @classmethod
    def _no_zone(cls, moment: datetime | None) -> datetime | None:
        return None if moment is None else _game_time(moment)

    @field_validator("news")
    @classmethod
    def _unique_ids(cls, news: list[NewsItem]) -> list[NewsItem]:
        seen: set[str] = set()
        for item in news:
            if item.id in seen:
                raise ValueError(f"the id {item.id!r} is used twice; each item needs its own")
            seen.add(item.id)
        return news

    @model_validator(mode="after")
    def _in_order(self) -> Self:
        if self.start is None:
            return self
        if self.run_until <= self.start:
            raise ValueError(f"run_until ({self.run_until}) is not after start ({self.start})")
        for number, item in enumerate(self.news):
            if item.event is not None and item.event.ends <= self.start:
                raise ValueError(
                    f"news[{number}] ({item.id}): its event ends {item.event.ends}, before the "
                    f"town starts ({self.start}): a scenario's events lie ahead of its start"
                )
        return self

    def item(self, id: str) -> NewsItem:
        return next(item for item in self.news if item.id == id)

    def first_memories(self, name: str, persona_text: str) -> list[str]:
        """What `name` knows at the start that its persona does not already carry."""
        return [
            item.text
            for item in self.news
            if name in item.seeds and not item.carried_in(persona_text)
        ]

    def carried_item(self, name: str, text: str) -> str | None:
        """The id of the first item `name` is a seed of that `text` carries (a persona's
        `currently` saying the item in its own words), else None."""
        return next(
            (item.id for item in self.news if name in item.seeds and item.carried_in(text)),
            None,
        )

    def first_news(self, name: str, persona_texts: Sequence[str] = ()) -> list[News]:
        """The news `name` knows at the start, typed (each item it is a seed of). An item
        without its own `tell` that one of `persona_texts` carries is told as the persona
        says it (that fact is then the news's memory, not a second one)."""
        found = []
        for item in self.news:
            if name not in item.seeds:
                continue
            news = item.news()
            said = next((text for text in persona_texts if item.carried_in(text)), None)
            if said is not None and "tell" not in item.model_fields_set:
                news = news.model_copy(update={"statement": said})
            found.append(news)
        return found


def intention_text(host: str, what: str, event: Event) -> str:
    """ "Klaus Mueller is planning a reading group in the library at Oak Hill College on
    February 16 from 4 to 5 pm." — the sentence a resident plans an event from (an event
    place "sector: arena" is said "in the arena at sector")."""
    day = f"{event.starts:%B} {event.starts.day}"
    sector, _, arena = (part.strip() for part in event.place.partition(":"))
    room = ""
    if arena:
        named = arena[:1].isupper() or "'s " in arena
        room = f" in {'' if named else 'the '}{arena}"
    return (
        f"{host} is planning {what.strip().rstrip('.')}{room} at {sector} on {day} "
        f"from {_clock(event.starts, event.ends)}."
    )


def _clock(starts: datetime, ends: datetime) -> str:
    def hour(moment: datetime, half: bool) -> str:
        text = str(moment.hour % 12 or 12) + (f":{moment.minute:02d}" if moment.minute else "")
        return text + (" " + ("am" if moment.hour < 12 else "pm") if half else "")

    same_half = (starts.hour < 12) == (ends.hour < 12)
    return f"{hour(starts, not same_half)} to {hour(ends, True)}"


def _bare(what: str) -> str:
    """ "a reading group" → "reading group"."""
    text = what.strip().rstrip(".")
    for article in _ARTICLES:
        if text.lower().startswith(article):
            return text[len(article) :]
    return text


def carries(text: str, alternatives: list[list[str]]) -> bool:
    """True when `text` holds every phrase of at least one list (see the module's doc)."""
    return any(
        all(_phrase_pattern(phrase).search(text) for phrase in phrases) for phrases in alternatives
    )


@lru_cache(maxsize=512)
def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    words = r"\s+".join(re.escape(word) for word in phrase.split())
    return re.compile(rf"(?<!\w){words}s?(?!\w)", re.IGNORECASE)

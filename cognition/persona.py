"""Who a resident is: the persona a mind starts from, and its loading from JSON.

A persona's `description` is a semicolon-separated list of facts; each becomes one initial
memory (as in the paper). Places are plain strings naming sectors and arenas of the map;
nothing here knows the map.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from cognition.memory.fields import News

LIFESTYLE = " Lifestyle: "  # `Persona.identity`'s last sentence opens so (`without_lifestyle`)

# --- the people a persona file's sentence names ----------------------------------------
# A reader of the user's input: the persona file a user writes is prose, and the facts it
# gives a resident name people in words, by capitalised full names ("Ann Lee", "Bo
# Dahl-Reyes"). `Persona.named` reads each fact once, where the persona is read into
# memories (`records.first_memories` writes what it finds as the fact's
# `MemoryFields.named`; `Agent.migrate` fills it in an older save); the offline brain then
# reads whom a memory names by its fields, never by its words (`notes.statements_in` reads
# a spoken line saved before fields with `is_person` too). No resident, place or event is
# named here.

CAPITALISED = r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?"
NAME = rf"{CAPITALISED} {CAPITALISED}"
CAPITAL_RUN = re.compile(rf"(?<![\w'])({CAPITALISED}(?: {CAPITALISED})+)(?:'s)?(?![\w])")
NOT_NAME_TEXT = (
    "The A An Hi Hey Hello Oh Well Did Dear Good Happy Mr Mrs Ms Dr On In At This That "
    "Conversation Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February "
    "March April May June July August September October November December Mon Tue Wed Thu "
    "Fri Sat Sun Jan Feb Mar Apr Jun Jul Aug Sep Oct Nov Dec"
)
NOT_NAMES = frozenset(NOT_NAME_TEXT.split())
PLACE_TEXT = (
    "cafe café coffee pub bar tavern park college university school academy library market "
    "store shop supply supplies pharmacy bakery restaurant diner house hall street road "
    "avenue square garden gardens center centre hotel inn church station office club museum "
    "bank hospital clinic gym theater theatre apartment apartments dorm tower plaza lane way "
    "farm studio gallery town city village ville county lake river hill beach bridge court "
    "building mall cinema arena day eve night party festival"
)
PLACE_NOUNS = frozenset(PLACE_TEXT.split())


def is_person(name: str) -> bool:
    """ "Capitalised Capitalised" and not a place, an event, a day or a greeting."""
    first, *rest = name.split()
    return (
        len(rest) == 1
        and first not in NOT_NAMES
        and rest[0] not in NOT_NAMES
        and rest[0].lower() not in PLACE_NOUNS
    )


def names_in(text: str) -> list[str]:
    """The people named in `text` (the user's words: a persona's fact), in order, once
    each."""
    found = [run for run in CAPITAL_RUN.findall(text) if is_person(run)]
    return list(dict.fromkeys(found))


# --- how a persona is spoken of ------------------------------------------------------------
# A reader of the user's input too: a persona file may say it ("pronoun": "she"); one that
# does not is read once, where the persona is read (`Persona.goes_by`), from its own facts
# about it by name; the memories then carry it as data (`MemoryFields.pronoun` of its facts,
# `News.pronoun` of news about it) and the offline brain reads the fields, never the words.
PRONOUNS = ("he", "she", "they")
PRONOUN_WORDS = {
    "he": re.compile(r"\b(?:he|him|his|himself)\b"),
    "she": re.compile(r"\b(?:she|her|hers|herself)\b"),
}
SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+")


def pronoun_in(name: str, texts: Sequence[str]) -> str:
    """ "he" or "she" as the sentences of `texts` about `name` alone say it (starting with
    the name, naming no one else: "Ann Lee paints; her studio …"), the more often said;
    "" when they say neither, or both as often."""
    said = [s for text in texts for s in SENTENCE_BREAK.split(text.strip())]
    alone = [s.lower() for s in said if s.startswith(name) and set(names_in(s)) <= {name}]
    counts = {word: sum(len(p.findall(s)) for s in alone) for word, p in PRONOUN_WORDS.items()}
    he, she = counts["he"], counts["she"]
    return "he" if he > she else "she" if she > he else ""


class PersonaFileError(ValueError):
    """A persona file is missing, not JSON, or does not describe valid personas."""


class Routine(BaseModel):
    """Hints for the day plan: when the resident wakes, works and sleeps (hours, 0–24)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    wake_hour: int = Field(default=7, ge=0, le=23)
    sleep_hour: int = Field(default=23, ge=1, le=24)
    work_start_hour: int | None = Field(default=9, ge=0, le=23)
    work_end_hour: int | None = Field(default=17, ge=1, le=24)

    @model_validator(mode="after")
    def _ordered(self) -> Routine:
        if self.sleep_hour <= self.wake_hour:
            raise ValueError("sleep_hour must come after wake_hour")
        if (self.work_start_hour is None) != (self.work_end_hour is None):
            raise ValueError("give both work_start_hour and work_end_hour, or neither")
        start, end = self.work_start_hour, self.work_end_hour
        if (
            start is not None
            and end is not None
            and not (self.wake_hour < start < end <= self.sleep_hour)
        ):
            raise ValueError("work hours must lie between waking and sleeping")
        return self


class Persona(BaseModel):
    """A resident's stable identity and starting facts."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    age: int = Field(ge=0, le=130)
    innate: str = Field(description="core traits, comma-separated")
    learned: str = Field(description="who they are: occupation, background")
    currently: str = Field(description="what they are busy with these days")
    lifestyle: str
    home_sector: str
    home_arena: str
    work_sector: str
    work_arena: str | None = None
    routine: Routine = Routine()
    relationships: dict[str, str] = Field(default_factory=dict)
    description: str = Field(default="", description="semicolon-separated initial facts")
    # news known at the start as data (a scenario's items this resident is a seed of)
    news: list[News] = Field(default_factory=list)
    # the news item `currently` tells when it is one of `news` (a scenario item the persona
    # already says in its own words): then it is that item, not a second news of its own
    currently_item: str = ""
    # how the persona is spoken of, as its file says it ("he", "she", "they"; "": not said,
    # read from its own facts once, `goes_by`)
    pronoun: Literal["he", "she", "they", ""] = Field(
        default="", description='how the resident is spoken of: "he", "she" or "they"'
    )

    @property
    def first_name(self) -> str:
        return self.name.split()[0]

    def identity(self) -> str:
        """The stable core the paper puts at the top of every prompt."""
        return (
            f"Name: {self.name} (age {self.age}). Innate traits: {self.innate}. "
            f"{self.learned} {self.currently}{LIFESTYLE}{self.lifestyle}"
        )

    def goes_by(self) -> str:
        """How the persona is spoken of: its file's `pronoun`, else as its own facts about it
        say it (`pronoun_in`: read once, here); "" when neither says."""
        return self.pronoun or pronoun_in(self.name, [*self.initial_memories(), self.currently])

    def busy_news(self) -> News | None:
        """What the persona is busy with these days (its `currently`, when it is said of
        the persona by name) as news it holds first hand: item "<name>: currently" (or
        `currently_item`), its kind the field it comes from. None when `currently` does not
        name the persona."""
        statement = self.currently.strip()
        if not statement.startswith(f"{self.name} "):
            return None
        item = self.currently_item or f"{self.name}: currently"
        return News(
            item=item,
            subject=self.name,
            statement=statement,
            kind="currently",
            pronoun=self.goes_by(),
        )

    def known_news(self) -> list[News]:
        """The news the persona knows at the start as data: the scenario's items it is a
        seed of, then what it is busy with (`busy_news`) unless it is one of those items
        (the same news never known under two ids)."""
        busy = self.busy_news()
        if busy is None or busy.item in {news.item for news in self.news}:
            return list(self.news)
        return [*self.news, busy]

    def initial_memories(self) -> list[str]:
        """The description's facts and the relationships, one memory each."""
        facts = [part.strip() for part in self.description.split(";") if part.strip()]
        return facts + [text.strip() for text in self.relationships.values() if text.strip()]

    def ties(self) -> dict[str, str]:
        """Each relationship line, as `initial_memories` gives it, → whom it is with (the
        fields its memory carries: `records.first_memories`)."""
        return {text.strip(): other for other, text in self.relationships.items() if text.strip()}

    def named(self) -> dict[str, tuple[str, ...]]:
        """Each of `initial_memories` → the people it names other than the persona, read
        from the persona file's words (`names_in`: the user's input) once,
        here: the fields its memory carries (`records.first_memories`); empty ones left
        out."""
        found = {
            text: tuple(n for n in names_in(text) if n != self.name)
            for text in self.initial_memories()
        }
        return {text: people for text, people in found.items() if people}


def with_pronouns(personas: Sequence[Persona]) -> list[Persona]:
    """The personas with how each news they know speaks of its subject (`News.pronoun`),
    where the subject is one of them (`goes_by`, read once here) and the news does not say
    it already: the news's memories and its tellings then carry it as data."""
    said = {persona.name: persona.goes_by() for persona in personas}

    def spoken_of(news: News) -> News:
        pronoun = news.pronoun or said.get(news.subject, "")
        return news if pronoun == news.pronoun else news.model_copy(update={"pronoun": pronoun})

    return [p.model_copy(update={"news": [spoken_of(n) for n in p.news]}) for p in personas]


# the reader beside its writer (`Persona.identity`: "… Innate traits: curious, kind. …"):
# a summary description is text a prompt shows, and the offline rules read the persona's
# traits back from it (round-trip test: test_persona_text_forms.py)
INNATE_TRAITS = re.compile(r"Innate traits: ([^.\n]*)")


def read_innate_traits(text: str) -> str:
    """The innate traits `Persona.identity` wrote in `text` ("curious, kind"); "" when it
    carries none."""
    found = INNATE_TRAITS.search(text)
    return found.group(1).strip() if found else ""


def without_lifestyle(text: str) -> str:
    """An identity `Persona.identity` wrote without its last sentence, the lifestyle (how
    the person spends their days: the planning steps' concern, not what makes a memory
    poignant); any other text as it is."""
    head, found, _ = text.partition(LIFESTYLE)
    return head if found else text


class PersonaSet(BaseModel):
    """The content of a personas.json file."""

    model_config = ConfigDict(extra="forbid")

    personas: list[Persona]

    @model_validator(mode="after")
    def _unique(self) -> PersonaSet:
        names = [p.name for p in self.personas]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise ValueError(f"duplicate persona names: {', '.join(duplicates)}")
        return self


def load_personas(path: Path) -> list[Persona]:
    """Read personas from `path`; raise PersonaFileError saying what is wrong and where."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise PersonaFileError(f"{path}: no such persona file") from error
    except json.JSONDecodeError as error:
        raise PersonaFileError(
            f"{path}: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from error
    try:
        return PersonaSet.model_validate(raw).personas
    except ValidationError as error:
        raise PersonaFileError(f"{path}: {_explain(error, raw)}") from error


def _explain(error: ValidationError, raw: object) -> str:
    lines = []
    for issue in error.errors():
        where = field_location(issue["loc"], raw) or "file"
        lines.append(f"{where}: {issue['msg']}")
    return "invalid persona file:\n  " + "\n  ".join(lines)


def field_location(location: Sequence[int | str], raw: object) -> str:
    """ "personas[3] (Klaus Mueller).age" style places for error messages: pydantic's
    location in `raw`, naming the list entries that have a name ("" for the whole)."""
    parts: list[str] = []
    node = raw
    for key in location:
        if isinstance(key, int):
            parts.append(f"[{key}]")
            node = node[key] if isinstance(node, list) and 0 <= key < len(node) else None
            if isinstance(node, dict) and isinstance(node.get("name"), str):
                parts.append(f" ({node['name']})")
        else:
            parts.append(f".{key}" if parts else str(key))
            node = node.get(key) if isinstance(node, dict) else None
    return "".join(parts)

"""View reuse: what a resident makes of another is asked again only when it knows more.

After Affordable Generative Agents' social memory (Yu et al. 2024), which summarises what an
agent recalls of another once and updates the summary only when new memories of them are
retrieved: a resident keeps its last view of each person (`steps.relationship`) in a
`ViewBook`, part of its `AgentState`, with the ids of the recalled memories that concern
that person (`concerns`: their name in the memory's fields, or in its words). Before a
talk the memories are recalled as always; when none of those concerning the person is new
since the view was made, the view is reused without a call. A new talk, a new sight of
them, news about them makes it asked afresh. The book counts views reused and asked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import BaseModel, Field

from cognition.memory.fields import MemoryFields
from cognition.memory.records import MemoryRecord

MAX_VIEWS = 64  # people a resident keeps its last view of


class KeptView(BaseModel):
    """A view of someone and the memories concerning them it was made from."""

    view: str
    memories: tuple[str, ...] = ()  # ids


class ViewBook(BaseModel):
    """A resident's last view of each person, with the reuse counts."""

    views: dict[str, KeptView] = Field(default_factory=dict)
    reused: int = Field(default=0, ge=0)  # views taken from the book, no call
    asked: int = Field(default=0, ge=0)  # views asked of the model

    def unchanged(self, person: str, memories: Iterable[str]) -> str | None:
        """The kept view of `person` if every one of `memories` (those recalled concerning
        them) was known when it was made; None otherwise."""
        kept = self.views.get(person)
        if kept is None or not set(memories) <= set(kept.memories):
            return None
        return kept.view

    def keep(self, person: str, view: str, memories: Iterable[str]) -> None:
        """Keep `view` of `person` (the newest last; the oldest dropped beyond `MAX_VIEWS`).
        The dict is replaced, never changed in place, so a reader never sees half of it."""
        views = {k: v for k, v in self.views.items() if k != person}
        views[person] = KeptView(view=view, memories=tuple(sorted(memories)))
        self.views = dict(list(views.items())[-MAX_VIEWS:])

    def count(self, *, reused: bool) -> None:
        if reused:
            self.reused += 1
        else:
            self.asked += 1


def concerns(record: MemoryRecord, person: str) -> bool:
    """Whether `record` is about `person`: named in its fields (speaker, subject, partners,
    the people of a reflection or relationship line, the subject of news it carries) — the
    memories the relationship prompt shows (`relationship.about_other`); only a record
    whose fields are unknown (saved before them) by its words."""
    if record.about is not None:
        return named_in_fields(record.about, person)
    return person in record.text


def named_counts(records: Iterable[MemoryRecord]) -> dict[str, int]:
    """How many of `records` name each person by their fields (`names_of_fields`): whom a
    speaker's memories of the moment concern, as data (`LineInput.named`); a record
    saved before fields names no one here."""
    counts: Counter[str] = Counter()
    for record in records:
        if record.about is not None:
            counts.update(names_of_fields(record.about))
    return dict(counts)


def names_of_fields(about: MemoryFields) -> set[str]:
    """Everyone a memory's fields name (see `named_in_fields`)."""
    named = {about.speaker, about.subject, *about.partners, *about.people, *about.named}
    return {name for name in named | {news.subject for news in about.news} if name}


def named_in_fields(about: MemoryFields, person: str) -> bool:
    """Whether a memory's fields name `person`: its speaker, subject, partners, the people
    of a reflection or relationship line, those a persona's fact names, or the subject of
    news it carries."""
    named = {about.speaker, about.subject, *about.partners, *about.people, *about.named}
    return person in named or any(news.subject == person for news in about.news)
